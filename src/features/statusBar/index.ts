// The status bar's part of the features bundle: the account item's menu and the notification receiver's item. The
// account item itself is shown at activation (startup.ts). This feature sits above auth, sandbox and notifications.
import type { FeatureContribution, FeatureCore } from '../../platform/feature';
import type { AccountStore } from '../auth/accounts';
import type { NotificationService } from '../notifications/notificationService';
import type { SandboxControls } from '../sandbox/sandboxControls';
import { AccountMenu } from './accountMenu';
import { ReceiverStatusBar } from './receiverStatusBar';

export interface StatusBarCore extends FeatureCore {
  accounts: AccountStore;
  sandboxControls: SandboxControls;
  notifications: NotificationService;
}

export interface StatusBar extends FeatureContribution {
  accountMenu: AccountMenu;
}

export function activate(core: StatusBarCore): StatusBar {
  const accountMenu = new AccountMenu(core.accounts, core.sandboxControls, core.notifications);
  core.context.subscriptions.push(new ReceiverStatusBar(core.notifications));
  return { commands: accountMenu.commands(), accountMenu };
}
