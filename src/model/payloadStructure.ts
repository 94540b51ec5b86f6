// What the payload schemas judge: the structural conditions the real API refuses whatever the context (a JSON type,
// an array given as text or an object, a required field, a length or a value a seller may set), one table per payload
// family. `jsonSchemas.ts` writes each condition into the schema with its message in the spec's words (VS Code's
// `errorMessage` / `patternErrorMessage`); the same table tells the editor's diagnostics which findings of
// `src/rules/` the schema already reports, so VS Code shows each problem once. Advice, context and levels stay with
// the rules.
import * as l10n from '@vscode/l10n';
import type { JsonSchema } from './payloadFieldDocs';
import type { PayloadFile } from './payloadFiles';
import { isRecord } from './records';

/** One structural condition: its schema keywords and the same condition in code (true when a value breaks it). */
export interface Check {
  schema: JsonSchema;
  /** Whether the value at the node breaks the condition (`undefined`: the field is absent). */
  fails: (value: unknown) => boolean;
}

/** A condition at a field path (`a.b`, `a[]` for each element; `` is the body) and the rule codes it states. */
export interface StructureEntry {
  path: string;
  check: Check;
  /** Codes of `src/rules/` findings that report the same problem; dropped in VS Code where the schema reports it. */
  codes: string[];
  /** Hover text when the model has no such field (the field is then added to the schema). */
  doc?: string;
}

/** Numeric text the API takes for a number ("1000", "1000.50"). */
export const NUMERIC_TEXT = '^-?[0-9]+(\\.[0-9]+)?$';
/** Integer text the API takes for a stock ("10"). */
export const INTEGER_TEXT = '^[0-9]+$';

const present = (value: unknown) => value !== undefined;

/** Text (or null when `nullable`). */
export const text = (message: string, nullable = false): Check => ({
  schema: { type: nullable ? ['string', 'null'] : 'string', errorMessage: message },
  fails: (value) => present(value) && typeof value !== 'string' && !(nullable && value === null),
});

/** A number, or numeric text. */
export const number = (message: string): Check => ({
  schema: { type: ['number', 'string'], pattern: NUMERIC_TEXT, errorMessage: message, patternErrorMessage: message },
  fails: (value) =>
    present(value) &&
    !(typeof value === 'number' || (typeof value === 'string' && new RegExp(NUMERIC_TEXT).test(value))),
});

/** A whole number, or whole-number text. */
export const integer = (message: string): Check => ({
  schema: { type: ['integer', 'string'], pattern: INTEGER_TEXT, errorMessage: message, patternErrorMessage: message },
  fails: (value) =>
    present(value) && !(Number.isInteger(value) || (typeof value === 'string' && new RegExp(INTEGER_TEXT).test(value))),
});

export const boolean = (message: string): Check => ({
  schema: { type: 'boolean', errorMessage: message },
  fails: (value) => present(value) && typeof value !== 'boolean',
});

export const array = (message: string): Check => ({
  schema: { type: 'array', errorMessage: message },
  fails: (value) => present(value) && !Array.isArray(value),
});

export const object = (message: string): Check => ({
  schema: { type: 'object', errorMessage: message },
  fails: (value) => present(value) && !isRecord(value),
});

/** One of a closed list of values. */
export const oneOf = (values: readonly string[], message: string): Check => ({
  schema: { enum: [...values], errorMessage: message },
  fails: (value) => present(value) && !values.includes(value as string),
});

/** Any case of a character (`[pP]`), for patterns that take a word in any case. */
const anyCase = (word: string): string =>
  [...word]
    .map((char) => (char.toLowerCase() === char.toUpperCase() ? char : `[${char.toLowerCase()}${char.toUpperCase()}]`))
    .join('');

/** One of a closed list of words, in any case (real bodies send "NEGATIVE" and the API takes it). */
export const wordOf = (values: readonly string[], message: string): Check => {
  const pattern = `^(${values.map(anyCase).join('|')})$`;
  return {
    schema: { type: 'string', pattern, errorMessage: message, patternErrorMessage: message },
    fails: (value) => present(value) && !(typeof value === 'string' && values.includes(value.toLowerCase())),
  };
};

/** Text of at most `max` characters (counted in code points, as JSON Schema counts them). */
export const textUpTo = (max: number, message: string, typeMessage: string): Check => ({
  schema: {
    type: 'string',
    errorMessage: typeMessage,
    pattern: `^[\\s\\S]{0,${max}}$`,
    patternErrorMessage: message,
  },
  fails: (value) => present(value) && (typeof value !== 'string' || [...value].length > max),
});

/**
 * An object that holds at least one of `fields` (all of them when each is its own check). Written as
 * `if` not (anyOf required) `then` a schema nothing meets, so the message is the spec's (draft-07 has no message for
 * `required`, and VS Code's would be "Missing property").
 */
export const requires = (fields: readonly string[], message: string): Check => ({
  schema: {
    if: { not: { anyOf: fields.map((field) => ({ required: [field] })) } },
    // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword, not a thenable.
    then: { not: {}, errorMessage: message },
  },
  fails: (value) => isRecord(value) && !fields.some((field) => Object.hasOwn(value, field)),
});

// ---------------------------------------------------------------------------------------------------------------
// The tables
// ---------------------------------------------------------------------------------------------------------------

const SALE_TERM_ENTRIES = (root: string, code: string): StructureEntry[] => [
  {
    path: root,
    check: array(l10n.t('sale_terms must be a list (an array) of sale terms: {"id", "value_name"}.')),
    codes: [`${code}.invalid`],
  },
  {
    path: `${root}[]`,
    check: object(l10n.t('Each sale term is an object with id and value_name (or value_id, value_struct).')),
    codes: [`${code}.invalid`],
  },
  {
    path: `${root}[]`,
    check: requires(['id'], l10n.t('Each sale term needs its id, e.g. "MANUFACTURING_TIME".')),
    codes: [`${code}.id.invalid`],
  },
  { path: `${root}[].id`, check: text(l10n.t('A sale term’s id must be text.')), codes: [`${code}.id.invalid`] },
  {
    path: `${root}[].value_name`,
    check: text(l10n.t('A sale term’s value_name must be text (e.g. "30 días") or null to remove it.'), true),
    codes: [`${code}.value_name.invalid`, `${code}.value_missing`],
  },
];

const variationEntries = (): StructureEntry[] => [
  {
    path: 'variations',
    check: array(l10n.t('variations must be a list (an array) of variations.')),
    codes: ['item.variations.invalid'],
  },
  {
    path: 'variations[].price',
    check: number(l10n.t('A variation’s price must be a number (numeric text such as "1000" is taken too).')),
    codes: ['item.variations.price.invalid'],
  },
  {
    path: 'variations[].available_quantity',
    check: integer(
      l10n.t(
        'A variation’s available_quantity must be a whole number of units (whole-number text such as "10" is taken too).',
      ),
    ),
    codes: ['item.variations.available_quantity.invalid'],
  },
  {
    path: 'variations[].attribute_combinations',
    check: array(l10n.t('attribute_combinations must be a list (an array) of attributes: {"id", "value_name"}.')),
    codes: ['item.variations.attribute_combinations.invalid'],
  },
  {
    path: 'variations[].attributes',
    check: array(l10n.t('A variation’s attributes must be a list (an array) of attributes: {"id", "value_name"}.')),
    codes: ['item.variations.attributes.invalid'],
  },
  {
    path: 'variations[].picture_ids',
    check: array(l10n.t('picture_ids must be a list (an array) of picture ids or URLs.')),
    codes: ['item.variations.picture_ids.invalid'],
  },
];

/** What the item bodies (creation and update) share. */
const itemEntries = (): StructureEntry[] => [
  { path: 'title', check: text(l10n.t('title must be text.')), codes: ['item.title.invalid'] },
  {
    path: 'price',
    check: number(l10n.t('price must be a number (numeric text such as "1000" is taken too).')),
    codes: ['item.price.invalid'],
  },
  {
    path: 'available_quantity',
    check: integer(
      l10n.t('available_quantity must be a whole number of units (whole-number text such as "10" is taken too).'),
    ),
    codes: ['item.available_quantity.invalid'],
  },
  {
    path: 'pictures',
    check: array(l10n.t('pictures must be a list (an array) of pictures: {"source": "<image URL>"} or {"id": "…"}.')),
    codes: ['item.pictures.invalid'],
  },
  {
    path: 'attributes',
    check: array(l10n.t('attributes must be a list (an array) of attributes: {"id", "value_name"}.')),
    codes: ['item.attributes.invalid'],
  },
  ...SALE_TERM_ENTRIES('sale_terms', 'item.sale_terms'),
  {
    path: 'shipping',
    check: object(l10n.t('shipping must be an object, e.g. {"mode": "me2"}.')),
    codes: ['item.shipping.invalid'],
  },
  {
    path: 'shipping.local_pick_up',
    check: boolean(l10n.t('shipping.local_pick_up must be true or false.')),
    codes: ['item.shipping.local_pick_up.invalid'],
  },
  {
    path: 'seller_custom_field',
    check: text(l10n.t('seller_custom_field must be text (or null).'), true),
    codes: ['item.seller_custom_field.invalid'],
  },
  ...variationEntries(),
];

/** The values a seller may set an item's status to (the others are the marketplace's). */
export const SELLER_STATUSES = ['active', 'paused', 'closed'] as const;

export type StructureFamily =
  | 'itemCreate'
  | 'itemUpdate'
  | 'saleTerms'
  | 'sizeChart'
  | 'chartItems'
  | 'note'
  | 'feedback'
  | 'blacklist';

/**
 * The structural conditions of every payload family. A function, so the messages are read in the language configured
 * when it runs (the schema generator configures each language in turn); the codes and conditions never change.
 */
export const structure = (): Record<StructureFamily, StructureEntry[]> => ({
  itemCreate: [
    ...itemEntries(),
    {
      path: '',
      check: requires(['category_id'], l10n.t('category_id is required for every item creation.')),
      codes: ['item.category_id.required'],
    },
    {
      path: '',
      check: requires(['price'], l10n.t('price is required for every item creation.')),
      codes: ['item.price.required'],
    },
    {
      path: '',
      check: requires(['currency_id'], l10n.t('currency_id is required for every item creation.')),
      codes: ['item.currency_id.required'],
    },
    {
      path: '',
      check: requires(
        ['title', 'family_name'],
        l10n.t('A creation needs title (or family_name in the User Products flow, which sends no title).'),
      ),
      codes: ['item.title.required'],
    },
    {
      path: 'family_name',
      check: text(l10n.t('family_name must be text.')),
      codes: ['item.family_name.invalid'],
      doc: l10n.t('Name of the product family in the User Products flow, sent instead of title.'),
    },
  ],
  itemUpdate: [
    ...itemEntries(),
    {
      path: 'status',
      check: oneOf(SELLER_STATUSES, l10n.t('A seller sets status to active, paused or closed only.')),
      codes: ['item.status.invalid'],
    },
  ],
  saleTerms: SALE_TERM_ENTRIES('sale_terms', 'item.sale_terms'),
  sizeChart: [
    {
      path: '',
      check: requires(['name'], l10n.t('A size chart needs its name.')),
      codes: ['size_chart.name.invalid'],
    },
    { path: 'name', check: text(l10n.t('The chart’s name must be text.')), codes: ['size_chart.name.invalid'] },
    {
      path: 'sizes',
      check: array(l10n.t('sizes must be a list (an array) of sizes: {"name", "measurements"}.')),
      codes: ['size_chart.sizes.invalid', 'MEASUREMENT_NOT_ALLOWED'],
    },
    {
      path: 'sizes[].measurements',
      check: array(l10n.t('measurements must be a list (an array) of measurements: {"id", "value"}.')),
      codes: ['size_chart.sizes.measurements.invalid'],
    },
    {
      path: 'sizes[].measurements[].value',
      check: text(l10n.t('A measurement’s value is text: a number such as "92" or a range such as "90 - 94".')),
      codes: ['size_chart.sizes.measurements.value.invalid'],
    },
  ],
  chartItems: [
    {
      path: '',
      check: requires(['items'], l10n.t('items is required: the full list of item ids the chart serves.')),
      codes: ['chart_items.items_required'],
    },
    {
      path: 'items',
      check: array(l10n.t('items must be a list (an array) of item ids.')),
      codes: ['chart_items.items.invalid'],
    },
  ],
  note: [
    {
      path: '',
      check: requires(['note'], l10n.t('The field note is required: the text of the note.')),
      codes: ['order.note.required'],
    },
    {
      path: 'note',
      check: textUpTo(300, l10n.t('An order note holds at most 300 characters.'), l10n.t('note must be a text.')),
      codes: ['order.note.too_long', 'order.note.type'],
    },
  ],
  feedback: [
    {
      path: '',
      check: requires(['fulfilled'], l10n.t('fulfilled is required: true when delivered, false when returned.')),
      codes: ['order.feedback.fulfilled_required'],
    },
    {
      path: '',
      check: requires(
        ['rating'],
        l10n.t('rating is required: positive with fulfilled true, neutral with fulfilled false.'),
      ),
      codes: ['order.feedback.rating_required'],
    },
    {
      path: 'fulfilled',
      check: boolean(l10n.t('fulfilled must be true or false.')),
      codes: ['order.feedback.fulfilled_type'],
    },
    {
      path: 'rating',
      check: wordOf(['positive', 'neutral', 'negative'], l10n.t('rating must be one of positive, neutral, negative.')),
      codes: ['order.feedback.rating_invalid'],
    },
  ],
  blacklist: [
    {
      path: '',
      check: requires(['user_id'], l10n.t('user_id is required: the id of the user to block.')),
      codes: ['blacklist.user_id_required'],
    },
    {
      path: 'user_id',
      check: integer(l10n.t('user_id must be a user id (a positive whole number).')),
      codes: ['blacklist.user_id_type'],
    },
  ],
});

/**
 * The structural conditions of a payload file's schema, by its kind and action (an item file creates or updates; the
 * other kinds have one body). The generator and the editor's diagnostics both read it, so they never disagree.
 */
export function structureFamilyOf(payload: {
  kind: PayloadFile['kind'];
  action: PayloadFile['action'] | 'any';
}): StructureFamily {
  if (payload.kind === 'item') return payload.action === 'update' ? 'itemUpdate' : 'itemCreate';
  return payload.kind;
}

/** `a[].b` for `['a', 0, 'b']`. */
export const structurePath = (path: readonly (string | number)[]): string =>
  path.reduce<string>((text, part) => (typeof part === 'number' ? `${text}[]` : text ? `${text}.${part}` : part), '');

/**
 * Whether the schema whose conditions are `entries` (`structure()[family]`, built once per body by the caller, not once
 * per finding) reports the problem of a finding (its code at its path or, for a missing field, at the object that
 * lacks it) on this body. Linear in the length of the path and the size of the table.
 */
export function statedBySchema(
  entries: readonly StructureEntry[],
  code: string,
  path: readonly (string | number)[],
  body: unknown,
): boolean {
  const at = (prefix: readonly (string | number)[]) =>
    prefix.reduce<unknown>((value, part) => {
      if (Array.isArray(value) && typeof part === 'number') return value[part];
      return isRecord(value) && typeof part === 'string' && Object.hasOwn(value, part) ? value[part] : undefined;
    }, body);
  const candidates = [path, path.slice(0, -1)];
  return entries.some(
    (entry) =>
      entry.codes.includes(code) &&
      candidates.some((candidate) => structurePath(candidate) === entry.path && entry.check.fails(at(candidate))),
  );
}
