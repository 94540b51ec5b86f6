// The feature contract. Each feature folder's `index.ts` exports one `activate(core)`: it builds the feature, registers
// its disposables in `core.context.subscriptions` and returns what it contributes (its command table rows, and the
// objects the shell or other features need). The shell calls them in a short list and registers every command in one
// place (`commandTable.ts`). A feature says what it needs of the core with its own interface extending `FeatureCore`
// (the objects of the features below it, by their types), so the shell's one core object satisfies them all and no
// type points upwards. A feature the first views need part of (the account status bar, the request history, the
// hard-coded token warning) has that part in `startup.ts`, `activateAtStartup(core)`, which the activation bundle
// calls; its `index.ts` is what the features bundle loads on first use (docs/architecture.md, "Two bundles").
import type * as vscode from 'vscode';
import type { CommandEntry } from './commandTable';
import type { ContextKeys } from './contextKeys';
import type { Output } from './output';

/** What the shell gives every feature: the extension's context and the platform's one output and context keys. */
export interface FeatureCore {
  context: vscode.ExtensionContext;
  output: Output;
  contextKeys: ContextKeys;
}

/** What a feature gives back: its command table rows (registered by the shell); a feature adds its objects beside. */
export interface FeatureContribution {
  commands: CommandEntry[];
}
