/**
 * Stock and price updates from a CSV file with the columns `item_id,available_quantity,price` (pure: no `vscode`).
 * The header is required (any column order, case-insensitive); a row may leave `available_quantity` or `price` empty,
 * meaning "leave unchanged". Quoted fields (`"…"`, `""` for a quote, separators and line breaks inside), CRLF and a
 * UTF-8 BOM are accepted. Bad rows become line-numbered errors, never an exception.
 *
 * Files from spreadsheets in the sites' locales are read as they are written:
 * - The separator is read from the header line: a comma, a semicolon (Spanish and Portuguese locales) or a tab,
 *   whichever splits the header into known columns.
 * - Comma-separated: the decimal mark is the point (`1234.50`); no thousands separator (`1,234` cannot be unquoted).
 * - Semicolon-separated: the decimal mark is the comma, as those locales write it: `1234,50`, and `1,234` is 1.234.
 *   A point is a thousands separator (`1.234,50`, `1.234.567`). A value whose point can only be a decimal point
 *   (`99.5`, `1234.56`) is read so. A value with one point and three digits after it (`1.234`) reads 1234 when the
 *   file writes its decimals with a comma elsewhere; when nothing in the file says so it is refused as ambiguous.
 * - Tab-separated: the file's values decide. A value that reads one way only (`99,90` or `1.234,50`: comma;
 *   `99.90` or `1,234.50`: point; `1.234.567`: points are thousands) shows the decimal mark; `1.234` and `1,234`
 *   are read with it, and refused as ambiguous when the file shows no decimal mark, or both.
 * - Thousands separators go every three digits; anything else (`1.23,4`, `12a`, `$5`) is refused with its line.
 * `describeCsvFormat` says in one sentence how the file was read; the bulk report starts with it.
 */

import * as l10n from '@vscode/l10n';
import { asSentences } from '../../model/sentences';
import type { BulkJob } from './bulk';

export const CSV_COLUMNS = ['item_id', 'available_quantity', 'price'] as const;

/** The body of `PUT /items/{id}` a row makes: only the fields the row gives. */
export interface StockPriceChange {
  available_quantity?: number;
  price?: number;
}

export interface CsvUpdateRow {
  /** 1-based line where the row starts. */
  line: number;
  itemId: string;
  body: StockPriceChange;
}

export interface CsvError {
  /** 1-based line of the problem. */
  line: number;
  message: string;
}

export interface CsvParseResult {
  rows: CsvUpdateRow[];
  errors: CsvError[];
  /** How the file was read: its separator and decimal mark. */
  format: CsvFormat;
}

/** A decimal or thousands mark. */
export type NumberMark = ',' | '.';

/** How a CSV file was read. */
export interface CsvFormat {
  separator: ',' | ';' | '\t';
  /**
   * The decimal mark; undefined when nothing in the file shows it (a tab-separated file of whole numbers) or its
   * values show both.
   */
  decimal: NumberMark | undefined;
  /** The thousands separator some value used (`1.234,50`); undefined when none did. */
  thousands?: NumberMark;
  /** Values show both decimal marks (those that could be read either way are refused). */
  mixed?: boolean;
}

/** A separator in words, as the sentences below name it (`Read as a {0}-separated file`). */
function separatorName(separator: CsvFormat['separator']): string {
  if (separator === ',') return l10n.t('comma');
  if (separator === ';') return l10n.t('semicolon');
  return l10n.t('tab');
}

/** One sentence for the report: "Read as a semicolon-separated file with decimal commas." */
export function describeCsvFormat(format: CsvFormat): string {
  const separator = separatorName(format.separator);
  if (format.mixed)
    return l10n.t('Read as a {0}-separated file; its values use both a decimal comma and a decimal point.', separator);
  if (!format.decimal)
    return l10n.t('Read as a {0}-separated file; no value shows whether decimals use a comma or a point.', separator);
  if (format.decimal === ',')
    return format.thousands
      ? l10n.t('Read as a {0}-separated file with decimal commas and points as thousands separators.', separator)
      : l10n.t('Read as a {0}-separated file with decimal commas.', separator);
  return format.thousands
    ? l10n.t('Read as a {0}-separated file with decimal points and commas as thousands separators.', separator)
    : l10n.t('Read as a {0}-separated file with decimal points.', separator);
}

/** The one line for a file none of whose rows can be read: each line's problem as a sentence, then how it was read. */
export function unreadableCsvText(source: string, parsed: CsvParseResult): string {
  const lines = asSentences(parsed.errors.map((entry) => l10n.t('Line {0}: {1}', entry.line, entry.message)));
  return `${source}: ${lines} ${describeCsvFormat(parsed.format)}`;
}

interface RawRecord {
  line: number;
  fields: string[];
}

/**
 * Splits CSV text into records (RFC 4180, plus bare LF line ends); an unterminated quote is reported. One pass: each
 * character is read once (whether a field's text is still blank, so that a quote opens it, is kept as it grows).
 */
function records(input: string, separator: string, errors: CsvError[]): RawRecord[] {
  const out: RawRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let blank = true;
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let quoteLine = 0;
  let i = 0;
  const append = (text: string) => {
    field += text;
    if (blank && text.trim() !== '') blank = false;
  };
  const endField = () => {
    fields.push(field);
    field = '';
    blank = true;
  };
  const endRecord = () => {
    endField();
    out.push({ line: recordLine, fields });
    fields = [];
  };
  while (i < input.length) {
    const char = input[i]!;
    if (quoted) {
      if (char === '"') {
        if (input[i + 1] === '"') {
          append('"');
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      if (char === '\n') line++;
      append(char);
      i++;
      continue;
    }
    if (char === '"' && blank) {
      quoted = true;
      quoteLine = line;
      field = '';
      i++;
      continue;
    }
    if (char === separator) {
      endField();
      i++;
      continue;
    }
    if (char === '\r' || char === '\n') {
      endRecord();
      i += char === '\r' && input[i + 1] === '\n' ? 2 : 1;
      line++;
      recordLine = line;
      continue;
    }
    append(char);
    i++;
  }
  if (quoted) {
    errors.push({
      line: quoteLine,
      message: l10n.t('A quoted field is never closed: the rest of the file is ignored.'),
    });
    return out;
  }
  if (field !== '' || fields.length > 0) endRecord();
  return out;
}

const isBlank = (record: RawRecord) => record.fields.every((value) => value.trim() === '');

/** A value as a message quotes it: cut at 40 characters, so a huge cell never makes a huge report. */
const shownValue = (value: string) => `"${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;

const SEPARATORS: CsvFormat['separator'][] = [',', ';', '\t'];

/** How often a character occurs outside quotes in a line. */
function countOutsideQuotes(line: string, char: string): number {
  let count = 0;
  let quoted = false;
  for (const each of line) {
    if (each === '"') quoted = !quoted;
    else if (each === char && !quoted) count++;
  }
  return count;
}

/**
 * The separator of the header (the first line that is not blank): the one that splits it into known columns, else
 * the one it holds most (a bad header is then reported with its columns as that separator splits them).
 */
export function detectSeparator(input: string): CsvFormat['separator'] {
  const header = input.split(/\r\n|\n|\r/).find((line) => line.trim() !== '') ?? '';
  const known = SEPARATORS.filter((separator) => {
    const names = header.split(separator).map((name) => name.trim().replace(/^"|"$/g, '').trim().toLowerCase());
    return names.length >= 2 && names.every((name) => (CSV_COLUMNS as readonly string[]).includes(name));
  });
  if (known.length === 1) return known[0]!;
  let best: CsvFormat['separator'] = ',';
  for (const separator of SEPARATORS)
    if (countOutsideQuotes(header, separator) > countOutsideQuotes(header, best)) best = separator;
  return best;
}

/** Why a value is not a number: a character other than digits and marks, marks badly grouped, a digit missing. */
type BadNumber = 'notNumber' | 'grouping' | 'digitMissing';

/** What a number's text can mean, before the file's decimal mark is known. */
type Reading =
  | { kind: 'number'; value: number; decimal?: NumberMark; thousands?: NumberMark }
  | { kind: 'ambiguous'; mark: NumberMark; asDecimal: number; asThousands: number }
  | { kind: 'bad'; reason: BadNumber };

const other = (mark: NumberMark): NumberMark => (mark === ',' ? '.' : ',');
const plain = (digits: string) => Number(digits);

/** Reads a number that may use either mark, as decimal or thousands separator (`1.234,50`, `1,234.50`, `99,5`). */
function readNumber(text: string): Reading {
  if (/^\d+$/.test(text)) return { kind: 'number', value: plain(text) };
  if (!/^[\d.,]+$/.test(text)) return { kind: 'bad', reason: 'notNumber' };
  const hasComma = text.includes(',');
  const hasPoint = text.includes('.');
  if (hasComma && hasPoint) {
    const decimal: NumberMark = text.lastIndexOf(',') > text.lastIndexOf('.') ? ',' : '.';
    const thousands = other(decimal);
    const [whole, fraction, ...rest] = text.split(decimal);
    const t = thousands === '.' ? '\\.' : ',';
    if (rest.length || !fraction || !new RegExp(`^\\d{1,3}(${t}\\d{3})+$`).test(whole!))
      return { kind: 'bad', reason: 'grouping' };
    return { kind: 'number', value: Number(`${whole!.split(thousands).join('')}.${fraction}`), decimal, thousands };
  }
  const mark: NumberMark = hasComma ? ',' : '.';
  const parts = text.split(mark);
  if (parts.length > 2) {
    if (parts.every((part, index) => (index === 0 ? /^\d{1,3}$/.test(part) : /^\d{3}$/.test(part))))
      return { kind: 'number', value: plain(parts.join('')), thousands: mark };
    return { kind: 'bad', reason: 'grouping' };
  }
  const [whole, fraction] = parts as [string, string];
  if (!whole || !fraction) return { kind: 'bad', reason: 'digitMissing' };
  const asDecimal = Number(`${whole}.${fraction}`);
  if (/^[1-9]\d{0,2}$/.test(whole) && fraction.length === 3)
    return { kind: 'ambiguous', mark, asDecimal, asThousands: plain(whole + fraction) };
  return { kind: 'number', value: asDecimal, decimal: mark };
}

/** What a file's numbers show: the decimal mark of the values that read one way only (see the header comment). */
interface FileNumbers {
  separator: CsvFormat['separator'];
  /** The decimal marks values show; a semicolon-separated file's `1,234` shows the comma. */
  shown: Set<NumberMark>;
}

function numbersOf(separator: CsvFormat['separator'], readings: Reading[]): FileNumbers {
  const shown = new Set<NumberMark>();
  if (separator === ',') return { separator, shown: new Set(['.']) };
  for (const reading of readings) {
    if (reading.kind === 'number' && reading.decimal) shown.add(reading.decimal);
    else if (reading.kind === 'number' && reading.thousands) shown.add(other(reading.thousands));
    // In a semicolon-separated file a comma is the decimal mark: 1,234 is 1.234.
    else if (reading.kind === 'ambiguous' && separator === ';' && reading.mark === ',') shown.add(',');
  }
  return { separator, shown };
}

/** The decimal mark the report names: the one shown, else the separator's (a semicolon's is the comma). */
function formatOf(numbers: FileNumbers): CsvFormat {
  const { separator, shown } = numbers;
  if (shown.size > 1) return { separator, decimal: undefined, mixed: true };
  const [decimal] = [...shown];
  return { separator, decimal: decimal ?? (separator === ';' ? ',' : undefined) };
}

/** Parses the CSV text into one PUT body per row and line-numbered errors for the rows that cannot be sent. */
export function parseStockPriceCsv(text: string): CsvParseResult {
  const errors: CsvError[] = [];
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const separator = detectSeparator(input);
  const all = records(input, separator, errors).filter((record) => !isBlank(record));
  const rows: CsvUpdateRow[] = [];
  const header = all.shift();
  const format: CsvFormat = { separator, decimal: separator === ',' ? '.' : separator === ';' ? ',' : undefined };
  if (!header) {
    if (errors.length === 0)
      errors.push({ line: 1, message: l10n.t('The file is empty: expected the header {0}.', CSV_COLUMNS.join(',')) });
    return { rows, errors, format };
  }
  const names = header.fields.map((name) => name.trim().toLowerCase());
  const index = new Map<string, number>();
  const headerProblems: string[] = [];
  names.forEach((name, position) => {
    if (!(CSV_COLUMNS as readonly string[]).includes(name))
      headerProblems.push(l10n.t('unknown column {0}', shownValue(name)));
    else if (index.has(name)) headerProblems.push(l10n.t('column {0} appears twice', shownValue(name)));
    else index.set(name, position);
  });
  if (!index.has('item_id')) headerProblems.push(l10n.t('the item_id column is missing'));
  if (!index.has('available_quantity') && !index.has('price'))
    headerProblems.push(l10n.t('at least one of available_quantity and price is needed'));
  if (headerProblems.length) {
    errors.push({
      line: header.line,
      message: l10n.t('Bad header ({0}): expected {1}.', headerProblems.join('; '), CSV_COLUMNS.join(',')),
    });
    return { rows, errors, format };
  }
  const cell = (record: RawRecord, column: string) => {
    const position = index.get(column);
    return position === undefined ? '' : (record.fields[position] ?? '').trim();
  };

  // The decimal mark is the file's, not each row's: read every number first.
  const readings = all
    .filter((record) => record.fields.length === names.length)
    .flatMap((record) => ['available_quantity', 'price'].map((column) => cell(record, column)))
    .filter((value) => value !== '')
    .map(readNumber);
  const numbers = numbersOf(separator, readings);
  Object.assign(format, formatOf(numbers));

  const seen = new Map<string, number>();
  for (const record of all) {
    const problem = (message: string) => errors.push({ line: record.line, message });
    if (record.fields.length !== names.length) {
      problem(l10n.t('Expected {0} fields, found {1}.', names.length, record.fields.length));
      continue;
    }
    const value = (column: string) => cell(record, column);
    const itemId = value('item_id');
    if (!/^[A-Z]{3}\d+$/i.test(itemId)) {
      problem(
        itemId
          ? l10n.t('item_id {0} is not an item id (such as {1}).', shownValue(itemId), 'MLA1234567890')
          : l10n.t('item_id is empty.'),
      );
      continue;
    }
    const body: StockPriceChange = {};
    const rowProblems: string[] = [];
    const quantity = value('available_quantity');
    if (quantity !== '') {
      const read = readAmount(quantity, numbers);
      if ('problem' in read) rowProblems.push(amountProblemText('available_quantity', quantity, read, 'whole'));
      else if (read.decimal || !Number.isSafeInteger(read.value))
        rowProblems.push(amountProblemText('available_quantity', quantity, { problem: 'notNumber' }, 'whole'));
      else body.available_quantity = read.value;
      if (!('problem' in read) && read.thousands) format.thousands ??= read.thousands;
    }
    const price = value('price');
    if (price !== '') {
      const read = readAmount(price, numbers);
      if ('problem' in read) rowProblems.push(amountProblemText('price', price, read, 'positive'));
      else if (!(read.value > 0) || !Number.isFinite(read.value))
        rowProblems.push(amountProblemText('price', price, { problem: 'notNumber' }, 'positive'));
      else body.price = read.value;
      if (!('problem' in read) && read.thousands) format.thousands ??= read.thousands;
    }
    if (rowProblems.length) {
      problem(`${rowProblems.join('; ')}.`);
      continue;
    }
    if (body.available_quantity === undefined && body.price === undefined) {
      problem(l10n.t('Nothing to change for {0}: both available_quantity and price are empty.', itemId));
      continue;
    }
    const normalized = itemId.toUpperCase();
    const earlier = seen.get(normalized);
    if (earlier !== undefined) {
      problem(l10n.t('{0} is already updated on line {1}; put both changes on one row.', normalized, earlier));
      continue;
    }
    seen.set(normalized, record.line);
    rows.push({ line: record.line, itemId: normalized, body });
  }
  return { rows, errors, format };
}

/** Why a value cannot be read, for `amountProblemText` to say. */
type AmountProblem =
  | { problem: BadNumber | 'commaFile' }
  | {
      problem: 'ambiguous';
      mark: NumberMark;
      asThousands: number;
      asDecimal: number;
      /** How the file would write the decimal reading (`1,234` in a semicolon-separated file). */
      decimalText: string;
      /** The file writes decimals both ways (else nothing in it shows the mark). */
      mixed: boolean;
      separator: CsvFormat['separator'];
    };

/**
 * A value read with what the file's numbers show: its number, whether a decimal mark was used and the thousands
 * separator it used, or why it cannot be read.
 */
function readAmount(
  text: string,
  numbers: FileNumbers,
): { value: number; decimal: boolean; thousands?: NumberMark } | AmountProblem {
  const { separator, shown } = numbers;
  if (separator === ',' && text.includes(',')) return { problem: 'commaFile' };
  const reading = readNumber(text);
  if (reading.kind === 'bad') return { problem: reading.reason };
  if (reading.kind === 'number') {
    if (separator === ',' && reading.thousands) return { problem: 'commaFile' };
    return {
      value: reading.value,
      decimal: reading.decimal !== undefined,
      ...(reading.thousands ? { thousands: reading.thousands } : {}),
    };
  }
  // One mark and three digits after it: 1.234 or 1,234.
  const { mark, asDecimal, asThousands } = reading;
  if (separator === ',' || (separator === ';' && mark === ',')) return { value: asDecimal, decimal: true };
  if (shown.size === 1 && shown.has(mark)) return { value: asDecimal, decimal: true };
  if (shown.size === 1 && shown.has(other(mark))) return { value: asThousands, decimal: false, thousands: mark };
  const decimalText = separator === ';' ? text.replace('.', ',') : `${asDecimal}`;
  return { problem: 'ambiguous', mark, asThousands, asDecimal, decimalText, mixed: shown.size > 1, separator };
}

/**
 * What is wrong with a value, in one clause naming its column and the value: `price "12a" is not a positive number`.
 * A value that is no number at all is said as what the column needs (`whole`: a whole number of 0 or more;
 * `positive`: a positive number).
 */
function amountProblemText(column: string, text: string, problem: AmountProblem, needs: 'whole' | 'positive'): string {
  const value = shownValue(text);
  switch (problem.problem) {
    case 'notNumber':
      return needs === 'whole'
        ? l10n.t('{0} {1} is not a whole number of 0 or more', column, value)
        : l10n.t('{0} {1} is not a positive number', column, value);
    case 'grouping':
      return l10n.t(
        '{0} {1} is not a number (thousands separators go every three digits, as in 1.234,50 or 1,234.50)',
        column,
        value,
      );
    case 'digitMissing':
      return l10n.t('{0} {1} is not a number (a digit is missing next to the mark)', column, value);
    case 'commaFile':
      return l10n.t(
        '{0} {1} is not a number as a comma-separated file writes it: use a point for decimals (1234.50) and no thousands separator',
        column,
        value,
      );
    case 'ambiguous': {
      const { asThousands, asDecimal, decimalText } = problem;
      if (problem.mixed)
        return l10n.t(
          '{0} {1} is ambiguous ({2} or {3}?): this file writes decimals both with a comma and with a point; write {2}, or {4} for {3}',
          column,
          value,
          asThousands,
          asDecimal,
          decimalText,
        );
      const separator = separatorName(problem.separator);
      return problem.mark === '.'
        ? l10n.t(
            '{0} {1} is ambiguous ({2} or {3}?): nothing else in this {4}-separated file shows whether a point marks decimals or thousands; write {2}, or {5} for {3}',
            column,
            value,
            asThousands,
            asDecimal,
            separator,
            decimalText,
          )
        : l10n.t(
            '{0} {1} is ambiguous ({2} or {3}?): nothing else in this {4}-separated file shows whether a comma marks decimals or thousands; write {2}, or {5} for {3}',
            column,
            value,
            asThousands,
            asDecimal,
            separator,
            decimalText,
          );
    }
  }
}

/** One bulk job per row: `PUT /items/{id}` with only the row's fields; the job id is `source:line`. */
export function csvJobs(source: string, rows: readonly CsvUpdateRow[]): BulkJob[] {
  return rows.map((row) => ({
    id: `${source}:${row.line}`,
    method: 'PUT',
    path: `/items/${encodeURIComponent(row.itemId)}`,
    body: row.body,
    creation: false,
  }));
}
