// What the explorer says about listings: the filter and sort choices, statuses, stock, sale terms, pictures, variations.
import * as l10n from '@vscode/l10n';
import type { Attribute, Item, Picture, SaleTerm, TrimmedItem, Variation } from '../../../model/item';
import { itemStatusWords, itemSubStatusWords } from './statusWords';
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
  shortOf,
  text,
  tooltip,
} from './words';

// ---------------------------------------------------------------------------------------------------------------
// Items

/** The statuses of the items filter (the search's `status`), with "all" first, in the display language. */
export function itemStatusChoices(): readonly Choice<string | undefined>[] {
  return [
    {
      value: undefined,
      label: l10n.t('All statuses'),
      description: l10n.t('every listing except deleted ones'),
      short: l10n.t('all'),
    },
    { value: 'active', label: l10n.t('Active'), description: l10n.t('for sale'), short: itemStatusWords('active') },
    {
      value: 'paused',
      label: l10n.t('Paused'),
      description: l10n.t('hidden: out of stock, picture download pending or paused by you'),
      short: itemStatusWords('paused'),
    },
    {
      value: 'under_review',
      label: l10n.t('Under review'),
      description: l10n.t('warning, waiting for patch, held, pending documentation, forbidden'),
      short: itemStatusWords('under_review'),
    },
    {
      value: 'payment_required',
      label: l10n.t('Payment required'),
      description: l10n.t('listing fee not paid yet'),
      short: l10n.t('unpaid'),
    },
    {
      value: 'closed',
      label: l10n.t('Closed'),
      description: l10n.t('expired, suspended or closed by you'),
      short: itemStatusWords('closed'),
    },
    {
      value: 'inactive',
      label: l10n.t('Inactive'),
      description: l10n.t('review not corrected in time'),
      short: itemStatusWords('inactive'),
    },
  ];
}

/** The sorts of the items search (`orders=`), in the display language. The API's default is stop_time_asc. */
export function itemSortChoices(): readonly Choice<string>[] {
  return [
    {
      value: 'start_time_desc',
      label: l10n.t('Newest first'),
      description: 'start_time_desc',
      short: l10n.t('newest first'),
    },
    {
      value: 'start_time_asc',
      label: l10n.t('Oldest first'),
      description: 'start_time_asc',
      short: l10n.t('oldest first'),
    },
    {
      value: 'last_updated_desc',
      label: l10n.t('Recently updated'),
      description: 'last_updated_desc',
      short: l10n.t('recently updated'),
    },
    {
      value: 'last_updated_asc',
      label: l10n.t('Least recently updated'),
      description: 'last_updated_asc',
      short: l10n.t('least recently updated'),
    },
    {
      value: 'stop_time_asc',
      label: l10n.t('Ending soonest'),
      description: l10n.t('{0} (the API default)', 'stop_time_asc'),
      short: l10n.t('ending soonest'),
    },
    {
      value: 'stop_time_desc',
      label: l10n.t('Ending last'),
      description: 'stop_time_desc',
      short: l10n.t('ending last'),
    },
    { value: 'price_asc', label: l10n.t('Cheapest first'), description: 'price_asc', short: l10n.t('cheapest first') },
    {
      value: 'price_desc',
      label: l10n.t('Most expensive first'),
      description: 'price_desc',
      short: l10n.t('most expensive first'),
    },
  ];
}

/** The explorer's starting choices: every status, newest first. */
export const DEFAULT_ITEM_SORT = 'start_time_desc';

/** Description of the Items root: `active · newest first · 63`. */
export function itemsRootDescription(status: string | undefined, sort: string, total?: number, locale = 'en-US') {
  const parts = [
    shortOf(itemStatusChoices(), status, status ? itemStatusWords(status) : l10n.t('all')),
    shortOf(itemSortChoices(), sort, humanize(sort)),
  ];
  if (total !== undefined) parts.push(formatNumber(total, locale));
  return parts.join(' · ');
}

/** The message shown instead of an empty Items root. */
export function itemsEmptyMessage(status: string | undefined): string {
  return status ? l10n.t("No items match '{0}'. Change the filter.", status) : l10n.t('No listings yet.');
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
  if (status === undefined) return { icon: 'question', text: l10n.t('status unknown') };
  const entry = ITEM_LOOKS[status];
  const refined = subs.map((sub) => entry?.subs?.[sub]).find(Boolean);
  const look = refined ?? entry?.base ?? { icon: 'question' };
  const words = subs.length
    ? `${itemStatusWords(status)} (${subs.map(itemSubStatusWords).join(', ')})`
    : itemStatusWords(status);
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
  return stock === 0 ? l10n.t('out of stock') : l10n.t('{0} in stock', formatNumber(stock, locale));
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

/** The stock line of an item's tooltip: `12 of 20 listed across 3 variations`. */
function stockLine(item: Item, stock: number, locale: string): string {
  const now = formatNumber(stock, locale);
  const listed = item.initial_quantity == null ? undefined : formatNumber(item.initial_quantity, locale);
  const count = item.variations?.length ?? 0;
  const variations = formatNumber(count, locale);
  if (count === 0) return listed === undefined ? now : l10n.t('{0} of {1} listed', now, listed);
  if (listed === undefined)
    return count === 1
      ? l10n.t('{0} across {1} variation', now, variations)
      : l10n.t('{0} across {1} variations', now, variations);
  return count === 1
    ? l10n.t('{0} of {1} listed across {2} variation', now, listed, variations)
    : l10n.t('{0} of {1} listed across {2} variations', now, listed, variations);
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
      [l10n.t('Status'), lookText(look)],
      [l10n.t('Price'), formatMoney(item.price, item.currency_id, locale)],
      [l10n.t('Stock'), stock === undefined ? undefined : stockLine(item, stock, locale)],
      [l10n.t('Sold'), item.sold_quantity == null ? undefined : formatNumber(item.sold_quantity, locale)],
      [l10n.t('Listing type'), text(item.listing_type_id)],
      [l10n.t('Condition'), text(item.condition)],
      [l10n.t('Buying mode'), text(item.buying_mode)],
      ['SKU', text(item.seller_custom_field)],
      [l10n.t('Started'), item.start_time ? formatDate(item.start_time, locale) : undefined],
      [l10n.t('Ends'), item.stop_time ? formatDate(item.stop_time, locale) : undefined],
      [l10n.t('Last updated'), item.last_updated ? formatDate(item.last_updated, locale) : undefined],
    ],
    terms.length
      ? `**${l10n.t('Sale terms ({0})', formatNumber(terms.length, locale))}**\n\n${terms.join('\n')}`
      : `**${l10n.t('Sale terms:')}** ${l10n.t('none')}`,
    item.permalink ? `[${l10n.t('Open the listing')}](${item.permalink})` : '',
  ]);
}

/** A sale term's description: `6 meses · WARRANTY_TIME`. */
export const saleTermDescription = (term: SaleTerm) => `${saleTermValue(term)} · ${term.id}`;

export function saleTermTooltip(term: SaleTerm): string {
  return tooltip(term.name ?? term.id, [
    [
      ['Id', code(term.id)],
      [l10n.t('Value'), escapeMarkdown(saleTermValue(term))],
      [l10n.t('Value id'), term.value_id ? code(term.value_id) : undefined],
      [
        l10n.t('Number and unit'),
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
      [l10n.t('Value'), text(attribute.value_name) ?? escapeMarkdown(l10n.t('— (no value)'))],
      [l10n.t('Value id'), attribute.value_id ? code(attribute.value_id) : undefined],
      [l10n.t('Group'), text(attribute.attribute_group_name ?? attribute.attribute_group_id)],
    ],
  ]);
}

/** A picture's description: `500x375 (max 1200x900)`. */
export function pictureDescription(picture: Picture): string {
  const size = picture.size ?? '';
  return picture.max_size && picture.max_size !== picture.size
    ? l10n.t('{0} (max {1})', size, picture.max_size).trim()
    : size;
}

/** A picture's tooltip shows the picture itself (https only: VS Code loads no other images in hovers). */
export function pictureTooltip(picture: Picture): string {
  const secure = picture.secure_url ?? (picture.url?.startsWith('https:') ? picture.url : undefined);
  return tooltip(l10n.t('Picture {0}', picture.id), [
    secure ? `![${escapeMarkdown(picture.id)}](${secure}|width=240)` : '',
    [
      [l10n.t('Size'), text(picture.size)],
      [l10n.t('Largest size'), text(picture.max_size)],
      [l10n.t('Quality'), text(picture.quality)],
      ['URL', secure ?? text(picture.url)],
    ],
  ]);
}

/** A variation's label: its attribute values (`S · Negro`), or its id. */
export function variationLabel(variation: Variation): string {
  const values = (variation.attribute_combinations ?? []).map((entry) => entry.value_name).filter(Boolean);
  return values.length ? values.join(' · ') : l10n.t('Variation {0}', variation.id);
}

export function variationDescription(variation: Variation, currency: string, locale = 'en-US'): string {
  const parts: string[] = [];
  if (variation.price != null) parts.push(formatMoney(variation.price, currency, locale));
  const stock = stockText(variation.available_quantity, locale);
  if (stock) parts.push(stock);
  if (variation.sold_quantity) parts.push(l10n.t('{0} sold', formatNumber(variation.sold_quantity, locale)));
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
      [l10n.t('Price'), variation.price == null ? undefined : formatMoney(variation.price, currency, locale)],
      [
        l10n.t('Stock'),
        variation.available_quantity == null ? undefined : formatNumber(variation.available_quantity, locale),
      ],
      [l10n.t('Sold'), variation.sold_quantity == null ? undefined : formatNumber(variation.sold_quantity, locale)],
      ['SKU', text(variation.seller_custom_field)],
      [l10n.t('Pictures'), variation.picture_ids?.length ? variation.picture_ids.map(code).join(', ') : undefined],
    ],
  ]);
}
