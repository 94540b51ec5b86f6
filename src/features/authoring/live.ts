import type * as vscode from 'vscode';
import type { Output } from '../../platform/output';
import type { SessionSource } from '../auth/session';
import { registerPayloadCompletion } from './completion';
import { PayloadDiagnostics } from './diagnostics';
import { registerPayloadHover } from './hover';
import { LiveContext } from './liveContext';
import { registerQuickFixes } from './quickFixes';

/**
 * Live authoring of payload files: diagnostics of every rule at its JSON path (with the live item and the category's
 * sale terms when signed in), completion and hover of what only the API knows, quick fixes (the hard-coded token
 * warning in any file is registered at activation: src/features/authoring/tokenScanner.ts). Returns the live context, so commands that change an item can drop it from the cache.
 */
export function registerLiveAuthoring(
  context: vscode.ExtensionContext,
  sessions: SessionSource,
  output: Output,
): LiveContext {
  const live = new LiveContext(sessions);
  const diagnostics = new PayloadDiagnostics(live, output);
  context.subscriptions.push(
    { dispose: () => live.dispose() },
    diagnostics,
    registerPayloadCompletion(live),
    registerPayloadHover(live),
    registerQuickFixes(diagnostics),
  );
  return live;
}
