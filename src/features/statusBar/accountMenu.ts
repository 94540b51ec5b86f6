import * as vscode from 'vscode';
import { COMMANDS, type CommandId } from '../../constants';
import type { CommandEntry } from '../../platform/commandTable';
import type { AccountStore } from '../auth/accounts';
import { activeEnvironment, environmentLabel } from '../auth/settings';
import type { NotificationService } from '../notifications/notificationService';
import { describeFault } from '../sandbox/faultPlans';
import type { SandboxControls } from '../sandbox/sandboxControls';

type MenuItem = vscode.QuickPickItem & { command?: CommandId };

const separator = (label: string): MenuItem => ({ label, kind: vscode.QuickPickItemKind.Separator });

/**
 * The status bar item's menu: the environment and account, the sandbox's controls with the faults it applies now,
 * the notification receiver, the walkthrough and the output.
 */
export class AccountMenu {
  constructor(
    private readonly accounts: AccountStore,
    private readonly controls: SandboxControls,
    private readonly notifications: NotificationService,
  ) {}

  commands(): CommandEntry[] {
    return [
      { id: COMMANDS.showAccountMenu, run: () => this.show(), failure: vscode.l10n.t('Could not show the menu') },
    ];
  }

  /** The menu's rows for the current state (tests read them). */
  async items(): Promise<MenuItem[]> {
    const environment = activeEnvironment();
    const account = this.accounts.active(environment);
    const items: MenuItem[] = [
      separator(environmentLabel(environment)),
      {
        label: `$(server-environment) ${vscode.l10n.t('Switch Environment…')}`,
        command: COMMANDS.switchEnvironment,
      },
      ...(account
        ? [
            { label: `$(account) ${vscode.l10n.t('Switch Account…')}`, command: COMMANDS.switchAccount },
            { label: `$(sign-out) ${vscode.l10n.t('Sign Out {0}', account.nickname)}`, command: COMMANDS.signOut },
          ]
        : [{ label: `$(sign-in) ${vscode.l10n.t('Sign In…')}`, command: COMMANDS.signIn }]),
    ];
    if (environment === 'sandbox') {
      const faults = await this.controls.refreshFaults().catch(() => this.controls.faults);
      items.push(
        separator(vscode.l10n.t('Local sandbox')),
        {
          label: `$(zap) ${vscode.l10n.t('Trigger Event…')}`,
          detail: vscode.l10n.t('A reservation, a payment, a price change…'),
          command: COMMANDS.triggerSandboxEvent,
        },
        { label: `$(watch) ${vscode.l10n.t('Advance Clock…')}`, command: COMMANDS.advanceSandboxClock },
        { label: `$(debug-disconnect) ${vscode.l10n.t('Inject Fault…')}`, command: COMMANDS.injectSandboxFault },
        ...faults.map((fault) => ({
          label: `$(warning) ${vscode.l10n.t('Fault #{0}', fault.id)}`,
          description: describeFault(fault),
          detail: vscode.l10n.t('Active now. Choose it to clear every fault.'),
          command: COMMANDS.clearSandboxFaults,
        })),
        ...(faults.length
          ? [{ label: `$(clear-all) ${vscode.l10n.t('Clear Faults')}`, command: COMMANDS.clearSandboxFaults }]
          : []),
        { label: `$(discard) ${vscode.l10n.t('Reset Local Sandbox Data…')}`, command: COMMANDS.resetSandbox },
      );
    }
    items.push(
      separator(vscode.l10n.t('Notifications')),
      this.notifications.running
        ? {
            label: `$(debug-stop) ${vscode.l10n.t('Stop Notification Receiver')}`,
            description: this.notifications.url,
            command: COMMANDS.stopReceiver,
          }
        : { label: `$(radio-tower) ${vscode.l10n.t('Start Notification Receiver')}`, command: COMMANDS.startReceiver },
      { label: `$(bell) ${vscode.l10n.t('Show Notifications')}`, command: COMMANDS.showNotifications },
      separator(''),
      {
        label: `$(rocket) ${vscode.l10n.t('Get Started')}`,
        detail: vscode.l10n.t('A walkthrough from the local sandbox to your first request on the real API'),
        command: COMMANDS.getStarted,
      },
      { label: `$(output) ${vscode.l10n.t('Show Output')}`, command: COMMANDS.showOutput },
    );
    return items;
  }

  async show(): Promise<void> {
    const environment = activeEnvironment();
    const account = this.accounts.active(environment);
    const picked = await vscode.window.showQuickPick(this.items(), {
      title: account
        ? `${environmentLabel(environment)} · ${account.nickname} (${account.siteId})`
        : environmentLabel(environment),
    });
    if (picked?.command) await vscode.commands.executeCommand(picked.command);
  }
}
