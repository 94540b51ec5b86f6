import * as vscode from 'vscode';
import { COMMANDS } from '../../constants';
import { Disposable } from '../../platform/disposable';
import type { Session, SessionSource } from '../auth/session';
import { activeEnvironment, environmentLabel } from '../auth/settings';
import type { SandboxFault } from '../sandbox/faultPlans';

/** Shows environment, nickname and site; a click opens the account menu (switch environment or account). */
export class AccountStatusBar extends Disposable {
  private readonly item = this.register(
    vscode.window.createStatusBarItem('marketplace.account', vscode.StatusBarAlignment.Left, 50),
  );
  private faults: readonly SandboxFault[] = [];

  constructor(
    private readonly sessions: SessionSource,
    faults: { onDidChangeFaults: vscode.Event<readonly SandboxFault[]> },
  ) {
    super();
    this.item.name = vscode.l10n.t('Marketplace Account');
    this.item.command = COMMANDS.showAccountMenu;
    this.register(sessions.onDidChange((session) => this.render(session)));
    this.register(
      faults.onDidChangeFaults((active) => {
        this.faults = active;
        this.render(this.sessions.current);
      }),
    );
    this.render(sessions.current);
    this.item.show();
  }

  private render(session: Session | undefined): void {
    if (!session) {
      const environment = environmentLabel(activeEnvironment());
      this.item.text = `$(sign-in) ${vscode.l10n.t('Marketplace: Sign in')}`;
      this.item.tooltip = vscode.l10n.t(
        'Not signed in to {0}. Click to sign in or use the local sandbox.',
        environment,
      );
      this.item.backgroundColor = undefined;
      return;
    }
    const icon = session.environment === 'sandbox' ? '$(beaker)' : '$(globe)';
    const label = session.environment === 'sandbox' ? 'Sandbox' : 'API';
    // Injected faults make the sandbox fail on purpose: worth seeing at a glance, until cleared.
    const faults = session.environment === 'sandbox' ? this.faults.length : 0;
    const faultCount = faults === 1 ? vscode.l10n.t('{0} fault', faults) : vscode.l10n.t('{0} faults', faults);
    const faultText = faults ? ` · $(warning) ${faultCount}` : '';
    this.item.text = `${icon} ${label} · ${session.account.nickname} · ${session.account.siteId}${faultText}`;
    const tooltip = new vscode.MarkdownString(
      `**${environmentLabel(session.environment)}** — \`${session.baseUrl}\`\n\n` +
        `${vscode.l10n.t(
          'Signed in as **{0}** ({1}, site {2})',
          session.account.nickname,
          session.account.userId,
          session.account.siteId,
        )}\n\n` +
        (faults
          ? `${
              faults === 1
                ? vscode.l10n.t('{0} injected fault is active.', faults)
                : vscode.l10n.t('{0} injected faults are active.', faults)
            }\n\n`
          : '') +
        vscode.l10n.t('Click to switch environment or account, or for the sandbox controls.'),
    );
    this.item.tooltip = tooltip;
    // The real API is worth a visible reminder: requests there change real listings.
    this.item.backgroundColor =
      session.environment === 'api' || faults ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
  }
}
