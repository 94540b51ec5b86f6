import assert from 'node:assert/strict';
import { confirmDelivery } from '../../../src/api/orders';
import { Notification } from '../../../src/model/notification';
import { ITEM } from '../../../src/sandbox/items/ids';
import { BUYER_BASE_ID, SELLER_ID } from '../../../src/sandbox/users/ids';
import { useWiredReceiver } from '../support/receiver';
import { type SandboxHarness, useSandbox } from '../support/sandbox';

describe('orders sandbox: notifications', () => {
  const h = useSandbox();
  const wiredReceiver = useWiredReceiver(h);
  /** What the receiver got, checked against the documented notification body. */
  const received = () => wiredReceiver().received.map((entry) => Notification.parse(entry.body));

  /** Topics received for one order, in order of arrival. */
  async function topicsOf(orderId: number): Promise<string[]> {
    await h.sandbox.settle();
    return received()
      .filter((note) => note.resource === `/orders/${orderId}`)
      .map((note) => note.topic);
  }

  async function reserve(sandbox: SandboxHarness, itemId: string, buyerId = BUYER_BASE_ID + 1) {
    const started = await sandbox.admin<{ order: { id: number } }>('POST', '/_sandbox/orders', {
      item_id: itemId,
      buyer_id: buyerId,
    });
    return started.order.id;
  }

  it('notifies only created_orders when an order is created in payment_required', async () => {
    const id = await reserve(h, ITEM.CAR_NEW_PREMIUM);
    await h.sandbox.settle();
    assert.deepEqual(
      received().map((note) => note.topic),
      ['created_orders'],
    );
    const [note] = received();
    assert.equal(note?.resource, `/orders/${id}`);
    assert.equal(note?.user_id, SELLER_ID);
    assert.equal(note?.attempts, 1);
  });

  it('starts orders and orders_v2 once the order is paid, with the payment on payments', async () => {
    const id = await reserve(h, ITEM.CAR_NEW_PREMIUM);
    await h.admin('POST', `/_sandbox/orders/${id}/pay`, {});
    assert.deepEqual(await topicsOf(id), ['created_orders', 'orders', 'orders_v2']);
    const payments = received().filter((note) => note.topic === 'payments');
    assert.equal(payments.length, 1);
    assert.match(payments[0]!.resource, /^\/collections\/\d+$/);
    // Later updates keep notifying both order topics.
    await confirmDelivery(h.client, id);
    assert.deepEqual(await topicsOf(id), ['created_orders', 'orders', 'orders_v2', 'orders', 'orders_v2']);
  });

  it('sends no order topic for payments that do not complete the deposit in the mandatory flow', async () => {
    const id = await reserve(h, ITEM.CAR_NEW_PREMIUM);
    await h.admin('POST', `/_sandbox/orders/${id}/pay`, { amount: 100 });
    assert.deepEqual(await topicsOf(id), ['created_orders']);
    await h.admin('POST', `/_sandbox/orders/${id}/pay`, {});
    assert.deepEqual(await topicsOf(id), ['created_orders', 'orders', 'orders_v2']);
  });

  it('notifies orders when an order is tagged fraud_risk_detected, once', async () => {
    const id = await reserve(h, ITEM.CAR_NEW_PREMIUM);
    await h.admin('POST', `/_sandbox/orders/${id}/fraud`);
    assert.deepEqual(await topicsOf(id), ['created_orders', 'orders']);
    const again = await h.admin<{ notified: boolean }>('POST', `/_sandbox/orders/${id}/fraud`);
    assert.equal(again.notified, false);
    assert.deepEqual(await topicsOf(id), ['created_orders', 'orders']);
  });

  it('notifies the automatic cancellation of a paid order at its expiration', async () => {
    const id = await reserve(h, ITEM.CAR_NEW_PREMIUM);
    await h.admin('POST', `/_sandbox/orders/${id}/pay`, {});
    await h.sandbox.settle();
    wiredReceiver().received.length = 0;
    await h.admin('POST', '/_sandbox/clock/advance', { days: 31 });
    assert.deepEqual(await topicsOf(id), ['orders', 'orders_v2']);
  });

  it('outside the mandatory flow the order topics start at creation and created_orders is not sent', async () => {
    const id = await reserve(h, ITEM.CAR_USED_PREMIUM);
    assert.deepEqual(await topicsOf(id), ['orders', 'orders_v2']);
  });
});
