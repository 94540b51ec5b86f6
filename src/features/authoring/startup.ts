// What the first views need of payload authoring (part of the activation bundle): the hard-coded token warning in
// every file, and the features bundle (the diagnostics) loaded as soon as a payload file is open.
import * as vscode from 'vscode';
import { showError } from '../../platform/errors';
import type { FeatureCore } from '../../platform/feature';
import { payloadFileOf } from './payloadDocuments';
import { registerTokenWarnings } from './tokenScanner';

export interface AuthoringStartupCore extends FeatureCore {
  /** The features bundle: whether it has loaded, and loading it (once). */
  features: { readonly loaded: unknown; load(): Promise<unknown> };
}

/** Contributes no command: its disposables go to the context's subscriptions. */
export function activateAtStartup(core: AuthoringStartupCore): void {
  const { context, output } = core;
  context.subscriptions.push(registerTokenWarnings());
  // A payload file open now or later needs the authoring (diagnostics) of the features bundle.
  const loadForPayloads = (document: vscode.TextDocument) => {
    if (core.features.loaded || !payloadFileOf(document)) return;
    core.features.load().catch((error) => showError(error, output, vscode.l10n.t('Could not check payload files')));
  };
  context.subscriptions.push(vscode.workspace.onDidOpenTextDocument(loadForPayloads));
  for (const document of vscode.workspace.textDocuments) loadForPayloads(document);
}
