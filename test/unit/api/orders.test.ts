import assert from 'node:assert/strict';
import {
  addNote,
  allOrders,
  confirmDelivery,
  deleteNote,
  getFeedback,
  getOrder,
  listNotes,
  returnReservation,
  searchArchivedOrders,
  searchOrders,
  searchPendingOrders,
  searchRecentOrders,
  sendFeedback,
  updateNote,
} from '../../../src/api/orders';
import type { Order } from '../../../src/model/order';
import { ITEM } from '../../../src/sandbox/items/ids';
import { BUYER_BASE_ID, SECOND_USER_ID, SELLER_ID } from '../../../src/sandbox/users/ids';
import { apiFailure } from '../support/apiFailure';
import { type SandboxHarness, useSandbox } from '../support/sandbox';

interface AdminOrder {
  id: number;
  status: string;
  status_detail: { code: string } | null;
  buyer_id: number;
  seller_id: number;
  tags: string[];
  date_created: string;
  date_closed: string | null;
  expiration_date: string;
  payments: number;
  feedback: { sale: boolean; purchase: boolean };
  notes: number;
  visible_to_seller: boolean;
  money_released: boolean;
}

async function adminOrders(h: SandboxHarness, query = ''): Promise<AdminOrder[]> {
  return (await h.admin<{ orders: AdminOrder[] }>('GET', `/_sandbox/orders${query}`)).orders;
}

async function tokenOf(h: SandboxHarness, userId: number): Promise<string> {
  const users = await h.admin<{ id: number; token: string }[]>('GET', '/_sandbox/users');
  const token = users.find((user) => user.id === userId)?.token;
  assert.ok(token, `no token for ${userId}`);
  return token;
}

const clientOf = async (h: SandboxHarness, userId: number) => {
  const token = await tokenOf(h, userId);
  return h.clientWith({ token: () => token });
};

const DAY = 86_400_000;

const sellerSortDate = (order: Order) => Date.parse(order.date_closed ?? order.date_created);

describe('orders API against the sandbox', () => {
  const h = useSandbox();

  describe('GET /orders/{id}', () => {
    it('answers the seller a paid order with the buyer contact data', async () => {
      const [paid] = await adminOrders(h, '?status=paid');
      const order = await getOrder(h.client, paid!.id);
      assert.equal(order.id, paid!.id);
      assert.equal(order.status, 'paid');
      assert.ok(order.tags?.includes('reservation'));
      assert.ok(order.date_closed);
      assert.ok(order.buyer.email && order.buyer.phone?.number && order.buyer.billing_info?.doc_number);
      assert.equal(order.seller.id, SELLER_ID);
      assert.ok((order.order_items[0]?.full_unit_price ?? 0) > order.order_items[0]!.unit_price);
    });

    it('answers the buyer its own order, and 403 to any other user', async () => {
      const [paid] = await adminOrders(h, '?status=paid');
      const buyer = await clientOf(h, paid!.buyer_id);
      assert.equal((await getOrder(buyer, paid!.id)).buyer.id, paid!.buyer_id);
      const other = await clientOf(h, SECOND_USER_ID);
      const refused = await apiFailure(getOrder(other, paid!.id));
      assert.equal(refused.status, 403);
      assert.equal(refused.error, 'access_denied');
      assert.equal((await apiFailure(getFeedback(other, paid!.id))).status, 403);
      assert.equal((await apiFailure(confirmDelivery(other, paid!.id))).status, 403);
    });

    it('hides payment_required orders from the seller; the buyer sees no seller contact data yet', async () => {
      const [pending] = await adminOrders(h, '?status=payment_required');
      const hidden = await apiFailure(getOrder(h.client, pending!.id));
      assert.equal(hidden.status, 404);
      const buyer = await clientOf(h, pending!.buyer_id);
      const order = await getOrder(buyer, pending!.id);
      assert.equal(order.status, 'payment_required');
      assert.equal(order.date_closed, null);
      assert.deepEqual(Object.keys(order.seller).sort(), ['id', 'nickname']);
    });

    it('answers 404 for an unknown order and 400 for an id that is not a number', async () => {
      assert.equal((await apiFailure(getOrder(h.client, 999))).status, 404);
      const bad = await h.raw('GET', '/orders/abc');
      assert.equal(bad.status, 400);
      assert.equal((bad.body as { error: string }).error, 'bad_request');
    });
  });

  describe('GET /orders/search', () => {
    it('sorts the seller results by date_closed ascending by default, 50 a page', async () => {
      const page = await searchOrders(h.client, { seller: SELLER_ID });
      assert.equal(page.sort?.id, 'date_asc');
      assert.deepEqual(
        page.available_sorts?.map((sort) => sort.id),
        ['date_desc'],
      );
      assert.equal(page.paging.limit, 50);
      assert.equal(page.results.length, 50);
      assert.ok(page.paging.total >= 100);
      const dates = page.results.map(sellerSortDate);
      assert.deepEqual(
        dates,
        [...dates].sort((a, b) => a - b),
      );
      assert.equal(page.display, 'complete');
    });

    it('sorts date_desc, and by date_created for buyers', async () => {
      const page = await searchOrders(h.client, { seller: SELLER_ID, sort: 'date_desc' });
      const dates = page.results.map(sellerSortDate);
      assert.deepEqual(
        dates,
        [...dates].sort((a, b) => b - a),
      );
      const [paid] = await adminOrders(h, '?status=paid');
      const buyer = await clientOf(h, paid!.buyer_id);
      const mine = await searchOrders(buyer, { buyer: paid!.buyer_id, sort: 'date_desc' });
      assert.ok(mine.results.length > 0);
      assert.ok(mine.results.every((order) => order.buyer.id === paid!.buyer_id));
      const created = mine.results.map((order) => Date.parse(order.date_created));
      assert.deepEqual(
        created,
        [...created].sort((a, b) => b - a),
      );
    });

    it('filters by order.status and reports the applied and available filters', async () => {
      const all = await searchOrders(h.client, { seller: SELLER_ID, limit: 1 });
      const statusFilter = all.available_filters?.find((filter) => filter.id === 'order.status');
      const counted = (statusFilter?.values ?? []).reduce((sum, value) => sum + (value.results ?? 0), 0);
      assert.equal(counted, all.paging.total);
      assert.deepEqual((statusFilter?.values ?? []).map((value) => value.id).sort(), [
        'cancelled',
        'paid',
        'partially_paid',
        'payment_in_process',
      ]);
      const paid = await searchOrders(h.client, { seller: SELLER_ID, status: 'paid', limit: 51 });
      assert.ok(paid.results.length > 0);
      assert.ok(paid.results.every((order) => order.status === 'paid'));
      assert.equal(paid.paging.total, statusFilter?.values?.find((value) => value.id === 'paid')?.results);
      assert.deepEqual(paid.filters?.[0]?.values?.[0]?.id, 'paid');
      const cancelled = await searchOrders(h.client, { seller: SELLER_ID, status: 'cancelled', limit: 51 });
      const codes = new Set(cancelled.results.map((order) => order.status_detail?.code));
      for (const code of ['feedback', 'buyer', 'expired_order']) assert.ok(codes.has(code), code);
    });

    it('never returns orders in payment_required', async () => {
      const required = await adminOrders(h, '?status=payment_required');
      assert.ok(required.length > 0);
      const filtered = await searchOrders(h.client, { seller: SELLER_ID, status: 'payment_required' });
      assert.equal(filtered.paging.total, 0);
      const buyer = await clientOf(h, required[0]!.buyer_id);
      for await (const order of allOrders(buyer, { buyer: required[0]!.buyer_id })) {
        assert.notEqual(order.status, 'payment_required');
      }
      for await (const order of allOrders(h.client, { seller: SELLER_ID })) {
        assert.notEqual(order.status, 'payment_required');
      }
    });

    it('keeps only the hour of order.date_created.from/to', async () => {
      const now = Date.parse((await h.admin<{ now: string }>('GET', '/_sandbox')).now);
      const orders = await adminOrders(h, `?seller=${SELLER_ID}&status=paid`);
      const order = orders.find(
        (candidate) =>
          new Date(candidate.date_created).getUTCMinutes() > 0 && Date.parse(candidate.date_created) > now - 300 * DAY,
      )!;
      const hour = order.date_created.slice(0, 13); // 2026-02-10T10 in the order's own offset
      const zone = order.date_created.slice(-6);
      const late = `${hour}:59:59.999${zone}`;
      // from=HH:59 is read as HH:00, so an order created at HH:MM is included.
      const from = await searchOrders(h.client, { seller: SELLER_ID, dateFrom: late, sort: 'date_asc', limit: 51 });
      const fromIds = [] as number[];
      for await (const found of allOrders(h.client, { seller: SELLER_ID, dateFrom: late })) fromIds.push(found.id);
      assert.ok(fromIds.includes(order.id));
      assert.equal(
        from.filters?.find((filter) => filter.id === 'order.date_created.from')?.values?.[0]?.id,
        `${hour}:00:00.000${zone}`,
      );
      // to=HH:59 is read as HH:00 too, so the same order (created after HH:00) is left out.
      const toIds = [] as number[];
      for await (const found of allOrders(h.client, { seller: SELLER_ID, dateTo: late })) toIds.push(found.id);
      assert.ok(!toIds.includes(order.id));
      const nextHour = new Date(Date.parse(`${hour}:00:00.000${zone}`) + 3600_000).toISOString();
      const untilNext = [] as number[];
      for await (const found of allOrders(h.client, { seller: SELLER_ID, dateTo: nextHour })) untilNext.push(found.id);
      assert.ok(untilNext.includes(order.id));
    });

    it('pages with offset and limit, caps a page at 51, and the iterator walks every page once', async () => {
      const first = await searchOrders(h.client, { seller: SELLER_ID, limit: 10 });
      const second = await searchOrders(h.client, { seller: SELLER_ID, limit: 10, offset: 10 });
      assert.equal(first.results.length, 10);
      assert.equal(second.paging.offset, 10);
      assert.equal(new Set([...first.results, ...second.results].map((order) => order.id)).size, 20);
      const capped = await searchOrders(h.client, { seller: SELLER_ID, limit: 100 });
      assert.equal(capped.paging.limit, 51);
      assert.equal(capped.results.length, 51);
      const ids: number[] = [];
      for await (const order of allOrders(h.client, { seller: SELLER_ID, limit: 51 })) ids.push(order.id);
      assert.equal(ids.length, first.paging.total);
      assert.equal(new Set(ids).size, ids.length);
      const beyond = await searchOrders(h.client, { seller: SELLER_ID, offset: 10_000 });
      assert.deepEqual(beyond.results, []);
    });

    it('answers 403 when seller or buyer is not the caller, 400 for a malformed query', async () => {
      const other = await apiFailure(searchOrders(h.client, { seller: SECOND_USER_ID }));
      assert.equal(other.status, 403);
      assert.match(other.apiMessage, /your own orders/);
      const buyerAsOther = await apiFailure(searchOrders(h.client, { buyer: BUYER_BASE_ID + 1 }));
      assert.equal(buyerAsOther.status, 403);
      const none = await apiFailure(searchOrders(h.client, {}));
      assert.equal(none.status, 400);
      assert.match(none.apiMessage, /seller=\{your user id\} or buyer/);
      const badStatus = await h.raw('GET', `/orders/search?seller=${SELLER_ID}&order.status=confirmed`);
      assert.equal(badStatus.status, 400);
      const badDate = await h.raw('GET', `/orders/search?seller=${SELLER_ID}&order.date_created.from=ayer`);
      assert.equal(badDate.status, 400);
      assert.match((badDate.body as { message: string }).message, /only the hour is used/);
    });
  });

  describe('recent, archived and pending views', () => {
    it('recent: expiration in the future and not delivered', async () => {
      const now = Date.parse((await h.admin<{ now: string }>('GET', '/_sandbox')).now);
      const recent = await searchRecentOrders(h.client, { seller: SELLER_ID, limit: 51 });
      assert.ok(recent.results.length > 0);
      for (const order of recent.results) {
        assert.ok(Date.parse(order.expiration_date!) > now);
        assert.ok(!order.tags?.includes('delivered'));
      }
    });

    it('archived: expiration_date later than now (as the spec states it) or rated by both parties', async () => {
      const now = Date.parse((await h.admin<{ now: string }>('GET', '/_sandbox')).now);
      const archived: Order[] = [];
      for (let offset = 0; ; ) {
        const page = await searchArchivedOrders(h.client, { seller: SELLER_ID, limit: 51, offset });
        archived.push(...page.results);
        offset += page.results.length;
        if (page.results.length === 0 || offset >= page.paging.total) break;
      }
      assert.ok(archived.length > 0);
      let bothRatedPast = 0;
      for (const order of archived) {
        const future = Date.parse(order.expiration_date!) > now;
        const both = Boolean(order.feedback?.sale && order.feedback?.purchase);
        assert.ok(future || both, `order ${order.id}`);
        if (!future) bothRatedPast++;
      }
      assert.ok(bothRatedPast > 0, 'old orders rated by both parties are archived');
      const expiredUnrated = archived.filter(
        (order) => Date.parse(order.expiration_date!) <= now && !(order.feedback?.sale && order.feedback?.purchase),
      );
      assert.deepEqual(expiredUnrated, []);
    });

    it('pending: open orders only; automatically cancelled ones are omitted', async () => {
      const pending = await searchPendingOrders(h.client, { seller: SELLER_ID, limit: 51 });
      const statuses = new Set(pending.results.map((order) => order.status));
      assert.ok(statuses.has('payment_in_process') && statuses.has('partially_paid') && statuses.has('paid'));
      assert.ok(!statuses.has('cancelled'));
      const unpaid = (await adminOrders(h, `?seller=${SELLER_ID}&status=payment_in_process`)).map((order) => order.id);
      await h.admin('POST', '/_sandbox/clock/advance', { hours: 49 });
      const later = [] as Order[];
      for await (const order of allOrders(h.client, { seller: SELLER_ID })) later.push(order);
      const autoCancelled = later.filter((order) => unpaid.includes(order.id));
      assert.ok(autoCancelled.length > 0);
      assert.ok(autoCancelled.every((order) => order.status === 'cancelled'));
      const pendingLater = await searchPendingOrders(h.client, { seller: SELLER_ID, limit: 51 });
      const pendingIds = pendingLater.results.map((order) => order.id);
      assert.ok(unpaid.every((id) => !pendingIds.includes(id)));
    });
  });

  describe('notes', () => {
    it('lists the seeded notes of an order', async () => {
      const withNotes = (await adminOrders(h)).find((order) => order.notes > 0 && order.visible_to_seller)!;
      const notes = await listNotes(h.client, withNotes.id);
      assert.equal(notes.length, withNotes.notes);
      assert.ok(notes.every((note) => typeof note.id === 'string' && note.date_created && note.date_last_updated));
    });

    it('adds a 300-character note, refuses 301 and empty ones with the spec reason', async () => {
      const [paid] = await adminOrders(h, '?status=paid');
      const note = await addNote(h.client, paid!.id, 'n'.repeat(300));
      assert.equal(note.note.length, 300);
      assert.ok((await listNotes(h.client, paid!.id)).some((listed) => listed.id === note.id));
      const long = await apiFailure(addNote(h.client, paid!.id, 'n'.repeat(301)));
      assert.equal(long.status, 400);
      assert.equal(long.error, 'validation_error');
      assert.equal(long.causes[0]?.code, 'order.note.too_long');
      assert.match(long.apiMessage, /at most 300 characters/);
      const empty = await apiFailure(addNote(h.client, paid!.id, ''));
      assert.equal(empty.causes[0]?.code, 'order.note.empty');
    });

    it('updates a note (300 ok, 301 refused) and deletes it', async () => {
      const [paid] = await adminOrders(h, '?status=paid');
      const note = await addNote(h.client, paid!.id, 'Primera versión');
      await h.admin('POST', '/_sandbox/clock/advance', { minutes: 5 });
      const updated = await updateNote(h.client, paid!.id, note.id, 'u'.repeat(300));
      assert.equal(updated.note, 'u'.repeat(300));
      assert.equal(updated.date_created, note.date_created);
      assert.notEqual(updated.date_last_updated, note.date_last_updated);
      const long = await apiFailure(updateNote(h.client, paid!.id, note.id, 'u'.repeat(301)));
      assert.equal(long.causes[0]?.code, 'order.note.too_long');
      await deleteNote(h.client, paid!.id, note.id);
      assert.ok(!(await listNotes(h.client, paid!.id)).some((listed) => listed.id === note.id));
      assert.equal((await apiFailure(deleteNote(h.client, paid!.id, note.id))).status, 404);
      assert.equal((await apiFailure(updateNote(h.client, paid!.id, 'nope', 'x'))).status, 404);
    });

    it('keeps notes to the seller: the buyer and other users get 403', async () => {
      const [paid] = await adminOrders(h, '?status=paid');
      const buyer = await clientOf(h, paid!.buyer_id);
      assert.equal((await apiFailure(listNotes(buyer, paid!.id))).status, 403);
      assert.equal((await apiFailure(addNote(buyer, paid!.id, 'hola'))).status, 403);
      const other = await clientOf(h, SECOND_USER_ID);
      assert.equal((await apiFailure(listNotes(other, paid!.id))).status, 403);
    });
  });

  describe('feedback', () => {
    it('reads {sale, purchase} of an order rated by both', async () => {
      const rated = (await adminOrders(h, '?status=paid')).find(
        (order) => order.feedback.sale && order.feedback.purchase,
      )!;
      const feedback = await getFeedback(h.client, rated.id);
      assert.equal(feedback.sale?.fulfilled, true);
      assert.equal(feedback.sale?.rating, 'positive');
      assert.equal(feedback.purchase?.rating, 'positive');
      const none = (await adminOrders(h, '?status=paid')).find((order) => !order.feedback.sale)!;
      assert.deepEqual(await getFeedback(h.client, none.id), { sale: null, purchase: null });
    });

    it('confirmDelivery sends fulfilled=true/positive: the order stays paid, tagged delivered; a repeat answers 400', async () => {
      const open = (await adminOrders(h, '?status=paid')).find((order) => !order.feedback.sale)!;
      const entry = await confirmDelivery(h.client, open.id, { message: 'Entregado' });
      assert.equal(entry.fulfilled, true);
      assert.equal(entry.rating, 'positive');
      assert.equal(entry.status, 'hidden');
      const order = await getOrder(h.client, open.id);
      assert.equal(order.status, 'paid');
      assert.ok(order.tags?.includes('delivered'));
      assert.equal(order.feedback?.sale?.id, entry.id);
      const again = await apiFailure(confirmDelivery(h.client, open.id));
      assert.equal(again.status, 400);
      assert.equal(again.causes[0]?.code, 'order.feedback.already_sent');
    });

    it('returnReservation sends fulfilled=false/neutral: cancelled with code feedback and the payment refunded', async () => {
      const open = (await adminOrders(h, '?status=paid')).find((order) => !order.feedback.sale)!;
      await returnReservation(h.client, open.id, { message: 'Desistió', reason: 'buyer_regrets' });
      const order = await getOrder(h.client, open.id);
      assert.equal(order.status, 'cancelled');
      assert.equal(order.status_detail?.code, 'feedback');
      const approved = order.payments?.filter((payment) => payment.status !== 'rejected') ?? [];
      assert.ok(approved.length > 0);
      assert.ok(approved.every((payment) => payment.status === 'refunded'));
    });

    it('the buyer answers with its own token after the delivery: purchase feedback releases the money', async () => {
      const waiting = (await adminOrders(h, '?status=paid')).find(
        (order) => order.feedback.sale && !order.feedback.purchase && !order.money_released,
      )!;
      const buyer = await clientOf(h, waiting.buyer_id);
      const entry = await sendFeedback(buyer, waiting.id, { fulfilled: true, rating: 'positive', message: 'Todo ok' });
      assert.equal(entry.role, 'buyer');
      assert.equal(entry.from?.id, waiting.buyer_id);
      const order = await getOrder(h.client, waiting.id);
      assert.equal(order.status, 'paid');
      assert.equal(order.feedback?.purchase?.id, entry.id);
      const approved = order.payments?.filter((payment) => payment.status === 'approved') ?? [];
      assert.ok(approved.length > 0 && approved.every((payment) => payment.money_release_status === 'released'));
      assert.equal(
        (await apiFailure(sendFeedback(buyer, waiting.id, { fulfilled: true, rating: 'positive' }))).status,
        400,
      );
    });

    it('refuses crossed pairs, feedback on unpaid or cancelled orders, and long messages', async () => {
      const open = (await adminOrders(h, '?status=paid')).find((order) => !order.feedback.sale)!;
      const crossed = await apiFailure(sendFeedback(h.client, open.id, { fulfilled: true, rating: 'neutral' }));
      assert.equal(crossed.status, 400);
      assert.equal(crossed.causes[0]?.code, 'order.feedback.rating_mismatch');
      const long = await apiFailure(
        sendFeedback(h.client, open.id, { fulfilled: true, rating: 'positive', message: 'm'.repeat(160) }),
      );
      assert.equal(long.causes[0]?.code, 'order.feedback.message_too_long');
      const [cancelled] = await adminOrders(h, `?seller=${SELLER_ID}&status=cancelled`);
      const refused = await apiFailure(confirmDelivery(h.client, cancelled!.id));
      assert.ok(refused.causes.some((cause) => cause.code === 'order.feedback.not_paid'));
      const [partial] = await adminOrders(h, '?status=partially_paid');
      assert.equal(
        (await apiFailure(confirmDelivery(h.client, partial!.id))).causes[0]?.code,
        'order.feedback.not_paid',
      );
      const raw = await h.raw('POST', `/orders/${open.id}/feedback`, { body: '{"fulfilled": true' });
      assert.equal(raw.status, 400);
    });
  });

  it('keeps orders 12 months in searches; older ones are still readable by id', async () => {
    const now = Date.parse((await h.admin<{ now: string }>('GET', '/_sandbox')).now);
    const old = (await adminOrders(h, `?seller=${SELLER_ID}`)).filter(
      (order) => Date.parse(order.date_created) < now - 365 * DAY,
    );
    assert.ok(old.length > 0);
    const found: number[] = [];
    for await (const order of allOrders(h.client, { seller: SELLER_ID })) found.push(order.id);
    assert.ok(old.every((order) => !found.includes(order.id)));
    assert.equal((await getOrder(h.client, old[0]!.id)).id, old[0]!.id);
  });

  it('reservation orders carry the reservation tag and an expiration date', async () => {
    let count = 0;
    for await (const order of allOrders(h.client, { seller: SELLER_ID })) {
      count++;
      assert.ok(order.tags?.includes('reservation'));
      assert.ok(order.expiration_date);
    }
    assert.ok(count >= 100);
    assert.ok(ITEM.CAR_NEW_PREMIUM.startsWith('MLA'));
  });
});
