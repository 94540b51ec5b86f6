// The shape a request history entry must have to be shown, opened, copied as curl or replayed. A history file is
// read from disk, where another window, an older version or a hand (or a hostile program) may have written it: an
// entry that is not of this shape is dropped on reading, never handed to the view or to a replay.
import { nestedDeeperThan, STORED_DEPTH_LIMIT } from '../../platform/storage/jsonDepth';
import type { HistoryEntry } from './history';

const METHODS: ReadonlySet<unknown> = new Set(['GET', 'POST', 'PUT', 'DELETE']);

/** Why a value is not a history entry; undefined when it is one. */
export function historyEntryProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not an object';
  const field = (name: keyof HistoryEntry): unknown =>
    Object.hasOwn(value, name) ? (value as Record<string, unknown>)[name] : undefined;
  const id = field('id');
  if (typeof id !== 'string' || id === '') return 'no id';
  const time = field('time');
  if (typeof time !== 'string' || Number.isNaN(Date.parse(time))) return 'no time';
  if (!METHODS.has(field('method'))) return 'no method of the API';
  if (typeof field('baseUrl') !== 'string') return 'no base URL';
  const path = field('path');
  // The client sends only paths relative to the base URL; `//host/...` would name another host.
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//')) return 'no path';
  const status = field('status');
  if (!Number.isInteger(status) || (status as number) < 0 || (status as number) > 999) return 'no status';
  if (!isCount(field('durationMs'))) return 'no duration';
  if (!isCount(field('sizeBytes'))) return 'no size';
  if (typeof field('truncated') !== 'boolean') return 'no truncation flag';
  const headers = field('responseHeaders');
  if (typeof headers !== 'object' || headers === null || Array.isArray(headers)) return 'no response headers';
  if (!Object.values(headers).every((header) => typeof header === 'string')) return 'a response header is not text';
  return bodiesProblem(field('requestBody'), field('responseBody'));
}

/** Why an exchange's bodies cannot be kept (nested too deep for JSON text); checked before an entry is built too. */
export function bodiesProblem(requestBody: unknown, responseBody: unknown): string | undefined {
  if (nestedDeeperThan(requestBody, STORED_DEPTH_LIMIT))
    return `its request body nests deeper than ${STORED_DEPTH_LIMIT} levels`;
  if (nestedDeeperThan(responseBody, STORED_DEPTH_LIMIT))
    return `its response body nests deeper than ${STORED_DEPTH_LIMIT} levels`;
  return undefined;
}

export function isHistoryEntry(value: unknown): value is HistoryEntry {
  return historyEntryProblem(value) === undefined;
}

function isCount(value: unknown): boolean {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}
