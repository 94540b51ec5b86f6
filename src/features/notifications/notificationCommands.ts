import * as vscode from 'vscode';
import { getNotifiedResource } from '../../api/notifications';
import { COMMANDS, VIEWS } from '../../constants';
import { formatNumber } from '../../model/numberFormat';
import type { CommandEntry } from '../../platform/commandTable';
import { displayLocale } from '../../platform/displayLanguage';
import type { SessionSource } from '../auth/session';
import type { MarketplaceExplorer } from '../explorer/provider';
import type { FeedEntry } from './feed';
import { notificationTarget, notificationTitle, TOPIC_ORDER, topicMeaning } from './feedFormat';
import { forwardTargetProblem } from './forwarder';
import type { NotificationService, PullOutcome } from './notificationService';
import { NotificationNode, type NotificationsView } from './notificationsView';

/** The Notifications view's and the palette's commands: receiver, forwarding, replay, the feed's rows, missed feeds. */
export class NotificationCommands {
  constructor(
    private readonly service: NotificationService,
    private readonly view: NotificationsView,
    private readonly sessions: SessionSource,
    private readonly explorer: MarketplaceExplorer,
  ) {}

  commands(): CommandEntry[] {
    return [
      { id: COMMANDS.startReceiver, run: () => this.start(), failure: vscode.l10n.t('Could not start the receiver') },
      {
        id: COMMANDS.stopReceiver,
        run: () => this.service.stop(),
        failure: vscode.l10n.t('Could not stop the receiver'),
      },
      {
        id: COMMANDS.copyReceiverUrl,
        run: () => this.copyReceiverUrl(),
        failure: vscode.l10n.t('Could not copy the URL'),
      },
      {
        id: COMMANDS.forwardNotifications,
        run: (url?: unknown) => this.forwardTo(typeof url === 'string' ? url : undefined),
        failure: vscode.l10n.t('Could not forward notifications'),
      },
      {
        id: COMMANDS.stopForwarding,
        run: () => this.stopForwarding(),
        failure: vscode.l10n.t('Could not stop forwarding'),
      },
      {
        id: COMMANDS.replayNotification,
        run: (target?: unknown) => this.replay(target),
        failure: vscode.l10n.t('Could not replay the notification'),
      },
      {
        id: COMMANDS.openNotification,
        run: (target?: unknown) => this.open(target),
        failure: vscode.l10n.t('Could not open the notification'),
      },
      {
        id: COMMANDS.openNotificationResource,
        run: (target?: unknown) => this.openResource(target),
        failure: vscode.l10n.t('Could not open the resource'),
      },
      {
        id: COMMANDS.revealNotificationResource,
        run: (target?: unknown) => this.reveal(target),
        failure: vscode.l10n.t('Could not reveal the resource'),
      },
      {
        id: COMMANDS.filterNotifications,
        run: (topic?: unknown) => this.filter(topic),
        failure: vscode.l10n.t('Could not filter'),
      },
      { id: COMMANDS.groupNotificationsByTopic, run: () => this.view.setGrouped(true) },
      { id: COMMANDS.listNotificationsByTime, run: () => this.view.setGrouped(false) },
      {
        id: COMMANDS.clearNotifications,
        run: () => this.clear(),
        failure: vscode.l10n.t('Could not clear the notifications'),
      },
      {
        id: COMMANDS.pullMissedNotifications,
        run: (appId?: unknown) => this.pullMissed(typeof appId === 'string' ? appId : undefined),
        failure: vscode.l10n.t('Could not pull the missed notifications'),
      },
      { id: COMMANDS.showNotifications, run: () => vscode.commands.executeCommand(`${VIEWS.notifications}.focus`) },
    ];
  }

  /** A row, a key (the row's click and tests), or the selected row. */
  private async entryOf(target: unknown): Promise<FeedEntry> {
    if (target instanceof NotificationNode) return target.entry;
    if (typeof target === 'string') {
      const entry = await this.service.feed.get(target);
      if (entry) return entry;
      throw new Error(
        vscode.l10n.t('That notification is no longer in the feed (it was cleared or dropped as one of the oldest).'),
      );
    }
    const selected = this.view.selected();
    if (selected) return selected;
    throw new Error(vscode.l10n.t('Select a notification in the Notifications view first.'));
  }

  /** Starts listening and shows the feed, where what arrives will appear. */
  private async start(): Promise<string> {
    const url = await this.service.start();
    await vscode.commands.executeCommand(`${VIEWS.notifications}.focus`);
    return url;
  }

  private async copyReceiverUrl(): Promise<string> {
    const url = this.service.url ?? (await this.service.start({ quiet: true }));
    await vscode.env.clipboard.writeText(url);
    vscode.window.setStatusBarMessage(vscode.l10n.t('$(copy) Copied {0}', url), 3000);
    return url;
  }

  private async forwardTo(given?: string): Promise<string | undefined> {
    const url =
      given ??
      (await vscode.window.showInputBox({
        title: vscode.l10n.t('Forward Notifications To'),
        prompt: vscode.l10n.t(
          'URL of your own application’s notification handler: every notification the receiver gets is POSTed there unchanged (http on loopback, or https)',
        ),
        value: this.service.forwardUrl ?? 'http://127.0.0.1:3000/notifications',
        validateInput: (value) => forwardTargetProblem(value.trim()),
        ignoreFocusOut: true,
      }));
    if (!url) return undefined;
    await this.service.setForwardUrl(url.trim());
    if (!this.service.running) await this.service.start({ quiet: true });
    void vscode.window.showInformationMessage(
      vscode.l10n.t(
        'Forwarding every notification received on {0} to {1}. The feed shows each answer.',
        this.service.url ?? '',
        url.trim(),
      ),
    );
    return url.trim();
  }

  private async stopForwarding(): Promise<void> {
    await this.service.setForwardUrl(undefined);
    vscode.window.setStatusBarMessage(vscode.l10n.t('$(debug-disconnect) Notifications are no longer forwarded'), 3000);
  }

  private async replay(target: unknown): Promise<void> {
    const entry = await this.entryOf(target);
    if (!this.service.forwardUrl) {
      const choice = await vscode.window.showInformationMessage(
        vscode.l10n.t('Replay sends a notification to your application again: choose where notifications go first.'),
        vscode.l10n.t('Forward Notifications To…'),
      );
      if (!choice || !(await this.forwardTo())) return;
    }
    const result = await this.service.replay(entry);
    const text =
      result.status === null
        ? vscode.l10n.t('no answer ({0})', result.error ?? vscode.l10n.t('unreachable'))
        : vscode.l10n.t('{0} in {1} ms', result.status, formatNumber(Math.round(result.ms), displayLocale()));
    vscode.window.setStatusBarMessage(
      vscode.l10n.t('$(debug-rerun) Replayed {0} {1}: {2}', entry.topic, entry.resource, text),
      5000,
    );
  }

  /**
   * The notification's body as received, as a read-only JSON document titled by what it is ("orders_v2 · 2000000123
   * (notification)"); its key is the folder, so two notifications of one resource are two documents.
   */
  private async open(target: unknown): Promise<void> {
    const entry = await this.entryOf(target);
    const folder = entry.key.replace(/[^\w.-]+/g, '_').slice(0, 80);
    await this.explorer.json.show({
      jsonPath: `/notifications/${folder}/${notificationTitle(entry)}`,
      data: entry.body,
    });
  }

  /** `GET` of the path the notification names, as JSON; the explorer shows the order or item selected. */
  private async openResource(target: unknown): Promise<void> {
    const entry = await this.entryOf(target);
    const session = this.sessions.current;
    if (!session) {
      throw new Error(vscode.l10n.t('Sign in (or use the local sandbox) to open what the notification points to.'));
    }
    const path = entry.resource;
    const fetchJson = (client: typeof session.client) => getNotifiedResource(client, path);
    const data = await fetchJson(session.client);
    await this.explorer.json.show({ jsonPath: `${path.replace(/\?.*$/, '')}.json`, data, fetchJson });
    const where = notificationTarget(path);
    if (where) await this.explorer.revealResource(where.kind, where.id).catch(() => false);
  }

  private async reveal(target: unknown): Promise<boolean> {
    const entry = await this.entryOf(target);
    const where = notificationTarget(entry.resource);
    if (!where) throw new Error(vscode.l10n.t('{0} is not a listing or an order the explorer shows.', entry.resource));
    const found = await this.explorer.revealResource(where.kind, where.id);
    if (!found) {
      const choice = await vscode.window.showInformationMessage(
        where.kind === 'item'
          ? vscode.l10n.t("Listing {0} is not in the explorer's first page (check its filters).", where.id)
          : vscode.l10n.t("Order {0} is not in the explorer's first page (check its filters).", where.id),
        vscode.l10n.t('Open as JSON'),
      );
      if (choice) await this.openResource(entry.key);
    }
    return found;
  }

  private async filter(topic: unknown): Promise<void> {
    if (typeof topic === 'string') return this.view.filter(topic === 'all' ? undefined : topic);
    const entries = await this.service.feed.list();
    const counts = new Map<string, number>();
    for (const entry of entries) counts.set(entry.topic, (counts.get(entry.topic) ?? 0) + 1);
    const topics = [...new Set([...TOPIC_ORDER, ...counts.keys()])];
    const current = this.view.topicFilter;
    const locale = displayLocale();
    const picked = await vscode.window.showQuickPick(
      [
        {
          label: `${current ? '$(blank)' : '$(check)'} ${vscode.l10n.t('All topics')}`,
          description: formatNumber(entries.length, locale),
          topic: undefined,
        },
        ...topics.map((value) => ({
          label: `${value === current ? '$(check)' : '$(blank)'} ${value}`,
          description: formatNumber(counts.get(value) ?? 0, locale),
          detail: topicMeaning(value),
          topic: value as string | undefined,
        })),
      ],
      {
        title: vscode.l10n.t('Show Notifications of Topic'),
        placeHolder: current ? vscode.l10n.t('Now: {0}', current) : vscode.l10n.t('Now: all topics'),
      },
    );
    if (picked) await this.view.filter(picked.topic);
  }

  private async clear(): Promise<void> {
    const count = (await this.service.feed.list()).length;
    if (!count) return;
    const clear = vscode.l10n.t('Clear');
    const answer = await vscode.window.showWarningMessage(
      count === 1
        ? vscode.l10n.t('Clear the one notification from the feed?')
        : vscode.l10n.t('Clear all {0} notifications from the feed?', formatNumber(count, displayLocale())),
      {
        modal: true,
        detail: vscode.l10n.t(
          'They are removed from the feed of every window. The marketplace does not send them again; what it could not deliver stays in its missed feeds for two days.',
        ),
      },
      clear,
    );
    if (answer === clear) await this.service.feed.clear();
  }

  private async pullMissed(appId?: string): Promise<void> {
    const outcome = await vscode.window.withProgress(
      { location: { viewId: VIEWS.notifications }, title: vscode.l10n.t('Pulling missed notifications') },
      () => this.service.pullMissed(appId),
    );
    if (!outcome) return;
    void vscode.window.showInformationMessage(pulledMessage(outcome, displayLocale()));
  }
}

/** What a pull of the missed feeds says: how many came, how many are new; one whole message per form. */
function pulledMessage(outcome: PullOutcome, locale: string): string {
  if (!outcome.pulled) {
    return vscode.l10n.t('No missed notifications: every notification of the last two days was acknowledged.');
  }
  const pulled = formatNumber(outcome.pulled, locale);
  const added = formatNumber(outcome.added, locale);
  const already = formatNumber(outcome.alreadyInFeed, locale);
  if (outcome.pulled === 1) {
    return outcome.alreadyInFeed
      ? vscode.l10n.t('Pulled {0} missed notification: {1} new in the feed, {2} already there.', pulled, added, already)
      : vscode.l10n.t('Pulled {0} missed notification: {1} new in the feed.', pulled, added);
  }
  return outcome.alreadyInFeed
    ? vscode.l10n.t('Pulled {0} missed notifications: {1} new in the feed, {2} already there.', pulled, added, already)
    : vscode.l10n.t('Pulled {0} missed notifications: {1} new in the feed.', pulled, added);
}
