import * as vscode from 'vscode';
import { ApiError } from '../api/errors';
import { COMMANDS } from '../constants';
import { nextStep } from './nextStep';
import type { Output } from './output';

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
