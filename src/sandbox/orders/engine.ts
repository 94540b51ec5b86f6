import type { FeedbackRequest, OrderStatus } from '../../model/order';
import { type Finding, findingsText } from '../../rules/finding';
import { type FeedbackRole, feedbackAllowedFindings } from '../../rules/orderFeedback';
import { type OrderEvent, type OrderTransition, orderTransition } from '../../rules/orderStatus';
import type { MandatoryFlowDecision } from '../../rules/payments';
import { ownRecord } from '../records';
import { apiTimestamp, type NotificationEvent } from '../sandbox';
import type { SandboxUser } from '../users/state';
import { siteMethodOfType } from './sites';
import type { OrdersSlice, SandboxBuyer, SandboxFeedback, SandboxOrder, SandboxParty, SandboxPayment } from './state';

/** First numbers of the id counters (seeded ids follow them, new ones continue after the seeded ones). */
export const ORDER_ID_START = 2_195_100_000;
export const PAYMENT_ID_START = 41_000_000_000;
export const FEEDBACK_ID_START = 9_100_000_000;
export const NOTE_COUNTER_START = 0;

/** An order not fully paid this long after its creation is cancelled automatically (the spec does not show it). */
export const UNPAID_CANCEL_HOURS = 48;
/** expiration_date is this many days after date_created: the rating deadline. */
export const EXPIRATION_DAYS = 30;

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** Deposit of a reservation by currency; other currencies reserve 2% of the price. */
const DEPOSITS: Record<string, number> = {
  USD: 500,
  ARS: 500_000,
  BRL: 2_000,
  MXN: 10_000,
  COP: 2_000_000,
  CLP: 400_000,
  PEN: 1_800,
  UYU: 20_000,
};

/** The reservation price of a vehicle: a fixed deposit per currency, never more than the price itself. */
export function depositFor(price: number, currency: string): number {
  const fixed = DEPOSITS[currency] ?? Math.round(price * 0.02);
  return Math.min(fixed, price);
}

/** What the order engine acts on: the slice, the clock, ids, notifications and the items' stock. */
export interface OrderWorld {
  slice: OrdersSlice;
  now(): Date;
  nextId(kind: string, start: number): number;
  notify(event: NotificationEvent): void;
  /** Discounts (negative) or gives back (positive) units of an item. */
  adjustStock(itemId: string, delta: number): void;
}

/** A rule of `src/rules/` refused the action; routes answer it as 400 with the findings as `cause[]`. */
export class OrderRuleError extends Error {
  constructor(readonly findings: Finding[]) {
    super(findingsText(findings));
  }
}

/** The vehicle a reservation is made on (a subset of the items family's item). */
export interface ReservedItem {
  id: string;
  title: string;
  category_id: string;
  price: number;
  currency_id: string;
  site_id: string;
}

export interface ReservationInput {
  item: ReservedItem;
  buyer: SandboxUser;
  seller: SandboxUser;
  deposit: number;
  flow: MandatoryFlowDecision;
  coupon?: { amount: number; id: string };
}

function party(user: SandboxUser): SandboxParty {
  return {
    id: user.id,
    nickname: user.nickname,
    email: user.email,
    phone: { ...user.phone },
    alternative_phone: {
      area_code: user.phone.area_code,
      number: `15${String(user.id % 100_000_000).padStart(8, '0')}`,
      extension: '',
    },
    first_name: user.first_name,
    last_name: user.last_name,
  };
}

function buyerParty(user: SandboxUser): SandboxBuyer {
  return { ...party(user), billing_info: { ...user.billing_info } };
}

const stamp = (world: OrderWorld, at?: Date) => apiTimestamp(at ?? world.now());

/**
 * Starts a reservation. In the mandatory integrated payment flow the order is created in payment_required, hidden
 * from the seller and only `created_orders` is notified. Otherwise (the sandbox's choice, the spec shows no such
 * row) the buyer picked an offline means: the order starts in payment_in_process with a pending ticket for the
 * deposit, visible to the seller with the counterpart data, and `orders`/`orders_v2` are notified.
 */
export function createReservation(world: OrderWorld, input: ReservationInput): SandboxOrder {
  const now = world.now();
  const created = stamp(world);
  const id = world.nextId('order', ORDER_ID_START);
  const mandatory = input.flow.applies;
  const order: SandboxOrder = {
    data: {
      id,
      status: 'payment_required',
      status_detail: null,
      date_created: created,
      date_closed: null,
      expiration_date: apiTimestamp(new Date(now.getTime() + EXPIRATION_DAYS * DAY)),
      last_updated: created,
      order_items: [
        {
          item: {
            id: input.item.id,
            title: input.item.title,
            category_id: input.item.category_id,
            variation_id: null,
            variation_attributes: [],
          },
          quantity: 1,
          unit_price: input.deposit,
          full_unit_price: input.item.price,
          currency_id: input.item.currency_id,
        },
      ],
      total_amount: input.deposit,
      paid_amount: 0,
      total_amount_with_shipping: input.deposit,
      currency_id: input.item.currency_id,
      buyer: buyerParty(input.buyer),
      seller: party(input.seller),
      payments: [],
      feedback: { sale: null, purchase: null },
      shipping: { id: null, status: 'to_be_agreed' },
      tags: ['reservation'],
      coupon: input.coupon ? { ...input.coupon } : { amount: 0, id: null },
      mediations: [],
      site_id: input.item.site_id,
    },
    mandatory_flow: { applies: mandatory, cases: input.flow.cases.map((hit) => hit.case) },
    visible_to_seller: !mandatory,
    counterpart_visible: !mandatory,
    notify_orders: !mandatory,
    stock_discounted: false,
    money_released: false,
  };
  world.slice.orders[String(id)] = order;
  if (mandatory) {
    world.notify({ topic: 'created_orders', resource: `/orders/${id}`, user_id: input.seller.id });
    return order;
  }
  const site = world.slice.sites[input.item.site_id];
  const ticket = (site && siteMethodOfType(site, world.slice.paymentMethods, 'ticket')) ?? 'account_money';
  // The pending ticket moves the order to payment_in_process; that change is what notifies orders/orders_v2.
  addPayment(world, order, { amount: input.deposit, outcome: 'pending', methodId: ticket }, { quiet: true });
  return order;
}

export type PaymentOutcome = 'approved' | 'rejected' | 'pending';

export interface PaymentInput {
  amount: number;
  outcome: PaymentOutcome;
  methodId: string;
}

const OUTCOME_DETAIL: Record<PaymentOutcome, string> = {
  approved: 'accredited',
  // A first card rejected for limit reasons, as the spec describes it.
  rejected: 'cc_rejected_insufficient_amount',
  pending: 'pending_waiting_payment',
};

/** Amounts credited (approved) and pending on an order, with the coupon counted as credited. */
export function paymentTotals(order: SandboxOrder): { credited: number; pending: number } {
  let credited = 0;
  let pending = 0;
  for (const payment of order.data.payments) {
    if (payment.status === 'approved') credited += payment.transaction_amount + payment.coupon_amount;
    if (payment.status === 'pending') pending += payment.transaction_amount + payment.coupon_amount;
  }
  return { credited: round(credited), pending: round(pending) };
}

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * Adds a payment to an unpaid order and moves the order by what is now credited or pending: the full deposit makes
 * it paid, part of it partially_paid, a payment not yet credited payment_in_process.
 */
export function addPayment(
  world: OrderWorld,
  order: SandboxOrder,
  input: PaymentInput,
  options: { quiet?: boolean } = {},
): SandboxPayment {
  const data = order.data;
  const method = ownRecord(world.slice.paymentMethods, input.methodId);
  const now = stamp(world);
  const type = method?.payment_type_id ?? 'account_money';
  const card = type === 'credit_card' || type === 'debit_card';
  const firstCredit =
    input.outcome !== 'rejected' && data.coupon.amount > 0 && !data.payments.some((p) => p.coupon_amount > 0);
  const couponAmount = firstCredit ? Math.min(data.coupon.amount, input.amount) : 0;
  const id = world.nextId('payment', PAYMENT_ID_START);
  const transaction = round(input.amount - couponAmount);
  const payment: SandboxPayment = {
    id,
    order_id: data.id,
    payer_id: data.buyer.id,
    collector: { id: data.seller.id },
    status: input.outcome,
    status_detail: OUTCOME_DETAIL[input.outcome],
    status_code: null,
    operation_type: 'regular_payment',
    payment_method_id: input.methodId,
    payment_type: type,
    transaction_amount: transaction,
    total_paid_amount: input.outcome === 'approved' ? transaction : 0,
    shipping_cost: 0,
    overpaid_amount: 0,
    coupon_amount: couponAmount,
    coupon_id: couponAmount > 0 ? data.coupon.id : null,
    currency_id: data.currency_id,
    installments: 1,
    issuer_id: card ? '310' : null,
    card_id: card ? 8_000_000_000 + (id % 1_000_000_000) : null,
    activation_uri:
      input.outcome === 'pending'
        ? `https://www.platformpago.example/payments/${id}/ticket?caller_id=${data.buyer.id}`
        : null,
    atm_transfer_reference: {
      company_id: type === 'atm' ? '1019' : null,
      transaction_id: type === 'atm' ? String(id) : null,
    },
    available_actions: input.outcome === 'approved' ? ['refund'] : [],
    date_created: now,
    date_last_modified: now,
    date_approved: input.outcome === 'approved' ? now : null,
    reason: data.order_items[0]?.item.title ?? `Reserva ${data.id}`,
    site_id: data.site_id,
    transaction_amount_refunded: 0,
    money_release_status: input.outcome === 'approved' ? 'pending' : null,
    money_release_date: null,
  };
  data.payments.push(payment);
  if (!options.quiet) notifyPayment(world, order, payment);
  settlePayments(world, order);
  return payment;
}

/** Credits every pending payment of an order (the ticket was paid at the counter). */
export function creditPending(world: OrderWorld, order: SandboxOrder): SandboxPayment[] {
  const now = stamp(world);
  const credited = order.data.payments.filter((payment) => payment.status === 'pending');
  for (const payment of credited) {
    payment.status = 'approved';
    payment.status_detail = 'accredited';
    payment.total_paid_amount = payment.transaction_amount;
    payment.available_actions = ['refund'];
    payment.activation_uri = null;
    payment.date_approved = now;
    payment.date_last_modified = now;
    payment.money_release_status = 'pending';
    notifyPayment(world, order, payment);
  }
  if (credited.length) settlePayments(world, order);
  return credited;
}

function settlePayments(world: OrderWorld, order: SandboxOrder): void {
  const totals = paymentTotals(order);
  order.data.paid_amount = totals.credited;
  const event: OrderEvent = { type: 'payment', ...totals, deposit: order.data.total_amount };
  applyEvent(world, order, event);
}

export interface ApplyOptions {
  /** When the transition happened (a deadline in the past); now by default. */
  at?: Date;
  /** Give the vehicle back to stock when the order is cancelled. */
  restock?: boolean;
}

/** Runs an event through the spec's status table and applies the outcome, or throws the rule's findings. */
export function applyEvent(world: OrderWorld, order: SandboxOrder, event: OrderEvent, options: ApplyOptions = {}) {
  const result = orderTransition(order.data, event);
  if (!result.ok) throw new OrderRuleError(result.findings);
  applyTransition(world, order, result.transition, options);
  return result.transition;
}

function applyTransition(world: OrderWorld, order: SandboxOrder, transition: OrderTransition, options: ApplyOptions) {
  const data = order.data;
  const at = stamp(world, options.at);
  const before = JSON.stringify([data.status, data.tags, order.money_released]);
  data.status = transition.to;
  if (transition.statusDetail) data.status_detail = { ...transition.statusDetail };
  for (const tag of transition.addTags) if (!data.tags.includes(tag)) data.tags.push(tag);
  if (transition.to !== 'payment_required' && transition.to !== 'cancelled') order.visible_to_seller = true;
  const touched: SandboxPayment[] = [];
  if (transition.firstPaid) {
    data.date_closed = at;
    order.counterpart_visible = true;
    order.visible_to_seller = true;
    order.notify_orders = true;
    for (const line of data.order_items) world.adjustStock(line.item.id, -line.quantity);
    order.stock_discounted = true;
  }
  if (transition.to === 'cancelled') {
    for (const payment of data.payments) {
      if (payment.status === 'pending') {
        payment.status = 'cancelled';
        payment.status_detail = 'expired';
        payment.activation_uri = null;
        payment.date_last_modified = at;
        touched.push(payment);
      }
    }
    if (order.stock_discounted && options.restock) {
      for (const line of data.order_items) world.adjustStock(line.item.id, line.quantity);
      order.stock_discounted = false;
    }
  }
  if (transition.refund) {
    for (const payment of data.payments) {
      if (payment.status !== 'approved') continue;
      payment.status = 'refunded';
      payment.status_detail = 'refunded';
      payment.transaction_amount_refunded = payment.transaction_amount;
      payment.available_actions = [];
      payment.money_release_status = null;
      payment.date_last_modified = at;
      touched.push(payment);
    }
  }
  if (transition.releaseMoney && !order.money_released) {
    order.money_released = true;
    for (const payment of data.payments) {
      if (payment.status !== 'approved') continue;
      payment.money_release_status = 'released';
      payment.money_release_date = at;
      payment.available_actions = [];
      payment.date_last_modified = at;
      touched.push(payment);
    }
  }
  const changed = before !== JSON.stringify([data.status, data.tags, order.money_released]) || touched.length > 0;
  if (!changed) return;
  data.last_updated = at;
  for (const payment of touched) notifyPayment(world, order, payment);
  notifyOrder(world, order);
}

/** `orders` and `orders_v2` on each change once the order is in the regular stream (from payment on). */
function notifyOrder(world: OrderWorld, order: SandboxOrder): void {
  if (!order.notify_orders) return;
  const resource = `/orders/${order.data.id}`;
  world.notify({ topic: 'orders', resource, user_id: order.data.seller.id });
  world.notify({ topic: 'orders_v2', resource, user_id: order.data.seller.id });
}

function notifyPayment(world: OrderWorld, order: SandboxOrder, payment: SandboxPayment): void {
  world.notify({ topic: 'payments', resource: `/collections/${payment.id}`, user_id: order.data.seller.id });
}

/**
 * Records the seller's (sale) or buyer's (purchase) feedback and applies its transition: the seller's fulfilled=true
 * tags the order delivered, fulfilled=false returns it (cancelled, feedback, refund); the buyer's fulfilled=true
 * releases the money, fulfilled=false cancels it (buyer, refund).
 */
export function recordFeedback(
  world: OrderWorld,
  order: SandboxOrder,
  role: FeedbackRole,
  body: FeedbackRequest,
): SandboxFeedback {
  const data = order.data;
  const blocked = feedbackAllowedFindings(data, role, world.now());
  if (blocked.length) throw new OrderRuleError(blocked);
  const event: OrderEvent = {
    type: role === 'seller' ? 'seller_feedback' : 'buyer_feedback',
    fulfilled: body.fulfilled,
  };
  const result = orderTransition(data, event);
  if (!result.ok) throw new OrderRuleError(result.findings);
  const entry: SandboxFeedback = {
    id: world.nextId('feedback', FEEDBACK_ID_START),
    role,
    from: { id: role === 'seller' ? data.seller.id : data.buyer.id },
    to: { id: role === 'seller' ? data.buyer.id : data.seller.id },
    order_id: data.id,
    fulfilled: body.fulfilled,
    rating: body.rating,
    message: body.message ?? null,
    reason: body.reason ?? null,
    restock_item: body.restock_item ?? null,
    date_created: stamp(world),
    visibility_date: data.expiration_date,
  };
  data.feedback[role === 'seller' ? 'sale' : 'purchase'] = entry;
  // A returned reservation puts the vehicle back on sale unless the seller says otherwise (restock_item=false).
  applyTransition(world, order, result.transition, { restock: role === 'seller' && body.restock_item !== false });
  return entry;
}

/** Tags an order fraud_risk_detected and notifies `orders` (the spec's event); a second call changes nothing. */
export function tagFraud(world: OrderWorld, order: SandboxOrder): boolean {
  if (order.data.tags.includes('fraud_risk_detected')) return false;
  const result = orderTransition(order.data, { type: 'fraud_detected' });
  if (!result.ok) throw new OrderRuleError(result.findings);
  order.data.tags.push('fraud_risk_detected');
  order.data.last_updated = stamp(world);
  world.notify({ topic: 'orders', resource: `/orders/${order.data.id}`, user_id: order.data.seller.id });
  return true;
}

/** Cancels every open order of a seller who became prohibited on the site, refunding what was paid. */
export function prohibitSeller(world: OrderWorld, sellerId: number): number[] {
  if (!world.slice.prohibitedSellers.includes(sellerId)) world.slice.prohibitedSellers.push(sellerId);
  const cancelled: number[] = [];
  for (const order of Object.values(world.slice.orders)) {
    if (order.data.seller.id !== sellerId || order.data.status === 'cancelled') continue;
    applyEvent(world, order, { type: 'seller_prohibited' });
    cancelled.push(order.data.id);
  }
  return cancelled;
}

/** The states of an order still waiting for its deposit: the payment deadline cancels them. */
export const UNPAID_STATUSES: readonly OrderStatus[] = ['payment_required', 'payment_in_process', 'partially_paid'];

/** When an unpaid order's waiting time for payment runs out: UNPAID_CANCEL_HOURS after its creation. */
export function unpaidDeadline(order: SandboxOrder): Date {
  return new Date(Date.parse(order.data.date_created) + UNPAID_CANCEL_HOURS * HOUR);
}

/**
 * Cancels an unpaid order whose waiting time for payment ran out (not_paid), stamped at `at`: credited money is
 * refunded and pending payments expire. What it notifies is what any change notifies: `orders`/`orders_v2` only for
 * an order already in the regular stream, so nothing for one that never left payment_required.
 */
export function cancelUnpaid(world: OrderWorld, order: SandboxOrder, at: Date): OrderTransition {
  return applyEvent(world, order, { type: 'unpaid_timeout' }, { at });
}

/**
 * Time-based transitions up to `world.now()`, each stamped at its own deadline: unpaid orders are cancelled
 * (not_paid) 48 hours after creation; paid orders reaching expiration_date are cancelled (expired_order, refund,
 * vehicle back in stock) unless the seller confirmed the delivery, in which case the money is released.
 */
export function advanceOrders(world: OrderWorld): void {
  const now = world.now().getTime();
  for (const order of Object.values(world.slice.orders)) {
    const data = order.data;
    if (UNPAID_STATUSES.includes(data.status)) {
      const deadline = unpaidDeadline(order);
      if (deadline.getTime() <= now) cancelUnpaid(world, order, deadline);
      continue;
    }
    if (data.status === 'paid' && !order.money_released) {
      const expiration = Date.parse(data.expiration_date);
      if (expiration <= now)
        applyEvent(world, order, { type: 'expiration' }, { at: new Date(expiration), restock: true });
    }
  }
}

/**
 * When `advanceOrders` next changes this order (sandbox ms; Infinity: never by time alone), read from the same fields
 * with the same comparisons, so that skipping the scan before that instant changes nothing.
 */
export function orderDueAt(order: SandboxOrder): number {
  const data = order.data;
  let due = Number.POSITIVE_INFINITY;
  if (UNPAID_STATUSES.includes(data.status)) due = unpaidDeadline(order).getTime();
  else if (data.status === 'paid' && !order.money_released) due = Date.parse(data.expiration_date);
  // A date that does not parse is never due, as the scan's comparisons with NaN never hold.
  return Number.isNaN(due) ? Number.POSITIVE_INFINITY : due;
}
