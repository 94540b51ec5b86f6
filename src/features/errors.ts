import * as vscode from 'vscode';
import { ApiError } from '../api/errors';
import { COMMANDS } from '../constants';
import { describeError, SignInRequiredError } from './errorText';
import type { Output } from './output';

export { describeError };

/** Shows a failure with the API's message and the actions that fit it; logs the details. */
export async function showError(error: unknown, output: Output, context = ''): Promise<void> {
  if (error instanceof vscode.CancellationError) return;
  if (error instanceof ApiError && error.kind === 'cancelled') return;
  const text = describeError(error);
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
