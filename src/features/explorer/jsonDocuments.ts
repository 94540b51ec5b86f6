import * as vscode from 'vscode';
import type { MarketplaceClient } from '../../api/client';
import { JSON_SCHEME } from '../../constants';
import { Disposable } from '../../platform/disposable';
import { formatJson } from './format';

/** What a JSON document shows: a node's data under a path, and how to fetch it again when the node has a GET path. */
export interface JsonSource {
  readonly jsonPath: string | undefined;
  readonly data: unknown;
  fetchJson?(client: MarketplaceClient): Promise<unknown>;
}

interface Entry {
  data: unknown;
  fetch: ((client: MarketplaceClient) => Promise<unknown>) | undefined;
}

/**
 * Read-only documents of the explorer's nodes (`marketplace-json:/items/MLA123.json`), formatted with a two-space
 * indent. A document shows the node's data as loaded; refreshing it fetches it again through the node's GET path.
 */
export class JsonDocuments extends Disposable implements vscode.TextDocumentContentProvider {
  private readonly entries = new Map<string, Entry>();
  private readonly changed = this.register(new vscode.EventEmitter<vscode.Uri>());
  readonly onDidChange = this.changed.event;

  constructor(private readonly client: () => MarketplaceClient | undefined) {
    super();
    this.onDispose(() => this.entries.clear());
    this.register(
      vscode.workspace.onDidCloseTextDocument((document) => {
        if (document.uri.scheme === JSON_SCHEME) this.entries.delete(document.uri.toString());
      }),
    );
  }

  /** The document URI of a path such as `/items/MLA123.json`. */
  static uri(path: string): vscode.Uri {
    return vscode.Uri.from({ scheme: JSON_SCHEME, path });
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    const entry = this.entries.get(uri.toString());
    if (entry) return formatJson(entry.data);
    return formatJson({
      message: vscode.l10n.t(
        'This document is no longer loaded: open it again from the Marketplace explorer (Open as JSON).',
      ),
    });
  }

  /** Whether a URI is one of these documents and can be fetched again. */
  canRefresh(uri: vscode.Uri): boolean {
    return Boolean(this.entries.get(uri.toString())?.fetch);
  }

  /**
   * Opens the node's data as a JSON preview (replacing what an older open of the same node showed); `beside` opens it
   * next to the active editor (a panel's answer beside the panel).
   */
  async show(source: JsonSource, options: { beside?: boolean } = {}): Promise<vscode.TextEditor> {
    if (!source.jsonPath) throw new Error(vscode.l10n.t('This node has no JSON to show.'));
    const uri = JsonDocuments.uri(source.jsonPath);
    this.entries.set(uri.toString(), { data: source.data, fetch: source.fetchJson?.bind(source) });
    if (this.isOpen(uri)) this.changed.fire(uri);
    let document = await vscode.workspace.openTextDocument(uri);
    if (document.languageId !== 'json') document = await vscode.languages.setTextDocumentLanguage(document, 'json');
    return vscode.window.showTextDocument(document, {
      preview: true,
      ...(options.beside ? { viewColumn: vscode.ViewColumn.Beside } : {}),
    });
  }

  /** After a node's data changed: an open document of it shows the new data. */
  update(source: JsonSource): void {
    if (!source.jsonPath) return;
    const uri = JsonDocuments.uri(source.jsonPath);
    const entry = this.entries.get(uri.toString());
    if (!entry || entry.data === source.data) return;
    entry.data = source.data;
    this.changed.fire(uri);
  }

  /** Fetches the document's data again through its node's GET path (no-op for data without one). */
  async refresh(uri: vscode.Uri): Promise<void> {
    const entry = this.entries.get(uri.toString());
    const client = this.client();
    if (!entry?.fetch || !client) return;
    entry.data = await entry.fetch(client);
    this.changed.fire(uri);
  }

  /** Fetches every open document again (after a refresh of the whole tree); failures leave the old data. */
  async refreshOpen(): Promise<void> {
    const open = [...this.entries.keys()].map((key) => vscode.Uri.parse(key)).filter((uri) => this.isOpen(uri));
    await Promise.allSettled(open.map((uri) => this.refresh(uri)));
  }

  private isOpen(uri: vscode.Uri): boolean {
    const key = uri.toString();
    return vscode.workspace.textDocuments.some((document) => document.uri.toString() === key);
  }
}
