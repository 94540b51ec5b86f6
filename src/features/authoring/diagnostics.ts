import * as vscode from 'vscode';
import { Disposable } from '../../platform/disposable';
import type { Output } from '../../platform/output';
import type { Severity } from '../../rules/finding';
import { type AnalysisDiagnostic, analyzePayload, type PayloadAnalysis } from './analysis';
import type { LiveContext } from './liveContext';
import { DIAGNOSTIC_SOURCE, payloadFileOf, toRange } from './payloadDocuments';
import { beyondSchema } from './schemaStated';

const SEVERITY: Record<Severity, vscode.DiagnosticSeverity> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  info: vscode.DiagnosticSeverity.Information,
};

/** Quiet time after a keystroke before a file is analysed again; large files wait a little longer. */
const DEBOUNCE_MS = 150;
const LARGE_DEBOUNCE_MS = 400;
const LARGE_FILE = 100_000;
/** Quiet time before re-analysing every open payload file after live data arrived or the session changed. */
const REFRESH_MS = 50;

/**
 * Whether VS Code's JSON language service judges the document with its contributed schema (package.json's
 * `jsonValidation` routes every payload file name to its schema): JSON documents, while `json.validate.enable` is on.
 */
function servedBySchema(document: vscode.TextDocument): boolean {
  return (
    (document.languageId === 'json' || document.languageId === 'jsonc') &&
    vscode.workspace.getConfiguration('json').get<boolean>('validate.enable', true)
  );
}

/** A diagnostic of the analysis as VS Code shows it. */
export function toDiagnostic(entry: AnalysisDiagnostic): vscode.Diagnostic {
  const diagnostic = new vscode.Diagnostic(toRange(entry.range), entry.message, SEVERITY[entry.severity]);
  diagnostic.source = DIAGNOSTIC_SOURCE;
  diagnostic.code = entry.code;
  return diagnostic;
}

/**
 * Diagnostics of the open payload files: analysed when opened, after each pause in typing, when the session changes
 * and when live data arrives. Each run uses what is cached (never waiting for the API) and asks for what is missing;
 * when it arrives, the file is analysed again.
 */
export class PayloadDiagnostics extends Disposable {
  private readonly collection = this.register(vscode.languages.createDiagnosticCollection('marketplace'));
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly latest = new Map<string, { version: number; analysis: PayloadAnalysis }>();
  private refreshTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly live: LiveContext,
    private readonly output: Output,
  ) {
    super();
    this.register(vscode.workspace.onDidOpenTextDocument((document) => this.analyze(document)));
    this.register(
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.contentChanges.length) this.schedule(event.document);
      }),
    );
    this.register(vscode.workspace.onDidCloseTextDocument((document) => this.forget(document.uri)));
    // A rename changes the request a file makes (its kind and target come from the name).
    this.register(
      vscode.workspace.onDidRenameFiles((event) => {
        for (const file of event.files) this.forget(file.oldUri);
        this.refreshAll();
      }),
    );
    this.register(live.onDidUpdate(() => this.refreshAll()));
    this.onDispose(() => {
      for (const timer of this.timers.values()) clearTimeout(timer);
      clearTimeout(this.refreshTimer);
    });
    for (const document of vscode.workspace.textDocuments) this.analyze(document);
  }

  /** The analysis of the document as it is now (recomputed when the cached one is of an older version). */
  analysisOf(document: vscode.TextDocument): PayloadAnalysis | undefined {
    if (!payloadFileOf(document)) return undefined;
    const cached = this.latest.get(document.uri.toString());
    if (cached?.version === document.version) return cached.analysis;
    return this.run(document);
  }

  /** Analyses every open payload file again (live data arrived, or the session changed). */
  refreshAll(): void {
    if (this.refreshTimer) return;
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = undefined;
      for (const document of vscode.workspace.textDocuments) this.analyze(document);
    }, REFRESH_MS);
  }

  private schedule(document: vscode.TextDocument): void {
    if (!payloadFileOf(document)) return;
    const key = document.uri.toString();
    clearTimeout(this.timers.get(key));
    const delay = document.getText().length > LARGE_FILE ? LARGE_DEBOUNCE_MS : DEBOUNCE_MS;
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        this.analyze(document);
      }, delay),
    );
  }

  private analyze(document: vscode.TextDocument): void {
    if (document.isClosed || !payloadFileOf(document)) return;
    this.run(document);
  }

  private run(document: vscode.TextDocument): PayloadAnalysis | undefined {
    let analysis: PayloadAnalysis;
    try {
      analysis = analyzePayload(document.uri.path, document.getText(), this.live.snapshot());
    } catch (error) {
      // A rule that throws on an odd payload must not take the other diagnostics down with it.
      this.output.error(
        `Could not check ${document.uri.path}: ${error instanceof Error ? (error.stack ?? error.message) : error}`,
      );
      return undefined;
    }
    this.latest.set(document.uri.toString(), { version: document.version, analysis });
    const shown = servedBySchema(document) ? beyondSchema(analysis) : analysis.diagnostics;
    this.collection.set(document.uri, shown.map(toDiagnostic));
    if (analysis.requests.length) void this.live.fetch(analysis.requests);
    return analysis;
  }

  private forget(uri: vscode.Uri): void {
    const key = uri.toString();
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
    this.latest.delete(key);
    this.collection.delete(uri);
  }
}
