import * as vscode from 'vscode';
import { COMMANDS, EXTENSION_ID, WALKTHROUGH_ID } from '../constants';
import type { FeatureContribution } from '../platform/feature';

/** What `workbench.action.openWalkthrough` takes to open this extension's walkthrough. */
export const WALKTHROUGH = `${EXTENSION_ID}#${WALKTHROUGH_ID}`;

/**
 * *Marketplace: Get Started* opens the walkthrough of `contributes.walkthroughs` (from the sandbox to the real API).
 * VS Code offers it on its Welcome page after install; the extension never opens it by itself.
 */
/** The walkthrough's command (the walkthrough itself is declared in package.json). */
export function activate(): FeatureContribution {
  return {
    commands: [
      {
        id: COMMANDS.getStarted,
        run: () => vscode.commands.executeCommand('workbench.action.openWalkthrough', WALKTHROUGH, false),
        failure: vscode.l10n.t('Could not open the walkthrough'),
      },
    ],
  };
}
