// What the first views need of the status bar (part of the activation bundle): the account item, with the number of
// injected faults the sandbox controls report once they have loaded.
import type * as vscode from 'vscode';
import type { FeatureCore } from '../../platform/feature';
import type { SessionSource } from '../auth/session';
import type { SandboxFault } from '../sandbox/faultPlans';
import { AccountStatusBar } from './accountStatusBar';

export interface StatusBarStartupCore extends FeatureCore {
  sessions: SessionSource;
  /** The account status bar item listens here for the injected faults. */
  faults: vscode.EventEmitter<readonly SandboxFault[]>;
}

/** Contributes no command: the item goes to the context's subscriptions. */
export function activateAtStartup(core: StatusBarStartupCore): void {
  core.context.subscriptions.push(new AccountStatusBar(core.sessions, { onDidChangeFaults: core.faults.event }));
}
