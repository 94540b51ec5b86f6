import { type FSWatcher, mkdirSync, watch } from 'node:fs';
import { dirname } from 'node:path';
import * as vscode from 'vscode';
import { COMMANDS, CONTEXT, STATE } from '../../constants';
import { formatNumber } from '../../model/numberFormat';
import { displayLocale } from '../../platform/displayLanguage';
import { Disposable } from '../../platform/disposable';
import type { Output } from '../../platform/output';
import type { FeedEntry, NotificationFeed } from './feed';
import {
  entryDescription,
  entryNextChange,
  forwardFailed,
  forwardText,
  groupByTopic,
  notificationTarget,
  topicIcon,
  topicMeaning,
} from './feedFormat';
import { LabelTicker, type TickerClock } from './labelTicker';

/** One notification of the feed as a row. */
export class NotificationNode extends vscode.TreeItem {
  constructor(
    readonly entry: FeedEntry,
    now: Date,
    private readonly showTopic: boolean,
  ) {
    super(entry.resource || vscode.l10n.t('(no resource)'), vscode.TreeItemCollapsibleState.None);
    this.id = `notification:${entry.key}`;
    const locale = displayLocale();
    const description = entryDescription(entry, now, locale);
    this.relabel(description);
    this.iconPath = forwardFailed(entry.forward)
      ? new vscode.ThemeIcon('warning', new vscode.ThemeColor('problemsWarningIcon.foreground'))
      : new vscode.ThemeIcon(entry.source === 'pulled' ? 'cloud-download' : 'mail');
    const words = ['notification'];
    if (notificationTarget(entry.resource)) words.push('revealable');
    if (entry.resource.startsWith('/')) words.push('fetchable');
    this.contextValue = words.join(' ');
    this.command = {
      command: COMMANDS.openNotification,
      title: vscode.l10n.t('Open Notification'),
      arguments: [entry.key],
    };
    const tooltip = new vscode.MarkdownString();
    tooltip.appendMarkdown(`**${entry.topic}** \`${entry.resource}\`\n\n`);
    const at = receivedAt(entry.firstReceivedAt, locale);
    tooltip.appendMarkdown(
      entry.source === 'pulled'
        ? vscode.l10n.t('Pulled from the missed feeds {0}', at)
        : vscode.l10n.t('Received {0}', at),
    );
    if (entry.deliveries > 1) {
      const times = formatNumber(entry.deliveries, locale);
      tooltip.appendMarkdown(` · ${vscode.l10n.t('delivered {0} times (stored once)', times)}`);
    }
    if (entry.forward) {
      const answer = forwardText(entry.forward, locale);
      tooltip.appendMarkdown(`\n\n${vscode.l10n.t('Forwarded to `{0}` {1}', entry.forward.url, answer)}`);
    }
    // The problems are stored with the entry, in the words of the window that received it (field names and kinds).
    if (entry.problems?.length) {
      tooltip.appendMarkdown(`\n\n${vscode.l10n.t('Stored as malformed: {0}', entry.problems.join('; '))}`);
    }
    const body = JSON.stringify(entry.body, null, 2);
    tooltip.appendCodeblock(body.length > 800 ? `${body.slice(0, 800)}\n…` : body, 'json');
    this.tooltip = tooltip;
  }

  /** Shows a new description (attempts, times, forward): the row's text and what a screen reader says. */
  relabel(description: string): void {
    this.description = this.showTopic ? `${this.entry.topic} · ${description}` : description;
    this.accessibilityInformation = { label: `${this.entry.topic} ${this.entry.resource}, ${description}` };
  }
}

/** When a notification was first received, as the display language writes a date and time. */
function receivedAt(iso: string, locale: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(at);
}

/** A topic and its notifications, when the view groups by topic. */
export class TopicNode extends vscode.TreeItem {
  constructor(
    readonly topic: string,
    readonly entries: FeedEntry[],
  ) {
    super(topic, vscode.TreeItemCollapsibleState.Expanded);
    this.id = `topic:${topic}`;
    this.description = formatNumber(entries.length, displayLocale());
    this.iconPath = new vscode.ThemeIcon(topicIcon(topic));
    const meaning = topicMeaning(topic);
    this.tooltip = meaning ? `${topic}: ${meaning}` : topic;
    this.contextValue = 'notificationTopic';
  }
}

type Row = NotificationNode | TopicNode;

interface ViewState {
  topic?: string;
  grouped: boolean;
}

/**
 * The Notifications view: the shared feed grouped by topic (or one list), newest first, filtered by topic. It
 * refreshes when this window writes the feed and when another window does (the file is watched); while it is shown,
 * each row's relative times are relabelled when their words change (labelTicker.ts), that row alone.
 */
export class NotificationsView extends Disposable implements vscode.TreeDataProvider<Row> {
  private readonly changed = this.register(new vscode.EventEmitter<Row[] | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  private view: vscode.TreeView<Row> | undefined;
  private watcher: FSWatcher | undefined;
  private refreshTimer: ReturnType<typeof setTimeout> | undefined;
  /** The rows shown last (tests read what the view holds). */
  private shown: FeedEntry[] = [];
  /** Keeps the shown rows' relative times true while the view is visible. */
  private readonly ticker: LabelTicker<NotificationNode>;

  constructor(
    private readonly feed: NotificationFeed,
    private readonly memento: vscode.Memento,
    private readonly output: Output,
    refreshWhen: vscode.Event<void>[],
    /** The time and timers the rows' relative times follow (tests inject theirs). */
    private readonly clock?: TickerClock,
  ) {
    super();
    this.ticker = new LabelTicker<NotificationNode>({
      label: (node, now) => entryDescription(node.entry, now, displayLocale()),
      nextChange: (node, now) => entryNextChange(node.entry, now),
      changed: (rows) => {
        for (const { row, label } of rows) row.relabel(label);
        this.changed.fire(rows.map(({ row }) => row));
      },
      clock,
    });
    this.register(this.ticker);
    this.register(feed.onDidChange(() => this.scheduleRefresh()));
    for (const event of refreshWhen) this.register(event(() => this.scheduleRefresh()));
    this.onDispose(() => {
      if (this.refreshTimer) clearTimeout(this.refreshTimer);
      this.watcher?.close();
    });
    this.watchOtherWindows();
    void this.updateContext();
  }

  /** Another window's receiver writes the same file: watch its folder and refresh on changes. */
  private watchOtherWindows(): void {
    try {
      const folder = dirname(this.feed.filePath);
      mkdirSync(folder, { recursive: true });
      this.watcher = watch(folder, () => this.scheduleRefresh());
      this.watcher.on('error', () => undefined);
    } catch (error) {
      this.output.warn(`The Notifications view will not see other windows' notifications: ${(error as Error).message}`);
    }
  }

  private get state(): ViewState {
    return this.memento.get<ViewState>(STATE.notificationsView) ?? { grouped: true };
  }

  private async setState(state: ViewState): Promise<void> {
    await this.memento.update(STATE.notificationsView, state);
    await this.updateContext();
    this.scheduleRefresh(0);
  }

  private async updateContext(): Promise<void> {
    await vscode.commands.executeCommand('setContext', CONTEXT.notificationsGrouped, this.state.grouped);
  }

  /** Several notifications in a burst are one refresh. */
  scheduleRefresh(delayMs = 150): void {
    if (this.refreshTimer) return;
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = undefined;
      this.changed.fire(undefined);
    }, delayMs);
  }

  /**
   * Takes over the view the activation bundle created (with a provider that loads this bundle on first use and then
   * hands every call to this one): its description, message and selection are this class's to set.
   */
  attach(view: vscode.TreeView<Row>): void {
    this.view = view;
    // Hidden, no timer runs; shown again, the ticker relabels what went stale meanwhile.
    this.register(view.onDidChangeVisibility((event) => this.ticker.setActive(event.visible)));
    this.ticker.setActive(view.visible);
  }

  getTreeItem(row: Row): vscode.TreeItem {
    return row;
  }

  getParent(): undefined {
    return undefined;
  }

  async getChildren(parent?: Row): Promise<Row[]> {
    const now = this.clock?.now() ?? new Date();
    if (parent instanceof TopicNode) {
      const rows = parent.entries.map((entry) => new NotificationNode(entry, now, false));
      this.ticker.track(parent.topic, rows);
      return rows;
    }
    if (parent) return [];
    this.ticker.clear();
    const { topic, grouped } = this.state;
    let entries: FeedEntry[] = [];
    try {
      entries = await this.feed.list();
    } catch (error) {
      this.output.warn(`Could not read the notification feed: ${(error as Error).message}`);
    }
    const total = entries.length;
    if (topic) entries = entries.filter((entry) => entry.topic === topic);
    this.shown = entries;
    if (this.view) {
      const locale = displayLocale();
      this.view.description = topic
        ? vscode.l10n.t('{0} · {1} of {2}', topic, formatNumber(entries.length, locale), formatNumber(total, locale))
        : total
          ? formatNumber(total, locale)
          : undefined;
      this.view.message =
        topic && total && !entries.length
          ? vscode.l10n.t('No {0} notifications. Filter by another topic, or show all.', topic)
          : undefined;
    }
    if (!grouped) {
      const rows = entries.map((entry) => new NotificationNode(entry, now, true));
      this.ticker.track('', rows);
      return rows;
    }
    return groupByTopic(entries).map((group) => new TopicNode(group.topic, group.entries));
  }

  /** The notifications the view shows now, in its order (newest first). */
  shownEntries(): readonly FeedEntry[] {
    return this.shown;
  }

  /** The selected row's notification (a command without an argument acts on it). */
  selected(): FeedEntry | undefined {
    const row = this.view?.selection.length === 1 ? this.view.selection[0] : undefined;
    return row instanceof NotificationNode ? row.entry : undefined;
  }

  /** Shows only one topic (undefined: all). */
  async filter(topic: string | undefined): Promise<void> {
    await this.setState({ ...this.state, topic });
  }

  get topicFilter(): string | undefined {
    return this.state.topic;
  }

  async setGrouped(grouped: boolean): Promise<void> {
    await this.setState({ ...this.state, grouped });
  }
}
