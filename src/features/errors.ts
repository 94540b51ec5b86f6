import * as vscode from 'vscode';
import { ApiError } from '../api/errors';
import { COMMANDS } from '../constants';
import { describeError, SignInRequiredError } from './errorText';
import type { NextStepSurface } from './nextStep';
import type { Output } from './output';

export { describeError };

/**
 * Shows a failure with the API's message and the actions that fit it; logs the details. The next step fits the
 * surface it came from: a command or explorer action unless the caller says otherwise (a payload file's send).
 */
export async function showError(
  error: unknown,
  output: Output,
  context = '',
  surface: NextStepSurface = 'action',
): Promise<void> {
  if (error instanceof vscode.CancellationError) return;
  if (error instanceof ApiError && error.kind === 'cancelled') return;
  const text = describeError(error, surface);
  output.error(`${context ? `${context}: ` : ''}${error instanceof ApiError ? error.message : text}`);
  const actions: string[] = [];
  // Signed out (a fresh install, a walkthrough button): the two ways to start are one click away.
  if (error instanceof SignInRequiredError) actions.push('Use Local Sandbox', 'Sign In…');
  else if (error instanceof ApiError && error.status === 401) actions.push('Sign In…');
  actions.push('Show Output');
  const choice = await vscode.window.showErrorMessage(context ? `${context}: ${text}` : text, ...actions);
  if (choice === 'Use Local Sandbox') await vscode.commands.executeCommand(COMMANDS.useSandbox);
  if (choice === 'Sign In…') await vscode.commands.executeCommand(COMMANDS.signIn);
  if (choice === 'Show Output') output.show();
}
