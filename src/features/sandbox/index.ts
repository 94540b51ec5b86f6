// The sandbox's admin surface from the editor: trigger a scenario, advance the clock, inject and clear faults, reset;
// and from the editor to CI: export its data as a fixtures file, copy the `npx marketplace-sandbox` line.
import type * as vscode from 'vscode';
import type { FeatureContribution, FeatureCore } from '../../platform/feature';
import type { SandboxFault } from './faultPlans';
import { FixturesCommands } from './fixturesCommands';
import { SandboxControls, type SandboxControlsDeps } from './sandboxControls';

export interface SandboxCore extends FeatureCore, Pick<SandboxControlsDeps, 'sandbox' | 'sessions' | 'applyChanges'> {
  explorer: { refresh(): Promise<void> };
  /** The receiver, when a scenario notifies (the notifications feature's service). */
  receiver: { readonly running: boolean; prepareForNotifications(): Promise<void> };
  /** Where the active faults go after each change made here (the account status bar shows their number). */
  faults: vscode.EventEmitter<readonly SandboxFault[]>;
}

export interface Sandbox extends FeatureContribution {
  controls: SandboxControls;
}

export function activate(core: SandboxCore): Sandbox {
  const controls = new SandboxControls({
    sandbox: core.sandbox,
    sessions: core.sessions,
    output: core.output,
    receiverRunning: () => core.receiver.running,
    prepareForNotifications: () => core.receiver.prepareForNotifications(),
    applyChanges: core.applyChanges,
    refreshAll: () => core.explorer.refresh(),
  });
  core.context.subscriptions.push(
    controls,
    controls.onDidChangeFaults((faults) => core.faults.fire(faults)),
  );
  const fixtures = new FixturesCommands({
    sandbox: core.sandbox,
    output: core.output,
    state: core.context.workspaceState,
  });
  return { commands: [...controls.commands(), ...fixtures.commands()], controls };
}
