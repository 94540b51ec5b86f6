import { formatNumber, plural } from '../../model/numberFormat';
import { pausesWhenOutOfStock } from '../../rules/itemStatus';
import { badRequest } from '../http';
import type { SandboxItem } from '../items/state';
import { cancelUnpaid, paymentTotals, UNPAID_CANCEL_HOURS, UNPAID_STATUSES, unpaidDeadline } from '../orders/engine';
import type { SandboxOrder } from '../orders/state';
import { worldOf } from '../orders/world';
import { ownRecord } from '../records';
import { apiTimestamp, type NotificationEvent, type Sandbox } from '../sandbox';
import { callRoute } from './dispatch';
import {
  chooseReservation,
  itemWords,
  listingTarget,
  money,
  orderTarget,
  type ScenarioInput,
  sellerOf,
} from './targets';

/** What a running scenario has at hand: the sandbox (recording its notifications) and what it was asked. */
export interface ScenarioContext extends ScenarioInput {
  sandbox: Sandbox;
  /** How many notifications were produced so far (a mark for `notified`). */
  produced(): number;
  /** The notifications produced since `mark` (0: all), in words: "orders and orders_v2 were notified". */
  notified(mark?: number): string;
}

export interface ScenarioOutcome {
  /** One sentence: what happened, with ids. */
  summary: string;
  /** The resource the scenario acted on, e.g. `/orders/2195100128`. */
  resource: string;
  order_id?: number;
  item_id?: string;
}

/** One trigger scenario: what the editor lists, and how the sandbox performs it through its own routes and engine. */
export interface Scenario {
  id: string;
  /** A short imperative sentence for a quick pick. */
  title: string;
  /** One sentence: what happens and what is notified. */
  detail: string;
  /** The notification topics it causes by default, in the order they are sent. */
  topics: NotificationEvent['topic'][];
  /** What `target` names, when the scenario takes one. */
  target?: { kind: 'item' | 'order'; description: string };
  run(context: ScenarioContext): Promise<ScenarioOutcome>;
}

const orderOutcome = (order: SandboxOrder, summary: string): ScenarioOutcome => ({
  summary,
  resource: `/orders/${order.data.id}`,
  order_id: order.data.id,
  item_id: order.data.order_items[0]?.item.id,
});

const itemOutcome = (item: SandboxItem, summary: string): ScenarioOutcome => ({
  summary,
  resource: `/items/${item.id}`,
  item_id: item.id,
});

const statusWords = (item: SandboxItem) =>
  item.sub_status.length ? `${item.status} (${item.sub_status.join(', ')})` : item.status;

/** The buyer starts a reservation through `POST /_sandbox/orders`; the stored order it created. */
async function reserve(context: ScenarioContext, input: ScenarioInput): Promise<SandboxOrder> {
  const plan = chooseReservation(context.sandbox, input);
  const answer = await callRoute<{ order: { id: number } }>(context.sandbox, 'POST', '/_sandbox/orders', {
    item_id: plan.item.id,
    buyer_id: plan.buyer.id,
  });
  const order = ownRecord(context.sandbox.state.orders.orders, String(answer.order.id));
  if (!order) throw new Error(`The reservation ${answer.order.id} was not stored.`);
  return order;
}

function reservationWords(order: SandboxOrder): string {
  const data = order.data;
  const line = data.order_items[0];
  const cases = order.mandatory_flow.cases.map((hit) => `case ${hit}`).join(', ');
  return `buyer ${data.buyer.id} (${data.buyer.nickname}) reserved ${line ? itemWords(line.item) : 'a vehicle'}: order ${data.id} waits in ${data.status} for the ${money(data.currency_id, data.total_amount)} deposit, hidden from the seller (mandatory payment flow, ${cases})`;
}

/** Raises a price by 5%: whole units from 100 up, cents below; always a change. */
export function raisedPrice(price: number): number {
  const whole = price >= 100;
  const raised = whole ? Math.round(price * 1.05) : Math.round(price * 105) / 100;
  if (raised > price) return raised;
  return whole ? price + 1 : Math.round(price * 100 + 1) / 100;
}

const reserveVehicle: Scenario = {
  id: 'reserve_vehicle',
  title: 'A buyer reserves a vehicle listing',
  detail:
    'A buyer starts a reservation on an active vehicle listing in the mandatory payment flow: the order waits in payment_required, hidden from the seller, and only created_orders is notified.',
  topics: ['created_orders'],
  target: {
    kind: 'item',
    description:
      'An active vehicle listing with stock; by default the seller’s first one (by id) that a seeded buyer can reserve in the mandatory payment flow. buyer_id chooses the buyer.',
  },
  run: async (context) => {
    const order = await reserve(context, context);
    const summary = `${capitalized(reservationWords(order))}; ${context.notified()}.`;
    return orderOutcome(order, summary);
  },
};

const payReservation: Scenario = {
  id: 'pay_reservation',
  title: 'The buyer pays a reservation',
  detail:
    'The newest reservation waiting in payment_required is paid with its deposit by card: the order becomes paid and visible to the seller, the vehicle’s stock is discounted, and payments, items, orders and orders_v2 are notified.',
  topics: ['payments', 'items', 'orders', 'orders_v2'],
  target: {
    kind: 'order',
    description:
      'An unpaid reservation (payment_required, payment_in_process or partially_paid); by default the newest in payment_required (of buyer_id when given).',
  },
  run: async (context) => {
    const { sandbox } = context;
    const order = orderTarget(
      sandbox,
      context,
      (candidate) => candidate.data.status === 'payment_required',
      (candidate) => candidate.data.date_created,
    );
    if (!order) throw badRequest('No reservation is waiting for payment: run reserve_vehicle first.');
    const data = order.data;
    if (!UNPAID_STATUSES.includes(data.status)) {
      throw badRequest(
        `Order ${data.id} is ${data.status}: only a reservation still waiting for its deposit (payment_required, payment_in_process or partially_paid) can be paid.`,
      );
    }
    const line = data.order_items[0];
    const item = line ? ownRecord(sandbox.state.items.items, line.item.id) : undefined;
    const stockBefore = item?.available_quantity;
    const totals = paymentTotals(order);
    const steps: string[] = [];
    const remaining = Math.round((data.total_amount - totals.credited - totals.pending) * 100) / 100;
    if (remaining > 0) {
      // What is left of the deposit, by card: the route's default.
      await callRoute(sandbox, 'POST', `/_sandbox/orders/${data.id}/pay`, {});
      const what =
        remaining === data.total_amount ? 'the' : `the remaining ${money(data.currency_id, remaining)} of the`;
      steps.push(`buyer ${data.buyer.id} paid ${what} ${money(data.currency_id, data.total_amount)} deposit by card`);
    }
    if (data.status !== 'paid' && paymentTotals(order).pending > 0) {
      await callRoute(sandbox, 'POST', `/_sandbox/orders/${data.id}/credit`);
      steps.push('the payment in process was credited');
    }
    const stock =
      item && stockBefore !== undefined && item.available_quantity !== stockBefore
        ? `, and the stock of ${item.id} went from ${formatNumber(stockBefore)} to ${formatNumber(item.available_quantity)}${item.status === 'active' ? '' : `, which left the listing ${statusWords(item)}`}`
        : '';
    const summary = `Order ${data.id} is ${data.status}: ${steps.join(' and ')}, so it is visible to the seller with the buyer’s data${stock}; ${context.notified()}.`;
    return orderOutcome(order, summary);
  },
};

const flagFraud: Scenario = {
  id: 'flag_fraud',
  title: 'A paid order is flagged as a fraud risk',
  detail:
    'The newest paid order not yet flagged gets the tag fraud_risk_detected, and orders is notified (the spec’s event for a purchase found fraudulent).',
  topics: ['orders'],
  target: {
    kind: 'order',
    description: 'A paid order not yet flagged; by default the newest paid one (of buyer_id when given).',
  },
  run: async (context) => {
    const order = orderTarget(
      context.sandbox,
      context,
      (candidate) => candidate.data.status === 'paid' && !candidate.data.tags.includes('fraud_risk_detected'),
      (candidate) => candidate.data.date_closed ?? candidate.data.date_created,
    );
    if (!order) throw badRequest('No paid order is left to flag: run reserve_vehicle and pay_reservation first.');
    const data = order.data;
    if (data.status !== 'paid') {
      throw badRequest(
        `Order ${data.id} is ${data.status}: flag_fraud acts on a paid order, the one the seller is notified of; run pay_reservation first.`,
      );
    }
    if (data.tags.includes('fraud_risk_detected')) {
      throw badRequest(`Order ${data.id} is already tagged fraud_risk_detected: flagging it again notifies nothing.`);
    }
    await callRoute(context.sandbox, 'POST', `/_sandbox/orders/${data.id}/fraud`);
    const summary = `Paid order ${data.id} of buyer ${data.buyer.id} was tagged fraud_risk_detected; ${context.notified()}.`;
    return orderOutcome(order, summary);
  },
};

const changePrice: Scenario = {
  id: 'change_price',
  title: 'The seller changes a listing’s price',
  detail:
    'An active listing’s price goes up 5% (rounded) through PUT /items/{id}, and items_prices is notified (since June 2024 the items topic no longer reports prices).',
  topics: ['items_prices'],
  target: {
    kind: 'item',
    description: 'A listing of the seller; by default the first active one without variations that is not a vehicle.',
  },
  run: async (context) => {
    const { sandbox } = context;
    const item = listingTarget(
      sandbox,
      context,
      () => true,
      'The seller has no active listing without variations to reprice: activate one, or reset the sandbox, first.',
    );
    const before = item.price;
    const price = raisedPrice(before);
    await callRoute(sandbox, 'PUT', `/items/${item.id}`, { price }, sellerOf(sandbox, item));
    const summary = `The price of ${itemWords(item)} went from ${money(item.currency_id, before)} to ${money(item.currency_id, item.price)} (+5%); ${context.notified()}.`;
    return itemOutcome(item, summary);
  },
};

const pauseItem: Scenario = {
  id: 'pause_item',
  title: 'The seller pauses a listing',
  detail:
    'An active listing is paused through PUT /items/{id} with status paused: it is hidden from buyers until reactivated, and items is notified.',
  topics: ['items'],
  target: {
    kind: 'item',
    description: 'An active listing of the seller; by default the first one without variations that is not a vehicle.',
  },
  run: async (context) => {
    const { sandbox } = context;
    const item = listingTarget(
      sandbox,
      context,
      () => true,
      'The seller has no active listing to pause: activate one, or reset the sandbox, first.',
    );
    if (item.status !== 'active') {
      throw badRequest(`Item ${item.id} is ${statusWords(item)}: pause_item pauses an active listing.`);
    }
    await callRoute(sandbox, 'PUT', `/items/${item.id}`, { status: 'paused' }, sellerOf(sandbox, item));
    const summary = `${itemWords(item)} was paused by the seller and is now ${statusWords(item)}; ${context.notified()}.`;
    return itemOutcome(item, summary);
  },
};

const outOfStock: Scenario = {
  id: 'out_of_stock',
  title: 'A listing runs out of stock',
  detail:
    'An active listing in condition new, not listed free, has its stock set to 0 through PUT /items/{id}: the status table pauses it with sub_status out_of_stock, and items is notified.',
  topics: ['items'],
  target: {
    kind: 'item',
    description:
      'An active listing in condition new, not free, without variations; by default the seller’s first one that is not a vehicle.',
  },
  run: async (context) => {
    const { sandbox } = context;
    const item = listingTarget(
      sandbox,
      context,
      pausesWhenOutOfStock,
      'The seller has no active listing in condition new, not free and without variations: reset the sandbox first.',
    );
    if (item.status !== 'active') {
      throw badRequest(`Item ${item.id} is ${statusWords(item)}: out_of_stock empties an active listing.`);
    }
    if (!pausesWhenOutOfStock(item)) {
      throw badRequest(
        `Item ${item.id} is ${item.condition}, listed ${item.listing_type_id}: at 0 units the status table closes it instead of pausing it; choose a listing in condition new that is not free.`,
      );
    }
    if (item.variations.length > 0) {
      throw badRequest(
        `Item ${item.id} has variations, whose stock is set one by one: choose a listing without variations.`,
      );
    }
    const before = item.available_quantity;
    await callRoute(sandbox, 'PUT', `/items/${item.id}`, { available_quantity: 0 }, sellerOf(sandbox, item));
    const summary = `${itemWords(item)} ran out of stock (${formatNumber(before)} → ${plural(item.available_quantity, 'unit')}) and is now ${statusWords(item)}; ${context.notified()}.`;
    return itemOutcome(item, summary);
  },
};

const expireReservation: Scenario = {
  id: 'expire_reservation',
  title: 'An unpaid reservation expires',
  detail: `The newest reservation in payment_required (one is reserved first when none waits, which notifies created_orders) reaches its payment deadline now and is cancelled with not_paid, as the ${UNPAID_CANCEL_HOURS}-hour timeout does; nothing is notified, since the seller is told of orders only once they are paid.`,
  topics: [],
  target: {
    kind: 'order',
    description:
      'An unpaid reservation (payment_required, payment_in_process or partially_paid); by default the newest in payment_required (of buyer_id when given), or a new one.',
  },
  run: async (context) => {
    const { sandbox } = context;
    let order = orderTarget(
      sandbox,
      context,
      (candidate) => candidate.data.status === 'payment_required',
      (candidate) => candidate.data.date_created,
    );
    let first = '';
    if (!order) {
      order = await reserve(context, { buyerId: context.buyerId });
      const line = order.data.order_items[0];
      first = `No reservation was waiting for payment, so buyer ${order.data.buyer.id} first reserved ${line ? itemWords(line.item) : 'a vehicle'} as order ${order.data.id} (${context.notified()}); then `;
    }
    const data = order.data;
    if (!UNPAID_STATUSES.includes(data.status)) {
      throw badRequest(
        `Order ${data.id} is ${data.status}: only an unpaid reservation (payment_required, payment_in_process or partially_paid) has a payment deadline.`,
      );
    }
    const from = data.status;
    const inStream = order.notify_orders;
    const mark = context.produced();
    const deadline = unpaidDeadline(order);
    // The engine's own timeout transition, for this order alone and stamped now: the sandbox clock does not move.
    cancelUnpaid(worldOf(sandbox), order, sandbox.now());
    const why = inStream
      ? 'since the order started outside the mandatory payment flow and was already in the seller’s orders stream'
      : from === 'payment_required'
        ? 'as the spec implies: the seller is notified of an order only once it is paid (created_orders alone at its creation), and this one never left payment_required, so the seller never sees it (404)'
        : 'but no order topic, as the spec implies: orders and orders_v2 start only once an order is paid, and this one never was';
    const summary = `${first}${first ? 'order' : 'Order'} ${data.id} (${from}, due to be paid by ${apiTimestamp(deadline)}) reached its payment deadline now without moving the sandbox clock and was cancelled with status_detail not_paid, as the ${UNPAID_CANCEL_HOURS}-hour timeout does; ${context.notified(mark)}, ${why}.`;
    return orderOutcome(order, summary);
  },
};

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The trigger scenarios, in the order the editor lists them. */
export const SCENARIOS: readonly Scenario[] = [
  reserveVehicle,
  payReservation,
  flagFraud,
  changePrice,
  pauseItem,
  outOfStock,
  expireReservation,
];
