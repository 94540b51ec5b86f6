import * as vscode from 'vscode';
import { COMMANDS } from '../../constants';
import type { Session, SessionSource } from './session';
import { activeEnvironment, ENVIRONMENT_LABELS } from './settings';

/** Shows environment, nickname and site; a click opens the account menu (switch environment or account). */
export class AccountStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('marketplace.account', vscode.StatusBarAlignment.Left, 50);
  private readonly subscription: vscode.Disposable;

  constructor(sessions: SessionSource) {
    this.item.name = 'Marketplace Account';
    this.item.command = COMMANDS.showAccountMenu;
    this.subscription = sessions.onDidChange((session) => this.render(session));
    this.render(sessions.current);
    this.item.show();
  }

  private render(session: Session | undefined): void {
    if (!session) {
      const environment = ENVIRONMENT_LABELS[activeEnvironment()];
      this.item.text = '$(sign-in) Marketplace: Sign in';
      this.item.tooltip = `Not signed in to ${environment}. Click to sign in or use the local sandbox.`;
      this.item.backgroundColor = undefined;
      return;
    }
    const icon = session.environment === 'sandbox' ? '$(beaker)' : '$(globe)';
    const label = session.environment === 'sandbox' ? 'Sandbox' : 'API';
    this.item.text = `${icon} ${label} · ${session.account.nickname} · ${session.account.siteId}`;
    const tooltip = new vscode.MarkdownString(
      `**${ENVIRONMENT_LABELS[session.environment]}** — \`${session.baseUrl}\`\n\n` +
        `Signed in as **${session.account.nickname}** (${session.account.userId}, site ${session.account.siteId})\n\n` +
        'Click to switch environment or account.',
    );
    this.item.tooltip = tooltip;
    // The real API is worth a visible reminder: requests there change real listings.
    this.item.backgroundColor =
      session.environment === 'api' ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
  }

  dispose(): void {
    this.subscription.dispose();
    this.item.dispose();
  }
}
