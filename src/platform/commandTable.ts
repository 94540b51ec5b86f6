import * as vscode from 'vscode';
import type { CommandId } from '../constants';
import { showError } from './errors';
import type { Output } from './output';

// Command arguments come from VS Code (tree nodes, URIs) or from other extensions; each handler checks its own.
// biome-ignore lint/suspicious/noExplicitAny: command arguments are untyped by nature
export type CommandHandler = (...args: any[]) => unknown;

/** One row of the command table: the id (declared in package.json) and what it does. */
export interface CommandEntry {
  id: CommandId;
  run: CommandHandler;
  /** Shown before the API message when the command fails, e.g. "Could not load items". */
  failure?: string;
}

/** Registers every command in one place, with one error path: every failure becomes one clear message. */
export function registerCommands(context: vscode.ExtensionContext, entries: CommandEntry[], output: Output): void {
  for (const entry of entries) {
    context.subscriptions.push(
      vscode.commands.registerCommand(entry.id, async (...args: unknown[]) => {
        try {
          return await entry.run(...args);
        } catch (error) {
          await showError(error, output, entry.failure ?? '');
          return undefined;
        }
      }),
    );
  }
}
