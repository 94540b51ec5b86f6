// The notification feed of one application, without VS Code: a bounded JSON file (the caller passes a path under
// globalStorageUri) shared by every window, changed under a lock between them and written durably, like the request
// history (see EntriesFile). Bodies are kept as they came, untidy fields and all: the feed is a record of what the
// marketplace sent, not a cleaned-up copy. Each notification is judged alone: one with fields of the wrong kind is
// stored with its problems named and a log line, one that cannot be stored is dropped with a log line, and neither
// takes down the others that arrived with it.
import type { MissedFeed } from '../../model/notification';
import { EntriesFile, type EntriesFileOptions } from '../../platform/storage/entriesFile';
import { nestedDeeperThan, STORED_DEPTH_LIMIT } from '../../platform/storage/jsonDepth';
import { isFeedEntry } from './feedEntryShape';
import type { ForwardResult } from './forwarder';
import { jsonText, kindOf, notificationFields, ownField } from './notificationFields';

export { notificationKey } from './notificationFields';

/** Entries kept; the oldest (by first reception) are dropped. */
export const FEED_LIMIT = 1000;

export interface FeedEntry {
  key: string;
  topic: string;
  resource: string;
  /** `user_id` as text when the body has one (some topics send it as text). */
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
  /**
   * How many times the marketplace tried to POST it: what it reported (the body's or the missed feed's `attempts`),
   * and at least one per push received. A pull is not an attempt: one pulled before any delivery may say 0.
   */
  attempts: number;
  source: 'received' | 'pulled';
  forward?: ForwardResult;
  /** What is wrong with it beyond the untidiness of real notifications (a `topic` that is not text…). */
  problems?: string[];
}

export interface IncomingNotification {
  body: Record<string, unknown>;
  /** The exact text; the body's JSON when absent. */
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
  /** Where a notification stored as malformed, or dropped, is told. */
  log?: (line: string) => void;
  /** The lock between windows (tests shorten its waits). */
  lock?: EntriesFileOptions<FeedEntry>['lock'];
}

/** What one `add` did: each notification added, repeated (counted on its entry), or dropped (with the reason). */
export interface AddOutcome {
  added: FeedEntry[];
  repeated: FeedEntry[];
  dropped: string[];
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
  // A body too deep for JSON text goes without: the feed judges it (and drops it, having no text to keep).
  const raw = posted?.raw ?? jsonText(body);
  return {
    body,
    ...(raw !== undefined ? { raw } : {}),
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

type MergeOutcome = { added: true; entry: FeedEntry } | { added: false; entry: FeedEntry } | { dropped: string };

/** A notification as it will be stored, or why it cannot be. */
interface Judged {
  body: Record<string, unknown>;
  raw: string;
  fields: ReturnType<typeof notificationFields>;
  /** The `attempts` the body reports (0 without one). */
  attempts: number;
}

const time = (iso: string) => {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? 0 : ms;
};

/**
 * The feed file. Operations run one after another and a burst of `add` calls (a retry storm) is one read and one
 * write, so each distinct notification is stored exactly once however many arrive together; each write is a
 * read-modify-write under the file's lock, so another window's notifications are kept too.
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
    this.file = new EntriesFile(filePath, { isEntry: isFeedEntry, lock: options.lock });
  }

  /**
   * Stores new notifications and counts repeated ones, resolving once they are on disk; `added` and `repeated` are
   * copies as they stand after this call, `dropped` says why a notification could not be stored at all.
   */
  async add(incoming: IncomingNotification[]): Promise<AddOutcome> {
    const result: AddOutcome = { added: [], repeated: [], dropped: [] };
    if (incoming.length === 0) return result;
    const batch = this.batch;
    const index = batch.calls.push(incoming) - 1;
    batch.written ??= this.serial(async () => {
      if (this.batch === batch) this.batch = { calls: [] };
      const outcomes = await this.file.update((stored) => {
        // Copies: merging changes entries in place, and the cache must stay what the file holds until the write.
        const entries = stored.map((entry) => ({ ...entry }));
        const byKey = new Map(entries.map((entry) => [entry.key, entry]));
        const merged = batch.calls.map((call) => call.map((item) => this.merge(byKey, entries, item)));
        return { entries: this.bounded(entries), result: merged };
      });
      this.changed();
      return outcomes;
    });
    const outcomes = (await batch.written)[index] ?? [];
    for (const outcome of outcomes) {
      if ('dropped' in outcome) result.dropped.push(outcome.dropped);
      else (outcome.added ? result.added : result.repeated).push(outcome.entry);
    }
    return result;
  }

  /** Every entry, newest first. */
  list(): Promise<FeedEntry[]> {
    return this.serial(async () => this.bounded(await this.file.read()).reverse());
  }

  get(key: string): Promise<FeedEntry | undefined> {
    return this.serial(async () => (await this.file.read()).find((entry) => entry.key === key));
  }

  /** Records where an entry was forwarded and what came back; nothing when the entry is gone. */
  setForward(key: string, result: ForwardResult): Promise<void> {
    this.batch = { calls: [] };
    return this.serial(async () => {
      const written = await this.file.update((stored) => {
        const at = stored.findIndex((candidate) => candidate.key === key);
        if (at === -1) return { result: false };
        const entries = [...stored];
        entries[at] = { ...(stored[at] as FeedEntry), forward: result };
        return { entries, result: true };
      });
      if (written) this.changed();
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

  /** Merges one notification; whatever it holds, the others of its batch are merged as if it had not come. */
  private merge(byKey: Map<string, FeedEntry>, entries: FeedEntry[], item: IncomingNotification): MergeOutcome {
    let judged: Judged | { dropped: string };
    try {
      judged = judge(item);
    } catch (failure) {
      judged = { dropped: `it could not be read (${failure instanceof Error ? failure.name : kindOf(failure)})` };
    }
    if ('dropped' in judged) {
      this.log(`A notification was dropped: ${judged.dropped}.`);
      return judged;
    }
    const { body, raw, fields } = judged;
    const received = item.receivedAt ?? this.options.now?.() ?? new Date();
    const at = (Number.isNaN(received.getTime()) ? new Date() : received).toISOString();
    const reported = Math.max(judged.attempts, reportedAttempts(item.attempts));
    const existing = byKey.get(fields.key);
    const pushed = item.source !== 'pulled';
    if (existing) {
      existing.deliveries += 1;
      // A push that does not say which attempt it is counts as one more (retries can arrive out of order: a body's
      // own count is trusted over counting).
      existing.attempts = pushed && reported === 0 ? existing.attempts + 1 : Math.max(existing.attempts, reported);
      if (time(at) > time(existing.lastReceivedAt)) existing.lastReceivedAt = at;
      return { added: false, entry: { ...existing } };
    }
    const { key, topic, resource, userId, sent, problems } = fields;
    const entry: FeedEntry = {
      key,
      topic,
      resource,
      ...(userId !== undefined ? { userId } : {}),
      ...(sent !== undefined ? { sent } : {}),
      body,
      raw,
      firstReceivedAt: at,
      lastReceivedAt: at,
      deliveries: 1,
      attempts: pushed ? Math.max(1, reported) : reported,
      source: item.source === 'pulled' ? 'pulled' : 'received',
      ...(problems.length ? { problems } : {}),
    };
    if (problems.length) this.log(`A notification was stored as malformed (${clip(key)}): ${problems.join('; ')}.`);
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

  private log(line: string): void {
    try {
      this.options.log?.(line);
    } catch {
      // Logging must never take a batch down.
    }
  }
}

/**
 * What of a notification can be stored. A body nested deeper than any entry may be (its JSON would overflow the
 * stack) keeps its exact text only, as a body of its own; without that text (a pulled one) it is dropped.
 */
function judge(item: IncomingNotification): Judged | { dropped: string } {
  const given = item.body as unknown;
  if (!isObject(given)) return { dropped: `its body is ${kindOf(given)}, not a JSON object` };
  const fields = notificationFields(given);
  const attempts = reportedAttempts(ownField(given, 'attempts'));
  const text = typeof item.raw === 'string' ? item.raw : undefined;
  if (nestedDeeperThan(given, STORED_DEPTH_LIMIT)) {
    if (text === undefined) return { dropped: `its body nests deeper than ${STORED_DEPTH_LIMIT} levels` };
    fields.problems.push(`its body nests deeper than ${STORED_DEPTH_LIMIT} levels: only its text is kept`);
    return { body: {}, raw: text, fields, attempts };
  }
  const raw = text ?? jsonText(given);
  if (raw === undefined) return { dropped: 'its body has no JSON text' };
  return { body: given, raw, fields, attempts };
}

/** A key in a log line: short, whatever its length. */
function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}
