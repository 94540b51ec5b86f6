import * as vscode from 'vscode';
import { ApiError } from '../api/errors';
import { errorActions } from './errorActions';
import { describeError } from './errorText';
import type { Output } from './output';

export { describeError };

/** Shows a failure with the API's message and the actions that fit it (`errorActions`); logs the details. */
export async function showError(error: unknown, output: Output, context = ''): Promise<void> {
  if (error instanceof vscode.CancellationError) return;
  if (error instanceof ApiError && error.kind === 'cancelled') return;
  const text = describeError(error);
  output.error(`${context ? `${context}: ` : ''}${error instanceof ApiError ? error.message : text}`);
  const actions = errorActions(error);
  const choice = await vscode.window.showErrorMessage(
    context ? `${context}: ${text}` : text,
    ...actions.map((action) => action.label),
  );
  const chosen = actions.find((action) => action.label === choice);
  if (chosen) await vscode.commands.executeCommand(chosen.command, ...chosen.args);
}
