// Request history of one environment, without VS Code: a bounded JSON file (the caller passes
// `globalStorageUri/history/<environment>.json`) shared by every window, changed under a lock between them and
// written durably (see EntriesFile). Entries are built from the client's `ExchangeRecord` and scrubbed again
// (model/scrub, as Copy as curl), so no secret is ever stored; entries read back are shape-checked
// (historyEntryShape.ts).
import { randomUUID } from 'node:crypto';
import type { ExchangeRecord, HttpMethod } from '../../api/client';
import { scrubExchange } from '../../api/exchangeRecord';
import { cutJsonDepth } from '../../model/jsonDepth';
import { scrubUrl } from '../../model/scrub';
import { EntriesFile, type EntriesFileOptions } from '../../platform/storage/entriesFile';
import { historyEntryProblem, isHistoryEntry } from './historyEntryShape';

/** Requests that change something (POST, PUT, DELETE) kept per environment; the oldest are dropped. */
export const HISTORY_LIMIT = 200;
/**
 * Reads kept per environment, apart from the changes: the GETs a panel records (a quote, a campaign's metrics). They
 * have their own bound, so a session of reads never pushes a change out of the history.
 */
export const READS_LIMIT = 50;
/** Characters of a response body kept (as JSON text); a longer body is stored cut, as text. */
export const RESPONSE_BODY_LIMIT = 64 * 1024;

export interface HistoryEntry {
  id: string;
  /** ISO time the exchange ended. */
  time: string;
  method: HttpMethod;
  baseUrl: string;
  /** Path and query, without secret parameters. */
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
  /** Changes kept (HISTORY_LIMIT). */
  limit?: number;
  /** Reads kept (READS_LIMIT). */
  readsLimit?: number;
  responseBodyLimit?: number;
  /** The clock (tests). */
  now?: () => Date;
  /** The lock between windows (tests shorten its waits). */
  lock?: EntriesFileOptions<HistoryEntry>['lock'];
}

/**
 * Builds a stored entry from an exchange: secrets scrubbed, the response body bounded in length, both bodies in depth
 * (past MAX_JSON_DEPTH a part is replaced by a note saying so).
 */
export function historyEntry(exchange: ExchangeRecord, options: HistoryOptions = {}): HistoryEntry {
  const limit = options.responseBodyLimit ?? RESPONSE_BODY_LIMIT;
  const record = scrubExchange({
    ...exchange,
    requestBody: cutJsonDepth(exchange.requestBody),
    responseBody: cutJsonDepth(exchange.responseBody),
  });
  const body = record.responseBody;
  const text = body === undefined ? '' : JSON.stringify(body);
  const truncated = text.length > limit;
  return {
    id: randomUUID(),
    time: (options.now?.() ?? new Date()).toISOString(),
    method: record.method,
    baseUrl: record.baseUrl,
    path: record.path,
    requestBody: record.requestBody,
    status: record.status,
    durationMs: Math.round(record.durationMs),
    responseHeaders: record.responseHeaders,
    responseBody: truncated ? text.slice(0, limit) : body,
    truncated,
    sizeBytes: record.sizeBytes,
  };
}

/** Whether an entry only read something (a panel's GET): the history keeps those apart and shows them on request. */
export function isRead(entry: Pick<HistoryEntry, 'method'>): boolean {
  return entry.method === 'GET';
}

/**
 * What the Request History shows of the entries (in their order): by default the requests that changed something, as
 * its welcome promises; with `showReads`, the panels' reads too. `hiddenReads` counts the reads left out.
 */
export function shownHistory(
  entries: readonly HistoryEntry[],
  showReads: boolean,
): { shown: HistoryEntry[]; hiddenReads: number } {
  if (showReads) return { shown: [...entries], hiddenReads: 0 };
  const shown = entries.filter((entry) => !isRead(entry));
  return { shown, hiddenReads: entries.length - shown.length };
}

/**
 * The newest `changes` changes and newest `reads` reads of `entries` (oldest first), in their order: one pass from the
 * newest back, so reads never take a change's place.
 */
function bounded(entries: readonly HistoryEntry[], changes: number, reads: number): HistoryEntry[] {
  const kept: HistoryEntry[] = [];
  let changesLeft = changes;
  let readsLeft = reads;
  for (let index = entries.length - 1; index >= 0; index--) {
    const entry = entries[index] as HistoryEntry;
    if (isRead(entry) ? readsLeft-- > 0 : changesLeft-- > 0) kept.push(entry);
  }
  return kept.reverse();
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
 * delete), newest entries first in `list`; each change is a read-modify-write under the file's lock, so another
 * window's appends are kept too.
 */
export class HistoryStore {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly limit: number;
  private readonly readsLimit: number;
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
    this.readsLimit = options.readsLimit ?? READS_LIMIT;
    this.file = new EntriesFile<HistoryEntry>(filePath, { isEntry: isHistoryEntry, lock: options.lock });
  }

  /**
   * Records an exchange; resolves with the stored entry once it is on disk. An exchange that cannot be kept (its
   * entry would not read back) rejects alone: it never joins a batch, so it never takes other appends down with it.
   */
  append(record: ExchangeRecord): Promise<HistoryEntry> {
    let entry: HistoryEntry;
    try {
      entry = historyEntry(record, this.options);
    } catch (failure) {
      return Promise.reject(unkept(record, failure instanceof Error ? failure.message : 'it cannot be read'));
    }
    const problem = historyEntryProblem(entry);
    if (problem) return Promise.reject(unkept(record, problem));
    const batch = this.batch;
    batch.entries.push(entry);
    batch.written ??= this.serial(async () => {
      // From here on, appends go to the next batch and its own write.
      if (this.batch === batch) this.batch = { entries: [] };
      await this.file.update((entries) => ({
        entries: bounded([...entries, ...batch.entries], this.limit, this.readsLimit),
        result: undefined,
      }));
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
    return this.serial(() =>
      this.file.update((entries) => {
        const kept = entries.filter((entry) => entry.id !== id);
        return kept.length === entries.length ? { result: false } : { entries: kept, result: true };
      }),
    );
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
}

/** Why a request was not recorded: only the output channel says it (`RequestHistory.remember`), in English. */
function unkept(record: ExchangeRecord, why: string): Error {
  // l10n: not translated (an output-channel line)
  return new Error(`${record.method} ${scrubUrl(record.path)} is not kept in the history: ${why}.`);
}
