import type { SandboxState } from './state';
import type { SandboxUser } from './users/state';

/** A change worth a push notification; the notifier adds ids, timestamps and delivery. */
export interface NotificationEvent {
  topic: 'created_orders' | 'orders' | 'orders_v2' | 'items' | 'items_prices' | 'payments' | 'shipments';
  /** Path of the created or updated element, e.g. `/orders/2000001234`. */
  resource: string;
  user_id: number;
}

/** What a route handler can use: the state, the sandbox clock, id counters and notifications. */
export interface Sandbox {
  readonly state: SandboxState;
  /** The sandbox's current time (real time plus the admin offset). */
  now(): Date;
  /** `now()` as ISO 8601 with a zone offset like the API writes (`2024-05-01T10:00:00.000-04:00`). */
  nowIso(): string;
  /** Next value of a counter (`item`, `order`, `note`…), starting after `start`. */
  nextId(kind: string, start: number): number;
  /** Queues a push notification for delivery to the configured callback. */
  notify(event: NotificationEvent): void;
  userById(id: number): SandboxUser | undefined;
  /** A user's start token as this start issued it (derived from a secret the state never holds); undefined if replaced. */
  startToken(userId: number): string | undefined;
}

/** Formats a date as the API does: ISO 8601 with milliseconds and the -04:00 offset of the seeded sites. */
export function apiTimestamp(date: Date): string {
  const ms = date.getTime() - 4 * 3600_000;
  // Years 1970 to 9999 (every date the sandbox writes) take the fast path: the day's text is cached, the time of day
  // is arithmetic. Generated records at --scale write a dozen timestamps each, so toISOString showed in profiles.
  if (!(ms >= 0 && ms < LAST_FAST_MS)) return `${new Date(ms).toISOString().slice(0, 23)}-04:00`;
  const day = Math.floor(ms / DAY_MS);
  let prefix = DAY_PREFIXES.get(day);
  if (prefix === undefined) {
    prefix = new Date(day * DAY_MS).toISOString().slice(0, 11);
    if (DAY_PREFIXES.size >= 20_000) DAY_PREFIXES.clear();
    DAY_PREFIXES.set(day, prefix);
  }
  const time = ms - day * DAY_MS;
  const hours = Math.floor(time / 3600_000);
  const minutes = Math.floor(time / 60_000) % 60;
  const seconds = Math.floor(time / 1000) % 60;
  return `${prefix}${two(hours)}:${two(minutes)}:${two(seconds)}.${String(time % 1000).padStart(3, '0')}-04:00`;
}

const DAY_MS = 86_400_000;
/** 10000-01-01T00:00:00Z: from there on toISOString writes a six-digit year. */
const LAST_FAST_MS = 253_402_300_800_000;
/** `2025-03-02T` by day number since 1970. */
const DAY_PREFIXES = new Map<number, string>();
const two = (value: number) => (value < 10 ? `0${value}` : String(value));
