import assert from 'node:assert/strict';
import { formatMoney } from '../../../src/features/explorer/format';
import { Notification } from '../../../src/model/notification';
import { ITEM } from '../../../src/sandbox/items/ids';
import { raisedPrice } from '../../../src/sandbox/scenarios/scenarios';
import { BUYER_BASE_ID, SELLER_ID } from '../../../src/sandbox/users/ids';
import { useWiredReceiver } from '../support/receiver';
import { type SandboxTestUser, useSandbox } from '../support/sandbox';

interface ListedScenario {
  id: string;
  title: string;
  detail: string;
  topics: string[];
  target?: { kind: 'item' | 'order'; description: string };
}

interface ScenarioAnswer {
  scenario: string;
  summary: string;
  resource: string;
  order_id?: number;
  item_id?: string;
  topics: string[];
  notifications: { topic: string; resource: string }[];
}

/** What the tests read of an order and an item answered by the API. */
interface ApiOrder {
  status: string;
  status_detail: { code: string } | null;
  order_items: { item: { id: string } }[];
  buyer: { id: number };
  tags: string[];
}

interface ApiItem {
  price: number;
  currency_id: string;
  status: string;
  sub_status: string[];
  available_quantity: number;
  condition: string;
  listing_type_id: string;
}

interface AdminOrder {
  id: number;
  status: string;
  buyer_id: number;
  date_created: string;
}

describe('sandbox trigger scenarios (/_sandbox/scenarios)', () => {
  const h = useSandbox();
  const wiredReceiver = useWiredReceiver(h);

  /** Everything the receiver got since the test began, as [topic, resource], in order of arrival. */
  async function received(): Promise<[string, string][]> {
    await h.sandbox.settle();
    return wiredReceiver().received.map((entry) => {
      const note = Notification.parse(entry.body);
      assert.equal(note.user_id, SELLER_ID);
      return [note.topic, note.resource];
    });
  }

  async function clearReceived(): Promise<void> {
    await h.sandbox.settle();
    wiredReceiver().received.length = 0;
  }

  const trigger = (id: string, body?: unknown) => h.admin<ScenarioAnswer>('POST', `/_sandbox/scenarios/${id}`, body);

  async function buyerToken(id: number): Promise<string> {
    const users = await h.admin<SandboxTestUser[]>('GET', '/_sandbox/users');
    const token = users.find((user) => user.id === id)?.token;
    assert.ok(token, `buyer ${id} has a start token`);
    return token;
  }

  /** The order through the API: as its buyer, and the status the seller gets for it. */
  async function orderViews(orderId: number, buyerId: number) {
    const asBuyer = await h.raw('GET', `/orders/${orderId}`, { token: await buyerToken(buyerId) });
    assert.equal(asBuyer.status, 200);
    const asSeller = await h.raw('GET', `/orders/${orderId}`);
    return { order: asBuyer.body as ApiOrder, seller: asSeller };
  }

  const getItem = async (id: string) => (await h.raw('GET', `/items/${id}`)).body as ApiItem;

  async function newestWaiting(): Promise<AdminOrder> {
    const { orders } = await h.admin<{ orders: AdminOrder[] }>('GET', '/_sandbox/orders?status=payment_required');
    const sorted = orders.sort((a, b) => Date.parse(b.date_created) - Date.parse(a.date_created) || b.id - a.id);
    assert.ok(sorted[0], 'the seed has reservations waiting for payment');
    return sorted[0];
  }

  it('lists every scenario with a title, a detail, its topics and what its target names', async () => {
    const { scenarios } = await h.admin<{ scenarios: ListedScenario[] }>('GET', '/_sandbox/scenarios');
    assert.deepEqual(
      scenarios.map((entry) => [entry.id, entry.topics, entry.target?.kind]),
      [
        ['reserve_vehicle', ['created_orders'], 'item'],
        ['pay_reservation', ['payments', 'items', 'orders', 'orders_v2'], 'order'],
        ['flag_fraud', ['orders'], 'order'],
        ['change_price', ['items_prices'], 'item'],
        ['pause_item', ['items'], 'item'],
        ['out_of_stock', ['items'], 'item'],
        ['expire_reservation', [], 'order'],
      ],
    );
    for (const entry of scenarios) {
      assert.match(entry.title, /^[A-Z][^.]{5,60}$/, `${entry.id}: a short sentence without a final stop`);
      assert.match(entry.detail, /^[A-Z].{20,}\.$/, `${entry.id}: one sentence`);
      assert.ok(entry.target && entry.target.description.length > 10);
    }
    assert.equal(scenarios[0]?.title, 'A buyer reserves a vehicle listing');
  });

  it('reserve_vehicle creates a reservation in payment_required and notifies created_orders only', async () => {
    const answer = await trigger('reserve_vehicle');
    assert.equal(answer.scenario, 'reserve_vehicle');
    assert.ok(answer.order_id);
    assert.equal(answer.resource, `/orders/${answer.order_id}`);
    assert.equal(answer.item_id, ITEM.CAR_NEW_PREMIUM);
    assert.deepEqual(answer.topics, ['created_orders']);
    assert.match(answer.summary, new RegExp(`order ${answer.order_id} waits in payment_required`));
    assert.match(answer.summary, /created_orders was notified\.$/);
    assert.deepEqual(await received(), [['created_orders', answer.resource]]);

    const { order, seller } = await orderViews(answer.order_id, BUYER_BASE_ID + 1);
    assert.equal(order.status, 'payment_required');
    assert.equal(order.order_items[0]?.item.id, ITEM.CAR_NEW_PREMIUM);
    assert.equal(seller.status, 404, 'an order in payment_required does not exist for the seller');
  });

  it('reserve then pay: created_orders, then payments, items, orders and orders_v2 for the same order', async () => {
    const stockBefore = (await getItem(ITEM.CAR_NEW_PREMIUM)).available_quantity;
    const reserved = await trigger('reserve_vehicle');
    const paid = await trigger('pay_reservation');
    assert.equal(paid.order_id, reserved.order_id, 'the newest reservation is the one paid');
    assert.deepEqual(paid.topics, ['payments', 'items', 'orders', 'orders_v2']);
    const [payment] = paid.notifications;
    assert.match(payment?.resource ?? '', /^\/collections\/\d+$/);
    assert.deepEqual(await received(), [
      ['created_orders', reserved.resource],
      ['payments', payment!.resource],
      ['items', `/items/${ITEM.CAR_NEW_PREMIUM}`],
      ['orders', reserved.resource],
      ['orders_v2', reserved.resource],
    ]);
    const asSeller = await h.raw('GET', reserved.resource);
    assert.equal(asSeller.status, 200);
    assert.equal((asSeller.body as { status: string }).status, 'paid');
    assert.equal((await getItem(ITEM.CAR_NEW_PREMIUM)).available_quantity, stockBefore - 1);
    assert.match(paid.summary, new RegExp(`Order ${reserved.order_id} is paid`));
  });

  it('pay_reservation pays the newest seeded reservation when none was made, and honours a target', async () => {
    const newest = await newestWaiting();
    const paid = await trigger('pay_reservation');
    assert.equal(paid.order_id, newest.id);
    assert.deepEqual(
      (await received()).map(([topic]) => topic),
      ['payments', 'items', 'orders', 'orders_v2'],
    );

    const older = (await h.admin<{ orders: AdminOrder[] }>('GET', '/_sandbox/orders?status=payment_required'))
      .orders[0];
    assert.ok(older);
    const chosen = await trigger('pay_reservation', { target: String(older.id) });
    assert.equal(chosen.order_id, older.id);
    const { order } = await orderViews(older.id, older.buyer_id);
    assert.equal(order.status, 'paid');
  });

  it('flag_fraud tags the newest paid order and notifies orders', async () => {
    const reserved = await trigger('reserve_vehicle');
    await trigger('pay_reservation');
    await clearReceived();
    const flagged = await trigger('flag_fraud');
    assert.equal(flagged.order_id, reserved.order_id);
    assert.deepEqual(flagged.topics, ['orders']);
    assert.deepEqual(await received(), [['orders', reserved.resource]]);
    const order = (await h.raw('GET', reserved.resource)).body as { tags: string[] };
    assert.ok(order.tags.includes('fraud_risk_detected'));

    const again = await h.raw('POST', '/_sandbox/scenarios/flag_fraud', {
      token: null,
      body: { target: reserved.order_id },
    });
    assert.equal(again.status, 400);
    assert.match((again.body as { message: string }).message, /already tagged fraud_risk_detected/);
  });

  it('change_price raises an active listing’s price 5% through PUT /items and notifies items_prices only', async () => {
    const answer = await trigger('change_price');
    assert.ok(answer.item_id);
    assert.equal(answer.resource, `/items/${answer.item_id}`);
    const item = await getItem(answer.item_id);
    assert.ok(answer.summary.includes(`to ${formatMoney(item.price, item.currency_id)} (+5%)`), answer.summary);
    assert.deepEqual(answer.topics, ['items_prices']);
    assert.deepEqual(await received(), [['items_prices', answer.resource]]);

    const phone = await getItem(ITEM.PHONE_NO_SALES);
    const before = phone.price;
    const targeted = await trigger('change_price', { target: ITEM.PHONE_NO_SALES });
    assert.equal(targeted.item_id, ITEM.PHONE_NO_SALES);
    assert.equal((await getItem(ITEM.PHONE_NO_SALES)).price, raisedPrice(before));
    // The amounts read as the explorer shows them (its formatter): grouped, the currency first.
    assert.ok(before >= 1000, 'a price with thousands');
    const from = formatMoney(before, phone.currency_id);
    const to = formatMoney(raisedPrice(before), phone.currency_id);
    assert.match(from, /^[A-Z]{3} \d{1,3}(,\d{3})+$/);
    assert.ok(targeted.summary.includes(`went from ${from} to ${to} (+5%)`), targeted.summary);
  });

  it('rounds a raised price sensibly and always changes it', () => {
    assert.equal(raisedPrice(399_999), 419_999);
    assert.equal(raisedPrice(32_500), 34_125);
    assert.equal(raisedPrice(12.99), 13.64);
    assert.equal(raisedPrice(0.01), 0.02);
    assert.equal(raisedPrice(100), 105);
  });

  it('pause_item pauses an active listing and notifies items', async () => {
    const answer = await trigger('pause_item');
    assert.ok(answer.item_id);
    assert.equal((await getItem(answer.item_id)).status, 'paused');
    assert.deepEqual(answer.topics, ['items']);
    assert.deepEqual(await received(), [['items', answer.resource]]);

    const refused = await h.raw('POST', '/_sandbox/scenarios/pause_item', {
      token: null,
      body: { target: answer.item_id },
    });
    assert.equal(refused.status, 400);
    assert.match((refused.body as { message: string }).message, /is paused: pause_item pauses an active listing/);
  });

  it('out_of_stock empties a new, non-free listing, which pauses with out_of_stock, and notifies items', async () => {
    const answer = await trigger('out_of_stock');
    assert.ok(answer.item_id);
    const item = await getItem(answer.item_id);
    assert.equal(item.condition, 'new');
    assert.notEqual(item.listing_type_id, 'free');
    assert.equal(item.available_quantity, 0);
    assert.equal(item.status, 'paused');
    assert.deepEqual(item.sub_status, ['out_of_stock']);
    assert.deepEqual(answer.topics, ['items']);
    assert.deepEqual(await received(), [['items', answer.resource]]);

    const used = await h.raw('POST', '/_sandbox/scenarios/out_of_stock', {
      token: null,
      body: { target: ITEM.USED_OVEN },
    });
    assert.equal(used.status, 400);
    assert.match((used.body as { message: string }).message, /closes it instead of pausing it/);
    assert.equal((await getItem(ITEM.USED_OVEN)).status, 'active', 'a refused scenario changes nothing');
  });

  it('expire_reservation cancels the newest unpaid reservation (not_paid) without moving the clock or notifying', async () => {
    const clockBefore = await h.admin<{ clock_offset_ms: number }>('GET', '/_sandbox');
    const newest = await newestWaiting();
    const answer = await trigger('expire_reservation');
    assert.equal(answer.order_id, newest.id);
    assert.deepEqual(answer.topics, []);
    assert.match(answer.summary, /nothing was notified/);
    assert.match(answer.summary, /never left payment_required/);
    assert.deepEqual(await received(), []);
    const { order, seller } = await orderViews(newest.id, newest.buyer_id);
    assert.equal(order.status, 'cancelled');
    assert.equal(order.status_detail?.code, 'not_paid');
    assert.equal(seller.status, 404, 'an order cancelled from payment_required never existed for the seller');
    const clockAfter = await h.admin<{ clock_offset_ms: number }>('GET', '/_sandbox');
    assert.equal(clockAfter.clock_offset_ms, clockBefore.clock_offset_ms);
    // Other reservations still wait for payment.
    const { orders } = await h.admin<{ orders: AdminOrder[] }>('GET', '/_sandbox/orders?status=payment_required');
    assert.ok(orders.length > 0);
  });

  it('expire_reservation on an explicit order already in the seller’s stream says what its cancellation sent', async () => {
    const { orders } = await h.admin<{ orders: (AdminOrder & { mandatory_flow: { applies: boolean } })[] }>(
      'GET',
      '/_sandbox/orders?status=payment_in_process',
    );
    // A reservation started outside the mandatory flow: an offline ticket pending, orders notified from creation.
    const offline = orders.find((order) => !order.mandatory_flow.applies);
    assert.ok(offline);
    const answer = await trigger('expire_reservation', { target: String(offline.id) });
    assert.equal(answer.order_id, offline.id);
    assert.deepEqual(answer.topics, ['payments', 'orders', 'orders_v2']);
    assert.deepEqual(
      (await received()).map(([topic]) => topic),
      ['payments', 'orders', 'orders_v2'],
    );
    const asSeller = await h.raw('GET', `/orders/${offline.id}`);
    assert.equal((asSeller.body as ApiOrder).status_detail?.code, 'not_paid');

    const paid = await h.raw('POST', '/_sandbox/scenarios/expire_reservation', {
      token: null,
      body: { target: offline.id },
    });
    assert.equal(paid.status, 400);
    assert.match((paid.body as { message: string }).message, /is cancelled: only an unpaid reservation/);
  });

  it('when nothing suitable waits: pay_reservation answers 400, expire_reservation reserves one first', async () => {
    // Three days later every reservation of the seed has been cancelled for lack of payment.
    await h.admin('POST', '/_sandbox/clock/advance', { days: 3 });
    await clearReceived();
    const refused = await h.raw('POST', '/_sandbox/scenarios/pay_reservation', { token: null });
    assert.equal(refused.status, 400);
    assert.deepEqual(refused.body, {
      message: 'No reservation is waiting for payment: run reserve_vehicle first.',
      error: 'bad_request',
      status: 400,
      cause: [],
    });

    const answer = await trigger('expire_reservation');
    assert.ok(answer.order_id);
    assert.deepEqual(answer.topics, ['created_orders']);
    assert.match(answer.summary, /^No reservation was waiting for payment, so buyer \d+ first reserved/);
    assert.deepEqual(await received(), [['created_orders', answer.resource]]);
    const { order } = await orderViews(answer.order_id, BUYER_BASE_ID + 1);
    assert.equal(order.status, 'cancelled');
    assert.equal(order.status_detail?.code, 'not_paid');
  });

  it('honours an explicit listing and buyer, and answers their refusals as the reservation route does', async () => {
    const buyer = BUYER_BASE_ID + 5;
    const answer = await trigger('reserve_vehicle', { target: ITEM.CAR_NEW_SPECIAL, buyer_id: buyer });
    assert.equal(answer.item_id, ITEM.CAR_NEW_SPECIAL);
    const { order } = await orderViews(answer.order_id!, buyer);
    assert.equal(order.buyer.id, buyer);

    // A used car and a buyer without immediate_payment: outside the mandatory flow, so refused with what to choose.
    const outside = await h.raw('POST', '/_sandbox/scenarios/reserve_vehicle', {
      token: null,
      body: { target: ITEM.CAR_USED_PREMIUM, buyer_id: BUYER_BASE_ID + 1 },
    });
    assert.equal(outside.status, 400);
    assert.match((outside.body as { message: string }).message, /would not enter the mandatory payment flow/);
    // The same car without a buyer: a buyer flagged immediate_payment is chosen.
    const flagged = await trigger('reserve_vehicle', { target: ITEM.CAR_USED_PREMIUM });
    assert.match(flagged.summary, /case 5/);

    const paused = await h.raw('POST', '/_sandbox/scenarios/reserve_vehicle', {
      token: null,
      body: { target: ITEM.CAR_PAUSED },
    });
    assert.equal(paused.status, 400);
    assert.match((paused.body as { message: string }).message, /is paused: only active listings can be reserved/);
    const blocked = await h.raw('POST', '/_sandbox/scenarios/reserve_vehicle', {
      token: null,
      body: { buyer_id: BUYER_BASE_ID + 23 },
    });
    assert.equal(blocked.status, 403, 'the seller’s order blacklist');
  });

  it('reports only the topics really sent: an unsubscribed topic is left out', async () => {
    await h.admin('PUT', '/_sandbox/notifications', { topics: ['created_orders', 'orders', 'orders_v2'] });
    await trigger('reserve_vehicle');
    const paid = await trigger('pay_reservation');
    assert.deepEqual(paid.topics, ['orders', 'orders_v2']);
    assert.match(paid.summary, /orders and orders_v2 were notified/);
  });

  it('answers 404 for an unknown scenario and 400 for a malformed body, in the API’s error shape', async () => {
    const unknown = await h.raw('POST', '/_sandbox/scenarios/launch_rocket', { token: null });
    assert.equal(unknown.status, 404);
    const body = unknown.body as { message: string; error: string; status: number; cause: unknown[] };
    assert.equal(body.status, 404);
    assert.deepEqual(body.cause, []);
    assert.match(body.message, /launch_rocket not found: use one of reserve_vehicle/);

    const bad = await h.raw('POST', '/_sandbox/scenarios/change_price', { token: null, body: { target: ['x'] } });
    assert.equal(bad.status, 400);
    assert.equal((bad.body as { error: string }).error, 'bad_request');
    const missing = await h.raw('POST', '/_sandbox/scenarios/pay_reservation', {
      token: null,
      body: { target: '42' },
    });
    assert.equal(missing.status, 404);
    assert.deepEqual(await received(), []);
  });
});
