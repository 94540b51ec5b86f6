import * as vscode from 'vscode';
import { COMMANDS, type CommandId } from '../../constants';
import type { CommandEntry } from '../../platform/commandTable';
import type { AccountStore } from '../auth/accounts';
import { activeEnvironment, ENVIRONMENT_LABELS } from '../auth/settings';
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
    return [{ id: COMMANDS.showAccountMenu, run: () => this.show(), failure: 'Could not show the menu' }];
  }

  /** The menu's rows for the current state (tests read them). */
  async items(): Promise<MenuItem[]> {
    const environment = activeEnvironment();
    const account = this.accounts.active(environment);
    const items: MenuItem[] = [
      separator(ENVIRONMENT_LABELS[environment]),
      { label: '$(server-environment) Switch Environment…', command: COMMANDS.switchEnvironment },
      ...(account
        ? [
            { label: '$(account) Switch Account…', command: COMMANDS.switchAccount },
            { label: `$(sign-out) Sign Out ${account.nickname}`, command: COMMANDS.signOut },
          ]
        : [{ label: '$(sign-in) Sign In…', command: COMMANDS.signIn }]),
    ];
    if (environment === 'sandbox') {
      const faults = await this.controls.refreshFaults().catch(() => this.controls.faults);
      items.push(
        separator('Local sandbox'),
        {
          label: '$(zap) Trigger Event…',
          detail: 'A reservation, a payment, a price change…',
          command: COMMANDS.triggerSandboxEvent,
        },
        { label: '$(watch) Advance Clock…', command: COMMANDS.advanceSandboxClock },
        { label: '$(debug-disconnect) Inject Fault…', command: COMMANDS.injectSandboxFault },
        ...faults.map((fault) => ({
          label: `$(warning) Fault #${fault.id}`,
          description: describeFault(fault),
          detail: 'Active now. Choose it to clear every fault.',
          command: COMMANDS.clearSandboxFaults,
        })),
        ...(faults.length ? [{ label: '$(clear-all) Clear Faults', command: COMMANDS.clearSandboxFaults }] : []),
        { label: '$(discard) Reset Local Sandbox Data…', command: COMMANDS.resetSandbox },
      );
    }
    items.push(
      separator('Notifications'),
      this.notifications.running
        ? {
            label: '$(debug-stop) Stop Notification Receiver',
            description: this.notifications.url,
            command: COMMANDS.stopReceiver,
          }
        : { label: '$(radio-tower) Start Notification Receiver', command: COMMANDS.startReceiver },
      { label: '$(bell) Show Notifications', command: COMMANDS.showNotifications },
      separator(''),
      {
        label: '$(rocket) Get Started',
        detail: 'A walkthrough from the local sandbox to your first request on the real API',
        command: COMMANDS.getStarted,
      },
      { label: '$(output) Show Output', command: COMMANDS.showOutput },
    );
    return items;
  }

  async show(): Promise<void> {
    const environment = activeEnvironment();
    const account = this.accounts.active(environment);
    const picked = await vscode.window.showQuickPick(this.items(), {
      title: account
        ? `${ENVIRONMENT_LABELS[environment]} · ${account.nickname} (${account.siteId})`
        : ENVIRONMENT_LABELS[environment],
    });
    if (picked?.command) await vscode.commands.executeCommand(picked.command);
  }
}
