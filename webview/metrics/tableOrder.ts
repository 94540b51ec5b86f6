// What the table view shows, without the DOM: its columns under the attribution switch and its rows in the order a
// column sorts them. Export CSV sends both to the host, so that the file holds what the table shows, in its order.
// No DOM: the integration tests sort with it too (the page's locale is given by the table).

import * as l10n from '@vscode/l10n';
import type { AttributionChoice, AttributionModel, MetricsView, TableRow } from '../../src/model/protocols/metrics';

export type Direction = 'ascending' | 'descending';
export interface TableSort {
  key: string;
  direction: Direction;
}

export const DATE = 'date';
export const BY_DATE: TableSort = { key: DATE, direction: 'ascending' };

/** The table's columns: the date, then every column of the view the attribution switch shows, in the view's order. */
export function shownColumns(view: MetricsView, choice: AttributionChoice): { key: string; label: string }[] {
  return [
    { key: DATE, label: l10n.t('Date') },
    ...view.table.columns.filter((column) => column.key !== DATE && shows(view, choice, column.key)),
  ];
}

/**
 * The rows in the order `sort` gives (ties by date); days without a value go last either way. The values are read
 * back as numbers in `locale`, the one the host formatted them in (the page's: the same display language; en-US, the
 * English figures, when none is given).
 */
export function sortedRows(rows: readonly TableRow[], sort: TableSort, locale = 'en-US'): TableRow[] {
  const decimal = decimalSeparator(locale);
  const keyOf = (row: TableRow) => (sort.key === DATE ? row.date : sortValue(row.values[sort.key] ?? '', decimal));
  const sign = sort.direction === 'ascending' ? 1 : -1;
  // Each row's key once (a sort compares each row many times).
  const keyed = rows.map((row) => ({ row, key: keyOf(row) }));
  keyed.sort((a, b) => {
    const [left, right] = [a.key, b.key];
    if (left === null || right === null) return left === right ? 0 : left === null ? 1 : -1;
    if (typeof left === 'number' && typeof right === 'number')
      return (left - right) * sign || a.row.date.localeCompare(b.row.date);
    return String(left).localeCompare(String(right)) * sign || a.row.date.localeCompare(b.row.date);
  });
  return keyed.map((entry) => entry.row);
}

/** The decimal separator of a locale's numbers: "." in en-US, "," in es and pt-BR. */
export function decimalSeparator(locale: string): string {
  return new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
}

/**
 * A formatted value as a number where it is one, with the locale's decimal separator ("ARS 1,234.50" → 1234.5 with
 * ".", "ARS 1.234,50" → 1234.5 with ","; "12.3 %" → 12.3): the grouping and the currency go, the decimal separator
 * becomes a point. "—" is none.
 */
function sortValue(text: string, decimal: string): number | string | null {
  const trimmed = text.trim();
  if (!trimmed || /^[—–-]$/.test(trimmed)) return null;
  const kept = [...trimmed].filter((char) => /[\d-]/.test(char) || char === decimal).join('');
  const numeric = decimal === '.' ? kept : kept.replace(decimal, '.');
  return /^-?\d+(\.\d+)?$/.test(numeric) ? Number(numeric) : trimmed.toLowerCase();
}

/** Whether the attribution switch shows a column: by its series' model, or by the model its key names. */
function shows(view: MetricsView, choice: AttributionChoice, key: string): boolean {
  if (choice === 'both') return true;
  const model = modelOf(view, key);
  return model === null || model === choice;
}

function modelOf(view: MetricsView, key: string): AttributionModel | null {
  for (const campaign of view.campaigns) {
    const series = campaign.series.find((entry) => entry.key === key);
    if (series) return series.attribution;
  }
  const named = /(?:^|[^a-z])(event_time|touch_point)(?:[^a-z]|$)/.exec(key)?.[1];
  return named === 'event_time' || named === 'touch_point' ? named : null;
}
