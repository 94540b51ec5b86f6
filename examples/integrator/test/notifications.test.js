// End to end: the sandbox notifies, the service notes each paid order once.
import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import { NOTE_MARK, notesOf } from '../src/orderNotes.js';
import { SHOP, startShop } from './shop.js';

let shop;
before(async () => {
  shop = await startShop();
});
after(() => shop?.close());
beforeEach(() => shop.reset());

/** A buyer reserves the new car and pays the deposit by card; the paid order's id. */
async function paidReservation() {
  const reserved = await shop.sandbox.admin('POST', '/_sandbox/scenarios/reserve_vehicle', { target: SHOP.newCar.id });
  const paid = await shop.sandbox.admin('POST', '/_sandbox/scenarios/pay_reservation', {
    target: String(reserved.order_id),
  });
  assert.equal(paid.order_id, reserved.order_id);
  return paid.order_id;
}

async function notesOfOrder(orderId) {
  return notesOf(await shop.api('GET', `/orders/${orderId}/notes`));
}

const ours = (notes) => notes.filter((note) => note.note.startsWith(NOTE_MARK));

test('a paid reservation gets exactly one note, though orders and orders_v2 both announce it', async () => {
  const orderId = await paidReservation();
  await shop.settle();
  const topics = shop.gateway.deliveries
    .filter((delivery) => delivery.resource === `/orders/${orderId}`)
    .map((delivery) => delivery.topic);
  assert.ok(topics.includes('orders') && topics.includes('orders_v2'), `order notifications: ${topics}`);
  const notes = ours(await notesOfOrder(orderId));
  assert.equal(notes.length, 1, JSON.stringify(notes));
  assert.match(notes[0].note, new RegExp(`order ${orderId}`));
});

test('a retry of a notification the service already handled adds no second note', async () => {
  // The service handles the first delivery, but its 200 is lost on the way: the sandbox retries the same notification.
  shop.gateway.loseAnswer = (body) => body.topic === 'orders_v2' && body.attempts === 1;
  const orderId = await paidReservation();
  await shop.settle();
  const first = shop.gateway.deliveries.find(
    (delivery) => delivery.topic === 'orders_v2' && delivery.resource === `/orders/${orderId}`,
  );
  const sameNotification = shop.gateway.deliveries.filter((delivery) => delivery._id === first._id);
  assert.deepEqual(
    sameNotification.map((delivery) => delivery.attempts),
    [1, 2],
  );
  assert.equal(ours(await notesOfOrder(orderId)).length, 1);
  assert.equal(shop.logs.filter((line) => line === `order ${orderId}: note added`).length, 1);
});

test('an order waits for its note until its payment is credited', async () => {
  // Outside the mandatory flow the buyer pays by ticket: the order is visible (and notified) while payment_in_process.
  const { order } = await shop.sandbox.admin('POST', '/_sandbox/orders', {
    item_id: SHOP.usedCar.id,
    buyer_id: SHOP.usedCar.buyerId,
  });
  await shop.settle();
  assert.ok(shop.logs.includes(`order ${order.id}: payment_in_process, no note`), shop.logs.join('\n'));
  assert.equal(ours(await notesOfOrder(order.id)).length, 0);

  await shop.sandbox.admin('POST', `/_sandbox/orders/${order.id}/credit`);
  await shop.settle();
  assert.equal(ours(await notesOfOrder(order.id)).length, 1);
});

test('an order noted on an earlier run is left alone: the notes are the record, the service keeps no state', async () => {
  const orderId = SHOP.notedOrder.id;
  assert.equal(ours(await notesOfOrder(orderId)).length, 1);
  await shop.sandbox.admin('POST', '/_sandbox/notifications/emit', {
    topic: 'orders_v2',
    resource: `/orders/${orderId}`,
  });
  await shop.settle();
  assert.ok(shop.logs.includes(`notification orders_v2 /orders/${orderId} (attempt 1)`), shop.logs.join('\n'));
  assert.equal(ours(await notesOfOrder(orderId)).length, 1);
  assert.ok(!shop.logs.some((line) => line.includes('note added')), shop.logs.join('\n'));
});

test('a refusal of the API is logged with its own message, and the token never is', async () => {
  await shop.sandbox.admin('POST', '/_sandbox/notifications/emit', { topic: 'orders_v2', resource: '/orders/999' });
  await shop.settle();
  const failure = shop.logs.find((line) => line.startsWith('orders_v2 /orders/999: failed:'));
  assert.ok(failure, shop.logs.join('\n'));
  assert.match(failure, /GET \/orders\/999 → 404 \S+: .+/);
  assert.ok(!shop.logs.some((line) => line.includes(shop.sandbox.token)));
});
