import * as vscode from 'vscode';
import { COMMANDS, CONTEXT, STATE } from '../../constants';
import type { CommandEntry } from '../../platform/commandTable';
import { displayLocale } from '../../platform/displayLanguage';
import { Disposable } from '../../platform/disposable';
import type { Output } from '../../platform/output';
import type { SessionSource } from '../auth/session';
import { type HistoryEntry, requestBodyPreview, shownHistory } from './history';
import { fullTime, whenText } from './historyTimes';

/** One request of the history as a row of the Request History view. */
export class HistoryEntryNode extends vscode.TreeItem {
  constructor(
    readonly entry: HistoryEntry,
    now = new Date(),
  ) {
    super(`${entry.method} ${entry.path}`, vscode.TreeItemCollapsibleState.None);
    const ok = entry.status >= 200 && entry.status < 300;
    const locale = displayLocale();
    const when = whenText(entry.time, now, locale);
    // Whole milliseconds, ungrouped as the response view writes them.
    const duration = entry.durationMs;
    this.id = entry.id;
    this.description = entry.status
      ? vscode.l10n.t('{0} · {1} ms · {2}', entry.status, duration, when)
      : vscode.l10n.t('no answer · {0} ms · {1}', duration, when);
    this.iconPath = ok
      ? new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed'))
      : new vscode.ThemeIcon('error', new vscode.ThemeColor('testing.iconFailed'));
    // A POST replay may create a second resource: the menus tell it apart (its replay always asks anyway).
    this.contextValue = entry.method === 'POST' ? 'historyEntry.post' : 'historyEntry';
    this.command = {
      command: COMMANDS.openHistoryEntry,
      title: vscode.l10n.t('Open Request from History'),
      arguments: [entry.id],
    };
    this.accessibilityInformation = {
      label: entry.status
        ? vscode.l10n.t('{0} {1}, status {2}, {3}', entry.method, entry.path, entry.status, when)
        : vscode.l10n.t('{0} {1}, no answer, {2}', entry.method, entry.path, when),
    };
    const size = new Intl.NumberFormat(locale).format(entry.sizeBytes);
    const tooltip = new vscode.MarkdownString();
    tooltip.appendMarkdown(`**${entry.method}** \`${entry.path}\`\n\n`);
    tooltip.appendMarkdown(
      entry.status
        ? vscode.l10n.t('{0} in {1} ms · {2} bytes', entry.status, duration, size)
        : vscode.l10n.t('no answer in {0} ms · {1} bytes', duration, size),
    );
    tooltip.appendMarkdown(`\n\n${fullTime(entry.time, locale)} · ${entry.baseUrl}`);
    const body = requestBodyPreview(entry);
    if (body !== undefined) tooltip.appendCodeblock(body, 'json');
    this.tooltip = tooltip;
  }
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
      const where =
        session.environment === 'sandbox' ? vscode.l10n.t('Local Sandbox') : vscode.l10n.t('Marketplace API');
      const count = (value: number) => new Intl.NumberFormat(displayLocale()).format(value);
      this.describe(
        !shown.length && !hiddenReads
          ? where
          : !hiddenReads
            ? `${where} · ${count(shown.length)}`
            : hiddenReads === 1
              ? vscode.l10n.t('{0} · {1} (1 read of the panels hidden)', where, count(shown.length))
              : vscode.l10n.t(
                  '{0} · {1} ({2} reads of the panels hidden)',
                  where,
                  count(shown.length),
                  count(hiddenReads),
                ),
      );
      this.setMessage(
        shown.length || !hiddenReads
          ? undefined
          : hiddenReads === 1
            ? vscode.l10n.t(
                'Nothing changed yet. 1 read of the shipping and metrics panels is kept apart: the eye above lists it.',
              )
            : vscode.l10n.t(
                'Nothing changed yet. {0} reads of the shipping and metrics panels are kept apart: the eye above lists them.',
                count(hiddenReads),
              ),
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
