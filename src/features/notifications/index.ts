import type * as vscode from 'vscode';
import { CONTEXT } from '../../constants';
import type { FeatureContribution, FeatureCore } from '../../platform/feature';
import type { SandboxHost } from '../auth/sandboxHost';
import type { SessionSource } from '../auth/session';
import type { MarketplaceExplorer } from '../explorer/provider';
import type { changedResources } from '../requests/send';
import { NotificationCommands } from './notificationCommands';
import { NotificationService } from './notificationService';
import { NotificationsView } from './notificationsView';

export { NotificationService } from './notificationService';
export { NotificationsView } from './notificationsView';

export interface NotificationsCore extends FeatureCore {
  sessions: SessionSource;
  sandbox: SandboxHost;
  explorer: MarketplaceExplorer;
  /** Refreshes what a notification names in the explorer and the authoring cache. */
  applyChanges(changes: ReturnType<typeof changedResources>): Promise<void>;
  /** The Notifications view, created at activation (src/features/deferred/), and the hand-over to this provider. */
  notificationsTree: vscode.TreeView<unknown>;
  bindNotificationsTree(provider: vscode.TreeDataProvider<unknown>): void;
}

export interface Notifications extends FeatureContribution {
  service: NotificationService;
  view: NotificationsView;
}

export function activate(core: NotificationsCore): Notifications {
  const { context, sessions, sandbox, explorer, output } = core;
  const service = new NotificationService({ context, sessions, sandbox, output, applyChanges: core.applyChanges });
  const view = new NotificationsView(service.feed, context.globalState, output, [service.onDidChangeState]);
  view.attach(core.notificationsTree as vscode.TreeView<never>);
  core.bindNotificationsTree(view);
  // The service sets the receiver's keys itself and fires this once it has.
  const recordKeys = () => {
    core.contextKeys.record(CONTEXT.receiverRunning, service.running);
    core.contextKeys.record(CONTEXT.forwarding, Boolean(service.forwardUrl));
  };
  context.subscriptions.push(service, view, service.onDidChangeState(recordKeys));
  const commands = new NotificationCommands(service, view, sessions, explorer).commands();
  return { commands, service, view };
}
