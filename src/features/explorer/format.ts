/**
 * What the explorer says about each resource: labels, descriptions, Markdown tooltips, codicon and theme-colour ids,
 * money and dates. Pure (no `vscode` import) so every wording is unit-tested in plain Node; `nodes/` turns these
 * into TreeItems.
 */
import type { Advertiser, Campaign } from '../../model/advertising';
import type { Attribute, Item, Picture, SaleTerm, TrimmedItem, Variation } from '../../model/item';
import type { FeedbackEntry, Order, OrderItem, OrderNote, OrderSort, OrderStatus, Payment } from '../../model/order';
import type { SizeChart, SizeChartSummary } from '../../model/sizeChart';

/** A codicon id, an optional theme colour id and the words that go with them. */
export interface Look {
  icon: string;
  color?: string;
  text: string;
}

/** One entry of a filter or sort quick pick; `value` undefined means "no filter". */
export interface Choice<T> {
  value: T;
  label: string;
  description: string;
  /** How the choice reads in the root node's description ("active", "newest first"). */
  short: string;
}

/** Theme colour ids the explorer uses (all part of VS Code's default colour registry). */
export const COLORS = {
  green: 'charts.green',
  yellow: 'charts.yellow',
  orange: 'charts.orange',
  red: 'charts.red',
  blue: 'charts.blue',
  purple: 'charts.purple',
  muted: 'disabledForeground',
  error: 'errorForeground',
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Words, numbers, money, dates

/** `out_of_stock` → `out of stock`. */
export const humanize = (code: string): string => code.replace(/_/g, ' ');

/** A count with grouping (`1,034`). */
export function formatNumber(value: number, locale = 'en-US'): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
}

/** An amount with its currency code first (`ARS 1,500,000`, `USD 12.50`); `—` when the amount is missing. */
export function formatMoney(amount: number | null | undefined, currency: string | null | undefined, locale = 'en-US') {
  if (amount === null || amount === undefined || Number.isNaN(amount)) return '—';
  const digits = Number.isInteger(amount) ? 0 : 2;
  const number = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: 2 }).format(
    amount,
  );
  return currency ? `${currency} ${number}` : number;
}

/** A timestamp as the site wrote it, minutes precision (`2026-03-02 07:23`); anything else is returned unchanged. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const match = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}))?/.exec(value);
  if (!match) return value;
  return match[2] ? `${match[1]} ${match[2]}` : (match[1] as string);
}

/** `n thing` / `n things` (regular plurals only). */
export const plural = (count: number, noun: string, locale = 'en-US') =>
  `${formatNumber(count, locale)} ${noun}${count === 1 ? '' : 's'}`;

/** A group's label with its count: `Sale terms (4)`. */
export const groupLabel = (name: string, count: number) => `${name} (${count})`;

/** Escapes text for Markdown so titles and notes render literally. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, '\\$&');
}

/** Cuts a text to one line of at most `max` characters. */
export function oneLine(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : flat;
}

/** Builds a Markdown tooltip: a bold heading, then `**label** value` lines (empty values skipped). */
function tooltip(heading: string, sections: (string | [string, string | undefined | null][])[]): string {
  const parts = [`**${escapeMarkdown(heading)}**`];
  for (const section of sections) {
    if (typeof section === 'string') {
      if (section) parts.push(section);
      continue;
    }
    const lines = section
      .filter((row): row is [string, string] => row[1] !== undefined && row[1] !== null && row[1] !== '')
      .map(([label, value]) => `**${escapeMarkdown(label)}:** ${value}`);
    if (lines.length) parts.push(lines.join('  \n'));
  }
  return parts.join('\n\n');
}

/** `` `MLA123` `` for ids in tooltips. */
const code = (value: string | number) => `\`${String(value).replace(/`/g, '')}\``;
const text = (value: string | null | undefined) => (value ? escapeMarkdown(value) : undefined);
/** A status in a tooltip, its icon first: `$(pass-filled) active`. */
const lookText = (look: Look) => `$(${look.icon}) ${escapeMarkdown(look.text)}`;

/** The path of a JSON document under the `marketplace-json` scheme: `/items/MLA123.json`. */
export function jsonPath(segments: readonly (string | number)[]): string {
  return `/${segments.map((segment) => encodeURIComponent(String(segment))).join('/')}.json`;
}

/** How a JSON document shows a node's data: two-space indent, final newline. */
export function formatJson(data: unknown): string {
  return `${JSON.stringify(data ?? null, null, 2)}\n`;
}

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

const shortOf = <T>(choices: readonly Choice<T>[], value: T, fallback: string) =>
  choices.find((choice) => choice.value === value)?.short ?? fallback;

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
export function itemStatusLook(status: string, subStatus: readonly string[] | null | undefined = []): Look {
  const subs = (subStatus ?? []).filter(Boolean);
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

// ---------------------------------------------------------------------------------------------------------------
// Orders

/** The order searches: the search itself and its three views. */
export type OrderView = 'search' | 'recent' | 'archived' | 'pending';

export const ORDER_VIEW_CHOICES: readonly Choice<OrderView>[] = [
  {
    value: 'search',
    label: 'All orders',
    description: 'order search (orders in payment_required never appear)',
    short: 'all orders',
  },
  {
    value: 'recent',
    label: 'Recent',
    description: 'expiration date still ahead and not marked delivered',
    short: 'recent',
  },
  {
    value: 'archived',
    label: 'Archived',
    description: 'as the API states it: expiration date later than now, or rated by both parties',
    short: 'archived',
  },
  {
    value: 'pending',
    label: 'Pending',
    description: 'open orders; automatically cancelled ones are omitted',
    short: 'pending',
  },
];

/** The order statuses a search can filter by (payment_required orders are never returned). */
export const ORDER_STATUS_CHOICES: readonly Choice<OrderStatus | undefined>[] = [
  { value: undefined, label: 'All statuses', description: 'no order.status filter', short: 'all' },
  { value: 'paid', label: 'Paid', description: 'the reservation deposit was credited', short: 'paid' },
  {
    value: 'payment_in_process',
    label: 'Payment in process',
    description: 'a payment exists but is not credited yet',
    short: 'payment in process',
  },
  {
    value: 'partially_paid',
    label: 'Partially paid',
    description: 'the credited amount is below the deposit',
    short: 'partially paid',
  },
  {
    value: 'cancelled',
    label: 'Cancelled',
    description: 'returned, not received, expired or not paid in time',
    short: 'cancelled',
  },
];

export const ORDER_SORT_CHOICES: readonly Choice<OrderSort>[] = [
  { value: 'date_desc', label: 'Newest first', description: 'date_desc', short: 'newest first' },
  { value: 'date_asc', label: 'Oldest first', description: 'date_asc (the API default)', short: 'oldest first' },
];

export const DEFAULT_ORDER_SORT: OrderSort = 'date_desc';

/** Description of the Orders root: `recent · paid · newest first · 12` (the plain search view is not named). */
export function ordersRootDescription(
  view: OrderView,
  status: string | undefined,
  sort: OrderSort,
  total?: number,
  locale = 'en-US',
): string {
  const parts: string[] = [];
  if (view !== 'search') parts.push(shortOf(ORDER_VIEW_CHOICES, view, view));
  parts.push(shortOf(ORDER_STATUS_CHOICES, status as OrderStatus | undefined, status ? humanize(status) : 'all'));
  parts.push(shortOf(ORDER_SORT_CHOICES, sort, humanize(sort)));
  if (total !== undefined) parts.push(formatNumber(total, locale));
  return parts.join(' · ');
}

/** The message shown instead of an empty Orders root. */
export function ordersEmptyMessage(view: OrderView, status: string | undefined): string {
  const where = view === 'search' ? '' : ` in the ${view} view`;
  if (status)
    return `No orders match '${status}'${where}. Change the filter${view === 'search' ? '' : ' or the view'}.`;
  return view === 'search' ? 'No orders yet.' : `No orders${where}.`;
}

/** Words for a cancelled order's `status_detail.code`. */
export const CANCEL_REASONS: Record<string, string> = {
  feedback: 'returned by the seller',
  buyer: 'not received by the buyer',
  expired_order: 'expired',
  not_paid: 'not paid in time',
  seller_prohibited: 'seller prohibited',
};

const ORDER_STATUS_LOOKS: Record<string, Omit<Look, 'text'>> = {
  paid: { icon: 'pass-filled', color: COLORS.green },
  payment_in_process: { icon: 'clock', color: COLORS.blue },
  partially_paid: { icon: 'pie-chart', color: COLORS.yellow },
  payment_required: { icon: 'credit-card', color: COLORS.orange },
  cancelled: { icon: 'circle-slash', color: COLORS.red },
};

/** Icon, colour and words of an order: its status; a `fraud_risk_detected` tag turns the icon into a red warning. */
export function orderStatusLook(
  status: string,
  detailCode?: string | null,
  tags: readonly string[] | null | undefined = [],
): Look {
  const base = ORDER_STATUS_LOOKS[status] ?? { icon: 'question' };
  const reason = detailCode ? (CANCEL_REASONS[detailCode] ?? humanize(detailCode)) : undefined;
  const words = humanize(status) + (reason ? ` (${reason})` : '');
  if ((tags ?? []).includes('fraud_risk_detected')) return { icon: 'warning', color: COLORS.red, text: words };
  return { ...base, text: words };
}

/** Tags as words, fraud first and flagged: `⚠ fraud risk detected · reservation · delivered`. */
export function orderTagsText(tags: readonly string[] | null | undefined): string {
  const list = [...(tags ?? [])];
  const fraud = list.includes('fraud_risk_detected');
  const rest = list.filter((tag) => tag !== 'fraud_risk_detected').map(humanize);
  return [...(fraud ? ['⚠ fraud risk detected'] : []), ...rest].join(' · ');
}

/** `#2195100127 · TEST_BUYER_15`. */
export const orderLabel = (order: Order) => `#${order.id} · ${order.buyer.nickname ?? `buyer ${order.buyer.id}`}`;

/** `USD 500 (paid USD 200) · partially paid · reservation`. */
export function orderDescription(order: Order, locale = 'en-US'): string {
  const total = formatMoney(order.total_amount, order.currency_id, locale);
  const paid =
    order.paid_amount != null && order.paid_amount !== order.total_amount
      ? ` (paid ${formatMoney(order.paid_amount, order.currency_id, locale)})`
      : '';
  const look = orderStatusLook(order.status, order.status_detail?.code, order.tags);
  // A tag that repeats the status (paid · paid) says nothing new.
  const tags = orderTagsText(order.tags?.filter((tag) => tag !== order.status));
  return [`${total}${paid}`, look.text, tags].filter(Boolean).join(' · ');
}

export function orderTooltip(order: Order, locale = 'en-US'): string {
  const look = orderStatusLook(order.status, order.status_detail?.code, order.tags);
  const buyer = order.buyer;
  const name = [buyer.first_name, buyer.last_name].filter(Boolean).join(' ');
  const lines = order.order_items.map(
    (line) =>
      `- ${line.quantity} × ${text(line.item.title) ?? code(line.item.id)} ${code(line.item.id)}: ${formatMoney(line.unit_price, line.currency_id ?? order.currency_id, locale)}`,
  );
  return tooltip(`Order ${order.id}`, [
    [
      ['Status', lookText(look)],
      ['Status detail', text(order.status_detail?.description)],
      ['Buyer', `${text(buyer.nickname) ?? ''} ${code(buyer.id)}${name ? ` (${escapeMarkdown(name)})` : ''}`.trim()],
      ['Total', formatMoney(order.total_amount, order.currency_id, locale)],
      ['Paid', order.paid_amount == null ? undefined : formatMoney(order.paid_amount, order.currency_id, locale)],
      [
        'With shipping',
        order.total_amount_with_shipping == null || order.total_amount_with_shipping === order.total_amount
          ? undefined
          : formatMoney(order.total_amount_with_shipping, order.currency_id, locale),
      ],
      [
        'Coupon',
        order.coupon?.id
          ? `${text(String(order.coupon.id))} (${formatMoney(order.coupon.amount, order.currency_id, locale)})`
          : undefined,
      ],
      ['Tags', order.tags?.length ? escapeMarkdown(orderTagsText(order.tags)) : undefined],
      ['Created', formatDate(order.date_created)],
      ['Closed', order.date_closed ? formatDate(order.date_closed) : undefined],
      ['Expires', order.expiration_date ? formatDate(order.expiration_date) : undefined],
      ['Payments', order.payments?.length ? String(order.payments.length) : undefined],
    ],
    lines.length ? `**Items**\n\n${lines.join('\n')}` : '',
  ]);
}

/** An order line's description: `1 × USD 500 · full price USD 9,800 · MLA1400000102`. */
export function orderItemDescription(line: OrderItem, fallbackCurrency: string, locale = 'en-US'): string {
  const currency = line.currency_id ?? fallbackCurrency;
  const parts = [`${line.quantity} × ${formatMoney(line.unit_price, currency, locale)}`];
  if (line.full_unit_price != null && line.full_unit_price !== line.unit_price)
    parts.push(`full price ${formatMoney(line.full_unit_price, currency, locale)}`);
  parts.push(line.item.id);
  return parts.join(' · ');
}

export function orderItemTooltip(line: OrderItem, fallbackCurrency: string, locale = 'en-US'): string {
  const currency = line.currency_id ?? fallbackCurrency;
  const variation = (line.item.variation_attributes ?? [])
    .map((entry) => `${entry.name ?? entry.id}: ${entry.value_name ?? '—'}`)
    .join(', ');
  return tooltip(line.item.title ?? line.item.id, [
    [
      ['Item', code(line.item.id)],
      ['Category', line.item.category_id ? code(line.item.category_id) : undefined],
      ['Quantity', String(line.quantity)],
      ['Reservation price', formatMoney(line.unit_price, currency, locale)],
      ['Full price', line.full_unit_price == null ? undefined : formatMoney(line.full_unit_price, currency, locale)],
      ['Variation', line.item.variation_id == null ? undefined : code(line.item.variation_id)],
      ['Variation attributes', variation ? escapeMarkdown(variation) : undefined],
    ],
  ]);
}

const PAYMENT_LOOKS: Record<string, Omit<Look, 'text'>> = {
  approved: { icon: 'pass-filled', color: COLORS.green },
  accredited: { icon: 'pass-filled', color: COLORS.green },
  pending: { icon: 'clock', color: COLORS.yellow },
  in_process: { icon: 'clock', color: COLORS.blue },
  authorized: { icon: 'clock', color: COLORS.blue },
  rejected: { icon: 'error', color: COLORS.red },
  refunded: { icon: 'discard', color: COLORS.purple },
  charged_back: { icon: 'discard', color: COLORS.red },
  cancelled: { icon: 'circle-slash', color: COLORS.muted },
};

/** `approved (accredited)`, `rejected (cc rejected insufficient amount)`. */
export function paymentStatusLook(status: string, detail?: string | null): Look {
  const look = PAYMENT_LOOKS[status] ?? { icon: 'question' };
  const words = humanize(status) + (detail && detail !== status ? ` (${humanize(detail)})` : '');
  return { ...look, text: words };
}

/** A payment's label: `USD 500 · visa`. */
export function paymentLabel(payment: Payment, fallbackCurrency: string, locale = 'en-US'): string {
  const method = payment.payment_method_id ?? payment.payment_type;
  return [formatMoney(payment.transaction_amount, payment.currency_id ?? fallbackCurrency, locale), method]
    .filter(Boolean)
    .join(' · ');
}

/** `approved (accredited) · 41000000122`. */
export const paymentDescription = (payment: Payment) =>
  `${paymentStatusLook(payment.status, payment.status_detail).text} · ${payment.id}`;

export function paymentTooltip(payment: Payment, fallbackCurrency: string, locale = 'en-US'): string {
  const currency = payment.currency_id ?? fallbackCurrency;
  const look = paymentStatusLook(payment.status, payment.status_detail);
  const record = payment as Payment & {
    money_release_status?: string | null;
    transaction_amount_refunded?: number | null;
    date_approved?: string | null;
  };
  return tooltip(`Payment ${payment.id}`, [
    [
      ['Status', lookText(look)],
      ['Amount', formatMoney(payment.transaction_amount, currency, locale)],
      [
        'Paid',
        payment.total_paid_amount == null ? undefined : formatMoney(payment.total_paid_amount, currency, locale),
      ],
      [
        'Refunded',
        record.transaction_amount_refunded
          ? formatMoney(record.transaction_amount_refunded, currency, locale)
          : undefined,
      ],
      ['Method', text([payment.payment_method_id, payment.payment_type].filter(Boolean).join(', '))],
      ['Installments', payment.installments == null ? undefined : String(payment.installments)],
      ['Operation', text(payment.operation_type)],
      ['Money release', text(record.money_release_status)],
      ['Created', payment.date_created ? formatDate(payment.date_created) : undefined],
      ['Approved', record.date_approved ? formatDate(record.date_approved) : undefined],
      ['Last modified', payment.date_last_modified ? formatDate(payment.date_last_modified) : undefined],
    ],
  ]);
}

/** A note's label: its first line, cut to fit. */
export const noteLabel = (note: OrderNote) => oneLine(note.note, 60) || '(empty note)';

export const noteDescription = (note: OrderNote) => formatDate(note.date_last_updated ?? note.date_created);

export function noteTooltip(note: OrderNote): string {
  return tooltip('Note', [
    escapeMarkdown(note.note),
    [
      ['Id', code(note.id)],
      ['Created', note.date_created ? formatDate(note.date_created) : undefined],
      ['Updated', note.date_last_updated ? formatDate(note.date_last_updated) : undefined],
      ['Length', `${[...note.note].length} of 300 characters`],
    ],
  ]);
}

const RATING_LOOKS: Record<string, Omit<Look, 'text'>> = {
  positive: { icon: 'thumbsup', color: COLORS.green },
  neutral: { icon: 'circle-large-outline', color: COLORS.yellow },
  negative: { icon: 'thumbsdown', color: COLORS.red },
};

/** A feedback side: `Sale (seller)` / `Purchase (buyer)`. */
export const feedbackLabel = (side: 'sale' | 'purchase') => (side === 'sale' ? 'Sale (seller)' : 'Purchase (buyer)');

/** `positive · fulfilled`, `neutral · not fulfilled · hidden until 2026-04-01`. */
export function feedbackLook(entry: FeedbackEntry): Look {
  const look = RATING_LOOKS[entry.rating] ?? { icon: 'feedback' };
  const parts = [entry.rating, entry.fulfilled ? 'fulfilled' : 'not fulfilled'];
  if (entry.status === 'hidden')
    parts.push(entry.visibility_date ? `hidden until ${formatDate(entry.visibility_date).slice(0, 10)}` : 'hidden');
  return { ...look, text: parts.join(' · ') };
}

export function feedbackTooltip(side: 'sale' | 'purchase', entry: FeedbackEntry): string {
  return tooltip(feedbackLabel(side), [
    entry.message ? `“${escapeMarkdown(entry.message)}”` : '',
    [
      ['Rating', text(entry.rating)],
      ['Fulfilled', entry.fulfilled ? 'yes' : 'no'],
      ['Reason', text(entry.reason)],
      ['Restock item', entry.restock_item == null ? undefined : entry.restock_item ? 'yes' : 'no'],
      ['From', entry.from ? code(entry.from.id) : undefined],
      ['To', entry.to ? code(entry.to.id) : undefined],
      ['Status', text(entry.status)],
      ['Created', entry.date_created ? formatDate(entry.date_created) : undefined],
      ['Visible from', entry.visibility_date ? formatDate(entry.visibility_date) : undefined],
    ],
  ]);
}

// ---------------------------------------------------------------------------------------------------------------
// Size charts

/** `510001 · 5 sizes · 3 measurements` once the chart is loaded, the id before. */
export function sizeChartDescription(chart: SizeChartSummary | SizeChart, locale = 'en-US'): string {
  const full = chart as SizeChart;
  const parts = [String(chart.id)];
  if (full.sizes) parts.push(plural(full.sizes.length, 'size', locale));
  if (full.columns) parts.push(plural(full.columns.length, 'measurement', locale));
  return parts.join(' · ');
}

/** Names of a chart's measurement columns by id (`CHEST_CIRCUMFERENCE` → `Contorno de pecho`). */
export function columnNames(chart: SizeChart): Map<string, { name: string; unit: string }> {
  return new Map(
    (chart.columns ?? []).map((column) => [
      column.id,
      { name: column.name ?? column.id, unit: column.type?.default_unit ?? '' },
    ]),
  );
}

/** A measurement value with its column's unit: `98 cm`. */
export function measurementValue(value: string | null | undefined, unit: string): string {
  if (value === null || value === undefined || value === '') return '—';
  return unit ? `${value} ${unit}` : value;
}

/** A size's description: `Contorno de pecho 98 cm · Largo total 71 cm`. */
export function sizeDescription(
  size: NonNullable<SizeChart['sizes']>[number],
  columns: Map<string, { name: string; unit: string }>,
): string {
  return (size.measurements ?? [])
    .map((entry) => {
      const column = columns.get(entry.id);
      return `${column?.name ?? entry.id} ${measurementValue(entry.value, column?.unit ?? '')}`;
    })
    .join(' · ');
}

/** A chart item's description: `active · MLA1400000401`, or the multi-get's failure. */
export function chartItemDescription(item: TrimmedItem & { id: string }, locale = 'en-US'): string {
  return itemDescription(item, locale);
}

// ---------------------------------------------------------------------------------------------------------------
// Blacklist and advertising

export const blacklistDescription = (userId: number) => `${userId} · barred from bidding`;

const CAMPAIGN_LOOKS: Record<string, Omit<Look, 'text'>> = {
  active: { icon: 'play-circle', color: COLORS.green },
  paused: { icon: 'debug-pause', color: COLORS.yellow },
  finished: { icon: 'check-all', color: COLORS.muted },
};

export function campaignStatusLook(status: string | null | undefined): Look {
  const look = (status && CAMPAIGN_LOOKS[status]) || { icon: 'megaphone' };
  return { ...look, text: status ? humanize(status) : 'unknown status' };
}

/** A campaign's date range: `2025-10-03 → 2026-05-01`. */
export function campaignDates(campaign: Campaign): string | undefined {
  if (!campaign.start_date && !campaign.end_date) return undefined;
  const day = (value: string | null | undefined) => (value ? value.slice(0, 10) : '…');
  return `${day(campaign.start_date)} → ${day(campaign.end_date)}`;
}

/** `active · GUARANTEED · 2025-10-03 → 2026-05-01 · 9001001`. */
export function campaignDescription(campaign: Campaign): string {
  return [campaignStatusLook(campaign.status).text, campaign.type, campaignDates(campaign), String(campaign.id)]
    .filter(Boolean)
    .join(' · ');
}

export function campaignTooltip(campaign: Campaign): string {
  const look = campaignStatusLook(campaign.status);
  return tooltip(campaign.name ?? `Campaign ${campaign.id}`, [
    [
      ['Id', code(campaign.id)],
      ['Status', lookText(look)],
      ['Type', text(campaign.type)],
      ['Goal', text(campaign.goal)],
      ['Dates', campaignDates(campaign)],
      ['Site', text(campaign.site_id)],
      ['Advertiser', campaign.advertiser_id == null ? undefined : code(campaign.advertiser_id)],
    ],
  ]);
}

/** An advertiser's label: its name, or its id. */
export const advertiserLabel = (advertiser: Advertiser) =>
  advertiser.advertiser_name ?? `Advertiser ${advertiser.advertiser_id}`;

/** `731001 · MLA · ARS`. */
export const advertiserDescription = (advertiser: Advertiser) =>
  [String(advertiser.advertiser_id), advertiser.site_id, advertiser.currency].filter(Boolean).join(' · ');

export function advertiserTooltip(advertiser: Advertiser): string {
  return tooltip(advertiserLabel(advertiser), [
    [
      ['Id', code(advertiser.advertiser_id)],
      ['Site', advertiser.site_id],
      ['Currency', text(advertiser.currency)],
      ['Account', text(advertiser.account_name)],
      ['Product', 'DISPLAY'],
    ],
  ]);
}

// ---------------------------------------------------------------------------------------------------------------
// Paging

/** `Load 50 more (84 left)`, `Load the last 34`, or `Load more…` when the API gave no total. */
export function loadMoreLabel(pageSize: number, remaining: number | undefined, locale = 'en-US'): string {
  if (remaining === undefined) return 'Load more…';
  if (remaining <= pageSize) return `Load the last ${formatNumber(remaining, locale)}`;
  return `Load ${formatNumber(pageSize, locale)} more (${formatNumber(remaining, locale)} left)`;
}

/** `Showing 50 of 134.` */
export function loadedText(loaded: number, total: number | undefined, locale = 'en-US'): string {
  return total === undefined
    ? `Showing ${formatNumber(loaded, locale)}.`
    : `Showing ${formatNumber(loaded, locale)} of ${formatNumber(total, locale)}.`;
}
