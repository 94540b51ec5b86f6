/**
 * Stock and price updates from a CSV file with the columns `item_id,available_quantity,price` (pure: no `vscode`).
 * The header is required (any column order, case-insensitive); a row may leave `available_quantity` or `price` empty,
 * meaning "leave unchanged". Quoted fields (`"…"`, `""` for a quote, commas and line breaks inside), CRLF and a
 * UTF-8 BOM are accepted. Bad rows become line-numbered errors, never an exception.
 */

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
}

interface RawRecord {
  line: number;
  fields: string[];
}

/** Splits CSV text into records (RFC 4180, plus bare LF line ends); an unterminated quote is reported. */
function records(text: string, errors: CsvError[]): RawRecord[] {
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const out: RawRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let quoteLine = 0;
  let i = 0;
  const endRecord = () => {
    fields.push(field);
    out.push({ line: recordLine, fields });
    fields = [];
    field = '';
  };
  while (i < input.length) {
    const char = input[i]!;
    if (quoted) {
      if (char === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      if (char === '\n') line++;
      field += char;
      i++;
      continue;
    }
    if (char === '"' && field.trim() === '') {
      quoted = true;
      quoteLine = line;
      field = '';
      i++;
      continue;
    }
    if (char === ',') {
      fields.push(field);
      field = '';
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
    field += char;
    i++;
  }
  if (quoted) {
    errors.push({ line: quoteLine, message: 'A quoted field is never closed: the rest of the file is ignored.' });
    return out;
  }
  if (field !== '' || fields.length > 0) endRecord();
  return out;
}

const isBlank = (record: RawRecord) => record.fields.every((value) => value.trim() === '');

/** Parses the CSV text into one PUT body per row and line-numbered errors for the rows that cannot be sent. */
export function parseStockPriceCsv(text: string): CsvParseResult {
  const errors: CsvError[] = [];
  const all = records(text, errors).filter((record) => !isBlank(record));
  const rows: CsvUpdateRow[] = [];
  const header = all.shift();
  if (!header) {
    if (errors.length === 0)
      errors.push({ line: 1, message: `The file is empty: expected the header ${CSV_COLUMNS.join(',')}.` });
    return { rows, errors };
  }
  const names = header.fields.map((name) => name.trim().toLowerCase());
  const index = new Map<string, number>();
  const headerProblems: string[] = [];
  names.forEach((name, position) => {
    if (!(CSV_COLUMNS as readonly string[]).includes(name)) headerProblems.push(`unknown column "${name}"`);
    else if (index.has(name)) headerProblems.push(`column "${name}" appears twice`);
    else index.set(name, position);
  });
  if (!index.has('item_id')) headerProblems.push('the item_id column is missing');
  if (!index.has('available_quantity') && !index.has('price'))
    headerProblems.push('at least one of available_quantity and price is needed');
  if (headerProblems.length) {
    errors.push({
      line: header.line,
      message: `Bad header (${headerProblems.join('; ')}): expected ${CSV_COLUMNS.join(',')}.`,
    });
    return { rows, errors };
  }

  const seen = new Map<string, number>();
  for (const record of all) {
    const problem = (message: string) => errors.push({ line: record.line, message });
    if (record.fields.length !== names.length) {
      problem(`Expected ${names.length} fields, found ${record.fields.length}.`);
      continue;
    }
    const value = (column: string) => {
      const position = index.get(column);
      return position === undefined ? '' : record.fields[position]!.trim();
    };
    const itemId = value('item_id');
    if (!/^[A-Z]{3}\d+$/i.test(itemId)) {
      problem(itemId ? `item_id "${itemId}" is not an item id (such as MLA1234567890).` : 'item_id is empty.');
      continue;
    }
    const body: StockPriceChange = {};
    const rowProblems: string[] = [];
    const quantity = value('available_quantity');
    if (quantity !== '') {
      if (/^\d+$/.test(quantity) && Number.isSafeInteger(Number(quantity))) body.available_quantity = Number(quantity);
      else rowProblems.push(`available_quantity "${quantity}" is not a whole number of 0 or more`);
    }
    const price = value('price');
    if (price !== '') {
      if (/^\d+(\.\d+)?$/.test(price) && Number(price) > 0 && Number.isFinite(Number(price)))
        body.price = Number(price);
      else rowProblems.push(`price "${price}" is not a positive number (use . for decimals, no thousands separator)`);
    }
    if (rowProblems.length) {
      problem(`${rowProblems.join('; ')}.`);
      continue;
    }
    if (body.available_quantity === undefined && body.price === undefined) {
      problem(`Nothing to change for ${itemId}: both available_quantity and price are empty.`);
      continue;
    }
    const normalized = itemId.toUpperCase();
    const earlier = seen.get(normalized);
    if (earlier !== undefined) {
      problem(`${normalized} is already updated on line ${earlier}; put both changes on one row.`);
      continue;
    }
    seen.set(normalized, record.line);
    rows.push({ line: record.line, itemId: normalized, body });
  }
  return { rows, errors };
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
