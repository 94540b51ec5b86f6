// Pure (no `vscode`): the buttons a failure's notification offers, each as the command it runs, so what a failure
// offers is decided in one place and tested without VS Code (`platform/errors.ts` shows them and runs the one chosen).
import * as l10n from '@vscode/l10n';
import { ApiError } from '../api/errors';
import { COMMANDS } from '../constants';
import { SettingError, SignInRequiredError } from './errorText';

/** A button of a failure's notification: its label and the command a click runs. */
export interface ErrorAction {
  label: string;
  command: string;
  args: unknown[];
}

/** VS Code's settings editor, searched for one setting id: that setting alone is shown. */
export const OPEN_SETTINGS = 'workbench.action.openSettings';

/**
 * What fixes the failure first: the setting it names, or (signed out) the two ways to start, or (401) signing in
 * again; then the output channel, where the details are.
 */
export function errorActions(error: unknown): ErrorAction[] {
  const actions: ErrorAction[] = [];
  if (error instanceof SettingError)
    actions.push({ label: l10n.t('Open Setting'), command: OPEN_SETTINGS, args: [error.setting] });
  if (error instanceof SignInRequiredError) {
    actions.push({ label: l10n.t('Use Local Sandbox'), command: COMMANDS.useSandbox, args: [] });
    actions.push({ label: l10n.t('Sign In…'), command: COMMANDS.signIn, args: [] });
  } else if (error instanceof ApiError && error.status === 401) {
    actions.push({ label: l10n.t('Sign In…'), command: COMMANDS.signIn, args: [] });
  }
  actions.push({ label: l10n.t('Show Output'), command: COMMANDS.showOutput, args: [] });
  return actions;
}
