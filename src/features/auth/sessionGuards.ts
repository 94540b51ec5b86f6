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
  const answer = await vscode.window.showWarningMessage(
    `Send ${request} to the marketplace API as ${session.account.nickname}?`,
    {
      modal: true,
      detail: `This changes live data at ${session.baseUrl}. Turn off "marketplace.requests.confirmOutsideSandbox" to stop asking.`,
    },
    'Send',
  );
  return answer === 'Send';
}
