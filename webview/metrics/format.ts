// Numbers and days as the panel writes them beside the charts (tooltips, axes, the keyboard readout), in the page's
// locale (the display language the host wrote into the page: "ARS 1,234.50" in English, "ARS 1.234,50" in Spanish).
// The cards and the table come formatted from the host in the same locale.

import * as l10n from '@vscode/l10n';
import type { SeriesUnit } from '../../src/model/protocols/metrics';
import { pageLocale } from '../shared/words';

/** The formats of one locale: values, axis ticks and days. */
export interface Formats {
  /** A value of a series in full; a day without a row says so. */
  value(value: number | null | undefined, unit: SeriesUnit, currency: string): string;
  /** A value on an axis: short ("57.4K"); money axes name their currency in the title. */
  tick(value: number, unit: SeriesUnit): string;
  /** "Feb 1" (axis labels). */
  shortDay(day: string | undefined): string;
  /** "Thu, Feb 1, 2024" (tooltips and the readout). */
  longDay(day: string | undefined): string;
}

const made = new Map<string, Formats>();

/** The formats of an `Intl` locale (`en-US`, `es`, `pt-BR`), made once per locale. */
export function formatsOf(locale: string): Formats {
  const known = made.get(locale);
  if (known) return known;
  const money = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const count = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const ratio = new Intl.NumberFormat(locale, { maximumFractionDigits: 4 });
  const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
  const shortDate = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const longDate = new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const dayWith = (format: Intl.DateTimeFormat) => (day: string | undefined) => {
    if (!day) return '';
    const date = new Date(`${day}T00:00:00Z`);
    return Number.isNaN(date.getTime()) ? day : format.format(date);
  };
  const formats: Formats = {
    value: (value, unit, currency) => {
      if (value === null || value === undefined || !Number.isFinite(value)) return l10n.t('no row');
      if (unit === 'money') return `${currency} ${money.format(value)}`.trim();
      return (unit === 'count' ? count : ratio).format(value);
    },
    tick: (value, unit) => (unit === 'ratio' && Math.abs(value) < 1000 ? ratio : compact).format(value),
    shortDay: dayWith(shortDate),
    longDay: dayWith(longDate),
  };
  made.set(locale, formats);
  return formats;
}

/** The page's formats. */
const page = (): Formats => formatsOf(pageLocale());

export const formatValue = (value: number | null | undefined, unit: SeriesUnit, currency: string): string =>
  page().value(value, unit, currency);
export const formatTick = (value: number, unit: SeriesUnit): string => page().tick(value, unit);
export const shortDay = (day: string | undefined): string => page().shortDay(day);
export const longDay = (day: string | undefined): string => page().longDay(day);
