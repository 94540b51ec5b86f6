import * as vscode from 'vscode';
import { getMissedFeeds } from '../../api/notifications';
import { CONTEXT, SETTINGS, STATE } from '../../constants';
import type { MissedFeed } from '../../model/notification';
import { displayLocale } from '../../platform/displayLanguage';
import { Disposable } from '../../platform/disposable';
import type { Output } from '../../platform/output';
import type { SandboxHost } from '../auth/sandboxHost';
import type { SessionSource } from '../auth/session';
import { activeEnvironment, applicationSetting } from '../auth/settings';
import { changedResources } from '../requests/send';
import { type FeedEntry, missedFeedIncoming, NotificationFeed } from './feed';
import { type ForwardResult, forwardNotification, forwardTargetProblem } from './forwarder';
import { safeText } from './notificationFields';
import { NotificationReceiver, type ReceivedNotification } from './receiver';
import { readReceiverLock, removeReceiverLock, writeReceiverLock } from './receiverLock';

/** Every topic the local sandbox can send (the default of `marketplace.notifications.sandboxTopics`). */
export const SANDBOX_TOPICS = [
  'created_orders',
  'orders',
  'orders_v2',
  'items',
  'items_prices',
  'payments',
  'shipments',
];
export const DEFAULT_RECEIVER_PORT = 33419;
/** Pages of `/missed_feeds` read at most in one pull (50 each). */
const MISSED_PAGES = 20;

export interface NotificationServiceDeps {
  context: vscode.ExtensionContext;
  sessions: SessionSource;
  sandbox: SandboxHost;
  output: Output;
  /** Refreshes what a notification names in the explorer and the authoring cache. */
  applyChanges(changes: ReturnType<typeof changedResources>): Promise<void>;
}

/** What a pull of the missed feeds did. */
export interface PullOutcome {
  pulled: number;
  added: number;
  alreadyInFeed: number;
}

/**
 * The receiver, the shared feed and forwarding: one receiver per port on the machine (the lock file says which window
 * holds it), one feed file in global storage that every window reads, acknowledgement first and everything else after.
 */
export class NotificationService extends Disposable {
  readonly feed: NotificationFeed;
  private receiver: NotificationReceiver | undefined;
  private wiredSandboxUrl: string | undefined;
  private readonly lockDir: string;
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  /** Fires when the receiver starts or stops, or forwarding changes (the feed has its own event). */
  readonly onDidChangeState = this.changed.event;
  private pendingChanges: ReturnType<typeof changedResources> = [];
  private refreshTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly deps: NotificationServiceDeps) {
    super();
    const folder = vscode.Uri.joinPath(deps.context.globalStorageUri, 'notifications');
    this.lockDir = folder.fsPath;
    this.feed = new NotificationFeed(vscode.Uri.joinPath(folder, 'feed.json').fsPath, {
      log: (line) => deps.output.warn(`[feed] ${line}`),
    });
    this.register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration(`${SETTINGS.section}.${SETTINGS.tunnelHosts}`)) {
          this.receiver?.setAllowedHosts(this.tunnelHosts());
        }
      }),
    );
    this.register(
      deps.sessions.onDidChange(() => {
        // A new sandbox session (or a reset) may have a fresh state: point it at the receiver again.
        if (this.receiver?.running) void this.wireSandbox().catch(() => undefined);
      }),
    );
    // The first clean-up of a dispose: no refresh pending, the receiver stopped and its lock removed.
    this.onDispose(() => {
      if (this.refreshTimer) clearTimeout(this.refreshTimer);
      const receiver = this.receiver;
      this.receiver = undefined;
      if (receiver) {
        const port = receiver.port;
        void receiver.stop();
        if (port !== undefined) void removeReceiverLock(this.lockDir, port, process.pid);
      }
    });
    void this.updateContext();
  }

  get running(): boolean {
    return this.receiver?.running === true;
  }

  /** The tunnel's public host names the receiver accepts (user settings only, like every host-choosing setting). */
  private tunnelHosts(): string[] {
    return applicationSetting<string[]>(SETTINGS.tunnelHosts, []).filter((host) => typeof host === 'string');
  }

  /** The URL notifications are POSTed to, while the receiver listens. */
  get url(): string | undefined {
    const port = this.receiver?.running ? this.receiver.port : undefined;
    return port === undefined ? undefined : `http://127.0.0.1:${port}/notifications`;
  }

  get forwardUrl(): string | undefined {
    return this.deps.context.globalState.get<string>(STATE.forwardUrl) || undefined;
  }

  /** Starts listening on the configured loopback port; says who holds the port when another window does. */
  async start(options: { quiet?: boolean } = {}): Promise<string> {
    if (this.receiver?.running && this.url) return this.url;
    const port = applicationSetting<number>(SETTINGS.receiverPort, DEFAULT_RECEIVER_PORT);
    const lock = await readReceiverLock(this.lockDir, port);
    if (lock && lock.pid !== process.pid) {
      throw new Error(
        vscode.l10n.t(
          'Port {0} is held by the notification receiver of the window "{1}" (started {2}). Its notifications are in the shared feed, which this window\'s Notifications view shows too.',
          port,
          lock.window,
          new Date(lock.startedAt).toLocaleTimeString(displayLocale()),
        ),
      );
    }
    const receiver = new NotificationReceiver({
      port,
      allowedHosts: this.tunnelHosts(),
      onNotification: (received) => void this.record(received),
      log: (line) => this.deps.output.warn(`[receiver] ${line}`),
    });
    try {
      await receiver.start();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
        throw new Error(
          vscode.l10n.t(
            'Port {0} is in use by another program. Choose a free port in the setting marketplace.notifications.port, then start the receiver again.',
            port,
          ),
        );
      }
      throw error;
    }
    this.receiver = receiver;
    await writeReceiverLock(this.lockDir, {
      port,
      pid: process.pid,
      window: vscode.workspace.name ?? vscode.l10n.t('a window without a folder'),
      startedAt: new Date().toISOString(),
    });
    await this.deps.context.workspaceState.update(STATE.receiverWasRunning, true);
    const url = this.url ?? '';
    this.deps.output.info(`Notification receiver listening on ${url}.`);
    await this.wireSandbox().catch((error: unknown) =>
      this.deps.output.warn(`Could not point the sandbox at the receiver: ${(error as Error).message}`),
    );
    await this.updateContext();
    if (!options.quiet) this.explainStart(url);
    return url;
  }

  /** Where notifications come from depends on the environment: the sandbox is wired; the real API needs a tunnel. */
  private explainStart(url: string): void {
    if (activeEnvironment() === 'sandbox') {
      void vscode.window.showInformationMessage(
        vscode.l10n.t('Receiving notifications on {0}. The local sandbox sends its notifications here.', url),
      );
      return;
    }
    const copy = vscode.l10n.t('Copy Receiver URL');
    const pull = vscode.l10n.t('Pull Missed Notifications');
    void vscode.window
      .showInformationMessage(
        vscode.l10n.t(
          "Receiving notifications on {0}. The marketplace posts to your application's public callback URL, which this loopback address is not: point a tunnel you run at it, or pull what was missed.",
          url,
        ),
        copy,
        pull,
      )
      .then(async (choice) => {
        if (choice === copy) await vscode.env.clipboard.writeText(url);
        if (choice === pull) await this.pullMissed();
      });
  }

  async stop(): Promise<void> {
    const receiver = this.receiver;
    this.receiver = undefined;
    if (receiver) {
      const port = receiver.port;
      await receiver.stop();
      if (port !== undefined) await removeReceiverLock(this.lockDir, port, process.pid);
    }
    await this.deps.context.workspaceState.update(STATE.receiverWasRunning, false);
    await this.unwireSandbox();
    await this.updateContext();
    this.deps.output.info('Notification receiver stopped.');
  }

  /** Starts the receiver again after a reload when it was listening in this window before. */
  async restore(): Promise<void> {
    if (!this.deps.context.workspaceState.get<boolean>(STATE.receiverWasRunning)) return;
    await this.start({ quiet: true }).catch((error: unknown) =>
      this.deps.output.warn(`The notification receiver did not start again: ${(error as Error).message}`),
    );
  }

  /** For the sandbox's triggers: listen, and have the sandbox send here. */
  async prepareForNotifications(): Promise<void> {
    if (!this.running) await this.start({ quiet: true });
    else await this.wireSandbox();
  }

  /** Points the local sandbox's callback at the receiver, with the topics chosen in the settings. */
  private async wireSandbox(): Promise<void> {
    const url = this.url;
    if (!url || activeEnvironment() !== 'sandbox' || !this.deps.sandbox.isRunning) return;
    const chosen = vscode.workspace.getConfiguration(SETTINGS.section).get<string[]>(SETTINGS.sandboxTopics);
    const topics = (chosen?.length ? chosen : SANDBOX_TOPICS).filter((topic) => SANDBOX_TOPICS.includes(topic));
    await this.deps.sandbox.admin('PUT', '/_sandbox/notifications', { callback_url: url, topics });
    this.wiredSandboxUrl = url;
  }

  /** With the receiver stopped, the sandbox keeps what it produces for the missed feeds. */
  private async unwireSandbox(): Promise<void> {
    if (!this.wiredSandboxUrl || !this.deps.sandbox.isRunning) return;
    this.wiredSandboxUrl = undefined;
    await this.deps.sandbox
      .admin('PUT', '/_sandbox/notifications', { callback_url: null })
      .catch((error: unknown) => this.deps.output.warn(`Could not unwire the sandbox: ${(error as Error).message}`));
  }

  /** After the acknowledgement: store (a retry counts as an attempt), forward, refresh what it names. */
  private async record(received: ReceivedNotification): Promise<void> {
    try {
      const { added, repeated } = await this.feed.add([
        { body: received.body, raw: received.raw, receivedAt: received.receivedAt, source: 'received' },
      ]);
      const entry = added[0] ?? repeated[0];
      if (!entry) return;
      this.scheduleRefresh(entry.resource);
      const target = this.forwardUrl;
      if (target) await this.forward(entry, target, received.raw);
    } catch (error) {
      this.deps.output.warn(`Could not record a notification: ${safeText(error)}`);
    }
  }

  private async forward(entry: FeedEntry, url: string, raw: string): Promise<ForwardResult> {
    const result = await forwardNotification(url, raw);
    await this.feed.setForward(entry.key, result);
    if (result.status === null || result.status >= 400) {
      this.deps.output.warn(
        `Forwarding ${entry.topic} ${entry.resource} to ${url}: ${result.status ?? result.error ?? 'no answer'}`,
      );
    }
    return result;
  }

  /** The explorer refreshes once per burst of notifications, not once each. */
  private scheduleRefresh(resource: string): void {
    this.pendingChanges.push(...changedResources('PUT', resource, undefined));
    if (this.refreshTimer) return;
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = undefined;
      const changes = this.pendingChanges.filter(
        (change, index, all) =>
          all.findIndex((other) => other.kind === change.kind && other.id === change.id) === index,
      );
      this.pendingChanges = [];
      if (changes.length && this.deps.sessions.current) {
        void this.deps.applyChanges(changes).catch(() => undefined);
      }
    }, 300);
  }

  /** Sets (or, with undefined, stops) the URL every received notification is POSTed to. */
  async setForwardUrl(url: string | undefined): Promise<void> {
    if (url !== undefined) {
      const problem = forwardTargetProblem(url);
      if (problem) throw new Error(problem);
    }
    await this.deps.context.globalState.update(STATE.forwardUrl, url);
    await this.updateContext();
  }

  /** Sends a stored notification to the forwarding URL again, unchanged. */
  async replay(entry: FeedEntry): Promise<ForwardResult> {
    const target = this.forwardUrl;
    if (!target)
      throw new Error(
        vscode.l10n.t('Choose where notifications go first: Forward Notifications To… a URL of your application.'),
      );
    return this.forward(entry, target, entry.raw);
  }

  /**
   * `GET /missed_feeds` for the application, every page, merged into the feed as pulled (what is there already is
   * counted, not added again).
   */
  async pullMissed(appId?: string): Promise<PullOutcome | undefined> {
    const session = this.deps.sessions.current;
    if (!session) throw new Error(vscode.l10n.t('Sign in (or use the local sandbox) to pull missed notifications.'));
    const application = appId ?? (await this.applicationId(session.environment));
    if (!application) return undefined;
    const missed: MissedFeed[] = [];
    for (let page = 0; page < MISSED_PAGES; page += 1) {
      const answer = await getMissedFeeds(session.client, { appId: application, offset: page * 50, limit: 50 });
      missed.push(...answer.messages);
      const total = answer.paging?.total ?? 0;
      if (answer.messages.length < 50 || (page + 1) * 50 >= total) break;
    }
    // What was POSTed (its text and attempts), so a pulled copy of a received notification is known as the same one.
    const { added, repeated } = await this.feed.add(missed.map((feed) => missedFeedIncoming(feed)));
    for (const entry of added) this.scheduleRefresh(entry.resource);
    return { pulled: missed.length, added: added.length, alreadyInFeed: repeated.length };
  }

  /** The sandbox's own application id; on the API the setting, the OAuth client id, or what the user types. */
  private async applicationId(environment: string): Promise<string | undefined> {
    if (environment === 'sandbox') {
      const info = await this.deps.sandbox.admin<{ application_id: number }>('GET', '/_sandbox');
      return String(info.application_id);
    }
    const configured =
      applicationSetting<string>(SETTINGS.applicationId, '') || applicationSetting<string>(SETTINGS.oauthClientId, '');
    if (configured) return configured;
    return vscode.window.showInputBox({
      title: vscode.l10n.t('Pull Missed Notifications'),
      prompt: vscode.l10n.t(
        'The id of your marketplace application (its client id). Set marketplace.notifications.applicationId to skip this question.',
      ),
      validateInput: (value) =>
        /^\d+$/.test(value.trim()) ? undefined : vscode.l10n.t('An application id is a number.'),
    });
  }

  private async updateContext(): Promise<void> {
    await vscode.commands.executeCommand('setContext', CONTEXT.receiverRunning, this.running);
    await vscode.commands.executeCommand('setContext', CONTEXT.forwarding, Boolean(this.forwardUrl));
    this.changed.fire();
  }
}
