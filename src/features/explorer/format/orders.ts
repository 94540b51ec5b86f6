// What the explorer says about orders: views, filters, statuses, lines, payments, notes and feedback.
import type { FeedbackEntry, Order, OrderItem, OrderNote, OrderSort, OrderStatus, Payment } from '../../../model/order';
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
  oneLine,
  shortOf,
  text,
  tooltip,
} from './words';

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
