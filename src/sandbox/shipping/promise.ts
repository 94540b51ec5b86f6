import type { EstimatedDeliveryTime } from '../../model/shipping';
import type { MethodDef } from './methods';
import { PAY_BEFORE_HOUR } from './methods';

// Promises are laid out in the sites' clock, the same -04:00 offset the sandbox writes every timestamp with.
const OFFSET_MS = 4 * 3600_000;
const DAY_MS = 86_400_000;

/** The site-clock calendar day of an instant. */
export const localDay = (instant: Date): string => new Date(instant.getTime() - OFFSET_MS).toISOString().slice(0, 10);
const localHour = (instant: Date): number => new Date(instant.getTime() - OFFSET_MS).getUTCHours();

const shift = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Monday to Friday (the sandbox has no holidays). */
export function isBusinessDay(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/** The first business day after `day`. */
export function nextBusinessDay(day: string): string {
  let next = shift(day, 1);
  while (!isBusinessDay(next)) next = shift(next, 1);
  return next;
}

/** `count` business days after `day`. */
export function addBusinessDays(day: string, count: number): string {
  let result = day;
  for (let index = 0; index < count; index++) result = nextBusinessDay(result);
  return result;
}

/** Business days strictly after `from` up to and including `to`. */
export function businessDaysBetween(from: string, to: string): number {
  let count = 0;
  for (let day = from; day < to; day = shift(day, 1)) if (isBusinessDay(shift(day, 1))) count += 1;
  return count;
}

/** A site-clock instant as the API writes it. */
export const siteTime = (day: string, hour = 0): string => `${day}T${String(hour).padStart(2, '0')}:00:00.000-04:00`;

export interface DeliveryPromise {
  estimated_delivery_time: EstimatedDeliveryTime;
  estimated_delivery: {
    date: string | null;
    pay_before: string | null;
    time_from: string | null;
    time_to: string | null;
  };
  speed: { shipping: number; handling: number | null };
  /** First and last promised days (site clock); only when handling is known. */
  first_day: string | null;
  last_day: string | null;
}

/**
 * The promise of a method from an instant (now for a quote, the payment for a shipment).
 * Dispatch starts on the first business day (for a payment-dependent carrier: the day of the next cut-off),
 * takes the seller's handling rounded up to whole business days, then the transport days; the range ends
 * `offset` hours (in business days) later. Without a known handling no date can be given.
 */
export function deliveryPromise(
  method: MethodDef,
  band: 0 | 1 | 2,
  handlingHours: number | null,
  from: Date,
): DeliveryPromise {
  const today = localDay(from);
  let start = isBusinessDay(today) ? today : nextBusinessDay(today);
  let payBefore: string | null = null;
  if (method.pay_before) {
    if (start === today && localHour(from) >= PAY_BEFORE_HOUR) start = nextBusinessDay(today);
    payBefore = siteTime(start, PAY_BEFORE_HOUR);
  }
  const shipping = method.transit[band];
  const offset = method.offset;
  const known = handlingHours !== null;
  const frame = offset > 0;
  const type = known ? (frame ? 'known_frame' : 'known') : frame ? 'unknown_frame' : 'unknown';
  let firstDay: string | null = null;
  let lastDay: string | null = null;
  if (known) {
    firstDay = addBusinessDays(start, Math.ceil(handlingHours / 24) + shipping / 24);
    lastDay = addBusinessDays(firstDay, offset / 24);
  }
  const date = firstDay ? siteTime(firstDay) : null;
  const offsetDate = frame && lastDay ? siteTime(lastDay) : null;
  return {
    estimated_delivery_time: {
      type,
      date,
      unit: 'hour',
      shipping,
      handling: handlingHours,
      offset: { date: offsetDate, shipping: offset },
      time_frame: { from: method.slot?.from ?? null, to: method.slot?.to ?? null },
      pay_before: payBefore,
    },
    estimated_delivery: {
      date,
      pay_before: payBefore,
      time_from: method.slot?.from ?? null,
      time_to: method.slot?.to ?? null,
    },
    speed: { shipping, handling: handlingHours },
    first_day: firstDay,
    last_day: lastDay,
  };
}
