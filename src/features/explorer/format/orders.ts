// What the explorer says about orders: views, filters, statuses, lines, payments, notes and feedback.
import * as l10n from '@vscode/l10n';
import type { FeedbackEntry, Order, OrderItem, OrderNote, OrderSort, OrderStatus, Payment } from '../../../model/order';
import { cancelReasonWords, orderStatusWords, orderTagWords, paymentStatusWords, ratingWords } from './statusWords';
import {
  type Choice,
  COLORS,
  code,
  escapeMarkdown,
  formatDate,
  formatDay,
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

/** The order views, in the display language. */
export function orderViewChoices(): readonly Choice<OrderView>[] {
  return [
    {
      value: 'search',
      label: l10n.t('All orders'),
      description: l10n.t('order search (orders in payment_required never appear)'),
      short: l10n.t('all orders'),
    },
    {
      value: 'recent',
      label: l10n.t('Recent'),
      description: l10n.t('expiration date still ahead and not marked delivered'),
      short: l10n.t('recent'),
    },
    {
      value: 'archived',
      label: l10n.t('Archived'),
      description: l10n.t('as the API states it: expiration date later than now, or rated by both parties'),
      short: l10n.t('archived'),
    },
    {
      value: 'pending',
      label: l10n.t('Pending'),
      description: l10n.t('open orders; automatically cancelled ones are omitted'),
      short: l10n.t('pending'),
    },
  ];
}

/** The order statuses a search can filter by (payment_required orders are never returned), in the display language. */
export function orderStatusChoices(): readonly Choice<OrderStatus | undefined>[] {
  return [
    {
      value: undefined,
      label: l10n.t('All statuses'),
      description: l10n.t('no {0} filter', 'order.status'),
      short: l10n.t('all'),
    },
    {
      value: 'paid',
      label: l10n.t('Paid'),
      description: l10n.t('the reservation deposit was credited'),
      short: orderStatusWords('paid'),
    },
    {
      value: 'payment_in_process',
      label: l10n.t('Payment in process'),
      description: l10n.t('a payment exists but is not credited yet'),
      short: orderStatusWords('payment_in_process'),
    },
    {
      value: 'partially_paid',
      label: l10n.t('Partially paid'),
      description: l10n.t('the credited amount is below the deposit'),
      short: orderStatusWords('partially_paid'),
    },
    {
      value: 'cancelled',
      label: l10n.t({ message: 'Cancelled', comment: ['orders shown: the cancelled ones'] }),
      description: l10n.t('returned, not received, expired or not paid in time'),
      short: orderStatusWords('cancelled'),
    },
  ];
}

/** The sorts of the order search, in the display language. */
export function orderSortChoices(): readonly Choice<OrderSort>[] {
  return [
    { value: 'date_desc', label: l10n.t('Newest first'), description: 'date_desc', short: l10n.t('newest first') },
    {
      value: 'date_asc',
      label: l10n.t('Oldest first'),
      description: l10n.t('{0} (the API default)', 'date_asc'),
      short: l10n.t('oldest first'),
    },
  ];
}

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
  if (view !== 'search') parts.push(shortOf(orderViewChoices(), view, view));
  parts.push(
    shortOf(orderStatusChoices(), status as OrderStatus | undefined, status ? orderStatusWords(status) : l10n.t('all')),
  );
  parts.push(shortOf(orderSortChoices(), sort, humanize(sort)));
  if (total !== undefined) parts.push(formatNumber(total, locale));
  return parts.join(' · ');
}

/** The message shown instead of an empty Orders root. */
export function ordersEmptyMessage(view: OrderView, status: string | undefined): string {
  if (view === 'search')
    return status ? l10n.t("No orders match '{0}'. Change the filter.", status) : l10n.t('No orders yet.');
  const name = shortOf(orderViewChoices(), view, view);
  return status
    ? l10n.t("No orders match '{0}' in the {1} view. Change the filter or the view.", status, name)
    : l10n.t('No orders in the {0} view.', name);
}

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
  const reason = detailCode ? cancelReasonWords(detailCode) : undefined;
  const words = orderStatusWords(status) + (reason ? ` (${reason})` : '');
  if ((tags ?? []).includes('fraud_risk_detected')) return { icon: 'warning', color: COLORS.red, text: words };
  return { ...base, text: words };
}

/** Tags as words, fraud first and flagged: `⚠ fraud risk detected · reservation · delivered`. */
export function orderTagsText(tags: readonly string[] | null | undefined): string {
  const list = [...(tags ?? [])];
  const fraud = list.includes('fraud_risk_detected');
  const rest = list.filter((tag) => tag !== 'fraud_risk_detected').map(orderTagWords);
  return [...(fraud ? [`⚠ ${orderTagWords('fraud_risk_detected')}`] : []), ...rest].join(' · ');
}

/** `#2195100127 · TEST_BUYER_15`. */
export const orderLabel = (order: Order) =>
  `#${order.id} · ${order.buyer.nickname ?? l10n.t('buyer {0}', order.buyer.id)}`;

/** `USD 500 (paid USD 200) · partially paid · reservation`. */
export function orderDescription(order: Order, locale = 'en-US'): string {
  const total = formatMoney(order.total_amount, order.currency_id, locale);
  const paid =
    order.paid_amount != null && order.paid_amount !== order.total_amount
      ? ` (${l10n.t('paid {0}', formatMoney(order.paid_amount, order.currency_id, locale))})`
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
  return tooltip(l10n.t('Order {0}', order.id), [
    [
      [l10n.t('Status'), lookText(look)],
      [l10n.t('Status detail'), text(order.status_detail?.description)],
      [
        l10n.t('Buyer'),
        `${text(buyer.nickname) ?? ''} ${code(buyer.id)}${name ? ` (${escapeMarkdown(name)})` : ''}`.trim(),
      ],
      [l10n.t('Total'), formatMoney(order.total_amount, order.currency_id, locale)],
      [
        l10n.t({ message: 'Paid', comment: ['amount paid'] }),
        order.paid_amount == null ? undefined : formatMoney(order.paid_amount, order.currency_id, locale),
      ],
      [
        l10n.t('With shipping'),
        order.total_amount_with_shipping == null || order.total_amount_with_shipping === order.total_amount
          ? undefined
          : formatMoney(order.total_amount_with_shipping, order.currency_id, locale),
      ],
      [
        l10n.t('Coupon'),
        order.coupon?.id
          ? `${text(String(order.coupon.id))} (${formatMoney(order.coupon.amount, order.currency_id, locale)})`
          : undefined,
      ],
      [l10n.t('Tags'), order.tags?.length ? escapeMarkdown(orderTagsText(order.tags)) : undefined],
      [l10n.t('Created'), formatDate(order.date_created, locale)],
      [
        l10n.t({ message: 'Closed', comment: ['date the order closed'] }),
        order.date_closed ? formatDate(order.date_closed, locale) : undefined,
      ],
      [l10n.t('Expires'), order.expiration_date ? formatDate(order.expiration_date, locale) : undefined],
      [l10n.t('Payments'), order.payments?.length ? formatNumber(order.payments.length, locale) : undefined],
    ],
    lines.length ? `**${l10n.t('Items')}**\n\n${lines.join('\n')}` : '',
  ]);
}

/** An order line's description: `1 × USD 500 · full price USD 9,800 · MLA1400000102`. */
export function orderItemDescription(line: OrderItem, fallbackCurrency: string, locale = 'en-US'): string {
  const currency = line.currency_id ?? fallbackCurrency;
  const parts = [`${line.quantity} × ${formatMoney(line.unit_price, currency, locale)}`];
  if (line.full_unit_price != null && line.full_unit_price !== line.unit_price)
    parts.push(l10n.t('full price {0}', formatMoney(line.full_unit_price, currency, locale)));
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
      [l10n.t('Item'), code(line.item.id)],
      [l10n.t('Category'), line.item.category_id ? code(line.item.category_id) : undefined],
      [l10n.t('Quantity'), formatNumber(line.quantity, locale)],
      [l10n.t('Reservation price'), formatMoney(line.unit_price, currency, locale)],
      [
        l10n.t('Full price'),
        line.full_unit_price == null ? undefined : formatMoney(line.full_unit_price, currency, locale),
      ],
      [l10n.t('Variation'), line.item.variation_id == null ? undefined : code(line.item.variation_id)],
      [l10n.t('Variation attributes'), variation ? escapeMarkdown(variation) : undefined],
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
  const words = paymentStatusWords(status) + (detail && detail !== status ? ` (${paymentStatusWords(detail)})` : '');
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
  return tooltip(l10n.t('Payment {0}', payment.id), [
    [
      [l10n.t('Status'), lookText(look)],
      [l10n.t('Amount'), formatMoney(payment.transaction_amount, currency, locale)],
      [
        l10n.t({ message: 'Paid', comment: ['amount paid'] }),
        payment.total_paid_amount == null ? undefined : formatMoney(payment.total_paid_amount, currency, locale),
      ],
      [
        l10n.t('Refunded'),
        record.transaction_amount_refunded
          ? formatMoney(record.transaction_amount_refunded, currency, locale)
          : undefined,
      ],
      [
        l10n.t({ message: 'Method', comment: ['payment method'] }),
        text([payment.payment_method_id, payment.payment_type].filter(Boolean).join(', ')),
      ],
      [l10n.t('Installments'), payment.installments == null ? undefined : formatNumber(payment.installments, locale)],
      [l10n.t('Operation'), text(payment.operation_type)],
      [l10n.t('Money release'), text(record.money_release_status)],
      [l10n.t('Created'), payment.date_created ? formatDate(payment.date_created, locale) : undefined],
      [l10n.t('Approved'), record.date_approved ? formatDate(record.date_approved, locale) : undefined],
      [
        l10n.t('Last modified'),
        payment.date_last_modified ? formatDate(payment.date_last_modified, locale) : undefined,
      ],
    ],
  ]);
}

/** A note's label: its first line, cut to fit. */
export const noteLabel = (note: OrderNote) => oneLine(note.note, 60) || l10n.t('(empty note)');

export const noteDescription = (note: OrderNote, locale?: string) =>
  formatDate(note.date_last_updated ?? note.date_created, locale);

export function noteTooltip(note: OrderNote, locale = 'en-US'): string {
  return tooltip(l10n.t('Note'), [
    escapeMarkdown(note.note),
    [
      ['Id', code(note.id)],
      [l10n.t('Created'), note.date_created ? formatDate(note.date_created, locale) : undefined],
      [l10n.t('Updated'), note.date_last_updated ? formatDate(note.date_last_updated, locale) : undefined],
      [
        l10n.t('Length'),
        l10n.t('{0} of {1} characters', formatNumber([...note.note].length, locale), formatNumber(300, locale)),
      ],
    ],
  ]);
}

const RATING_LOOKS: Record<string, Omit<Look, 'text'>> = {
  positive: { icon: 'thumbsup', color: COLORS.green },
  neutral: { icon: 'circle-large-outline', color: COLORS.yellow },
  negative: { icon: 'thumbsdown', color: COLORS.red },
};

/** A feedback side: `Sale (seller)` / `Purchase (buyer)`. */
export const feedbackLabel = (side: 'sale' | 'purchase') =>
  side === 'sale' ? l10n.t('Sale (seller)') : l10n.t('Purchase (buyer)');

/** `positive · fulfilled`, `neutral · not fulfilled · hidden until 2026-04-01`. */
export function feedbackLook(entry: FeedbackEntry, locale?: string): Look {
  const look = RATING_LOOKS[entry.rating] ?? { icon: 'feedback' };
  const parts = [ratingWords(entry.rating), entry.fulfilled ? l10n.t('fulfilled') : l10n.t('not fulfilled')];
  if (entry.status === 'hidden')
    parts.push(
      entry.visibility_date
        ? l10n.t('hidden until {0}', formatDay(entry.visibility_date, locale))
        : l10n.t({ message: 'hidden', comment: ['feedback status'] }),
    );
  return { ...look, text: parts.join(' · ') };
}

export function feedbackTooltip(side: 'sale' | 'purchase', entry: FeedbackEntry, locale = 'en-US'): string {
  const yesNo = (value: boolean) => (value ? l10n.t('yes') : l10n.t('no'));
  return tooltip(feedbackLabel(side), [
    entry.message ? `“${escapeMarkdown(entry.message)}”` : '',
    [
      [l10n.t('Rating'), text(entry.rating ? ratingWords(entry.rating) : undefined)],
      [l10n.t('Fulfilled'), yesNo(entry.fulfilled)],
      [l10n.t('Reason'), text(entry.reason)],
      [l10n.t('Restock item'), entry.restock_item == null ? undefined : yesNo(entry.restock_item)],
      [
        l10n.t({ message: 'From', comment: ['feedback: the user who gave it'] }),
        entry.from ? code(entry.from.id) : undefined,
      ],
      [
        l10n.t({ message: 'To', comment: ['feedback: the user who received it'] }),
        entry.to ? code(entry.to.id) : undefined,
      ],
      [l10n.t('Status'), text(entry.status)],
      [l10n.t('Created'), entry.date_created ? formatDate(entry.date_created, locale) : undefined],
      [l10n.t('Visible from'), entry.visibility_date ? formatDate(entry.visibility_date, locale) : undefined],
    ],
  ]);
}
