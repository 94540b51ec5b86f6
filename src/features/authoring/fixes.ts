// Quick fixes of payload diagnostics, without VS Code: the edits that correct what a rule found, where the
// correction is clear (clamp MANUFACTURING_TIME, remove an unknown field, use an allowed unit…).
import * as l10n from '@vscode/l10n';
import { MANUFACTURING_TIME_UNIT, type SaleTermDefinition } from '../../model/item';
import { type Finding, type JsonPath, valueAt } from '../../rules/finding';
import { titleFindings } from '../../rules/items';
import { MAX_MANUFACTURING_DAYS, parseNumberUnit } from '../../rules/saleTerms';
import { type ParsedJson, removalRange, type TextEditData } from '../../text/jsonText';

/** A quick fix: edits on the file. */
export interface QuickFixData {
  title: string;
  edits: TextEditData[];
  /** The fix to apply with one keystroke when there are several. */
  preferred?: boolean;
}

/** What a fix reads of the analysed file: its parse, and the sale term definitions of its category once known. */
export interface FixSource {
  parsed: ParsedJson;
  definitions?: readonly SaleTermDefinition[];
}

/** Codes whose fix is removing the field the finding points at. */
const REMOVE_FIELD = new Set([
  'item.field.unknown',
  'order.note.unknown_field',
  'order.feedback.unknown_field',
  'blacklist.unknown_field',
  'payload.sale_terms.extra_field',
  'item.title.not_modifiable',
  'item.condition.not_modifiable',
  'item.buying_mode.not_modifiable',
  'item.listing_type_id.has_sales',
  'item.listing_type_id.already_changed',
]);

/** Codes whose fix is removing the sale term the finding points into. */
const REMOVE_TERM = new Set([
  'item.sale_terms.duplicated',
  'item.manufacturing_time.vertical_not_allowed',
  'item.manufacturing_time.flex_not_allowed',
  'item.manufacturing_time.fulfillment_not_allowed',
  'item.manufacturing_time.not_in_category',
  'item.purchase_max_quantity.not_in_category',
  'item.sale_terms.not_in_category',
]);

const UNIT_CODES = new Set([
  'item.sale_terms.unit_not_allowed',
  'item.manufacturing_time.invalid_format',
  'item.sale_terms.invalid_number_unit',
]);

function replaceFix(run: FixSource, path: JsonPath, value: unknown, title: string, preferred = true): QuickFixData[] {
  const node = run.parsed.nodeAt(path);
  if (!node) return [];
  return [
    { title, preferred, edits: [{ ...run.parsed.span(node.offset, node.length), newText: JSON.stringify(value) }] },
  ];
}

function removeFix(run: FixSource, path: JsonPath, title: string): QuickFixData[] {
  const range = removalRange(run.parsed, path);
  if (!range) return [];
  return [{ title, preferred: true, edits: [{ ...run.parsed.span(range.offset, range.length), newText: '' }] }];
}

/** The title with symbols and punctuation turned into spaces; a decimal point or comma between digits stays. */
export function cleanTitle(title: string): string {
  const chars = [...title];
  const kept = chars.map((char, index) => {
    if (/[\p{L}\p{N} ]/u.test(char)) return char;
    const decimal =
      (char === '.' || char === ',') && /\p{N}/u.test(chars[index - 1] ?? '') && /\p{N}/u.test(chars[index + 1] ?? '');
    return decimal ? char : ' ';
  });
  return kept.join('').replace(/ {2,}/g, ' ').trim();
}

/** The fixes of one finding at its place in the file (none when the correction is not clear). */
export function fixesFor(run: FixSource, entry: Finding, path: JsonPath): QuickFixData[] {
  const { code } = entry;
  const key = path[path.length - 1];
  if (code === 'item.manufacturing_time.too_long') {
    return replaceFix(
      run,
      path,
      `${MAX_MANUFACTURING_DAYS} ${MANUFACTURING_TIME_UNIT}`,
      l10n.t('Clamp MANUFACTURING_TIME to {0} {1}', MAX_MANUFACTURING_DAYS, MANUFACTURING_TIME_UNIT),
    );
  }
  if (UNIT_CODES.has(code)) return unitFixes(run, path);
  if (REMOVE_FIELD.has(code) || code.endsWith('.read_only')) {
    if (typeof key !== 'string') return [];
    return removeFix(run, path, `Remove ${key}`);
  }
  if (REMOVE_TERM.has(code)) {
    const termPath = path[path.length - 1] === 'id' ? path.slice(0, -1) : path;
    if (typeof termPath[termPath.length - 1] !== 'number') return [];
    const id = valueAt(run.parsed.value, [...termPath, 'id']);
    return removeFix(run, termPath, l10n.t('Remove the sale term {0}', typeof id === 'string' ? id : '').trim());
  }
  if (code === 'chart_items.duplicated') return removeFix(run, path, l10n.t('Remove the repeated item id'));
  if (code === 'item.available_quantity.used_limit' && key === 'available_quantity') {
    return replaceFix(run, path, 1, l10n.t('Set available_quantity to 1'));
  }
  if (code === 'order.feedback.rating_mismatch') {
    const fulfilled = valueAt(run.parsed.value, ['fulfilled']);
    if (typeof fulfilled !== 'boolean') return [];
    const rating = fulfilled ? 'positive' : 'neutral';
    return replaceFix(run, path, rating, l10n.t('Rate {0} (fulfilled is {1})', rating, fulfilled));
  }
  if (code === 'item.title.invalid_characters') {
    const title = valueAt(run.parsed.value, path);
    if (typeof title !== 'string') return [];
    const cleaned = cleanTitle(title);
    if (!cleaned || titleFindings(cleaned).length) return [];
    return replaceFix(run, path, cleaned, l10n.t('Change the title to "{0}"', cleaned));
  }
  if (code === 'payload.sale_terms.not_wrapped' && run.parsed.root) {
    const root = run.parsed.root;
    return [
      {
        title: l10n.t('Wrap the array in {"sale_terms": …}'),
        preferred: true,
        edits: [
          { ...run.parsed.span(root.offset, 0), newText: '{ "sale_terms": ' }, // l10n: not translated (JSON written into the file)
          { ...run.parsed.span(root.offset + root.length, 0), newText: ' }' },
        ],
      },
    ];
  }
  return [];
}

/** One fix per allowed unit (the default first), keeping the number the user wrote. */
function unitFixes(run: FixSource, path: JsonPath): QuickFixData[] {
  const current = valueAt(run.parsed.value, path);
  if (typeof current !== 'string') return [];
  const termId = valueAt(run.parsed.value, [...path.slice(0, -1), 'id']);
  if (typeof termId !== 'string') return [];
  const number =
    parseNumberUnit(current)?.number ??
    (/^\s*\d+(?:[.,]\d+)?\s*$/.test(current) ? Number(current.trim().replace(',', '.')) : undefined);
  if (number === undefined || Number.isNaN(number)) return [];
  const definition = run.definitions?.find((candidate) => candidate.id === termId);
  let units = definition?.allowed_units?.map((unit) => unit.id) ?? [];
  if (!units.length && termId === 'MANUFACTURING_TIME') units = [MANUFACTURING_TIME_UNIT];
  const preferred = definition?.default_unit ?? units[0];
  units = [...units].sort((a, b) => Number(b === preferred) - Number(a === preferred));
  return units.flatMap((unit) =>
    replaceFix(run, path, `${number} ${unit}`, l10n.t('Use "{0} {1}"', number, unit), unit === preferred),
  );
}
