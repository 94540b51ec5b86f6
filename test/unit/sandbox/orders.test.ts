import assert from 'node:assert/strict';
import { confirmDelivery, getFeedback, getOrder, returnReservation } from '../../../src/api/orders';
import type { Order } from '../../../src/model/order';
import { ITEM } from '../../../src/sandbox/items/ids';
import { EXPIRATION_DAYS, UNPAID_CANCEL_HOURS } from '../../../src/sandbox/orders/engine';
import { seedState } from '../../../src/sandbox/runtime';
import { BUYER_BASE_ID, buyerIds, SELLER_ID } from '../../../src/sandbox/users/ids';
import { apiFailure } from '../support/apiFailure';
import { CLOCK_START, type SandboxHarness, useSandbox } from '../support/sandbox';

/** A buyer without the immediate_payment flag, and one with it (every fourth buyer is flagged). */
const PLAIN_BUYER = BUYER_BASE_ID + 1;
const FLAGGED_BUYER = BUYER_BASE_ID + 4;

interface Started {
  order: Order;
  mandatory_flow: { applies: boolean; cases: { case: number; code: string }[] };
}

async function reserve(h: SandboxHarness, itemId: string, buyerId = PLAIN_BUYER): Promise<Started> {
  return h.admin<Started>('POST', '/_sandbox/orders', { item_id: itemId, buyer_id: buyerId });
}

async function pay(h: SandboxHarness, orderId: number, body: Record<string, unknown> = {}) {
  return h.admin<{ order: Order; payments: { id: number; status: string }[] }>(
    'POST',
    `/_sandbox/orders/${orderId}/pay`,
    body,
  );
}

async function buyerClient(h: SandboxHarness, buyerId: number) {
  const users = await h.admin<{ id: number; token: string }[]>('GET', '/_sandbox/users');
  const token = users.find((user) => user.id === buyerId)!.token;
  return h.clientWith({ token: () => token });
}

async function stockOf(h: SandboxHarness, itemId: string): Promise<number> {
  const answer = await h.raw('GET', `/items/${itemId}`);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return (answer.body as { available_quantity: number }).available_quantity;
}

const advance = (h: SandboxHarness, amount: { days?: number; hours?: number; minutes?: number }) =>
  h.admin('POST', '/_sandbox/clock/advance', amount);

/** A paid reservation in the mandatory flow, ready for the seller's feedback. */
async function paidReservation(h: SandboxHarness, itemId: string = ITEM.CAR_NEW_PREMIUM) {
  const { order } = await reserve(h, itemId);
  const paid = await pay(h, order.id);
  assert.equal(paid.order.status, 'paid');
  return order.id;
}

describe('orders sandbox: seeded data', () => {
  const h = useSandbox({}, false);
  let orders: {
    id: number;
    status: string;
    status_detail: { code: string } | null;
    buyer_id: number;
    seller_id: number;
    tags: string[];
    date_created: string;
    expiration_date: string;
    payments: number;
    feedback: { sale: boolean; purchase: boolean };
    notes: number;
  }[];
  let now: number;
  before(async () => {
    orders = (await h.admin<{ orders: typeof orders }>('GET', '/_sandbox/orders')).orders;
    now = Date.parse((await h.admin<{ now: string }>('GET', '/_sandbox')).now);
  });

  it('holds at least 120 reservation orders of the seller, every one tagged reservation', () => {
    const mine = orders.filter((order) => order.seller_id === SELLER_ID);
    assert.ok(mine.length >= 120, String(mine.length));
    assert.ok(mine.every((order) => order.tags.includes('reservation')));
  });

  it('covers every order state and every cancellation code of the spec', () => {
    const statuses = new Set(orders.map((order) => order.status));
    for (const status of ['payment_required', 'payment_in_process', 'partially_paid', 'paid', 'cancelled']) {
      assert.ok(statuses.has(status), status);
    }
    const codes = new Set(orders.map((order) => order.status_detail?.code));
    for (const code of ['feedback', 'buyer', 'expired_order']) assert.ok(codes.has(code), code);
  });

  it('has two-payment orders, notes, every feedback combination and every named tag', () => {
    assert.ok(orders.some((order) => order.payments === 2));
    assert.ok(orders.filter((order) => order.notes > 0).length >= 10);
    assert.ok(orders.some((order) => !order.feedback.sale && !order.feedback.purchase));
    assert.ok(orders.some((order) => order.feedback.sale && !order.feedback.purchase));
    assert.ok(orders.some((order) => order.feedback.sale && order.feedback.purchase));
    for (const tag of ['delivered', 'paid', 'not_delivered', 'fraud_risk_detected']) {
      assert.ok(
        orders.some((order) => order.tags.includes(tag)),
        tag,
      );
    }
  });

  it('uses the seeded buyers, expiration dates in the past and future, and dates spread over months', () => {
    const buyers = new Set(buyerIds());
    assert.ok(orders.every((order) => buyers.has(order.buyer_id)));
    assert.ok(orders.some((order) => Date.parse(order.expiration_date) > now));
    assert.ok(orders.some((order) => Date.parse(order.expiration_date) < now));
    const created = orders.map((order) => Date.parse(order.date_created));
    assert.ok(Math.max(...created) - Math.min(...created) > 200 * 86_400_000);
    const months = new Set(orders.map((order) => order.date_created.slice(0, 7)));
    assert.ok(months.size >= 8);
  });

  it('is deterministic: the same seed and clock give the same data', () => {
    const start = new Date(CLOCK_START);
    const first = seedState('marketplace', start).orders;
    const second = seedState('marketplace', start).orders;
    assert.deepEqual(first, second);
    assert.notDeepEqual(seedState('another', start).orders.orders, first.orders);
  });
});

describe('orders sandbox: the order status table', () => {
  const h = useSandbox();

  it('(new) → payment_required in the mandatory flow: hidden from the seller, no stock discounted', async () => {
    const before = await stockOf(h, ITEM.CAR_NEW_PREMIUM);
    const { order, mandatory_flow } = await reserve(h, ITEM.CAR_NEW_PREMIUM);
    assert.equal(order.status, 'payment_required');
    assert.deepEqual(
      mandatory_flow.cases.map((hit) => hit.case),
      [2],
    );
    assert.equal(order.date_closed, null);
    assert.deepEqual(order.payments, []);
    assert.deepEqual(Object.keys(order.seller).sort(), ['id', 'nickname']);
    assert.equal((await apiFailure(getOrder(h.client, order.id))).status, 404);
    assert.equal(await stockOf(h, ITEM.CAR_NEW_PREMIUM), before);
    const buyer = await buyerClient(h, PLAIN_BUYER);
    assert.equal((await getOrder(buyer, order.id)).status, 'payment_required');
  });

  it('payment_required → paid when the deposit is credited: visible, date_closed, counterpart data, stock discounted', async () => {
    const before = await stockOf(h, ITEM.CAR_NEW_PREMIUM);
    const { order } = await reserve(h, ITEM.CAR_NEW_PREMIUM);
    const { order: paid, payments } = await pay(h, order.id);
    assert.equal(paid.status, 'paid');
    assert.equal(payments[0]?.status, 'approved');
    const seen = await getOrder(h.client, order.id);
    assert.equal(seen.status, 'paid');
    assert.ok(seen.date_closed);
    assert.equal(seen.paid_amount, seen.total_amount);
    assert.ok(seen.tags?.includes('paid'));
    assert.ok(seen.buyer.email && seen.buyer.phone?.number && seen.buyer.billing_info?.doc_number);
    const buyer = await buyerClient(h, PLAIN_BUYER);
    assert.ok((await getOrder(buyer, order.id)).seller.email);
    assert.equal(await stockOf(h, ITEM.CAR_NEW_PREMIUM), before - 1);
  });

  it('payment_required → cancelled when unpaid for 48 hours; it never appears to the seller', async () => {
    const { order } = await reserve(h, ITEM.CAR_NEW_SPECIAL);
    const buyer = await buyerClient(h, PLAIN_BUYER);
    await advance(h, { hours: UNPAID_CANCEL_HOURS - 1 });
    assert.equal((await getOrder(buyer, order.id)).status, 'payment_required');
    await advance(h, { hours: 1 });
    const cancelled = await getOrder(buyer, order.id);
    assert.equal(cancelled.status, 'cancelled');
    assert.equal(cancelled.status_detail?.code, 'not_paid');
    assert.equal((await apiFailure(getOrder(h.client, order.id))).status, 404);
    const late = await h.raw('POST', `/_sandbox/orders/${order.id}/pay`, { token: null, body: {} });
    assert.equal(late.status, 400);
    assert.equal((late.body as { cause: { code: string }[] }).cause[0]?.code, 'order.transition.not_allowed');
  });

  it('paid → cancelled (feedback) when the seller returns it: refund and the vehicle back in stock', async () => {
    const before = await stockOf(h, ITEM.CAR_NEW_PREMIUM);
    const id = await paidReservation(h);
    assert.equal(await stockOf(h, ITEM.CAR_NEW_PREMIUM), before - 1);
    await returnReservation(h.client, id, { reason: 'buyer_regrets' });
    const order = await getOrder(h.client, id);
    assert.equal(order.status, 'cancelled');
    assert.equal(order.status_detail?.code, 'feedback');
    assert.equal(order.payments?.[0]?.status, 'refunded');
    assert.equal(order.payments?.[0]?.transaction_amount_refunded, order.payments?.[0]?.transaction_amount);
    assert.equal(await stockOf(h, ITEM.CAR_NEW_PREMIUM), before);
  });

  it('a return with restock_item=false keeps the vehicle out of stock', async () => {
    const before = await stockOf(h, ITEM.CAR_NEW_PREMIUM);
    const id = await paidReservation(h);
    await returnReservation(h.client, id, { restockItem: false });
    assert.equal(await stockOf(h, ITEM.CAR_NEW_PREMIUM), before - 1);
  });

  it('paid → cancelled (buyer) when the seller confirmed delivery and the buyer says not received', async () => {
    const id = await paidReservation(h);
    const early = await h.raw('POST', `/_sandbox/orders/${id}/receipt`, { token: null, body: { received: false } });
    assert.equal(early.status, 400);
    assert.equal((early.body as { cause: { code: string }[] }).cause[0]?.code, 'order.feedback.delivery_not_confirmed');
    await confirmDelivery(h.client, id);
    await h.admin('POST', `/_sandbox/orders/${id}/receipt`, { received: false, message: 'No llegó' });
    const order = await getOrder(h.client, id);
    assert.equal(order.status, 'cancelled');
    assert.equal(order.status_detail?.code, 'buyer');
    assert.ok(order.tags?.includes('not_delivered'));
    assert.equal(order.payments?.[0]?.status, 'refunded');
    assert.equal(order.feedback?.purchase?.fulfilled, false);
  });

  it('paid → cancelled (expired_order) when it expires without a confirmed delivery', async () => {
    const before = await stockOf(h, ITEM.CAR_NEW_PREMIUM);
    const id = await paidReservation(h);
    // Seeded paid orders of the same vehicle that expire undelivered in the same 30 days give their unit back too.
    const horizon = Date.parse((await h.admin<{ now: string }>('GET', '/_sandbox')).now) + EXPIRATION_DAYS * 86_400_000;
    const { orders } = await h.admin<{
      orders: { id: number; item_id: string; status: string; expiration_date: string; feedback: { sale: boolean } }[];
    }>('GET', '/_sandbox/orders?status=paid');
    const seededExpiring = orders.filter(
      (other) =>
        other.id !== id &&
        other.item_id === ITEM.CAR_NEW_PREMIUM &&
        !other.feedback.sale &&
        Date.parse(other.expiration_date) <= horizon,
    ).length;
    await advance(h, { days: EXPIRATION_DAYS - 1 });
    assert.equal((await getOrder(h.client, id)).status, 'paid');
    await advance(h, { days: 1 });
    const order = await getOrder(h.client, id);
    assert.equal(order.status, 'cancelled');
    assert.equal(order.status_detail?.code, 'expired_order');
    assert.equal(order.payments?.[0]?.status, 'refunded');
    assert.equal(order.last_updated, order.expiration_date);
    assert.equal(await stockOf(h, ITEM.CAR_NEW_PREMIUM), before + seededExpiring);
  });

  it('paid + delivered: the buyer confirming receipt keeps it paid and releases the money', async () => {
    const id = await paidReservation(h);
    await confirmDelivery(h.client, id);
    const waiting = await getOrder(h.client, id);
    assert.equal(waiting.payments?.[0]?.money_release_status, 'pending');
    await h.admin('POST', `/_sandbox/orders/${id}/receipt`, { received: true });
    const order = await getOrder(h.client, id);
    assert.equal(order.status, 'paid');
    assert.ok(order.tags?.includes('delivered'));
    assert.equal(order.payments?.[0]?.money_release_status, 'released');
    const feedback = await getFeedback(h.client, id);
    assert.equal(feedback.sale?.rating, 'positive');
    assert.equal(feedback.purchase?.rating, 'positive');
    // Confirmed orders stay paid when their expiration date passes.
    await advance(h, { days: EXPIRATION_DAYS + 1 });
    const later = await getOrder(h.client, id);
    assert.equal(later.status, 'paid');
    assert.equal((await getFeedback(h.client, id)).sale?.status, 'active');
  });

  it('paid + delivered and the buyer silent until the expiration date: the money is released, the order stays paid', async () => {
    const id = await paidReservation(h);
    await confirmDelivery(h.client, id);
    await advance(h, { days: EXPIRATION_DAYS + 1 });
    const order = await getOrder(h.client, id);
    assert.equal(order.status, 'paid');
    assert.equal(order.payments?.[0]?.money_release_status, 'released');
    const late = await apiFailure(returnReservation(h.client, id));
    assert.ok(late.causes.some((cause) => cause.code === 'order.feedback.already_sent'));
  });

  it('any → cancelled when the seller becomes prohibited; new reservations are then refused', async () => {
    const required = (await reserve(h, ITEM.CAR_NEW_PREMIUM)).order.id;
    const paid = await paidReservation(h, ITEM.CAR_NEW_SPECIAL);
    const result = await h.admin<{ cancelled_orders: number[] }>(
      'POST',
      `/_sandbox/orders/sellers/${SELLER_ID}/prohibit`,
    );
    assert.ok(result.cancelled_orders.includes(required) && result.cancelled_orders.includes(paid));
    const { orders } = await h.admin<{
      orders: { seller_id: number; status: string; status_detail: { code: string } | null }[];
    }>('GET', `/_sandbox/orders?seller=${SELLER_ID}`);
    assert.ok(orders.every((order) => order.status === 'cancelled'));
    const order = await getOrder(h.client, paid);
    assert.equal(order.status_detail?.code, 'seller_prohibited');
    assert.equal(order.payments?.[0]?.status, 'refunded');
    const refused = await h.raw('POST', '/_sandbox/orders', {
      token: null,
      body: { item_id: ITEM.CAR_NEW_PREMIUM, buyer_id: PLAIN_BUYER },
    });
    assert.equal(refused.status, 400);
    assert.match((refused.body as { message: string }).message, /prohibited/);
  });

  it('outside the mandatory flow the order starts in payment_in_process, visible with a pending ticket', async () => {
    const { order, mandatory_flow } = await reserve(h, ITEM.CAR_USED_PREMIUM);
    assert.equal(mandatory_flow.applies, false);
    assert.equal(order.status, 'payment_in_process');
    assert.equal(order.payments?.[0]?.status, 'pending');
    assert.equal(order.payments?.[0]?.payment_type, 'ticket');
    assert.ok(order.payments?.[0]?.activation_uri);
    const seen = await getOrder(h.client, order.id);
    assert.ok(seen.buyer.email, 'the counterpart data is there from the start');
    const credited = await h.admin<{ order: Order }>('POST', `/_sandbox/orders/${order.id}/credit`);
    assert.equal(credited.order.status, 'paid');
    assert.equal(credited.order.payments?.[0]?.status, 'approved');
  });

  it('a flagged buyer (immediate_payment) or a platform-only category puts a used vehicle in the flow', async () => {
    const flagged = await reserve(h, ITEM.CAR_USED_SPECIAL, FLAGGED_BUYER);
    assert.deepEqual(
      flagged.mandatory_flow.cases.map((hit) => hit.case),
      [5],
    );
    assert.equal(flagged.order.status, 'payment_required');
    const pickup = await reserve(h, ITEM.PICKUP_NEW_PREMIUM_SOLD);
    assert.deepEqual(
      pickup.mandatory_flow.cases.map((hit) => hit.case),
      [2, 4],
    );
  });

  it('partial payments make it partially_paid; the rest makes it paid; more than the deposit is refused', async () => {
    const { order } = await reserve(h, ITEM.CAR_NEW_PREMIUM);
    const partial = await pay(h, order.id, { amount: 200 });
    assert.equal(partial.order.status, 'partially_paid');
    assert.equal((await getOrder(h.client, order.id)).status, 'partially_paid');
    const over = await h.raw('POST', `/_sandbox/orders/${order.id}/pay`, { token: null, body: { amount: 32_500 } });
    assert.equal(over.status, 400);
    assert.equal((over.body as { cause: { code: string }[] }).cause[0]?.code, 'order.payment.over_deposit');
    const rest = await pay(h, order.id);
    assert.equal(rest.order.status, 'paid');
    assert.equal(rest.order.paid_amount, rest.order.total_amount);
  });

  it('a pending payment makes it payment_in_process until credited', async () => {
    const { order } = await reserve(h, ITEM.CAR_NEW_PREMIUM);
    const pending = await pay(h, order.id, { pending: true });
    assert.equal(pending.order.status, 'payment_in_process');
    const nothing = await h.raw('POST', `/_sandbox/orders/${order.id}/pay`, { token: null, body: {} });
    assert.equal(nothing.status, 400);
    assert.match((nothing.body as { message: string }).message, /credit/);
    const credited = await h.admin<{ order: Order }>('POST', `/_sandbox/orders/${order.id}/credit`);
    assert.equal(credited.order.status, 'paid');
  });

  it('a first card rejected for limit reasons leaves two payments', async () => {
    const { order } = await reserve(h, ITEM.CAR_NEW_PREMIUM);
    const paid = await pay(h, order.id, { reject_first_card: true, payment_method_id: 'visa' });
    assert.deepEqual(
      paid.payments.map((payment) => payment.status),
      ['rejected', 'approved'],
    );
    const seen = await getOrder(h.client, order.id);
    assert.equal(seen.payments?.length, 2);
    assert.equal(seen.payments?.[0]?.status_detail, 'cc_rejected_insufficient_amount');
    assert.equal(seen.status, 'paid');
  });

  it('refuses paying when the vehicle has no stock left', async () => {
    const first = await reserve(h, ITEM.CAR_USED_SPECIAL, FLAGGED_BUYER);
    const second = await reserve(h, ITEM.CAR_USED_SPECIAL, BUYER_BASE_ID + 8);
    await pay(h, first.order.id);
    const refused = await h.raw('POST', `/_sandbox/orders/${second.order.id}/pay`, { token: null, body: {} });
    assert.equal(refused.status, 400);
    assert.match((refused.body as { message: string }).message, /no stock left/);
    assert.equal((await getOrder(await buyerClient(h, BUYER_BASE_ID + 8), second.order.id)).status, 'payment_required');
  });

  it('answers bad admin input with the API error shape', async () => {
    const cases: [unknown, number, RegExp][] = [
      [{ item_id: ITEM.TSHIRT_M, buyer_id: PLAIN_BUYER }, 400, /vehicle listings/],
      [{ item_id: ITEM.CAR_PAUSED, buyer_id: PLAIN_BUYER }, 400, /paused/],
      [{ item_id: 'MLA1', buyer_id: PLAIN_BUYER }, 404, /not found/],
      [{ item_id: ITEM.CAR_NEW_PREMIUM, buyer_id: 1 }, 404, /not found/],
      [{ item_id: ITEM.CAR_NEW_PREMIUM, buyer_id: SELLER_ID }, 400, /own listing/],
      [{ item_id: ITEM.CAR_NEW_PREMIUM }, 400, /buyer_id is required/],
      // A field of the wrong type is a type error, not a missing one.
      [
        { item_id: ITEM.CAR_NEW_PREMIUM, buyer_id: String(PLAIN_BUYER) },
        400,
        /^buyer_id must be a number \(found text/,
      ],
      [{ item_id: 7, buyer_id: PLAIN_BUYER }, 400, /^item_id must be text \(found the number 7\)/],
      [{ item_id: ITEM.CAR_NEW_PREMIUM, buyer_id: PLAIN_BUYER, deposit: -5 }, 400, /deposit/],
      ['not json', 400, /JSON/],
    ];
    for (const [body, status, message] of cases) {
      const answer = await h.raw('POST', '/_sandbox/orders', { token: null, body });
      assert.equal(answer.status, status, JSON.stringify(body));
      const error = answer.body as { message: string; error: string; status: number };
      assert.match(error.message, message);
      assert.equal(error.status, status);
      assert.equal(typeof error.error, 'string');
    }
    assert.equal((await h.raw('POST', '/_sandbox/orders/123/pay', { token: null, body: {} })).status, 404);
    assert.equal((await h.raw('POST', '/_sandbox/orders/abc/pay', { token: null, body: {} })).status, 400);
    const { order } = await reserve(h, ITEM.CAR_NEW_PREMIUM);
    const method = await h.raw('POST', `/_sandbox/orders/${order.id}/pay`, {
      token: null,
      body: { payment_method_id: 'oxxo' },
    });
    assert.equal(method.status, 400);
    assert.match((method.body as { message: string }).message, /not offered on MLA/);
    const receipt = await h.raw('POST', `/_sandbox/orders/${order.id}/receipt`, { token: null, body: {} });
    assert.equal(receipt.status, 400);
  });
});
