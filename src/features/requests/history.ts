// Request history of one environment, without VS Code: a bounded JSON file (the caller passes
// `globalStorageUri/history/<environment>.json`) written atomically (temporary file, then rename). Entries are built
// from the client's `ExchangeRecord` and scrubbed like Copy as curl, so no token is ever stored.
import { randomUUID } from 'node:crypto';
import type { ExchangeRecord, HttpMethod } from '../../api/client';
import { cutJsonDepth } from '../../model/jsonDepth';
import { EntriesFile } from '../storage/entriesFile';
import { scrubHeaders, scrubPath, scrubText, scrubValue } from './curl';

/** Entries kept per environment; the oldest are dropped. */
export const HISTORY_LIMIT = 200;
/** Characters of a response body kept (as JSON text); a longer body is stored cut, as text. */
export const RESPONSE_BODY_LIMIT = 64 * 1024;

export interface HistoryEntry {
  id: string;
  /** ISO time the exchange ended. */
  time: string;
  method: HttpMethod;
  baseUrl: string;
  /** Path and query, without `access_token`. */
  path: string;
  requestBody: unknown;
  status: number;
  durationMs: number;
  responseHeaders: Record<string, string>;
  /** The response body, or its first RESPONSE_BODY_LIMIT characters of JSON text when `truncated`. */
  responseBody: unknown;
  truncated: boolean;
  sizeBytes: number;
}

export interface HistoryOptions {
  limit?: number;
  responseBodyLimit?: number;
  /** The clock (tests). */
  now?: () => Date;
}

/**
 * Builds a stored entry from an exchange: secrets scrubbed, the response body bounded in length, both bodies in depth
 * (past MAX_JSON_DEPTH a part is replaced by a note saying so).
 */
export function historyEntry(record: ExchangeRecord, options: HistoryOptions = {}): HistoryEntry {
  const limit = options.responseBodyLimit ?? RESPONSE_BODY_LIMIT;
  const body = scrubValue(cutJsonDepth(record.responseBody));
  const text = body === undefined ? '' : JSON.stringify(body);
  const truncated = text.length > limit;
  return {
    id: randomUUID(),
    time: (options.now?.() ?? new Date()).toISOString(),
    method: record.method,
    baseUrl: scrubText(record.baseUrl),
    path: scrubPath(record.path),
    requestBody: scrubValue(cutJsonDepth(record.requestBody)),
    status: record.status,
    durationMs: Math.round(record.durationMs),
    responseHeaders: scrubHeaders(record.responseHeaders),
    responseBody: truncated ? text.slice(0, limit) : body,
    truncated,
    sizeBytes: record.sizeBytes,
  };
}

/** Characters of a request body the history view's tooltip shows. */
const PREVIEW_LENGTH = 600;

/**
 * The request body of an entry as the history view's tooltip shows it: pretty JSON, cut after PREVIEW_LENGTH
 * characters; undefined when the request had none. An entry is read from disk: however deep or wide its body, this
 * costs one walk of it and never throws.
 */
export function requestBodyPreview(entry: Pick<HistoryEntry, 'requestBody'>): string | undefined {
  if (entry.requestBody === undefined || entry.requestBody === null) return undefined;
  const body = JSON.stringify(cutJsonDepth(entry.requestBody), null, 2) ?? String(entry.requestBody);
  return body.length > PREVIEW_LENGTH ? `${body.slice(0, PREVIEW_LENGTH)}\n…` : body;
}

/**
 * The history file of one environment. Operations run one after another (an append never loses a concurrent
 * delete), newest entries first in `list`.
 */
export class HistoryStore {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly limit: number;
  /**
   * Entries appended but not written yet. The first queued write takes all of them, so a burst of exchanges (a bulk
   * run) costs a few reads and writes of the file, not one each. Delete and clear start a new batch, so an append
   * made after them is never written before them.
   */
  private batch: { entries: HistoryEntry[]; written?: Promise<void> } = { entries: [] };
  /** The file, read again only when another window changed it. */
  private readonly file: EntriesFile<HistoryEntry>;

  constructor(
    readonly filePath: string,
    private readonly options: HistoryOptions = {},
  ) {
    this.limit = options.limit ?? HISTORY_LIMIT;
    this.file = new EntriesFile<HistoryEntry>(filePath);
  }

  /** Records an exchange; returns the stored entry. */
  append(record: ExchangeRecord): Promise<HistoryEntry> {
    const entry = historyEntry(record, this.options);
    const batch = this.batch;
    batch.entries.push(entry);
    batch.written ??= this.serial(async () => {
      // From here on, appends go to the next batch and its own write.
      if (this.batch === batch) this.batch = { entries: [] };
      const entries = await this.read();
      entries.push(...batch.entries);
      await this.write(entries.slice(-this.limit));
    });
    return batch.written.then(() => entry);
  }

  /** Every entry, newest first. */
  list(): Promise<HistoryEntry[]> {
    return this.serial(async () => (await this.read()).reverse());
  }

  get(id: string): Promise<HistoryEntry | undefined> {
    return this.serial(async () => (await this.read()).find((entry) => entry.id === id));
  }

  /** Removes one entry; false when there was none with that id. */
  delete(id: string): Promise<boolean> {
    this.batch = { entries: [] };
    return this.serial(async () => {
      const entries = await this.read();
      const kept = entries.filter((entry) => entry.id !== id);
      if (kept.length === entries.length) return false;
      await this.write(kept);
      return true;
    });
  }

  clear(): Promise<void> {
    this.batch = { entries: [] };
    return this.serial(() => this.file.remove());
  }

  private serial<T>(run: () => Promise<T>): Promise<T> {
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** The stored entries, oldest first (a new array each time); a missing or unreadable file is an empty history. */
  private read(): Promise<HistoryEntry[]> {
    return this.file.read();
  }

  private write(entries: HistoryEntry[]): Promise<void> {
    return this.file.write(entries);
  }
}
