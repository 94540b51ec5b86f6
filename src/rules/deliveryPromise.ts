import * as l10n from '@vscode/l10n';
import type { DeliveryTimeType } from '../model/shipping';

// The delivery promise of a shipping option or a shipment in words, from `estimated_delivery_time` (spec, "Shipping
// option result"). Pure: no clock, no time zone. Dates are read as the API writes them: "2026-03-04T00:00:00-04:00"
// is 4 March whatever the machine's zone, because the promise is a calendar day of the site. The words go through
// `@vscode/l10n` (the editor's display language; English where it is not configured) and the day names through
// `Intl` when a locale other than English is given.

/** The fields of `estimated_delivery_time` read here; every one may be missing or null in real answers. */
export interface DeliveryTimeLike {
  type?: string | null;
  date?: string | null;
  shipping?: number | null;
  handling?: number | null;
  /** `hour` in every answer; the hours fields are read as hours. */
  unit?: string | null;
  offset?: { date?: string | null; shipping?: number | null } | null;
  time_frame?: { from?: string | number | null; to?: string | number | null } | null;
  pay_before?: string | null;
}

/** A calendar day as written by the API. */
export interface CalendarDay {
  /** `YYYY-MM-DD`. */
  iso: string;
  /** "Tuesday 4 March 2026". */
  long: string;
  /** "Tue 4 Mar". */
  short: string;
}

/**
 * When the promise falls, comparable between options: by the promised days when dates are given (handling known),
 * else by hours counted from dispatch (`shipping`, plus `handling` when known; the last one adds `offset.shipping`).
 */
export type PromiseSpan =
  | { basis: 'date'; first: string; last: string }
  | { basis: 'hours'; first: number; last: number; handlingKnown: boolean };

export interface DeliveryPromiseWords {
  /** The spec's `type`, or `other` for a type the spec does not list (or none). */
  kind: DeliveryTimeType | 'other';
  /** The `type` as the answer wrote it. */
  type: string | null;
  /** What the sentence gives: one date, a range of dates, business days, a range of them, or nothing. */
  form: 'date' | 'date_range' | 'days' | 'day_range' | 'none';
  /** The one-line promise a person reads. */
  text: string;
  /** Whether the seller's handling time is known (known types, or a number in `handling` for other types). */
  handlingKnown: boolean;
  /** The promised day, or the first and last of the range (only when dates are shown). */
  firstDay: CalendarDay | null;
  lastDay: CalendarDay | null;
  /** Business days of the promise (from dispatch when handling is unknown), when the words count days. */
  businessDays: { from: number; to: number } | null;
  /** The delivery slot, `HH:MM` or the text as written. */
  timeFrame: { from: string | null; to: string | null } | null;
  /** The payment cut-off: its time (`HH:MM`) and, when written, its day. */
  payBefore: { time: string; day: CalendarDay | null } | null;
  /** For comparing options (speed); undefined when the answer gives neither dates nor hours. */
  span: PromiseSpan | undefined;
  /**
   * Hours until delivery at the latest, from the hours alone even when dates are shown: `shipping` +
   * `offset.shipping` for frames, + `handling` when known; null without `shipping`.
   */
  latestHours: number | null;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const DATE = /^\s*(\d{4})-(\d{2})-(\d{2})/;
const TIME_IN_TIMESTAMP = /^\s*\d{4}-\d{2}-\d{2}[T ](\d{2}):(\d{2})/;
const CLOCK = /^\s*(\d{1,2})(?::(\d{2}))?(?::\d{2}(?:\.\d+)?)?\s*$/;

/** Day names by `Intl` in a display locale (`es`, `pt-BR`): "martes, 4 de marzo de 2026", "mar, 4 mar". */
function localDay(utc: Date, locale: string): { long: string; short: string } {
  const long = new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  const short = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' });
  return { long: long.format(utc), short: short.format(utc) };
}

/**
 * The calendar day written at the start of an API date ("2026-03-04T00:00:00.000-04:00" → 4 March 2026). Without a
 * locale (or with an English one) the names are the English ones of the API's examples ("Tuesday 4 March 2026");
 * with another (`es`, `pt-BR`) `Intl` writes them in that language.
 */
export function calendarDay(text: string | null | undefined, locale?: string): CalendarDay | null {
  const match = typeof text === 'string' ? DATE.exec(text) : null;
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  // Date.UTC only to find the weekday of a calendar day: no zone is involved.
  const utc = new Date(Date.UTC(year, month - 1, day));
  if (utc.getUTCFullYear() !== year || utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== day) return null;
  if (locale && !/^en\b/i.test(locale)) return { iso: match[0].trim(), ...localDay(utc, locale) };
  const weekday = WEEKDAYS[utc.getUTCDay()]!;
  const monthName = MONTHS[month - 1]!;
  return {
    iso: match[0].trim(),
    long: `${weekday} ${day} ${monthName} ${year}`,
    short: `${weekday.slice(0, 3)} ${day} ${monthName.slice(0, 3)}`,
  };
}

const pad = (value: number): string => String(value).padStart(2, '0');

/**
 * A time of day as `HH:MM`: hours as numbers (9 → 09:00, 13.5 → 13:30, the public lead-time schema), clock text
 * ("9:00", "09:00:00"), or the time written in a timestamp ("2026-03-04T09:00:00-04:00" → 09:00). Other text is
 * returned as written; null, undefined and blank text give null.
 */
export function clockText(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0 || value > 24) return String(value);
    const minutes = Math.round(value * 60);
    return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
  }
  const text = value.trim();
  if (text === '') return null;
  const stamp = TIME_IN_TIMESTAMP.exec(text);
  if (stamp) return `${stamp[1]}:${stamp[2]}`;
  const clock = CLOCK.exec(text);
  if (clock && Number(clock[1]) <= 24 && Number(clock[2] ?? 0) < 60)
    return `${pad(Number(clock[1]))}:${clock[2] ?? '00'}`;
  return text;
}

/** A time read from a timestamp or clock text, or null: never text as written. */
function readableClock(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const text = clockText(value);
  return text !== null && /^\d{2}:\d{2}$/.test(text) ? text : null;
}

const finite = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** Hours as whole business days, rounded up (96 → 4; 30 → 2). */
export const businessDaysOf = (hours: number): number => Math.max(0, Math.ceil(hours / 24));

const KNOWN_TYPES: readonly string[] = ['known', 'known_frame', 'unknown', 'unknown_frame'];

/**
 * When the promise falls, for comparisons (see `PromiseSpan`). Dates are used only where the spec gives them a
 * value (known handling: types `known`/`known_frame`, or a type the spec does not list that carries a date).
 */
export function promiseSpan(edt: DeliveryTimeLike | null | undefined): PromiseSpan | undefined {
  if (!edt) return undefined;
  const type = typeof edt.type === 'string' ? edt.type : null;
  const datesAllowed = type === 'known' || type === 'known_frame' || !KNOWN_TYPES.includes(type ?? '');
  const first = datesAllowed ? calendarDay(edt.date) : null;
  if (first) {
    const last = type !== 'known' ? calendarDay(edt.offset?.date) : null;
    return { basis: 'date', first: first.iso, last: last && last.iso > first.iso ? last.iso : first.iso };
  }
  return hoursSpan(edt);
}

/** The promise in hours from the quote: `shipping` (+ `handling` when known), + `offset.shipping` for a frame. */
function hoursSpan(edt: DeliveryTimeLike): Extract<PromiseSpan, { basis: 'hours' }> | undefined {
  const type = typeof edt.type === 'string' ? edt.type : null;
  const shipping = finite(edt.shipping);
  if (shipping === null) return undefined;
  // Handling counts only when the type says it is known and the answer gives its hours.
  const handling = handlingIsKnown(type, edt) ? finite(edt.handling) : null;
  const handlingKnown = handling !== null;
  const start = shipping + (handling ?? 0);
  const frame = type !== 'known' && type !== 'unknown';
  const offset = frame ? Math.max(0, finite(edt.offset?.shipping) ?? 0) : 0;
  return { basis: 'hours', first: start, last: start + offset, handlingKnown };
}

function handlingIsKnown(type: string | null, edt: DeliveryTimeLike): boolean {
  if (type === 'known' || type === 'known_frame') return true;
  if (type === 'unknown' || type === 'unknown_frame') return false;
  return finite(edt.handling) !== null;
}

/** "In 3 to 5 business days": whole sentences per form, so each language words its own plural and range. */
function inDaysWords(from: number, to: number): string {
  if (from === 0 && to === 0) return l10n.t('Within the same business day');
  if (from !== to) return l10n.t('In {0} to {1} business days', from, to);
  return from === 1 ? l10n.t('In 1 business day') : l10n.t('In {0} business days', from);
}

/** "3 to 5 business days after dispatch (handling time unknown)". */
function afterDispatchWords(from: number, to: number): string {
  if (from === 0 && to === 0) return l10n.t('The same business day after dispatch (handling time unknown)');
  if (from !== to) return l10n.t('{0} to {1} business days after dispatch (handling time unknown)', from, to);
  return from === 1
    ? l10n.t('1 business day after dispatch (handling time unknown)')
    : l10n.t('{0} business days after dispatch (handling time unknown)', from);
}

/**
 * The delivery promise in words, following the spec's four types:
 * - `known`: an exact date ("Arrives Tuesday 4 March 2026");
 * - `known_frame`: a range of dates ("Arrives between Tue 4 Mar and Thu 6 Mar");
 * - `unknown`: an exact number of business days after dispatch, handling unknown
 *   ("3 business days after dispatch (handling time unknown)");
 * - `unknown_frame`: business days [shipping, shipping + offset.shipping] hours turned into days, inclusive
 *   ("4 to 6 business days after dispatch (handling time unknown)" for 96 and 48).
 * Dates are shown only when handling is known (the spec gives them a value only then); a known type without a
 * readable date falls back to business days counted with the handling ("In 5 business days"). `time_frame` adds
 * "between 09:00 and 13:00" and `pay_before` "if paid before 13:00", each only when present. A type the spec does
 * not list gets the words of whatever the answer carries: dates, else hours, else "No delivery time given".
 */
export function deliveryPromise(edt: DeliveryTimeLike | null | undefined, locale?: string): DeliveryPromiseWords {
  const source: DeliveryTimeLike = edt ?? {};
  const type = typeof source.type === 'string' && source.type.trim() !== '' ? source.type : null;
  const kind = (KNOWN_TYPES.includes(type ?? '') ? type : 'other') as DeliveryTimeType | 'other';
  const handlingKnown = handlingIsKnown(type, source);
  const span = promiseSpan(source);

  let form: DeliveryPromiseWords['form'] = 'none';
  let text: string;
  let firstDay: CalendarDay | null = null;
  let lastDay: CalendarDay | null = null;
  let businessDays: DeliveryPromiseWords['businessDays'] = null;

  if (span?.basis === 'date') {
    firstDay = calendarDay(span.first, locale);
    lastDay = calendarDay(span.last, locale);
    if (span.first === span.last) {
      form = 'date';
      const extra = finite(source.offset?.shipping) ?? 0;
      // A range whose last day is not written: say how many business days it spans.
      if (kind === 'known_frame' && extra > 0 && calendarDay(source.offset?.date) === null) {
        const days = businessDaysOf(extra);
        form = 'date_range';
        text =
          days === 1
            ? l10n.t('Arrives between {0} and 1 business day later', firstDay!.long)
            : l10n.t('Arrives between {0} and {1} business days later', firstDay!.long, days);
      } else {
        text = l10n.t('Arrives {0}', firstDay!.long);
      }
    } else {
      form = 'date_range';
      const sameYear = span.first.slice(0, 4) === span.last.slice(0, 4);
      const year = (day: CalendarDay) => (sameYear ? day.short : `${day.short} ${day.iso.slice(0, 4)}`);
      text = l10n.t('Arrives between {0} and {1}', year(firstDay!), year(lastDay!));
    }
  } else if (span?.basis === 'hours') {
    const from = businessDaysOf(span.first);
    const to = businessDaysOf(span.last);
    businessDays = { from, to };
    form = from === to ? 'days' : 'day_range';
    text = span.handlingKnown ? inDaysWords(from, to) : afterDispatchWords(from, to);
  } else {
    // Without a promise at all (no estimated_delivery_time) nothing is said of the handling either.
    text =
      handlingKnown || !edt
        ? l10n.t('No delivery time given')
        : l10n.t('No delivery time given (handling time unknown)');
  }

  const timeFrame = timeFrameOf(source.time_frame);
  if (timeFrame) text = withTimeFrame(text, timeFrame);
  // pay_before is a timestamp: shown only when a time can be read from it (not the schema's placeholder text).
  const payTime = readableClock(source.pay_before);
  const payBefore = payTime ? { time: payTime, day: calendarDay(source.pay_before, locale) } : null;
  if (payBefore) text = l10n.t('{0}, if paid before {1}', text, payBefore.time);

  const latestHours = hoursSpan(source)?.last ?? null;
  return {
    kind,
    type,
    form,
    text,
    handlingKnown,
    firstDay,
    lastDay,
    businessDays,
    timeFrame,
    payBefore,
    span,
    latestHours,
  };
}

function timeFrameOf(frame: DeliveryTimeLike['time_frame']): DeliveryPromiseWords['timeFrame'] {
  if (!frame) return null;
  const from = clockText(frame.from);
  const to = clockText(frame.to);
  return from === null && to === null ? null : { from, to };
}

/** The promise with its delivery slot: "…, between 09:00 and 13:00", "…, at 09:00", "…, from 09:00", "…, by 13:00". */
function withTimeFrame(promise: string, frame: NonNullable<DeliveryPromiseWords['timeFrame']>): string {
  if (frame.from !== null && frame.to !== null)
    return frame.from === frame.to
      ? l10n.t('{0}, at {1}', promise, frame.from)
      : l10n.t('{0}, between {1} and {2}', promise, frame.from, frame.to);
  return frame.from !== null
    ? l10n.t('{0}, from {1}', promise, frame.from)
    : l10n.t('{0}, by {1}', promise, String(frame.to));
}

/** `tracks_shipments_status` in words; a value the spec does not list is shown as written. */
export function trackingText(status: string | null | undefined): string {
  switch (status) {
    case 'verified':
      return l10n.t('Tracked by the marketplace');
    case 'not_verified':
      return l10n.t('Seller supplies the tracking');
    case 'no':
      return l10n.t('No tracking');
    case null:
    case undefined:
    case '':
      return l10n.t('Tracking not stated');
    default:
      return status;
  }
}

/**
 * Where a shipment is delivered (`shipping_method.deliver_to`), as a heading: "Delivery to an address". The spec
 * names the field, not its values: a value other than `address` is shown as given.
 */
export function deliverToText(deliverTo: string | null | undefined): string {
  if (!deliverTo) return l10n.t('Delivery');
  return deliverTo === 'address' ? l10n.t('Delivery to an address') : l10n.t('Delivery to: {0}', deliverTo);
}

/** Currencies whose amounts the marketplace writes without decimals. */
const WHOLE_CURRENCIES: readonly string[] = ['COP', 'CLP', 'PYG'];

/** Decimals of a currency's amounts: none for COP and CLP (and PYG), two otherwise. */
export const currencyDecimals = (currency: string | null | undefined): number =>
  WHOLE_CURRENCIES.includes(currency ?? '') ? 0 : 2;

/**
 * An amount with the currency's decimals and thousands commas, deterministic: 1250 ARS → "1,250.00", COP → "8,900";
 * with a locale other than English, as that locale writes it (`es`: "1250,00", `pt-BR`: "1.250,00").
 */
export function amountText(amount: number, currency: string | null | undefined, locale?: string): string {
  if (locale && !/^en\b/i.test(locale)) {
    const digits = currencyDecimals(currency);
    return new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
      amount,
    );
  }
  const fixed = Math.abs(amount).toFixed(currencyDecimals(currency));
  const [whole, cents] = fixed.split('.') as [string, string | undefined];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = amount < 0 && Number(fixed) !== 0 ? '-' : '';
  return `${sign}${grouped}${cents === undefined ? '' : `.${cents}`}`;
}

/** The cost fields of an option or a lead time. */
export interface CostLike {
  cost?: number | null;
  list_cost?: number | null;
  currency_id?: string | null;
}

/**
 * What a buyer pays, plainly: "Free (list price ARS 1,250.00)", "ARS 1,062.50 (list price 1,250.00, 15% off)",
 * "ARS 1,250.00". The currency is named once; `currency` overrides the option's `currency_id`.
 */
export function costText(option: CostLike, currency?: string | null, locale?: string): string {
  const code = currency ?? option.currency_id ?? null;
  const named = (amount: number) =>
    code ? `${code} ${amountText(amount, code, locale)}` : amountText(amount, code, locale);
  const cost = finite(option.cost);
  const list = finite(option.list_cost);
  if (cost === null)
    return list === null ? l10n.t('Cost not given') : l10n.t('Cost not given (list price {0})', named(list));
  if (cost === 0) return list !== null && list > 0 ? l10n.t('Free (list price {0})', named(list)) : l10n.t('Free');
  if (list !== null && list > cost) {
    const percent = Math.round(((list - cost) / list) * 100);
    return percent === 0
      ? l10n.t('{0} (list price {1}, less than 1% off)', named(cost), amountText(list, code, locale))
      : l10n.t('{0} (list price {1}, {2}% off)', named(cost), amountText(list, code, locale), percent);
  }
  return named(cost);
}
