// What the explorer says about listings: the filter and sort choices, statuses, stock, sale terms, pictures, variations.
import type { Attribute, Item, Picture, SaleTerm, TrimmedItem, Variation } from '../../../model/item';
import {
  type Choice,
  COLORS,
  code,
  escapeMarkdown,
  formatDate,
  formatMoney,
  formatNumber,
  humanize,
  type Look,
  lookText,
  plural,
  shortOf,
  text,
  tooltip,
} from './words';

// ---------------------------------------------------------------------------------------------------------------
// Items

/** The statuses of the items filter (the search's `status`), with "all" first. */
export const ITEM_STATUS_CHOICES: readonly Choice<string | undefined>[] = [
  { value: undefined, label: 'All statuses', description: 'every listing except deleted ones', short: 'all' },
  { value: 'active', label: 'Active', description: 'for sale', short: 'active' },
  {
    value: 'paused',
    label: 'Paused',
    description: 'hidden: out of stock, picture download pending or paused by you',
    short: 'paused',
  },
  {
    value: 'under_review',
    label: 'Under review',
    description: 'warning, waiting for patch, held, pending documentation, forbidden',
    short: 'under review',
  },
  { value: 'payment_required', label: 'Payment required', description: 'listing fee not paid yet', short: 'unpaid' },
  { value: 'closed', label: 'Closed', description: 'expired, suspended or closed by you', short: 'closed' },
  { value: 'inactive', label: 'Inactive', description: 'review not corrected in time', short: 'inactive' },
];

/** The sorts of the items search (`orders=`). The API's default is stop_time_asc. */
export const ITEM_SORT_CHOICES: readonly Choice<string>[] = [
  { value: 'start_time_desc', label: 'Newest first', description: 'start_time_desc', short: 'newest first' },
  { value: 'start_time_asc', label: 'Oldest first', description: 'start_time_asc', short: 'oldest first' },
  {
    value: 'last_updated_desc',
    label: 'Recently updated',
    description: 'last_updated_desc',
    short: 'recently updated',
  },
  {
    value: 'last_updated_asc',
    label: 'Least recently updated',
    description: 'last_updated_asc',
    short: 'least recently updated',
  },
  {
    value: 'stop_time_asc',
    label: 'Ending soonest',
    description: 'stop_time_asc (the API default)',
    short: 'ending soonest',
  },
  { value: 'stop_time_desc', label: 'Ending last', description: 'stop_time_desc', short: 'ending last' },
  { value: 'price_asc', label: 'Cheapest first', description: 'price_asc', short: 'cheapest first' },
  { value: 'price_desc', label: 'Most expensive first', description: 'price_desc', short: 'most expensive first' },
];

/** The explorer's starting choices: every status, newest first. */
export const DEFAULT_ITEM_SORT = 'start_time_desc';

/** Description of the Items root: `active · newest first · 63`. */
export function itemsRootDescription(status: string | undefined, sort: string, total?: number, locale = 'en-US') {
  const parts = [
    shortOf(ITEM_STATUS_CHOICES, status, status ? humanize(status) : 'all'),
    shortOf(ITEM_SORT_CHOICES, sort, humanize(sort)),
  ];
  if (total !== undefined) parts.push(formatNumber(total, locale));
  return parts.join(' · ');
}

/** The message shown instead of an empty Items root. */
export function itemsEmptyMessage(status: string | undefined): string {
  return status ? `No items match '${status}'. Change the filter.` : 'No listings yet.';
}

type LookTable = Record<string, { base: Omit<Look, 'text'>; subs?: Record<string, Omit<Look, 'text'>> }>;

/** Per status, its icon and colour, and those of the sub-states the spec names for it. */
const ITEM_LOOKS: LookTable = {
  active: { base: { icon: 'pass-filled', color: COLORS.green } },
  paused: {
    base: { icon: 'debug-pause', color: COLORS.yellow },
    subs: {
      out_of_stock: { icon: 'debug-pause', color: COLORS.orange },
      picture_download_pending: { icon: 'cloud-download', color: COLORS.blue },
    },
  },
  under_review: {
    base: { icon: 'eye', color: COLORS.orange },
    subs: {
      warning: { icon: 'warning', color: COLORS.yellow },
      waiting_for_patch: { icon: 'tools', color: COLORS.orange },
      held: { icon: 'eye', color: COLORS.orange },
      pending_documentation: { icon: 'file', color: COLORS.orange },
      forbidden: { icon: 'circle-slash', color: COLORS.red },
    },
  },
  payment_required: { base: { icon: 'credit-card', color: COLORS.orange } },
  closed: {
    base: { icon: 'archive', color: COLORS.muted },
    subs: {
      expired: { icon: 'history', color: COLORS.muted },
      deleted: { icon: 'trash', color: COLORS.muted },
      suspended: { icon: 'error', color: COLORS.red },
      freezed: { icon: 'error', color: COLORS.red },
    },
  },
  inactive: { base: { icon: 'circle-outline', color: COLORS.muted } },
};

/** Icon, colour and words of an item's status, refined by the first sub-status that has its own look. */
export function itemStatusLook(status: string | undefined, subStatus: readonly string[] | null | undefined = []): Look {
  const subs = (subStatus ?? []).filter(Boolean);
  // A trimmed answer (a documentation example, `attributes=`) may carry no status.
  if (status === undefined) return { icon: 'question', text: 'status unknown' };
  const entry = ITEM_LOOKS[status];
  const refined = subs.map((sub) => entry?.subs?.[sub]).find(Boolean);
  const look = refined ?? entry?.base ?? { icon: 'question' };
  const words = humanize(status) + (subs.length ? ` (${subs.map(humanize).join(', ')})` : '');
  return { ...look, text: words };
}

/** Stock of an item: the sum of its variations' when it has them (the API keeps them in step). */
export function itemStock(item: Pick<Item, 'available_quantity' | 'variations'>): number | undefined {
  if (item.variations?.length) return item.variations.reduce((sum, entry) => sum + (entry.available_quantity ?? 0), 0);
  return item.available_quantity ?? undefined;
}

/** `12 in stock`, `out of stock`. */
export function stockText(stock: number | null | undefined, locale = 'en-US'): string | undefined {
  if (stock === undefined || stock === null) return undefined;
  return stock === 0 ? 'out of stock' : `${formatNumber(stock, locale)} in stock`;
}

/** `ARS 34,999 · 12 in stock · paused (out of stock) · MLA1400000409`. */
export function itemDescription(item: TrimmedItem & { id: string }, locale = 'en-US'): string {
  const parts: string[] = [];
  if (item.price !== undefined) parts.push(formatMoney(item.price, item.currency_id, locale));
  const stock = stockText(itemStock(item), locale);
  // The status already says "out of stock"; saying it twice adds nothing.
  if (stock && !(item.sub_status ?? []).includes('out_of_stock')) parts.push(stock);
  if (item.status) parts.push(itemStatusLook(item.status, item.sub_status).text);
  parts.push(item.id);
  return parts.join(' · ');
}

/** A sale term's value: its value_name, or the names of its values. */
export function saleTermValue(term: SaleTerm): string {
  if (term.value_name) return term.value_name;
  const names = (term.values ?? []).map((value) => value.name).filter(Boolean);
  if (names.length) return names.join(', ');
  if (term.value_struct?.number !== undefined && term.value_struct?.number !== null)
    return `${term.value_struct.number}${term.value_struct.unit ? ` ${term.value_struct.unit}` : ''}`;
  return '—';
}

/** The item's tooltip: id, status, price, stock, listing type, condition, sold quantity and sale terms. */
export function itemTooltip(item: Item, locale = 'en-US'): string {
  const look = itemStatusLook(item.status, item.sub_status);
  const stock = itemStock(item);
  const terms = (item.sale_terms ?? []).map(
    (term) => `- ${text(term.name ?? term.id)}: ${escapeMarkdown(saleTermValue(term))} ${code(term.id)}`,
  );
  return tooltip(item.title, [
    `${code(item.id)} · ${item.site_id} · ${code(item.category_id)}`,
    [
      ['Status', lookText(look)],
      ['Price', formatMoney(item.price, item.currency_id, locale)],
      [
        'Stock',
        stock === undefined
          ? undefined
          : `${formatNumber(stock, locale)}${item.initial_quantity != null ? ` of ${formatNumber(item.initial_quantity, locale)} listed` : ''}${item.variations?.length ? ` across ${plural(item.variations.length, 'variation', locale)}` : ''}`,
      ],
      ['Sold', item.sold_quantity == null ? undefined : formatNumber(item.sold_quantity, locale)],
      ['Listing type', text(item.listing_type_id)],
      ['Condition', text(item.condition)],
      ['Buying mode', text(item.buying_mode)],
      ['SKU', text(item.seller_custom_field)],
      ['Started', item.start_time ? formatDate(item.start_time) : undefined],
      ['Ends', item.stop_time ? formatDate(item.stop_time) : undefined],
      ['Last updated', item.last_updated ? formatDate(item.last_updated) : undefined],
    ],
    terms.length ? `**Sale terms (${terms.length})**\n\n${terms.join('\n')}` : '**Sale terms:** none',
    item.permalink ? `[Open the listing](${item.permalink})` : '',
  ]);
}

/** A sale term's description: `6 meses · WARRANTY_TIME`. */
export const saleTermDescription = (term: SaleTerm) => `${saleTermValue(term)} · ${term.id}`;

export function saleTermTooltip(term: SaleTerm): string {
  return tooltip(term.name ?? term.id, [
    [
      ['Id', code(term.id)],
      ['Value', escapeMarkdown(saleTermValue(term))],
      ['Value id', term.value_id ? code(term.value_id) : undefined],
      [
        'Number and unit',
        term.value_struct?.number != null ? `${term.value_struct.number} ${term.value_struct.unit ?? ''}`.trim() : null,
      ],
    ],
  ]);
}

/** An attribute's description: `Levis · BRAND`. */
export const attributeDescription = (attribute: Attribute) => `${attribute.value_name ?? '—'} · ${attribute.id}`;

export function attributeTooltip(attribute: Attribute): string {
  return tooltip(attribute.name ?? attribute.id, [
    [
      ['Id', code(attribute.id)],
      ['Value', text(attribute.value_name) ?? '— (no value)'],
      ['Value id', attribute.value_id ? code(attribute.value_id) : undefined],
      ['Group', text(attribute.attribute_group_name ?? attribute.attribute_group_id)],
    ],
  ]);
}

/** A picture's description: `500x375 (max 1200x900)`. */
export function pictureDescription(picture: Picture): string {
  const size = picture.size ?? '';
  return picture.max_size && picture.max_size !== picture.size ? `${size} (max ${picture.max_size})`.trim() : size;
}

/** A picture's tooltip shows the picture itself (https only: VS Code loads no other images in hovers). */
export function pictureTooltip(picture: Picture): string {
  const secure = picture.secure_url ?? (picture.url?.startsWith('https:') ? picture.url : undefined);
  return tooltip(`Picture ${picture.id}`, [
    secure ? `![${escapeMarkdown(picture.id)}](${secure}|width=240)` : '',
    [
      ['Size', text(picture.size)],
      ['Largest size', text(picture.max_size)],
      ['Quality', text(picture.quality)],
      ['URL', secure ?? text(picture.url)],
    ],
  ]);
}

/** A variation's label: its attribute values (`S · Negro`), or its id. */
export function variationLabel(variation: Variation): string {
  const values = (variation.attribute_combinations ?? []).map((entry) => entry.value_name).filter(Boolean);
  return values.length ? values.join(' · ') : `Variation ${variation.id}`;
}

export function variationDescription(variation: Variation, currency: string, locale = 'en-US'): string {
  const parts: string[] = [];
  if (variation.price != null) parts.push(formatMoney(variation.price, currency, locale));
  const stock = stockText(variation.available_quantity, locale);
  if (stock) parts.push(stock);
  if (variation.sold_quantity) parts.push(`${formatNumber(variation.sold_quantity, locale)} sold`);
  parts.push(String(variation.id));
  return parts.join(' · ');
}

export function variationTooltip(variation: Variation, currency: string, locale = 'en-US'): string {
  return tooltip(variationLabel(variation), [
    [
      ['Id', code(variation.id)],
      ...(variation.attribute_combinations ?? []).map((entry): [string, string] => [
        entry.name ?? entry.id,
        text(entry.value_name) ?? '—',
      ]),
      ['Price', variation.price == null ? undefined : formatMoney(variation.price, currency, locale)],
      ['Stock', variation.available_quantity == null ? undefined : formatNumber(variation.available_quantity, locale)],
      ['Sold', variation.sold_quantity == null ? undefined : formatNumber(variation.sold_quantity, locale)],
      ['SKU', text(variation.seller_custom_field)],
      ['Pictures', variation.picture_ids?.length ? variation.picture_ids.map(code).join(', ') : undefined],
    ],
  ]);
}
