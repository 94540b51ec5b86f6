import * as vscode from 'vscode';
import type { PayloadAnalysis } from './analysis';
import type { PayloadDiagnostics } from './diagnostics';
import { codeOf, DIAGNOSTIC_SOURCE, PAYLOAD_SELECTOR, toRange } from './payloadDocuments';

/** A diagnostic's code and range as one key (the analysis's diagnostics are looked up by it). */
const keyOf = (code: string | undefined, range: vscode.Range) =>
  `${code}@${range.start.line}:${range.start.character}-${range.end.line}:${range.end.character}`;

/**
 * Quick fixes of payload diagnostics, from the analysis's fix data: the allowed unit, MANUFACTURING_TIME clamped to
 * 45 días, a forbidden or unknown field removed, a repeated sale term removed, the used-item stock set to 1…
 */
export class PayloadQuickFixes implements vscode.CodeActionProvider {
  static readonly metadata: vscode.CodeActionProviderMetadata = {
    providedCodeActionKinds: [vscode.CodeActionKind.QuickFix],
  };

  constructor(private readonly diagnostics: PayloadDiagnostics) {}

  provideCodeActions(
    document: vscode.TextDocument,
    _range: vscode.Range,
    context: vscode.CodeActionContext,
  ): vscode.CodeAction[] {
    const ours = context.diagnostics.filter((diagnostic) => diagnostic.source === DIAGNOSTIC_SOURCE);
    if (!ours.length) return [];
    const analysis = this.diagnostics.analysisOf(document);
    if (!analysis) return [];
    // Indexed once: a selection over a wide file holds as many diagnostics as the analysis (100,000 fields).
    const byKey = new Map<string, PayloadAnalysis['diagnostics'][number]>();
    for (const candidate of analysis.diagnostics) {
      const key = keyOf(candidate.code, toRange(candidate.range));
      if (!byKey.has(key)) byKey.set(key, candidate);
    }
    const actions: vscode.CodeAction[] = [];
    for (const diagnostic of ours) {
      const entry = byKey.get(keyOf(codeOf(diagnostic), diagnostic.range));
      for (const fix of entry?.fixes ?? []) {
        const action = new vscode.CodeAction(fix.title, vscode.CodeActionKind.QuickFix);
        action.diagnostics = [diagnostic];
        action.isPreferred = fix.preferred ?? false;
        action.edit = new vscode.WorkspaceEdit();
        for (const edit of fix.edits) action.edit.replace(document.uri, toRange(edit), edit.newText);
        actions.push(action);
      }
    }
    return actions;
  }
}

export function registerQuickFixes(diagnostics: PayloadDiagnostics): vscode.Disposable {
  return vscode.languages.registerCodeActionsProvider(
    PAYLOAD_SELECTOR,
    new PayloadQuickFixes(diagnostics),
    PayloadQuickFixes.metadata,
  );
}
