// How much sandbox time passes, read from what a person types ("2 days", "36h", "90 min"; in Spanish and Portuguese
// too: "2 días", "3 dias", "36 horas"), without VS Code.
import * as l10n from '@vscode/l10n';
import { formatNumber } from '../../model/numberFormat';

/** An amount of sandbox time, in the units `POST /_sandbox/clock/advance` takes. */
export interface ClockAdvance {
  days: number;
  hours: number;
  minutes: number;
}

const UNITS: Record<string, keyof ClockAdvance> = {
  d: 'days',
  day: 'days',
  days: 'days',
  h: 'hours',
  hr: 'hours',
  hrs: 'hours',
  hour: 'hours',
  hours: 'hours',
  m: 'minutes',
  min: 'minutes',
  mins: 'minutes',
  minute: 'minutes',
  minutes: 'minutes',
  // The display languages' own words (`es`, `pt-br`): a prompt in Spanish is answered in Spanish.
  día: 'days',
  días: 'days',
  dia: 'days',
  dias: 'days',
  hora: 'hours',
  horas: 'hours',
  minuto: 'minutes',
  minutos: 'minutes',
};

/** An amount and its unit (`2 days`, `36h`, `3 días`). */
const AMOUNT = /(\d+(?:[.,]\d+)?)\s*(\p{L}+)/gu;
/** Words that join amounts (`1 day and 12 h`, `1 día y 12 h`, `1 dia e 12 h`). */
const JOINER = /(?<!\p{L})(?:and|y|e)(?!\p{L})/gu;

/** Reads "2 days", "36h", "1d 12h" or "90 min"; a reason instead when it is not a positive amount of time. */
export function parseClockAdvance(text: string): ClockAdvance | { problem: string } {
  const advance: ClockAdvance = { days: 0, hours: 0, minutes: 0 };
  const trimmed = text.trim().toLowerCase();
  if (!trimmed) return { problem: l10n.t('Type an amount of time, such as 2 days, 36 h or 90 min.') };
  const parts = [...trimmed.matchAll(AMOUNT)];
  const rest = trimmed
    .replace(AMOUNT, '')
    .replace(JOINER, '')
    .replace(/[\s,]+/g, '');
  if (parts.length === 0 || rest) {
    return {
      problem: l10n.t('"{0}" is not an amount of time: write a number and a unit (days, hours, minutes).', text.trim()),
    };
  }
  for (const [, number, unit] of parts) {
    const key = Object.hasOwn(UNITS, unit ?? '') ? UNITS[unit ?? ''] : undefined;
    if (!key) return { problem: l10n.t('"{0}" is not a unit: use days, hours or minutes.', unit ?? '') };
    advance[key] += Number((number ?? '0').replace(',', '.'));
  }
  const minutes = advanceMinutes(advance);
  if (!(minutes >= 1)) return { problem: l10n.t('The sandbox clock only moves forward: give at least one minute.') };
  if (minutes > 400 * 24 * 60) return { problem: l10n.t('Advance at most 400 days at once.') };
  return advance;
}

/** The whole advance in minutes. */
export function advanceMinutes(advance: ClockAdvance): number {
  return (advance.days * 24 + advance.hours) * 60 + advance.minutes;
}

/** "2 days 4 hours", for messages: each unit a whole message per form, the figures and the list in `locale`'s way. */
export function describeAdvance(advance: ClockAdvance, locale = 'en-US'): string {
  const words: string[] = [];
  const { days, hours, minutes } = advance;
  const n = (value: number) => formatNumber(value, locale);
  if (days) words.push(days === 1 ? l10n.t('{0} day', n(days)) : l10n.t('{0} days', n(days)));
  if (hours) words.push(hours === 1 ? l10n.t('{0} hour', n(hours)) : l10n.t('{0} hours', n(hours)));
  if (minutes) words.push(minutes === 1 ? l10n.t('{0} minute', n(minutes)) : l10n.t('{0} minutes', n(minutes)));
  if (!words.length) return l10n.t('no time');
  return new Intl.ListFormat(locale, { type: 'unit', style: 'narrow' }).format(words);
}
