// What every command that makes a request passes first: a signed-in session, and outside the sandbox the user's
// yes before anything changes live data. The actions, the payload sends, bulk sends and metrics ask through here.
import * as vscode from 'vscode';
import { SETTINGS } from '../../constants';
import { SignInRequiredError } from '../../platform/errorText';
import type { Session, SessionSource } from './session';
import { applicationSetting } from './settings';

/** The signed-in session, or an error that says what to do. */
export function requireSession(deps: { sessions: SessionSource }): Session {
  const session = deps.sessions.current;
  if (!session) throw new SignInRequiredError();
  return session;
}

/** Outside the sandbox every mutating request asks first, unless `marketplace.requests.confirmOutsideSandbox` is off. */
export async function confirmOutsideSandbox(
  session: Session,
  request: string,
  /** `confirm: true` (tests, callers that already asked) answers yes. */
  options: { confirm?: boolean },
): Promise<boolean> {
  if (session.environment === 'sandbox' || options.confirm) return true;
  // A safety setting: read from the user's own settings only, so a cloned workspace cannot switch the question off.
  const ask = applicationSetting<boolean>(SETTINGS.confirmOutsideSandbox, true);
  if (!ask) return true;
  const send = vscode.l10n.t('Send');
  const answer = await vscode.window.showWarningMessage(
    vscode.l10n.t('Send {0} to the marketplace API as {1}?', request, session.account.nickname),
    {
      modal: true,
      detail: vscode.l10n.t(
        'This changes live data at {0}. Turn off "{1}" to stop asking.',
        session.baseUrl,
        'marketplace.requests.confirmOutsideSandbox',
      ),
    },
    send,
  );
  return answer === send;
}
