/**
 * What the payload commands write, without `vscode`: the skeleton of each payload kind, the file name it proposes,
 * the check of a name the user types, and the projection of a live item onto the fields its state lets the seller
 * change (the body of `Pull Item into Payload File`). Editability comes from the rules (`itemTransition`,
 * `itemEditabilityFindings`), so a pulled file never offers a field the API would refuse.
 */
import * as l10n from '@vscode/l10n';
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import type { Item, SaleTerm } from '../../model/item';
import { classifyPayloadFile, describePayloadFile, PAYLOAD_SUFFIXES, type PayloadKind } from '../../model/payloadFiles';
import { errorsOf, type Finding, type JsonPath } from '../../rules/finding';
import { itemEditabilityFindings } from '../../rules/itemEditability';
import { itemTransition } from '../../rules/itemStatus';
import { parseJson } from '../../text/jsonText';

/** The kinds the `New … Payload` commands create (chart-item lists are left to the size chart's own tooling). */
export type NewPayloadKind = Exclude<PayloadKind, 'chartItems'>;

/** The kinds the `New … Payload` commands create, in the order of their commands. */
export const NEW_PAYLOAD_KINDS: readonly NewPayloadKind[] = [
  'item',
  'saleTerms',
  'sizeChart',
  'note',
  'feedback',
  'blacklist',
];

/** What each kind is called in prompts and messages, in the display language. */
export function kindName(kind: NewPayloadKind): string {
  switch (kind) {
    case 'item':
      return l10n.t('item');
    case 'saleTerms':
      return l10n.t('sale-terms');
    case 'sizeChart':
      return l10n.t('size chart');
    case 'note':
      return l10n.t('order note');
    case 'feedback':
      return l10n.t('feedback');
    case 'blacklist':
      return l10n.t('blacklist entry');
  }
}

/** The suffix of each kind's file name: `.item.json`, `.sale-terms.json`… (the globs are made from them). */
export const suffixOf = (kind: PayloadKind): string => PAYLOAD_SUFFIXES[kind];

/** A skeleton: the body, and where the cursor goes (the first value the user has to write). */
export interface Skeleton {
  body: Record<string, unknown>;
  firstEdit: JsonPath;
}

/** A payload rendered as the file's text, with the range (offsets) of the first value to edit. */
export interface RenderedPayload {
  text: string;
  firstEdit: { start: number; end: number } | undefined;
}

/** Pretty JSON (two spaces, final newline) and the offsets of the value at `firstEdit` (inside the quotes of a string). */
export function renderPayload(body: unknown, firstEdit?: JsonPath): RenderedPayload {
  const text = `${JSON.stringify(body, null, 2)}\n`;
  if (!firstEdit) return { text, firstEdit: undefined };
  const root = parseTree(text);
  const node = root && findNodeAtLocation(root, firstEdit);
  if (!node) return { text, firstEdit: undefined };
  const quoted = node.type === 'string';
  return {
    text,
    firstEdit: { start: node.offset + (quoted ? 1 : 0), end: node.offset + node.length - (quoted ? 1 : 0) },
  };
}

/** How many field names the prompt before replacing a file lists; past them it says how many more there are. */
const LISTED_FIELDS = 10;

/**
 * What an existing payload file holds, for the prompt before replacing it: its top-level fields (the first few, and how
 * many more), or "its contents" when it holds no object. Read with `parseJson`: a broken, wide or too deep file is
 * described, never a reason to throw.
 */
export function heldFields(text: string): string {
  const value = parseJson(text).value;
  const fields = typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.keys(value) : [];
  if (!fields.length) return l10n.t('its contents');
  const listed = fields.slice(0, LISTED_FIELDS).join(', ');
  if (fields.length === 1) return l10n.t('its 1 field ({0})', listed);
  return fields.length > LISTED_FIELDS
    ? l10n.t('its {0} fields ({1} and {2} more)', fields.length, listed, fields.length - LISTED_FIELDS)
    : l10n.t('its {0} fields ({1})', fields.length, listed);
}

// ---------------------------------------------------------------------------------------------------------------
// Skeletons of new payloads

/** What the new-item skeleton knows of the seller: the site and its default currency, when signed in. */
export interface NewItemContext {
  siteId?: string;
  currencyId?: string;
}

/**
 * A new listing (`POST /items`): every field the spec lists for a creation, with sensible defaults where one exists
 * and blanks where only the seller can answer (category, price, picture URL, attribute values), so the checks point
 * at exactly what is left to write. The title placeholder is selected when the file opens.
 */
export function newItemSkeleton(context: NewItemContext = {}): Skeleton {
  return {
    body: {
      ...(context.siteId ? { site_id: context.siteId } : {}),
      title: l10n.t('Brand Model and main feature'),
      category_id: '',
      price: 0,
      currency_id: context.currencyId ?? '',
      available_quantity: 1,
      buying_mode: 'buy_it_now',
      listing_type_id: 'gold_special',
      condition: 'new',
      pictures: [{ source: '' }],
      sale_terms: [
        { id: 'WARRANTY_TYPE', value_name: 'Garantía del vendedor' },
        { id: 'WARRANTY_TIME', value_name: '90 días' },
      ],
      attributes: [
        { id: 'BRAND', value_name: '' },
        { id: 'MODEL', value_name: '' },
      ],
    },
    firstEdit: ['title'],
  };
}

/** The spec's example of a sale term to set: availability time, a whole number of días (at most 45). */
export const EXAMPLE_SALE_TERM = { id: 'MANUFACTURING_TIME', value_name: '30 días' } as const;

/** A sale term as `PUT /items/{id}` takes it: `{id, value_name}`, and value_id when the term has one. */
export function saleTermInput(term: SaleTerm): { id: string; value_id?: string; value_name: string | null } {
  return term.value_id
    ? { id: term.id, value_id: term.value_id, value_name: term.value_name ?? null }
    : { id: term.id, value_name: term.value_name ?? null };
}

/**
 * The sale terms of one item (`MLA….sale-terms.json`, `PUT /items/{id}` with `{sale_terms}`): the item's current
 * terms when known (sending one back unchanged changes nothing), else the spec's MANUFACTURING_TIME example.
 */
export function saleTermsSkeleton(current?: readonly SaleTerm[] | null): Skeleton {
  const terms = current?.length ? current.map(saleTermInput) : [{ ...EXAMPLE_SALE_TERM }];
  return { body: { sale_terms: terms }, firstEdit: ['sale_terms', 0, 'value_name'] };
}

/** A new size chart (`POST /size_charts`): one size with two measurements, a figure and a range. */
export function sizeChartSkeleton(): Skeleton {
  return {
    body: {
      name: l10n.t('New size chart'),
      sizes: [
        {
          name: 'M',
          measurements: [
            { id: 'CHEST_CIRCUMFERENCE', value: '96 - 100' },
            { id: 'TOTAL_LENGTH', value: '72' },
          ],
        },
      ],
    },
    firstEdit: ['name'],
  };
}

/** A note on an order (`POST /orders/{id}/notes`, at most 300 characters). */
export function noteSkeleton(): Skeleton {
  return { body: { note: l10n.t('Write the note here, at most 300 characters') }, firstEdit: ['note'] };
}

/**
 * Feedback on a reservation order (`POST /orders/{id}/feedback`): delivered is fulfilled true with rating positive;
 * a returned reservation is fulfilled false with rating neutral.
 */
export function feedbackSkeleton(): Skeleton {
  return { body: { fulfilled: true, rating: 'positive' }, firstEdit: ['fulfilled'] };
}

/** A user to bar from bidding (`POST /users/{me}/order_blacklist`). */
export function blacklistSkeleton(): Skeleton {
  return { body: { user_id: 0 }, firstEdit: ['user_id'] };
}

// ---------------------------------------------------------------------------------------------------------------
// File names

/** Kinds whose file is named after its target (an item or an order); the others are named freely. */
export const TARGET_NAMED: ReadonlySet<NewPayloadKind> = new Set(['saleTerms', 'note', 'feedback']);

const FREE_STEMS: Record<Exclude<NewPayloadKind, 'saleTerms' | 'note' | 'feedback'>, string> = {
  item: 'new-listing',
  sizeChart: 'new-size-chart',
  blacklist: 'blocked-user',
};

/** The name a new file of `kind` gets: `new-listing.item.json`, `MLA1234567.sale-terms.json`, `2000001234.note.json`. */
export function proposedFileName(kind: NewPayloadKind, target?: string): string {
  if (TARGET_NAMED.has(kind)) {
    if (!target) throw new Error(l10n.t('A {0} file is named after its target; none was given.', kindName(kind)));
    return `${target}${suffixOf(kind)}`;
  }
  return `${FREE_STEMS[kind as keyof typeof FREE_STEMS]}${suffixOf(kind)}`;
}

/** `new-listing.item.json`, or `new-listing-2.item.json` when taken, and so on. */
export function nextFreeName(name: string, taken: (candidate: string) => boolean): string {
  if (!taken(name)) return name;
  const dot = name.indexOf('.');
  const stem = dot < 0 ? name : name.slice(0, dot);
  const rest = dot < 0 ? '' : name.slice(dot);
  for (let index = 2; ; index += 1) {
    const candidate = `${stem}-${index}${rest}`;
    if (!taken(candidate)) return candidate;
  }
}

/** The request a file name makes, as the user reads it: `POST /items (create)`; undefined for other names. */
export function requestOfName(name: string): string | undefined {
  const file = classifyPayloadFile(name);
  return file?.path ? describePayloadFile(file) : undefined;
}

/** About as many characters of a quick input's placeholder as it shows; the rest is cut, with no way to read it. */
export const PLACEHOLDER_VISIBLE = 60;

/**
 * The placeholder of the quick pick that asks where a new payload file goes, whole: the file and the request its
 * name makes (`new-listing.item.json makes POST /items (create)`), or the file alone when that would not fit (each
 * choice's detail says the request too).
 */
export function destinationPlaceholder(proposed: string): string {
  const request = requestOfName(proposed);
  const full = request ? `${proposed} makes ${request}` : proposed;
  return full.length <= PLACEHOLDER_VISIBLE ? full : l10n.t('Where should {0} go?', proposed);
}

/**
 * What is wrong with `name` for a new file of `kind`, or undefined when it is fine. A new item or size chart named
 * after an id would update that resource rather than create one, which the new skeleton is not meant for.
 */
export function newFileNameProblem(kind: NewPayloadKind, name: string): string | undefined {
  const suffix = suffixOf(kind);
  if (/[\\/]/.test(name)) return l10n.t('Give a file name only, without folders.');
  const file = classifyPayloadFile(name);
  // The suffix is matched in any case, as classifyPayloadFile and the schemas' fileMatch globs read it.
  if (!file || file.kind !== kind || name.length <= suffix.length)
    return l10n.t('The file name must end with {0}, e.g. {1}.', suffix, proposedFileName(kind, exampleTarget(kind)));
  if (file.problem) return file.problem;
  if (kind === 'item' && file.action === 'update')
    return l10n.t(
      'Named after an item id, this file would update {0} (PUT). Choose another name to create a listing, or use "Pull Item into Payload File" to edit {0}.',
      String(file.target),
    );
  if (kind === 'sizeChart' && file.action === 'update')
    return l10n.t(
      'Named after a chart id, this file would replace chart {0} as a whole (PUT). Choose another name to create a chart.',
      String(file.target),
    );
  return undefined;
}

function exampleTarget(kind: NewPayloadKind): string | undefined {
  if (kind === 'saleTerms') return 'MLA1234567';
  if (kind === 'note' || kind === 'feedback') return '2000001234';
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// The editable fields of a live item

/** The fields a pulled item file may hold, in the order it writes them. */
export const PULLED_FIELDS = [
  'title',
  'price',
  'available_quantity',
  'condition',
  'buying_mode',
  'listing_type_id',
  'seller_custom_field',
  'video_id',
  'pictures',
  'attributes',
  'sale_terms',
  'shipping',
  'variations',
] as const;
export type PulledField = (typeof PULLED_FIELDS)[number];

/** The shipping choices a seller makes; tags, logistic type and profile are the marketplace's to set. */
const SHIPPING_CHOICES = ['mode', 'local_pick_up', 'free_shipping', 'methods', 'dimensions'] as const;

const withoutNullish = (entries: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined && value !== null));

/** Each field of the live item as a `PUT /items/{id}` takes it (read-only parts dropped); undefined when unset. */
const AS_INPUT: Record<PulledField, (item: Item) => unknown> = {
  title: (item) => item.title,
  price: (item) => item.price,
  available_quantity: (item) => item.available_quantity ?? undefined,
  condition: (item) => item.condition ?? undefined,
  buying_mode: (item) => item.buying_mode ?? undefined,
  listing_type_id: (item) => item.listing_type_id ?? undefined,
  seller_custom_field: (item) => item.seller_custom_field ?? undefined,
  video_id: (item) => item.video_id ?? undefined,
  pictures: (item) => (item.pictures?.length ? item.pictures.map((picture) => ({ id: picture.id })) : undefined),
  attributes: (item) =>
    item.attributes?.length
      ? item.attributes.map((attribute) => ({
          ...withoutNullish({ id: attribute.id, name: attribute.name, value_id: attribute.value_id }),
          value_name: attribute.value_name ?? null,
        }))
      : undefined,
  sale_terms: (item) => (item.sale_terms?.length ? item.sale_terms.map(saleTermInput) : undefined),
  shipping: (item) => {
    if (!item.shipping) return undefined;
    const choices = withoutNullish(Object.fromEntries(SHIPPING_CHOICES.map((key) => [key, item.shipping?.[key]])));
    if (Array.isArray(choices.methods) && choices.methods.length === 0) delete choices.methods;
    return Object.keys(choices).length ? choices : undefined;
  },
  variations: (item) =>
    item.variations?.length
      ? item.variations.map((variation) =>
          withoutNullish({
            id: variation.id,
            price: variation.price,
            available_quantity: variation.available_quantity,
            attribute_combinations: variation.attribute_combinations?.map((attribute) => ({
              ...withoutNullish({ id: attribute.id, name: attribute.name, value_id: attribute.value_id }),
              value_name: attribute.value_name ?? null,
            })),
            picture_ids: variation.picture_ids,
            seller_custom_field: variation.seller_custom_field,
          }),
        )
      : undefined,
};

/** A value no live field holds, so the editability rules judge a *change* of the field (title !== title…). */
const CHANGED = Object.freeze({ probe: l10n.t('a changed value') });
/** The key under which the state rules say why a whole state accepts no field ("its fields cannot change"). */
const ANY_FIELD = l10n.t('its fields');

/** The findings that would refuse a change of `field` on the live item in its current state. */
function refusals(item: Item, field: string): Finding[] {
  // The stock is probed with its own value: a different number would also move the status (a stock transition).
  const payload = { [field]: field === 'available_quantity' ? item.available_quantity : CHANGED };
  return errorsOf([...itemTransition(item, payload).findings, ...itemEditabilityFindings(item, payload)]);
}

/** Why the item's state accepts no field at all (closed, deleted, inactive, payment_required, some reviews), if so. */
export function lockedReason(item: Item): string | undefined {
  return refusals(item, ANY_FIELD)[0]?.message;
}

/** The body of a pulled item file, and what was left out and why. */
export interface PulledItem {
  /** The fields the item's state lets the seller change, as a `PUT /items/{id}` takes them, in PULLED_FIELDS order. */
  body: Record<string, unknown>;
  /** Fields the item has but may not change now, with the rule's reason. */
  leftOut: { field: PulledField; reason: string }[];
  /** Set when the state accepts no field at all: the rule's reason (the body is then empty). */
  locked?: string;
  /** The first field of the body (where the cursor goes). */
  firstEdit?: JsonPath;
}

/**
 * The live item's fields that its current state lets the seller change, ready to edit and send back with
 * `PUT /items/{id}`: e.g. an item with sales drops title, condition, buying_mode and listing_type_id; an item with
 * variations keeps their stock and drops the item-level one; a closed, deleted, inactive, held or unpaid item keeps
 * nothing (`locked` says why). `status` and `deleted` are actions rather than fields and are never pulled, and the
 * description text is not part of the item.
 */
export function editableItemPayload(item: Item): PulledItem {
  const locked = lockedReason(item);
  const body: Record<string, unknown> = {};
  const leftOut: PulledItem['leftOut'] = [];
  for (const field of PULLED_FIELDS) {
    const value = AS_INPUT[field](item);
    if (value === undefined) continue;
    const refused = locked ? undefined : refusals(item, field)[0];
    if (locked || refused) leftOut.push({ field, reason: refused?.message ?? locked! });
    else body[field] = value;
  }
  const first = Object.keys(body)[0];
  return { body, leftOut, ...(locked ? { locked } : {}), ...(first ? { firstEdit: [first] } : {}) };
}

/** Whether one field may change on the live item now, and if not, the rule's reason. */
export function fieldRefusal(item: Item, field: PulledField): string | undefined {
  return refusals(item, field)[0]?.message;
}
