import * as vscode from 'vscode';
import { COMMANDS } from '../../constants';
import { DIAGNOSTIC_SOURCE, type PayloadDiagnostics } from './diagnostics';
import { EDITABLE_SCHEMES, PAYLOAD_SELECTOR, toRange } from './payloadDocuments';
import { HARDCODED_TOKEN_CODE } from './tokenScanner';

const sameRange = (a: vscode.Range, b: vscode.Range) => a.start.isEqual(b.start) && a.end.isEqual(b.end);

const codeOf = (diagnostic: vscode.Diagnostic) =>
  typeof diagnostic.code === 'object' ? String(diagnostic.code.value) : String(diagnostic.code ?? '');

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
    const actions: vscode.CodeAction[] = [];
    for (const diagnostic of ours) {
      const entry = analysis.diagnostics.find(
        (candidate) => candidate.code === codeOf(diagnostic) && sameRange(toRange(candidate.range), diagnostic.range),
      );
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

/** The fixes of a hard-coded token: remove it, and sign in the way that keeps tokens out of files. */
export class TokenQuickFixes implements vscode.CodeActionProvider {
  static readonly metadata = PayloadQuickFixes.metadata;

  provideCodeActions(
    document: vscode.TextDocument,
    _range: vscode.Range,
    context: vscode.CodeActionContext,
  ): vscode.CodeAction[] {
    const actions: vscode.CodeAction[] = [];
    for (const diagnostic of context.diagnostics) {
      if (diagnostic.source !== DIAGNOSTIC_SOURCE || codeOf(diagnostic) !== HARDCODED_TOKEN_CODE) continue;
      const remove = new vscode.CodeAction('Remove the hard-coded token', vscode.CodeActionKind.QuickFix);
      remove.diagnostics = [diagnostic];
      remove.edit = new vscode.WorkspaceEdit();
      remove.edit.delete(document.uri, diagnostic.range);
      const signIn = new vscode.CodeAction(
        'Sign in with Marketplace: Sign In… instead',
        vscode.CodeActionKind.QuickFix,
      );
      signIn.diagnostics = [diagnostic];
      signIn.command = { title: 'Sign In…', command: COMMANDS.signIn };
      actions.push(remove, signIn);
    }
    return actions;
  }
}

export function registerQuickFixes(diagnostics: PayloadDiagnostics): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.languages.registerCodeActionsProvider(
      PAYLOAD_SELECTOR,
      new PayloadQuickFixes(diagnostics),
      PayloadQuickFixes.metadata,
    ),
    vscode.languages.registerCodeActionsProvider(
      EDITABLE_SCHEMES.map((scheme) => ({ scheme })),
      new TokenQuickFixes(),
      TokenQuickFixes.metadata,
    ),
  );
}
