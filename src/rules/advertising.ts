import * as l10n from '@vscode/l10n';
import type { RangePreset } from '../model/protocols/metrics';
import { type Finding, finding } from './finding';

/** No metrics exist before this date (spec Limits). */
export const METRICS_EARLIEST_DATE = '2022-09-01';
/** How far back `date_from` may go: today minus this many calendar days is still allowed, one more is not. */
export const METRICS_MAX_DAYS_BACK = 90;

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a text is a real calendar date written YYYY-MM-DD (2026-02-30 is not). */
export function isCalendarDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** Adds calendar days to a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The earliest `date_from` allowed on a given day: today minus 90 days, never before 2022-09-01. */
export function earliestMetricsDate(today: string): string {
  const back = addDays(today, -METRICS_MAX_DAYS_BACK);
  return back < METRICS_EARLIEST_DATE ? METRICS_EARLIEST_DATE : back;
}

/**
 * The metrics window: `date_from` and `date_to` required, YYYY-MM-DD, `date_from` ≤ `date_to`, neither before
 * today − 90 calendar days (so on 2026-03-02, 2025-12-02 is allowed and 2025-12-01 refused) nor before 2022-09-01.
 * `today` is the calendar date of the caller's marketplace. A `date_to` after today is only a warning: those days
 * have no metrics yet.
 */
export function metricsWindowRule(
  query: { date_from?: string | null; date_to?: string | null },
  today: string,
): Finding[] {
  const findings: Finding[] = [];
  const valid: Record<'date_from' | 'date_to', string | undefined> = { date_from: undefined, date_to: undefined };
  for (const key of ['date_from', 'date_to'] as const) {
    const value = query[key];
    if (value === undefined || value === null || value === '') {
      findings.push(
        finding(
          'DATE_REQUIRED',
          [key],
          l10n.t('The parameter {0} is required: send a date in the format YYYY-MM-DD.', key),
        ),
      );
      continue;
    }
    if (!isCalendarDate(value)) {
      findings.push(
        finding(
          'DATE_FORMAT',
          [key],
          l10n.t('{0} "{1}" is not a calendar date in the format YYYY-MM-DD, e.g. {2}.', key, value, today),
        ),
      );
      continue;
    }
    if (value < METRICS_EARLIEST_DATE) {
      findings.push(
        finding(
          'DATE_BEFORE_EARLIEST',
          [key],
          l10n.t(
            '{0} {1} is before {2}, the earliest date with metrics; use {3} or later.',
            key,
            value,
            METRICS_EARLIEST_DATE,
            earliestMetricsDate(today),
          ),
        ),
      );
      continue;
    }
    const earliest = earliestMetricsDate(today);
    if (value < earliest) {
      findings.push(
        finding(
          'DATE_TOO_OLD',
          [key],
          l10n.t(
            '{0} {1} is more than {2} days back; metrics can be queried from {3} (today {4} minus {2} days).',
            key,
            value,
            METRICS_MAX_DAYS_BACK,
            earliest,
            today,
          ),
        ),
      );
      continue;
    }
    valid[key] = value;
  }
  if (valid.date_from && valid.date_to && valid.date_from > valid.date_to) {
    findings.push(
      finding(
        'DATE_ORDER',
        ['date_from'],
        l10n.t(
          'date_from {0} is after date_to {1}; date_from must be on or before date_to.',
          valid.date_from,
          valid.date_to,
        ),
      ),
    );
  }
  if (valid.date_to && valid.date_to > today) {
    findings.push(
      finding(
        'DATE_IN_FUTURE',
        ['date_to'],
        l10n.t('date_to {0} is after today ({1}); days after today have no metrics yet.', valid.date_to, today),
        'warning', // l10n: not translated (a severity, not a word)
      ),
    );
  }
  return findings;
}

/** Lengths of the range presets the metrics form offers, in calendar days. */
export const METRICS_PRESET_DAYS = [7, 30, 90] as const;

/** The calendar day of a campaign date (a timestamp without a zone, or a date), or undefined when it is not one. */
const campaignDay = (value: string | null | undefined): string | undefined => {
  const day = value?.slice(0, 10);
  return day && isCalendarDate(day) ? day : undefined;
};

/**
 * A preset's label, whole in each language: "Last 30 days", "Last 30 days of the campaign", and what is left of it
 * when the campaign's start or the metrics window cuts it ("Last 90 days (12 days since the start)").
 */
function presetLabel(length: number, ended: boolean, clampedBy: 'start' | 'window' | undefined, days: number): string {
  if (clampedBy === 'start') {
    if (days === 1)
      return ended
        ? l10n.t('Last {0} days of the campaign (1 day since the start)', length)
        : l10n.t('Last {0} days (1 day since the start)', length);
    return ended
      ? l10n.t('Last {0} days of the campaign ({1} days since the start)', length, days)
      : l10n.t('Last {0} days ({1} days since the start)', length, days);
  }
  if (clampedBy === 'window') {
    if (days === 1)
      return ended
        ? l10n.t('Last {0} days of the campaign (1 day within the window)', length)
        : l10n.t('Last {0} days (1 day within the window)', length);
    return ended
      ? l10n.t('Last {0} days of the campaign ({1} days within the window)', length, days)
      : l10n.t('Last {0} days ({1} days within the window)', length, days);
  }
  return ended ? l10n.t('Last {0} days of the campaign', length) : l10n.t('Last {0} days', length);
}

/**
 * The last 7, 30 and 90 days ending today, or ending on the campaign's last day when it ended earlier; each starts
 * no earlier than the window rule allows (`earliestMetricsDate(today)`) nor than the campaign's first day. A preset
 * with no day left (a campaign that has not started, or ended before the window) is left out, and so is one that
 * clamping made the same range as a shorter one. Labels start "Last N days" (the form's button id is the first
 * number); "of the campaign" when it ends on the campaign's end, and the days left when clamped.
 */
export function metricsRangePresets(
  today: string,
  campaign: { start_date?: string | null; end_date?: string | null },
): RangePreset[] {
  const start = campaignDay(campaign.start_date);
  const end = campaignDay(campaign.end_date);
  const to = end && end < today ? end : today;
  const earliest = earliestMetricsDate(today);
  const presets: RangePreset[] = [];
  for (const length of METRICS_PRESET_DAYS) {
    let from = addDays(to, -(length - 1));
    let clampedBy: 'start' | 'window' | undefined;
    if (from < earliest) [from, clampedBy] = [earliest, 'window'];
    if (start && from < start) [from, clampedBy] = [start, 'start'];
    if (from > to) continue;
    if (presets.some((preset) => preset.from === from && preset.to === to)) continue;
    const days = daysBetween(from, to) + 1;
    presets.push({ label: presetLabel(length, to < today, clampedBy, days), from, to });
  }
  return presets;
}
