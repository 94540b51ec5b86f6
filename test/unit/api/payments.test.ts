import assert from 'node:assert/strict';
import { getOrder } from '../../../src/api/orders';
import { getCollection, getPaymentMethod, getPayments, getSite } from '../../../src/api/payments';
import { PLATFORM_PAYMENT_METHOD_ID, supportsPlatform } from '../../../src/model/site';
import { MLB_SELLER_ID, SELLER_ID } from '../../../src/sandbox/users/ids';
import { apiFailure } from '../support/apiFailure';
import { type SandboxHarness, useSandbox } from '../support/sandbox';

async function clientOf(h: SandboxHarness, userId: number) {
  const users = await h.admin<{ id: number; token: string }[]>('GET', '/_sandbox/users');
  const token = users.find((user) => user.id === userId)!.token;
  return h.clientWith({ token: () => token });
}

async function paidOrder(h: SandboxHarness) {
  const { orders } = await h.admin<{ orders: { id: number; buyer_id: number; payments: number }[] }>(
    'GET',
    '/_sandbox/orders?status=paid',
  );
  return orders.find((order) => order.payments === 2) ?? orders[0]!;
}

describe('payments, collections, sites and payment methods against the sandbox', () => {
  const h = useSandbox();

  it('GET /payments lists the payments of the buyer owning the token, newest first', async () => {
    const order = await paidOrder(h);
    const buyer = await clientOf(h, order.buyer_id);
    const answer = await getPayments(buyer);
    assert.ok(answer.paging.total >= 1);
    assert.ok(answer.results.every((payment) => payment.payer_id === order.buyer_id));
    const dates = answer.results.map((payment) => Date.parse(payment.date_created!));
    assert.deepEqual(
      dates,
      [...dates].sort((a, b) => b - a),
    );
    const approved = await getPayments(buyer, { status: 'approved', limit: 1 });
    assert.ok(approved.results.every((payment) => payment.status === 'approved'));
    assert.equal(approved.paging.limit, 1);
    const bad = await h.raw('GET', '/payments?limit=0');
    assert.equal(bad.status, 400);
  });

  it('shows the order with two payments: a card rejected for limit reasons, then an approved one', async () => {
    const order = await paidOrder(h);
    const full = await getOrder(h.client, order.id);
    assert.equal(full.payments?.length, 2);
    assert.equal(full.payments?.[0]?.status, 'rejected');
    assert.equal(full.payments?.[0]?.status_detail, 'cc_rejected_insufficient_amount');
    assert.equal(full.payments?.[1]?.status, 'approved');
    assert.equal(full.paid_amount, full.total_amount);
  });

  it('GET /collections/{id} answers the collecting seller, 403 to others, 404 when unknown', async () => {
    const order = await paidOrder(h);
    const full = await getOrder(h.client, order.id);
    const paymentId = full.payments![full.payments!.length - 1]!.id;
    const collection = await getCollection(h.client, paymentId);
    assert.equal(collection.id, paymentId);
    assert.equal(collection.collector?.id, SELLER_ID);
    assert.equal(collection.order_id, order.id);
    const buyer = await clientOf(h, order.buyer_id);
    assert.equal((await apiFailure(getCollection(buyer, paymentId))).status, 403);
    const otherSeller = await clientOf(h, MLB_SELLER_ID);
    assert.equal((await apiFailure(getCollection(otherSeller, paymentId))).status, 403);
    assert.equal((await apiFailure(getCollection(h.client, 1))).status, 404);
    assert.equal((await h.raw('GET', '/collections/abc')).status, 400);
  });

  it('GET /sites/{id}: the platform method is among payment_method_ids except on MLU', async () => {
    for (const id of ['MLA', 'MLB', 'MLM', 'MCO']) {
      const site = await getSite(h.client, id);
      assert.equal(site.id, id);
      assert.ok(site.payment_method_ids.includes(PLATFORM_PAYMENT_METHOD_ID), id);
    }
    const mlu = await getSite(h.client, 'MLU');
    assert.equal(supportsPlatform(mlu), false);
    const anonymous = await h.raw('GET', '/sites/MLA', { token: null });
    assert.equal(anonymous.status, 200);
    assert.equal((await apiFailure(getSite(h.client, 'MXX'))).status, 404);
  });

  it('GET /payment_methods/{id}', async () => {
    const platform = await getPaymentMethod(h.client, PLATFORM_PAYMENT_METHOD_ID);
    assert.equal(platform.payment_type_id, 'platform');
    assert.deepEqual(platform.site_ids, ['MLA', 'MLB', 'MLM', 'MCO', 'MLC', 'MPE']);
    const visa = await getPaymentMethod(h.client, 'visa');
    assert.equal(visa.payment_type_id, 'credit_card');
    assert.equal((await apiFailure(getPaymentMethod(h.client, 'bitcoin'))).status, 404);
  });
});
