import * as vscode from 'vscode';
import { classifyPayloadFile, PAYLOAD_GLOBS, type PayloadFile } from '../../model/payloadFiles';
import type { TextSpan } from '../../text/jsonText';

/** The `source` of every diagnostic the extension reports. */
export const DIAGNOSTIC_SOURCE = 'Marketplace';

/** Schemes of documents a person edits (files, new files, remote and virtual workspaces); not diffs, output or ours. */
export const EDITABLE_SCHEMES = ['file', 'untitled', 'vscode-remote', 'vscode-vfs'] as const;

/** The payload files of every kind, in every editable scheme (completion, hover and quick fixes). */
export const PAYLOAD_SELECTOR: vscode.DocumentFilter[] = EDITABLE_SCHEMES.flatMap((scheme) =>
  Object.values(PAYLOAD_GLOBS).map((glob) => ({ scheme, pattern: `**/${glob}` })),
);

/** Whether a scheme is one a person edits. */
export const isEditableScheme = (scheme: string): boolean => (EDITABLE_SCHEMES as readonly string[]).includes(scheme);

/** The payload file a document is, when it is one. */
export function payloadFileOf(document: vscode.TextDocument): PayloadFile | undefined {
  return isEditableScheme(document.uri.scheme) ? classifyPayloadFile(document.uri.path) : undefined;
}

/** A diagnostic's code as text (VS Code allows `{ value, target }`). */
export const codeOf = (diagnostic: vscode.Diagnostic): string =>
  typeof diagnostic.code === 'object' ? String(diagnostic.code.value) : String(diagnostic.code ?? '');

/** A span of the analysis as a VS Code range. */
export function toRange(span: TextSpan): vscode.Range {
  return new vscode.Range(span.start.line, span.start.character, span.end.line, span.end.character);
}

/** Resolves after `ms`, or at once when the token is cancelled. */
export function pause(ms: number, token?: vscode.CancellationToken): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    const listener = token?.onCancellationRequested(done);
    function done() {
      clearTimeout(timer);
      listener?.dispose();
      resolve();
    }
  });
}
