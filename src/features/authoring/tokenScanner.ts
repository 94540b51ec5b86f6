import * as vscode from 'vscode';
import { COMMANDS } from '../../constants';
import { Disposable } from '../../platform/disposable';
import { findHardcodedTokens, tokenMessage } from './hardcodedTokens';
import { codeOf, DIAGNOSTIC_SOURCE, EDITABLE_SCHEMES, isEditableScheme } from './payloadDocuments';

/** Code of the warning on a hard-coded access token. */
export const HARDCODED_TOKEN_CODE = 'authoring.hardcoded_token';

const DEBOUNCE_MS = 300;

/**
 * Flags hard-coded access tokens (`APP_USR-…`, the sandbox's `SBX-…`) in every text document a person edits, in
 * any language: the extension keeps tokens in secret storage, and says so next to the token (never repeating it).
 */
export class TokenScanner extends Disposable {
  private readonly collection = this.register(vscode.languages.createDiagnosticCollection('marketplace-tokens'));
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor() {
    super();
    this.register(vscode.workspace.onDidOpenTextDocument((document) => this.scan(document)));
    this.register(
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.contentChanges.length) this.schedule(event.document);
      }),
    );
    this.register(
      vscode.workspace.onDidCloseTextDocument((document) => {
        const key = document.uri.toString();
        clearTimeout(this.timers.get(key));
        this.timers.delete(key);
        this.collection.delete(document.uri);
      }),
    );
    this.onDispose(() => {
      for (const timer of this.timers.values()) clearTimeout(timer);
    });
    for (const document of vscode.workspace.textDocuments) this.scan(document);
  }

  private schedule(document: vscode.TextDocument): void {
    if (!isEditableScheme(document.uri.scheme)) return;
    const key = document.uri.toString();
    clearTimeout(this.timers.get(key));
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        this.scan(document);
      }, DEBOUNCE_MS),
    );
  }

  private scan(document: vscode.TextDocument): void {
    if (document.isClosed || !isEditableScheme(document.uri.scheme)) return;
    const hits = findHardcodedTokens(document.getText());
    if (!hits.length) {
      this.collection.delete(document.uri);
      return;
    }
    this.collection.set(
      document.uri,
      hits.map((hit) => {
        const range = new vscode.Range(document.positionAt(hit.offset), document.positionAt(hit.offset + hit.length));
        const diagnostic = new vscode.Diagnostic(range, tokenMessage(hit.kind), vscode.DiagnosticSeverity.Warning);
        diagnostic.source = DIAGNOSTIC_SOURCE;
        diagnostic.code = HARDCODED_TOKEN_CODE;
        return diagnostic;
      }),
    );
  }
}

/** The fixes of a hard-coded token: remove it, and sign in the way that keeps tokens out of files. */
export class TokenQuickFixes implements vscode.CodeActionProvider {
  static readonly metadata = { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] };

  provideCodeActions(
    document: vscode.TextDocument,
    _range: vscode.Range,
    context: vscode.CodeActionContext,
  ): vscode.CodeAction[] {
    const actions: vscode.CodeAction[] = [];
    for (const diagnostic of context.diagnostics) {
      if (diagnostic.source !== DIAGNOSTIC_SOURCE || codeOf(diagnostic) !== HARDCODED_TOKEN_CODE) continue;
      const remove = new vscode.CodeAction(
        vscode.l10n.t('Remove the hard-coded token'),
        vscode.CodeActionKind.QuickFix,
      );
      remove.diagnostics = [diagnostic];
      remove.edit = new vscode.WorkspaceEdit();
      remove.edit.delete(document.uri, diagnostic.range);
      const signIn = new vscode.CodeAction(
        vscode.l10n.t('Sign in with Marketplace: Sign In… instead'),
        vscode.CodeActionKind.QuickFix,
      );
      signIn.diagnostics = [diagnostic];
      signIn.command = { title: vscode.l10n.t('Sign In…'), command: COMMANDS.signIn };
      actions.push(remove, signIn);
    }
    return actions;
  }
}

/** The hard-coded token warning in every file a person edits, and its fixes (part of the activation bundle). */
export function registerTokenWarnings(): vscode.Disposable {
  return vscode.Disposable.from(
    new TokenScanner(),
    vscode.languages.registerCodeActionsProvider(
      EDITABLE_SCHEMES.map((scheme) => ({ scheme })),
      new TokenQuickFixes(),
      TokenQuickFixes.metadata,
    ),
  );
}
