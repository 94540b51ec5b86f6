// The CSV export of what the panel shows. Pure: no `vscode` (the panel writes the text through the save dialog).
//
// Choices: RFC 4180 — CRLF line ends (the RFC's record separator, also after the last record), fields quoted only
// when they hold the separator, a quote, CR or LF (quotes doubled). No byte order mark: the file is UTF-8 text/csv as
// the RFC registers it, and a BOM would become part of the first header ("\uFEFFdate") for most parsers and scripts.
// The separators follow the display language's locale, as the spreadsheets of that locale open a CSV: where numbers
// take a decimal point (en) fields are separated by commas; where they take a decimal comma (es, pt-BR) fields are
// separated by semicolons and numbers take the comma (`csvSeparators`). Numbers are otherwise for machines: no
// thousands separators, no currency symbol in the cell (the currency is in the money columns' headers), money with
// the currency's decimals (none for CLP and COP), ctr as the
// API's share (0.0123, its header says "share"), and an empty cell for a day without a value. Text cells (the
// headers, which hold campaign names) never start a formula: one that starts like one gets a leading `'` (OWASP's
// CSV injection advice), while number cells, negative ones included, stay numbers. The rows and columns are the table
// view's as it shows them (its sort, its columns), named by the webview; without them, every day in date order and
// every column the attribution choice shows (the table's default).

import * as l10n from '@vscode/l10n';
import type { AttributionModel, CampaignSeries } from '../../model/protocols/metrics';
import { currencyDecimals, DEFAULT_LOCALE, tableKey } from './series';

export type CsvAttribution = AttributionModel | 'both';

const CRLF = '\r\n';

/** How a locale's CSV separates fields and writes a number's decimals. */
export interface CsvSeparators {
  /** `,`, or `;` where the decimal separator is a comma. */
  field: ',' | ';';
  decimal: '.' | ',';
}

/**
 * The separators of a locale's CSV: `,` between fields and a decimal point (en-US), or `;` between fields and a
 * decimal comma where the locale writes numbers with a comma (es, pt-BR), as its spreadsheets expect.
 */
export function csvSeparators(locale: string): CsvSeparators {
  const decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value;
  return decimal === ',' ? { field: ';', decimal: ',' } : { field: ',', decimal: '.' };
}

/**
 * A field as RFC 4180 writes it: quoted when it holds the field separator (a comma, or a semicolon), a quote or a
 * line break, quotes doubled.
 */
export function csvField(text: string, separator: ',' | ';' = ','): string {
  const quoted = separator === ';' ? /[";\r\n]/ : /[",\r\n]/;
  return quoted.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * What makes a spreadsheet read a cell as a formula: `=`, `+`, `-`, `@`, a tab, a line break, or their full-width
 * forms (some spreadsheets read those too).
 */
const FORMULA_START = /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;

/** A text cell: a leading `'` when it would start a formula, then quoted as RFC 4180 asks. */
export function csvText(text: string, separator: ',' | ';' = ','): string {
  return csvField(FORMULA_START.test(text) ? `'${text}` : text, separator);
}

/** A number with a point for decimals, no grouping and never an exponent (1e-7 → "0.0000001"). */
export function plainNumber(value: number, decimals?: number): string {
  // From 1e21 on toFixed writes an exponent; such a number has no fraction, and BigInt writes its digits.
  if (Math.abs(value) >= 1e21) return BigInt(value).toString() + (decimals ? `.${'0'.repeat(decimals)}` : '');
  if (decimals !== undefined) return value.toFixed(decimals);
  const shortest = String(value);
  const [mantissa = '', exponent] = shortest.split('e');
  if (exponent === undefined) return shortest;
  // The shortest text's digits, moved by the exponent: 1.5e-7 → 8 decimals.
  const places = (mantissa.split('.')[1] ?? '').length - Number(exponent);
  return value.toFixed(Math.min(100, Math.max(0, places)));
}

/** What the table view shows: its days top to bottom, its value columns (table keys) left to right. */
export interface ShownTable {
  days: readonly string[];
  columns: readonly string[];
}

/** A shown table that names a day or column the view does not have: the export writes nothing. */
export class ShownTableError extends Error {}

interface CsvColumn {
  key: string;
  attribution: AttributionModel | null;
  header: string;
  values: readonly (number | null)[];
  decimals: number | undefined;
}

/**
 * The days and series shown as CSV: a header row (`date`, then `campaign name · series label` per column), then one
 * row per day. With `shown`, its columns and days in its order (each must be the view's, once: a ShownTableError
 * says which is not); without, every column the attribution choice shows, the series of each campaign in order, and
 * every day in date order. The separators are `locale`'s (`csvSeparators`): en-US when none is given.
 */
export function metricsCsv(
  days: readonly string[],
  campaigns: readonly CampaignSeries[],
  attribution: CsvAttribution,
  shown?: ShownTable,
  locale = DEFAULT_LOCALE,
): string {
  const separators = csvSeparators(locale);
  const text = (cell: string) => csvText(cell, separators.field);
  const number = (value: number, decimals: number | undefined) => {
    const plain = plainNumber(value, decimals);
    return csvField(separators.decimal === ',' ? plain.replace('.', ',') : plain, separators.field);
  };
  const comparing = campaigns.length > 1;
  const all: CsvColumn[] = campaigns.flatMap((campaign) =>
    campaign.series.map((series) => ({
      key: tableKey(campaign, series, comparing),
      attribution: series.attribution,
      header: l10n.t('{0} · {1}', campaign.name, series.label),
      values: series.values,
      decimals: series.unit === 'money' ? currencyDecimals(campaign.currency) : undefined,
    })),
  );
  const columns = shown
    ? picked('column', shown.columns, new Map(all.map((column) => [column.key, column])))
    : all.filter(
        (column) => column.attribution === null || attribution === 'both' || column.attribution === attribution,
      );
  const order = shown
    ? picked('day', shown.days, new Map(days.map((day, index) => [day, index])))
    : days.map((_, index) => index);
  const lines = [
    [l10n.t('date'), ...columns.map((column) => column.header)].map(text),
    ...order.map((index) => [
      text(days[index] ?? ''),
      ...columns.map((column) => {
        const value = column.values[index];
        return value === null || value === undefined || !Number.isFinite(value) ? '' : number(value, column.decimals);
      }),
    ]),
  ];
  return lines.map((fields) => fields.join(separators.field) + CRLF).join('');
}

/** The entries `names` asks for, in its order: each must be one of `known`'s own keys, and asked for once. */
function picked<T>(what: 'day' | 'column', names: readonly string[], known: ReadonlyMap<string, T>): T[] {
  const seen = new Set<string>();
  return names.map((name) => {
    const entry = known.get(name);
    if (entry === undefined)
      throw new ShownTableError(
        what === 'day'
          ? l10n.t('The table shows a day the loaded view does not have: "{0}".', name)
          : l10n.t('The table shows a column the loaded view does not have: "{0}".', name),
      );
    if (seen.has(name))
      throw new ShownTableError(
        what === 'day'
          ? l10n.t('The table names the day "{0}" twice.', name)
          : l10n.t('The table names the column "{0}" twice.', name),
      );
    seen.add(name);
    return entry;
  });
}
