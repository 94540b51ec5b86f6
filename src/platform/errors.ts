import * as vscode from 'vscode';
import { ApiError } from '../api/errors';
import { errorActions } from './errorActions';
import { describeError } from './errorText';
import type { NextStepSurface } from './nextStep';
import type { Output } from './output';

export { describeError };

/**
 * Shows a failure with the API's message and the actions that fit it (`errorActions`); logs the details. The next
 * step fits the surface it came from: a command or explorer action unless the caller says otherwise (a payload
 * file's send).
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
  const actions = errorActions(error);
  const choice = await vscode.window.showErrorMessage(
    context ? `${context}: ${text}` : text,
    ...actions.map((action) => action.label),
  );
  const chosen = actions.find((action) => action.label === choice);
  if (chosen) await vscode.commands.executeCommand(chosen.command, ...chosen.args);
}
