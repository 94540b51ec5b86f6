import type * as vscode from 'vscode';
import { VIEWS } from '../../constants';
import type { SandboxHost } from '../auth/sandboxHost';
import type { SessionSource } from '../auth/session';
import type { CommandEntry } from '../commandTable';
import type { MarketplaceExplorer } from '../explorer/provider';
import type { Output } from '../output';
import type { changedResources } from '../requests/send';
import { NotificationCommands } from './notificationCommands';
import { NotificationService } from './notificationService';
import { NotificationsView } from './notificationsView';
import { ReceiverStatusBar } from './receiverStatusBar';

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
): Notifications {
  const service = new NotificationService({ context, sessions, sandbox, output, applyChanges });
  const view = new NotificationsView(service.feed, context.globalState, output, [service.onDidChangeState]);
  view.register(VIEWS.notifications);
  context.subscriptions.push(service, view, new ReceiverStatusBar(service));
  const commands = new NotificationCommands(service, view, sessions, explorer).commands();
  return { commands, service, view };
}
