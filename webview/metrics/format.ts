// Numbers and days as the panel writes them beside the charts (tooltips, axes, the keyboard readout). The cards and
// the table come formatted from the host; these follow the same style ("ARS 1,234.50", "45,120").

import type { SeriesUnit } from '../../src/model/protocols/metrics';

const LOCALE = 'en-US';
const money = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const count = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 });
const ratio = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 4 });
const compact = new Intl.NumberFormat(LOCALE, { notation: 'compact', maximumFractionDigits: 1 });
const shortDate = new Intl.DateTimeFormat(LOCALE, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const longDate = new Intl.DateTimeFormat(LOCALE, {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A value of a series in full; a day without a row says so. */
export function formatValue(value: number | null | undefined, unit: SeriesUnit, currency: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return 'no row';
  if (unit === 'money') return `${currency} ${money.format(value)}`.trim();
  return (unit === 'count' ? count : ratio).format(value);
}

/** A value on an axis: short ("57.4K"); money axes name their currency in the title. */
export function formatTick(value: number, unit: SeriesUnit): string {
  if (unit === 'ratio' && Math.abs(value) < 1000) return ratio.format(value);
  return compact.format(value);
}

const dayOf = (day: string): Date => new Date(`${day}T00:00:00Z`);

/** "Feb 1" (axis labels). */
export function shortDay(day: string | undefined): string {
  if (!day) return '';
  const date = dayOf(day);
  return Number.isNaN(date.getTime()) ? day : shortDate.format(date);
}

/** "Thu, Feb 1, 2024" (tooltips and the readout). */
export function longDay(day: string | undefined): string {
  if (!day) return '';
  const date = dayOf(day);
  return Number.isNaN(date.getTime()) ? day : longDate.format(date);
}
