import type * as vscode from 'vscode';
import type { CommandEntry } from '../../platform/commandTable';
import type { Output } from '../../platform/output';
import type { SandboxHost } from '../auth/sandboxHost';
import type { SessionSource } from '../auth/session';
import type { MarketplaceExplorer } from '../explorer/provider';
import type { changedResources } from '../requests/send';
import { ReceiverStatusBar } from '../statusBar/receiverStatusBar';
import { NotificationCommands } from './notificationCommands';
import { NotificationService } from './notificationService';
import { NotificationsView } from './notificationsView';

export { NotificationService } from './notificationService';
export { NotificationsView } from './notificationsView';

export interface Notifications {
  commands: CommandEntry[];
  service: NotificationService;
  view: NotificationsView;
}

/** Notifications: the receiver, the shared feed and its view, forwarding, replay and missed feeds. */
export function registerNotifications(
  context: vscode.ExtensionContext,
  sessions: SessionSource,
  sandbox: SandboxHost,
  explorer: MarketplaceExplorer,
  applyChanges: (changes: ReturnType<typeof changedResources>) => Promise<void>,
  output: Output,
  /** The Notifications view, created at activation (src/features/deferred/deferredTree.ts). */
  treeView: vscode.TreeView<unknown>,
): Notifications {
  const service = new NotificationService({ context, sessions, sandbox, output, applyChanges });
  const view = new NotificationsView(service.feed, context.globalState, output, [service.onDidChangeState]);
  view.attach(treeView as vscode.TreeView<never>);
  context.subscriptions.push(service, view, new ReceiverStatusBar(service));
  const commands = new NotificationCommands(service, view, sessions, explorer).commands();
  return { commands, service, view };
}
