// How the Notifications view words a feed entry (labels, descriptions, groups), without VS Code, so it is unit-tested.
// Words go through @vscode/l10n (the display language's bundle in the editor); counts and relative times follow the
// display locale through Intl. Topics and resources are the API's and stay as sent.
import * as l10n from '@vscode/l10n';
import { formatNumber } from '../../model/numberFormat';
import type { FeedEntry } from './feed';

/** The topics in the order the view lists them (the spec's, then payments and shipments); others follow by name. */
export const TOPIC_ORDER = ['created_orders', 'orders', 'orders_v2', 'items', 'items_prices', 'payments', 'shipments'];

/**
 * What a topic means, in the spec's words, for the topics of the spec; undefined for any other (`constructor`,
 * `__proto__` included: a topic is any text, matched only against these cases).
 */
export function topicMeaning(topic: string): string | undefined {
  switch (topic) {
    case 'created_orders':
      return l10n.t('an order was created in payment_required (the only topic sent then)');
    case 'orders':
      return l10n.t('an order changed after it was paid, or was tagged fraud_risk_detected');
    case 'orders_v2':
      return l10n.t('the reservation order itself (subscription option)');
    case 'items':
      return l10n.t('a listing changed (not its price)');
    case 'items_prices':
      return l10n.t('a listing’s price changed');
    case 'payments':
      return l10n.t('a payment of an order');
    case 'shipments':
      return l10n.t('a shipment of an order');
    default:
      return undefined;
  }
}

/** The codicon of a topic's group. */
export function topicIcon(topic: string): string {
  if (topic.startsWith('orders') || topic === 'created_orders') return 'package';
  if (topic === 'items_prices') return 'tag';
  if (topic.startsWith('items')) return 'list-unordered';
  if (topic === 'payments') return 'credit-card';
  if (topic === 'shipments') return 'rocket';
  return 'bell';
}

/** Reads the timestamps real notifications carry (nanoseconds, a space before the zone) as a Date, or undefined. */
export function parseTimestamp(value: unknown): Date | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  if (typeof value === 'number') return Number.isNaN(new Date(value).getTime()) ? undefined : new Date(value);
  const tidy = value
    .trim()
    .replace(/(\.\d{3})\d+/, '$1')
    .replace(/\s+(Z|[+-]\d{2}:?\d{2})$/i, '$1');
  const time = Date.parse(tidy);
  return Number.isNaN(time) ? undefined : new Date(time);
}

/**
 * "just now", "3 min ago", "2 h ago", "4 days ago": a feed is read by how recent each row is. In English the view's
 * own compact words; in any other display language `Intl.RelativeTimeFormat` ("hace 3 min", "há 2 h", "hace 4 días").
 * The unit and count are the same in every language, so the words change at the same moments (`nextRelativeChange`).
 */
export function relativeTime(value: unknown, now: Date, locale = 'en-US'): string | undefined {
  const at = parseTimestamp(value);
  if (!at) return undefined;
  const seconds = Math.round((now.getTime() - at.getTime()) / 1000);
  if ((seconds < 0 && seconds > -60) || (seconds >= 0 && seconds < 45)) return justNow(locale);
  const { count, unit } = span(Math.abs(seconds));
  const signed = seconds < 0 ? count : -count;
  if (/^en\b/i.test(locale)) return englishSpan(signed, unit);
  // Minutes and hours short ("hace 3 min", "há 2 h"), days in full ("hace 4 días"), as the English words do.
  const style = unit === 'day' ? 'long' : 'short';
  return new Intl.RelativeTimeFormat(locale, { numeric: 'always', style }).format(signed, unit);
}

/** "just now": the English view's words, else the locale's own word for now ("ahora", "agora"). */
function justNow(locale: string): string {
  if (/^en\b/i.test(locale)) return 'just now';
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(0, 'second');
}

/** The unit and whole count a span of seconds is told in: minutes below an hour, hours below a day, then days. */
function span(seconds: number): { count: number; unit: 'minute' | 'hour' | 'day' } {
  if (seconds < 3600) return { count: Math.max(1, Math.round(seconds / 60)), unit: 'minute' };
  if (seconds < 86_400) return { count: Math.round(seconds / 3600), unit: 'hour' };
  return { count: Math.round(seconds / 86_400), unit: 'day' };
}

/** The English view's compact words: "3 min ago", "in 2 h", "1 day ago" (Intl's English would say "3 min. ago"). */
function englishSpan(signed: number, unit: 'minute' | 'hour' | 'day'): string {
  const count = Math.abs(signed);
  const amount =
    unit === 'minute' ? `${count} min` : unit === 'hour' ? `${count} h` : `${count} ${count === 1 ? 'day' : 'days'}`;
  return signed > 0 ? `in ${amount}` : `${amount} ago`;
}

/**
 * When the words `relativeTime` gives for `value` next change after `now`, to the millisecond (undefined: not a
 * time). The words depend only on the elapsed whole seconds s = round(elapsed / 1000), so the next change is the
 * first s' > s whose words differ, reached at elapsed = (s' - 0.5) s.
 */
export function nextRelativeChange(value: unknown, now: Date): Date | undefined {
  const at = parseTimestamp(value);
  if (!at) return undefined;
  const seconds = Math.round((now.getTime() - at.getTime()) / 1000);
  return new Date(at.getTime() + nextWordsChange(seconds) * 1000 - 500);
}

/** The first whole second after `seconds` (elapsed, negative ahead) at which `relativeTime`'s words differ. */
function nextWordsChange(seconds: number): number {
  // "just now" from a minute ahead to 44 s after.
  if (seconds >= -59 && seconds < 45) return 45;
  if (seconds >= 45) {
    // Each unit's count goes up at its half; then the next unit starts.
    if (seconds < 3600) return Math.min(60 * Math.max(1, Math.round(seconds / 60)) + 30, 3600);
    if (seconds < 86_400) return Math.min(3600 * Math.round(seconds / 3600) + 1800, 86_400);
    return 86_400 * Math.round(seconds / 86_400) + 43_200;
  }
  // Ahead ("in 5 min"): each count goes down below its half; then the smaller unit, and "just now" at 59 s.
  const ahead = -seconds;
  if (ahead < 3600) return Math.min(31 - 60 * Math.max(1, Math.round(ahead / 60)), -59);
  if (ahead < 86_400) return Math.min(1801 - 3600 * Math.round(ahead / 3600), -3599);
  return Math.min(43_201 - 86_400 * Math.round(ahead / 86_400), -86_399);
}

/** The time a row is sent at (the body's when the entry has none), as `entryDescription` words it. */
function sentOf(entry: FeedEntry): unknown {
  return entry.sent ?? entry.body.sent;
}

/** When a row's description next changes by the passing of time alone (the first of its two times to change). */
export function entryNextChange(entry: FeedEntry, now: Date): Date | undefined {
  const times = [nextRelativeChange(sentOf(entry), now), nextRelativeChange(entry.firstReceivedAt, now)];
  const ahead = times.filter((time): time is Date => time !== undefined).map((time) => time.getTime());
  return ahead.length ? new Date(Math.min(...ahead)) : undefined;
}

/** The row's description: attempts, sent and received times, where it came from and how forwarding went. */
export function entryDescription(entry: FeedEntry, now: Date, locale = 'en-US'): string {
  const attempts = formatNumber(entry.attempts, locale);
  const parts = [entry.attempts === 1 ? l10n.t('{0} attempt', attempts) : l10n.t('{0} attempts', attempts)];
  const sent = relativeTime(sentOf(entry), now, locale);
  if (sent) parts.push(l10n.t('sent {0}', sent));
  const received = relativeTime(entry.firstReceivedAt, now, locale);
  if (entry.source === 'pulled') parts.push(received ? l10n.t('pulled {0}', received) : l10n.t('pulled'));
  else parts.push(received ? l10n.t('received {0}', received) : l10n.t('received'));
  if (entry.forward) parts.push(forwardText(entry.forward, locale));
  return parts.join(' · ');
}

/** "→ 200 in 12 ms", "→ no answer (connection refused)". */
export function forwardText(forward: NonNullable<FeedEntry['forward']>, locale = 'en-US'): string {
  if (forward.status === null) {
    return forward.error ? l10n.t('→ no answer ({0})', forward.error) : l10n.t('→ no answer');
  }
  return l10n.t('→ {0} in {1} ms', forward.status, formatNumber(Math.round(forward.ms), locale));
}

/** Whether the last forward failed (no answer or an error status). */
export function forwardFailed(forward: FeedEntry['forward']): boolean {
  return forward !== undefined && (forward.status === null || forward.status >= 400);
}

/** Entries by topic, in the view's topic order; each group keeps the feed's order (newest first). */
export function groupByTopic(entries: readonly FeedEntry[]): { topic: string; entries: FeedEntry[] }[] {
  const groups = new Map<string, FeedEntry[]>();
  for (const entry of entries) {
    const list = groups.get(entry.topic) ?? [];
    list.push(entry);
    groups.set(entry.topic, list);
  }
  const rank = (topic: string) => {
    const index = TOPIC_ORDER.indexOf(topic);
    return index === -1 ? TOPIC_ORDER.length : index;
  };
  return [...groups.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([topic, list]) => ({ topic, entries: list }));
}

/** The explorer resource a notification points to (`/orders/123` → order 123), when it is one the explorer shows. */
export function notificationTarget(resource: string): { kind: 'item' | 'order'; id: string } | undefined {
  const order = /^\/orders\/(\d+)(?:[/?]|$)/.exec(resource);
  if (order?.[1]) return { kind: 'order', id: order[1] };
  const item = /^\/items\/([A-Z]{3}\d+)(?:[/?]|$)/i.exec(resource);
  if (item?.[1]) return { kind: 'item', id: item[1].toUpperCase() };
  return undefined;
}

/**
 * The title of a notification's document: its topic and the id it names ("orders_v2 · 2000000123 (notification)"),
 * one path segment whatever the notification holds.
 */
export function notificationTitle(entry: Pick<FeedEntry, 'topic' | 'resource'>): string {
  const title = l10n.t('{0} · {1} (notification)', pathSafe(entry.topic), resourceName(entry.resource));
  // The translation's own words stay one segment too.
  return title.replace(/[/\\]+/g, '_');
}

/** What a resource path names: the explorer's id, else its last id-like segment (`/…/shipments/42/assignment/v1` → 42). */
function resourceName(resource: string): string {
  const target = notificationTarget(resource);
  if (target) return target.id;
  const segments = resource
    .replace(/[?#].*$/, '')
    .split('/')
    .filter((segment) => segment && !/^v\d+$/i.test(segment));
  const named = segments.findLast((segment) => /\d/.test(segment)) ?? segments.at(-1);
  return named ? pathSafe(named) : l10n.t('no resource');
}

/** Text as one short segment of a document path: no slashes or other separators, at most 40 characters. */
function pathSafe(text: string): string {
  const safe = text.replace(/[^\p{L}\p{N}._-]+/gu, '_') || '_';
  return safe.length > 40 ? `${safe.slice(0, 39)}…` : safe;
}
