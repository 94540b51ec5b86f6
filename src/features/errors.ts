import * as vscode from 'vscode';
import { ApiError } from '../api/errors';
import { COMMANDS } from '../constants';
import type { Output } from './output';

/** The next step a user can take after an error, by what went wrong. */
export function nextStep(error: ApiError): string {
  if (error.status === 401) return 'Your session is no longer valid: sign in again.';
  if (error.status === 403) return 'This account may not access that resource.';
  if (error.status === 404) return 'It may have been deleted; refresh the explorer.';
  if (error.status === 429)
    return `The API asks to slow down${error.retryAfterSeconds ? ` (retry after ${error.retryAfterSeconds} s)` : ''}.`;
  if (error.status >= 500) return 'The API failed; try again in a moment.';
  if (error.kind === 'network') return 'Check the environment URL and your connection.';
  if (error.kind === 'timeout') return 'Try again, or raise marketplace.requests.timeoutSeconds.';
  if (error.kind === 'invalid_response')
    return 'The answer was not what the API documents; see the output for details.';
  return '';
}

/** One line for the user: the API's own message, each cause, and the next step. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) {
    const causes = error.causes.map((cause) => cause.message ?? cause.code).filter(Boolean);
    const errors = error.errors.map((entry) => entry.message);
    const details = [...causes, ...errors];
    const head = `${error.apiMessage}${error.status ? ` (${error.status} ${error.error})` : ''}`;
    return [head, details.length ? details.join('; ') : '', nextStep(error)].filter(Boolean).join(' — ');
  }
  return error instanceof Error ? error.message : String(error);
}

/** Shows a failure with the API's message and the actions that fit it; logs the details. */
export async function showError(error: unknown, output: Output, context = ''): Promise<void> {
  if (error instanceof vscode.CancellationError) return;
  if (error instanceof ApiError && error.kind === 'cancelled') return;
  const text = describeError(error);
  output.error(`${context ? `${context}: ` : ''}${error instanceof ApiError ? error.message : text}`);
  const actions: string[] = [];
  if (error instanceof ApiError && error.status === 401) actions.push('Sign In…');
  actions.push('Show Output');
  const choice = await vscode.window.showErrorMessage(context ? `${context}: ${text}` : text, ...actions);
  if (choice === 'Sign In…') await vscode.commands.executeCommand(COMMANDS.signIn);
  if (choice === 'Show Output') output.show();
}
