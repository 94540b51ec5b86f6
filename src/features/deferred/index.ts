// What stands in, at activation, for the features bundle until its first use: a command for every id the bundle
// answers, and the Notifications view with a provider that loads the bundle when the view first asks for rows.
import * as vscode from 'vscode';
import { COMMANDS, VIEWS } from '../../constants';
import { showError } from '../../platform/errors';
import type { FeatureCore } from '../../platform/feature';
import { DeferredTreeProvider } from './deferredTree';
import { type FeatureLoader, type LoadedFeatureSet, registerDeferredCommands } from './featureLoader';

export interface DeferredCore extends FeatureCore {
  features: FeatureLoader<LoadedFeatureSet>;
  /** The ids the activation bundle registers itself; every other command id loads the features bundle. */
  ownCommands: readonly string[];
}

/** Contributes no command of its own (it registers the stand-ins itself): the Notifications view. */
export interface Deferred {
  /** The Notifications view, created at activation with a provider that hands over to the features bundle's. */
  notificationsTree: vscode.TreeView<unknown>;
  bindNotificationsTree: (provider: vscode.TreeDataProvider<unknown>) => void;
}

export function activate(core: DeferredCore): Deferred {
  const { context, output, features } = core;
  const own = new Set<string>(core.ownCommands);
  registerDeferredCommands(
    context,
    Object.values(COMMANDS).filter((id) => !own.has(id)),
    features,
    output,
  );
  const notificationsProvider = new DeferredTreeProvider<unknown>(() =>
    features.load().catch((error) => showError(error, output, vscode.l10n.t('Could not show the notifications'))),
  );
  const notificationsTree = vscode.window.createTreeView(VIEWS.notifications, {
    treeDataProvider: notificationsProvider,
    showCollapseAll: true,
  });
  context.subscriptions.push(notificationsProvider, notificationsTree);
  return {
    notificationsTree,
    bindNotificationsTree: (provider) => notificationsProvider.bind(provider),
  };
}
