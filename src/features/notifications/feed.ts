// The notification feed of one application, without VS Code: a bounded JSON file (the caller passes a path under
// globalStorageUri) written atomically (temporary file, then rename), like the request history. Bodies are kept as
// they came, untidy fields and all: the feed is a record of what the marketplace sent, not a cleaned-up copy.
import type { MissedFeed } from '../../model/notification';
import { EntriesFile } from '../storage/entriesFile';
import type { ForwardResult } from './forwarder';

/** Entries kept; the oldest (by first reception) are dropped. */
export const FEED_LIMIT = 1000;

export interface FeedEntry {
  key: string;
  topic: string;
  resource: string;
  /** `String(user_id)` when the body has one (some topics send it as text). */
  userId?: string;
  sent?: string;
  /** The body as first received. */
  body: Record<string, unknown>;
  /** The exact text first received. */
  raw: string;
  /** ISO time of the first delivery that reached us. */
  firstReceivedAt: string;
  lastReceivedAt: string;
  /** How many times it reached us, pushed or pulled from the missed feeds. */
  deliveries: number;
  /** The larger of `deliveries` and any `attempts` the marketplace reported. */
  attempts: number;
  source: 'received' | 'pulled';
  forward?: ForwardResult;
}

export interface IncomingNotification {
  body: Record<string, unknown>;
  /** The exact text; `JSON.stringify(body)` when absent. */
  raw?: string;
  /** Defaults to the feed's clock. */
  receivedAt?: Date;
  source: 'received' | 'pulled';
  /** An attempt count reported beside the body (a missed feed's own `attempts`). */
  attempts?: number;
}

export interface FeedOptions {
  limit?: number;
  /** The clock (tests). */
  now?: () => Date;
}

/** Identifies one notification across retries and pulls: `_id` when the body has one, else what it is about. */
export function notificationKey(body: Record<string, unknown>): string {
  if (typeof body._id === 'string' && body._id !== '') return body._id;
  const part = (value: unknown) => (value === undefined || value === null ? '' : String(value));
  return `${part(body.topic)}|${part(body.resource)}|${part(body.sent)}`;
}

/** The body a missed feed stands for: what was actually POSTed (`request.data`) when it is known, so it dedupes with the pushed copy. */
export function missedFeedNotification(feed: MissedFeed): Record<string, unknown> {
  const posted = postedData(feed);
  if (posted) return posted.body;
  const { request: _request, response: _response, ...notification } = feed;
  return notification;
}

/** A missed feed as the feed's `add` takes it: the POSTed text as `raw` and the marketplace's attempt count. */
export function missedFeedIncoming(feed: MissedFeed, receivedAt?: Date): IncomingNotification {
  const posted = postedData(feed);
  const body = posted?.body ?? missedFeedNotification(feed);
  return {
    body,
    raw: posted?.raw ?? JSON.stringify(body),
    source: 'pulled',
    ...(receivedAt ? { receivedAt } : {}),
    ...(typeof feed.attempts === 'number' ? { attempts: feed.attempts } : {}),
  };
}

/** `request.data` as an object: real answers hold it as JSON text, the sandbox as an object (empty before a delivery). */
function postedData(feed: MissedFeed): { body: Record<string, unknown>; raw?: string } | undefined {
  const data = feed.request?.data;
  if (typeof data === 'string') {
    try {
      const parsed: unknown = JSON.parse(data);
      if (isObject(parsed) && Object.keys(parsed).length > 0) return { body: parsed, raw: data };
    } catch {
      return undefined;
    }
    return undefined;
  }
  return isObject(data) && Object.keys(data).length > 0 ? { body: data } : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function reportedAttempts(value: unknown): number {
  const number = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : 0;
}

type MergeOutcome = { added: boolean; entry: FeedEntry };

const time = (iso: string) => {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? 0 : ms;
};

/**
 * The feed file. Operations run one after another and a burst of `add` calls (a retry storm) is one read and one
 * write, so each distinct notification is stored exactly once however many arrive together.
 */
export class NotificationFeed {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly limit: number;
  private readonly listeners = new Set<() => void>();
  /** Calls to `add` not written yet; the first queued write takes all of them (see HistoryStore). */
  private batch: { calls: IncomingNotification[][]; written?: Promise<MergeOutcome[][]> } = { calls: [] };
  /** The file, read again only when another window changed it. */
  private readonly file: EntriesFile<FeedEntry>;

  constructor(
    readonly filePath: string,
    private readonly options: FeedOptions = {},
  ) {
    this.limit = options.limit ?? FEED_LIMIT;
    this.file = new EntriesFile(filePath, isEntry);
  }

  /** Stores new notifications and counts repeated ones; `added` and `repeated` are copies as they stand after this call. */
  async add(incoming: IncomingNotification[]): Promise<{ added: FeedEntry[]; repeated: FeedEntry[] }> {
    if (incoming.length === 0) return { added: [], repeated: [] };
    const batch = this.batch;
    const index = batch.calls.push(incoming) - 1;
    batch.written ??= this.serial(async () => {
      if (this.batch === batch) this.batch = { calls: [] };
      const entries = await this.read();
      const byKey = new Map(entries.map((entry) => [entry.key, entry]));
      const outcomes = batch.calls.map((call) => call.map((item) => this.merge(byKey, entries, item)));
      await this.write(this.bounded(entries));
      return outcomes;
    });
    const outcomes = (await batch.written)[index] ?? [];
    const result = { added: [] as FeedEntry[], repeated: [] as FeedEntry[] };
    for (const outcome of outcomes) (outcome.added ? result.added : result.repeated).push(outcome.entry);
    return result;
  }

  /** Every entry, newest first. */
  list(): Promise<FeedEntry[]> {
    return this.serial(async () => this.bounded(await this.read()).reverse());
  }

  get(key: string): Promise<FeedEntry | undefined> {
    return this.serial(async () => (await this.read()).find((entry) => entry.key === key));
  }

  /** Records where an entry was forwarded and what came back; nothing when the entry is gone. */
  setForward(key: string, result: ForwardResult): Promise<void> {
    this.batch = { calls: [] };
    return this.serial(async () => {
      const entries = await this.read();
      const entry = entries.find((candidate) => candidate.key === key);
      if (!entry) return;
      entry.forward = result;
      await this.write(entries);
    });
  }

  clear(): Promise<void> {
    this.batch = { calls: [] };
    return this.serial(async () => {
      await this.file.remove();
      this.changed();
    });
  }

  /** Called after each write (a burst is one call), so a view refreshes once per burst. */
  onDidChange(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  private merge(byKey: Map<string, FeedEntry>, entries: FeedEntry[], item: IncomingNotification): MergeOutcome {
    const at = (item.receivedAt ?? this.options.now?.() ?? new Date()).toISOString();
    const reported = Math.max(reportedAttempts(item.body.attempts), reportedAttempts(item.attempts));
    const key = notificationKey(item.body);
    const existing = byKey.get(key);
    if (existing) {
      existing.deliveries += 1;
      existing.attempts = Math.max(existing.attempts, existing.deliveries, reported);
      if (time(at) > time(existing.lastReceivedAt)) existing.lastReceivedAt = at;
      return { added: false, entry: { ...existing } };
    }
    const body = item.body;
    const entry: FeedEntry = {
      key,
      topic: String(body.topic ?? 'unknown'),
      resource: String(body.resource ?? ''),
      ...(body.user_id !== undefined && body.user_id !== null ? { userId: String(body.user_id) } : {}),
      ...(body.sent !== undefined && body.sent !== null ? { sent: String(body.sent) } : {}),
      body,
      raw: item.raw ?? JSON.stringify(body),
      firstReceivedAt: at,
      lastReceivedAt: at,
      deliveries: 1,
      attempts: Math.max(1, reported),
      source: item.source,
    };
    byKey.set(key, entry);
    entries.push(entry);
    return { added: true, entry: { ...entry } };
  }

  /** Oldest first by first reception (insertion order among equals), the newest `limit` kept. */
  private bounded(entries: FeedEntry[]): FeedEntry[] {
    const ordered = entries
      .map((entry, index) => ({ entry, index, at: time(entry.firstReceivedAt) }))
      .sort((a, b) => a.at - b.at || a.index - b.index)
      .map(({ entry }) => entry);
    return ordered.slice(-this.limit);
  }

  private serial<T>(run: () => Promise<T>): Promise<T> {
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private changed(): void {
    for (const listener of [...this.listeners]) {
      try {
        listener();
      } catch {
        // A listener's failure is its own; the feed is written.
      }
    }
  }

  /** The stored entries, oldest first, as fresh objects; a missing or unreadable file is an empty feed. */
  private async read(): Promise<FeedEntry[]> {
    // Copies: merging changes entries in place, and the cache must stay what the file holds until the write.
    return (await this.file.read()).map((entry) => ({ ...entry }));
  }

  private async write(entries: FeedEntry[]): Promise<void> {
    await this.file.write(entries.map((entry) => ({ ...entry })));
    this.changed();
  }
}

function isEntry(value: unknown): value is FeedEntry {
  return isObject(value) && typeof value.key === 'string' && isObject(value.body) && typeof value.raw === 'string';
}
