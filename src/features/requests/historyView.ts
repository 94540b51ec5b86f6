import * as vscode from 'vscode';
import { COMMANDS, CONTEXT, STATE } from '../../constants';
import type { CommandEntry } from '../../platform/commandTable';
import { Disposable } from '../../platform/disposable';
import type { Output } from '../../platform/output';
import type { SessionSource } from '../auth/session';
import { type HistoryEntry, requestBodyPreview, shownHistory } from './history';

/** One request of the history as a row of the Request History view. */
export class HistoryEntryNode extends vscode.TreeItem {
  constructor(
    readonly entry: HistoryEntry,
    now = new Date(),
  ) {
    super(`${entry.method} ${entry.path}`, vscode.TreeItemCollapsibleState.None);
    const ok = entry.status >= 200 && entry.status < 300;
    this.id = entry.id;
    this.description = `${entry.status || 'no answer'} · ${entry.durationMs} ms · ${whenText(entry.time, now)}`;
    this.iconPath = ok
      ? new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed'))
      : new vscode.ThemeIcon('error', new vscode.ThemeColor('testing.iconFailed'));
    // A POST replay may create a second resource: the menus tell it apart (its replay always asks anyway).
    this.contextValue = entry.method === 'POST' ? 'historyEntry.post' : 'historyEntry';
    this.command = { command: COMMANDS.openHistoryEntry, title: 'Open Request from History', arguments: [entry.id] };
    this.accessibilityInformation = {
      label: `${entry.method} ${entry.path}, ${entry.status ? `status ${entry.status}` : 'no answer'}, ${whenText(entry.time, now)}`,
    };
    const tooltip = new vscode.MarkdownString();
    tooltip.appendMarkdown(`**${entry.method}** \`${entry.path}\`\n\n`);
    tooltip.appendMarkdown(`${entry.status || 'no answer'} in ${entry.durationMs} ms · ${entry.sizeBytes} bytes\n\n`);
    tooltip.appendMarkdown(`${new Date(entry.time).toLocaleString()} · ${entry.baseUrl}`);
    const body = requestBodyPreview(entry);
    if (body !== undefined) tooltip.appendCodeblock(body, 'json');
    this.tooltip = tooltip;
  }
}

/** Today: the time of day; before: the date and time. Absolute, so a row never goes stale. */
function whenText(iso: string, now: Date): string {
  const at = new Date(iso);
  const time = at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  return at.toDateString() === now.toDateString() ? time : `${at.toLocaleDateString()} ${time}`;
}

/** What the view reads: the current environment's entries, and when they change. */
export interface HistorySource {
  entries(): Promise<HistoryEntry[]>;
  readonly onDidChange: vscode.Event<void>;
}

/**
 * The Request History view under the Marketplace explorer: the current environment's requests, newest first. A click
 * opens the response; inline and context actions replay, copy as curl and delete; the title clears. By default it
 * lists the requests that changed something, as its welcome says; the eye in its title adds the panels' reads (kept
 * apart, with their own bound: see HistoryStore). Empty (or signed out), its welcome content says what fills it.
 */
export class HistoryView extends Disposable implements vscode.TreeDataProvider<HistoryEntryNode> {
  private readonly changed = this.register(new vscode.EventEmitter<undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  private view: vscode.TreeView<HistoryEntryNode> | undefined;
  private refreshTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly history: HistorySource,
    private readonly sessions: SessionSource,
    private readonly output: Output,
    /** Where the filter is kept (global state). */
    private readonly memento: vscode.Memento,
    /** How long changes are gathered into one refresh: a bulk run records hundreds of requests in seconds. */
    private readonly refreshDelayMs = 250,
  ) {
    super();
    this.register(history.onDidChange(() => this.scheduleRefresh()));
    this.register(sessions.onDidChange(() => this.scheduleRefresh()));
    this.onDispose(() => {
      if (this.refreshTimer) clearTimeout(this.refreshTimer);
    });
    void vscode.commands.executeCommand('setContext', CONTEXT.historyShowsReads, this.showsReads);
  }

  /** Whether the view lists the panels' reads too (else only the requests that changed something). */
  get showsReads(): boolean {
    return this.memento.get<boolean>(STATE.historyShowsReads) === true;
  }

  /** The filter's commands (the eye in the view's title). */
  commands(): CommandEntry[] {
    return [
      { id: COMMANDS.showHistoryReads, run: () => this.setShowsReads(true) },
      { id: COMMANDS.hideHistoryReads, run: () => this.setShowsReads(false) },
    ];
  }

  private async setShowsReads(shows: boolean): Promise<void> {
    await this.memento.update(STATE.historyShowsReads, shows);
    await vscode.commands.executeCommand('setContext', CONTEXT.historyShowsReads, shows);
    this.changed.fire(undefined);
  }

  /** One re-read of the history file per burst of changes, not one per request. */
  private scheduleRefresh(): void {
    if (this.refreshTimer) return;
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = undefined;
      this.changed.fire(undefined);
    }, this.refreshDelayMs);
  }

  /** Creates the tree view (`viewId` from package.json). */
  createView(viewId: string): vscode.TreeView<HistoryEntryNode> {
    this.view = this.register(vscode.window.createTreeView(viewId, { treeDataProvider: this, showCollapseAll: false }));
    return this.view;
  }

  getTreeItem(node: HistoryEntryNode): vscode.TreeItem {
    return node;
  }

  /** Rows have no parent (`reveal` asks). */
  getParent(): undefined {
    return undefined;
  }

  /** The row a keyboard command without an argument acts on (the Delete key): the selected one. */
  selected(): HistoryEntryNode | undefined {
    return this.view?.selection.length === 1 ? this.view.selection[0] : undefined;
  }

  /** Selects and focuses a row (tests, and after a change a person would expect to see). */
  async reveal(node: HistoryEntryNode): Promise<void> {
    await this.view?.reveal(node, { select: true, focus: true });
  }

  async getChildren(parent?: HistoryEntryNode): Promise<HistoryEntryNode[]> {
    if (parent) return [];
    const session = this.sessions.current;
    if (!session) {
      this.describe(undefined);
      return [];
    }
    try {
      const { shown, hiddenReads } = shownHistory(await this.history.entries(), this.showsReads);
      const where = session.environment === 'sandbox' ? 'Local Sandbox' : 'Marketplace API';
      const reads = `${hiddenReads} ${hiddenReads === 1 ? 'read' : 'reads'}`;
      this.describe(
        shown.length || hiddenReads
          ? `${where} · ${shown.length}${hiddenReads ? ` (${reads} of the panels hidden)` : ''}`
          : where,
      );
      this.setMessage(
        !shown.length && hiddenReads
          ? `Nothing changed yet. ${reads} of the shipping and metrics panels are kept apart: the eye above lists them.`
          : undefined,
      );
      const now = new Date();
      return shown.map((entry) => new HistoryEntryNode(entry, now));
    } catch (error) {
      // An unreadable history is an empty one (the store says so); never an error thrown at the tree.
      this.output.warn(`Could not read the request history: ${error instanceof Error ? error.message : error}`);
      return [];
    }
  }

  private describe(text: string | undefined): void {
    if (this.view) this.view.description = text;
  }

  /** A message instead of the welcome (which says nothing was sent) when only hidden reads were. */
  private setMessage(text: string | undefined): void {
    if (this.view) this.view.message = text;
  }
}
