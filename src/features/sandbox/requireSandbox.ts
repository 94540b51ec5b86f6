import * as vscode from 'vscode';
import { activeEnvironment } from '../auth/settings';

/** Refuses a sandbox command outside the sandbox environment, saying what to do: `what` is the command's title. */
export function requireSandboxEnvironment(what: string): void {
  if (activeEnvironment() !== 'sandbox') {
    throw new Error(
      vscode.l10n.t(
        '{0} works on the local sandbox only; the real marketplace has no such controls. Switch environment to the Local Sandbox first.',
        what,
      ),
    );
  }
}
