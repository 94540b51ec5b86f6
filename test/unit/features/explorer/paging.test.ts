import assert from 'node:assert/strict';
import type { ExchangeRecord } from '../../../../src/api/client';
import { ApiError } from '../../../../src/api/errors';
import { createItem, getItem } from '../../../../src/api/items';
import { getAllChartItems, setSizeChartItems } from '../../../../src/api/sizeCharts';
import type { OrderView } from '../../../../src/features/explorer/format';
import {
  ChartItemsPager,
  ItemsPager,
  OFFSET_WINDOW,
  OrdersPager,
  searchOrderView,
} from '../../../../src/features/explorer/paging';
import { ORDER_SORTS, ORDER_STATUSES, type Order } from '../../../../src/model/order';
import { ITEM } from '../../../../src/sandbox/items/ids';
import { SEEDED_CHART_IDS } from '../../../../src/sandbox/sizeCharts/seed';
import { SELLER_ID } from '../../../../src/sandbox/users/ids';
import { useSandbox } from '../../support/sandbox';

interface AdminItem {
  id: string;
  status: string;
  sub_status: string[];
}

interface AdminOrder {
  id: number;
  status: string;
  tags: string[];
  date_created: string;
  date_closed: string | null;
  expiration_date: string;
  feedback: { sale: boolean; purchase: boolean };
  visible_to_seller: boolean;
  money_released: boolean;
}

/** Every page of a pager, with the remaining count seen before each. */
async function walkIds(
  pager: ItemsPager,
): Promise<{ ids: string[]; pages: number[]; remaining: (number | undefined)[] }> {
  const ids: string[] = [];
  const pages: number[] = [];
  const remaining: (number | undefined)[] = [];
  for (let guard = 0; !pager.done; guard++) {
    assert.ok(guard < 500, 'the pager never finished');
    remaining.push(pager.remaining);
    const page = await pager.nextIds();
    pages.push(page.length);
    ids.push(...page);
  }
  return { ids, pages, remaining };
}

describe('explorer pagers against the sandbox', () => {
  const h = useSandbox();

  /** The ids of the seller the search should return for a status: deleted listings are never returned. */
  async function expectedItemIds(status?: string): Promise<string[]> {
    const query = status ? `&status=${status}` : '';
    const all = await h.admin<AdminItem[]>('GET', `/_sandbox/items?seller_id=${SELLER_ID}${query}`);
    return all.filter((item) => !item.sub_status.includes('deleted')).map((item) => item.id);
  }

  describe('ItemsPager', () => {
    for (const status of [undefined, 'active', 'paused', 'under_review', 'closed', 'inactive', 'payment_required']) {
      it(`walks every page of '${status ?? 'all'}' and yields exactly the seller's ids, once each`, async () => {
        const expected = await expectedItemIds(status);
        assert.ok(expected.length > 0, 'the seed has items in every status');
        const pager = new ItemsPager(h.client, SELLER_ID, { status, orders: 'start_time_desc' }, 7);
        assert.equal(pager.total, undefined);
        assert.equal(pager.remaining, undefined);
        const walk = await walkIds(pager);
        assert.equal(new Set(walk.ids).size, walk.ids.length, 'no id twice');
        assert.deepEqual([...walk.ids].sort(), [...expected].sort());
        assert.equal(pager.total, expected.length);
        assert.equal(pager.loaded, expected.length);
        assert.equal(pager.remaining, 0);
        assert.equal(pager.mode, 'offset');
        // Full pages until the last one, and the remaining count going down by a page each time.
        assert.ok(walk.pages.slice(0, -1).every((size) => size === 7));
        assert.deepEqual(
          walk.remaining.slice(1),
          walk.pages.slice(0, -1).map((_, index) => expected.length - 7 * (index + 1)),
        );
        assert.deepEqual(await pager.nextIds(), [], 'a finished pager asks nothing more');
      });
    }

    it('keeps the order of the sort it was given', async () => {
      const pager = new ItemsPager(h.client, SELLER_ID, { status: 'active', orders: 'price_asc' }, 10);
      const prices: number[] = [];
      while (!pager.done) prices.push(...(await pager.next()).items.map((item) => item.price));
      assert.ok(prices.length > 60);
      assert.deepEqual(
        prices,
        [...prices].sort((a, b) => a - b),
      );
    });

    it('multi-gets the details of each page in chunks of 20, in search order', async () => {
      const paths: string[] = [];
      const client = h.clientWith({ onExchange: (record: ExchangeRecord) => paths.push(record.path) });
      const pager = new ItemsPager(client, SELLER_ID, { orders: 'start_time_desc' }, 45);
      const page = await pager.next();
      assert.equal(page.ids.length, 45);
      assert.deepEqual(
        page.items.map((item) => item.id),
        page.ids,
      );
      assert.deepEqual(page.missing, []);
      const multiGets = paths.filter((path) => path.startsWith('/items?'));
      assert.deepEqual(
        multiGets.map((path) => new URLSearchParams(path.split('?')[1]).get('ids')!.split(',').length).sort(),
        [20, 20, 5].sort(),
      );
      const fresh = await getItem(h.client, page.ids[0]!);
      assert.deepEqual(page.items[0], fresh);
    });

    it('asks again for the same ids after a failed multi-get instead of skipping them', async () => {
      const pager = new ItemsPager(h.client, SELLER_ID, { status: 'active' }, 10);
      const first = await pager.next();
      // The client retries a 500 twice: three failures make the call fail.
      await h.admin('POST', '/_sandbox/faults', { method: 'GET', path: '/items', status: 500, times: 3 });
      const failure = await pager.next().then(
        () => assert.fail('the multi-get should fail'),
        (error: unknown) => error,
      );
      assert.ok(failure instanceof ApiError && failure.status === 500);
      assert.equal(pager.done, false);
      const retried = await pager.next();
      const after = await pager.next();
      const expected = await expectedItemIds('active');
      const direct = new ItemsPager(h.client, SELLER_ID, { status: 'active' }, 10);
      await direct.nextIds();
      assert.deepEqual(retried.ids, await direct.nextIds(), 'the retry is the second page, not the third');
      assert.equal(new Set([...first.ids, ...retried.ids, ...after.ids]).size, 30);
      assert.ok([...first.ids, ...retried.ids, ...after.ids].every((id) => expected.includes(id)));
    });

    describe('past 1,000 results', () => {
      beforeEach(async () => {
        await h.admin('POST', '/_sandbox/items/bulk', { count: 1000 });
      });

      it('pages with offset up to 1,000, then switches to search_type=scan, and still yields every id once', async function () {
        this.timeout(60_000);
        const requests: string[] = [];
        const client = h.clientWith({
          onExchange: (record: ExchangeRecord) => {
            if (record.path.includes('/items/search')) requests.push(record.path);
          },
        });
        const expected = await expectedItemIds('active');
        assert.ok(expected.length > OFFSET_WINDOW + 50, `${expected.length} active items after the bulk`);
        const pager = new ItemsPager(client, SELLER_ID, { status: 'active', orders: 'start_time_desc' }, 100);
        const modes: string[] = [];
        const ids: string[] = [];
        while (!pager.done) {
          ids.push(...(await pager.nextIds()));
          modes.push(pager.mode);
        }
        assert.equal(ids.length, expected.length);
        assert.equal(new Set(ids).size, ids.length);
        assert.deepEqual([...ids].sort(), [...expected].sort());
        assert.deepEqual(modes.slice(0, 10), Array(10).fill('offset'));
        assert.ok(modes.slice(10).every((mode) => mode === 'scan'));
        // Never an offset page beyond the window; the scan carries its scroll_id after its first call.
        for (const path of requests) {
          const query = new URLSearchParams(path.split('?')[1]);
          if (query.get('search_type') === 'scan') continue;
          assert.ok(Number(query.get('offset') ?? 0) + Number(query.get('limit') ?? 50) <= OFFSET_WINDOW, path);
        }
        const scans = requests.filter((path) => path.includes('search_type=scan'));
        assert.ok(scans.length >= 2);
        assert.ok(!scans[0]!.includes('scroll_id'));
        assert.ok(scans.slice(1).every((path) => path.includes('scroll_id=')));
        // The order is the search's own: the scan continues where the offset pages stopped.
        const offsetOrder = new ItemsPager(h.client, SELLER_ID, { status: 'active', orders: 'start_time_desc' }, 100);
        const firstThousand: string[] = [];
        for (let page = 0; page < 10; page++) firstThousand.push(...(await offsetOrder.nextIds()));
        assert.deepEqual(ids.slice(0, OFFSET_WINDOW), firstThousand);
      });

      it('fills the page that reaches the window from the scan', async function () {
        this.timeout(60_000);
        const pager = new ItemsPager(h.client, SELLER_ID, { status: 'active' }, 60);
        const sizes: number[] = [];
        while (pager.loaded < 1020) sizes.push((await pager.nextIds()).length);
        // 16 pages of 60 reach 960; the 17th takes 40 by offset and 20 from the scan.
        assert.deepEqual(sizes.slice(0, 17), Array(17).fill(60));
        assert.equal(pager.mode, 'scan');
        assert.equal(pager.loaded, 1020);
        assert.equal(pager.remaining, pager.total! - 1020);
      });

      it('starts a new scan when the scroll expired between two pages, skipping what was shown', async function () {
        this.timeout(60_000);
        const scans: string[] = [];
        const client = h.clientWith({
          onExchange: (record: ExchangeRecord) => {
            if (record.path.includes('search_type=scan')) scans.push(record.path);
          },
        });
        // Enough items that the walk still has scan pages to ask after the pause.
        await h.admin('POST', '/_sandbox/items/bulk', { count: 1000 });
        assert.ok((await expectedItemIds('active')).length > 2000);
        const pager = new ItemsPager(client, SELLER_ID, { status: 'active' }, 100);
        const ids: string[] = [];
        for (let page = 0; page < 11; page++) ids.push(...(await pager.nextIds()));
        assert.equal(pager.mode, 'scan');
        assert.equal(ids.length, 1100);
        // The scroll lives 5 minutes after its last use.
        await h.admin('POST', '/_sandbox/clock/advance', { minutes: 6 });
        const stale = scans.at(-1)!;
        await assert.rejects(
          h.client.get(`/users/${SELLER_ID}/items/search`, {
            query: Object.fromEntries(new URLSearchParams(stale.split('?')[1])),
          }),
          (error: unknown) => error instanceof ApiError && error.error === 'invalid_scroll_id',
          'the scroll the pager holds has expired',
        );
        // Six minutes also finish the pending picture download: that item is active now, and the new scan has it.
        const expected = await expectedItemIds('active');
        assert.ok(expected.includes(ITEM.PAUSED_PICTURE_PENDING) && !ids.includes(ITEM.PAUSED_PICTURE_PENDING));
        while (!pager.done) ids.push(...(await pager.nextIds()));
        const starts = scans.filter((path) => !path.includes('scroll_id='));
        assert.equal(starts.length, 2, 'one scan before the pause, a new one after');
        assert.equal(new Set(ids).size, ids.length);
        assert.deepEqual([...ids].sort(), [...expected].sort());
      });
    });
  });

  describe('OrdersPager', () => {
    let orders: AdminOrder[];
    let now: number;

    beforeEach(async () => {
      const answer = await h.admin<{ orders: AdminOrder[] }>('GET', `/_sandbox/orders?seller=${SELLER_ID}`);
      orders = answer.orders;
      const info = await h.admin<{ now: string }>('GET', '/_sandbox');
      now = Date.parse(info.now);
    });

    async function walk(view: OrderView, status?: (typeof ORDER_STATUSES)[number], sort?: 'date_asc' | 'date_desc') {
      const pager = new OrdersPager(h.client, SELLER_ID, { view, status, sort }, 20);
      const all: Order[] = [];
      for (let guard = 0; !pager.done; guard++) {
        assert.ok(guard < 50);
        all.push(...(await pager.next()));
      }
      assert.equal(new Set(all.map((order) => order.id)).size, all.length, 'no order twice');
      assert.equal(pager.total, all.length);
      assert.equal(pager.remaining, 0);
      return all;
    }

    const sortKey = (order: Order) => Date.parse(order.date_closed ?? order.date_created);
    const yearAgo = () => now - 365 * 24 * 3600_000;

    it('walks the whole search: every order the seller sees, newer than 12 months, never payment_required', async () => {
      const all = await walk('search');
      const expected = orders
        .filter(
          (order) =>
            order.visible_to_seller &&
            order.status !== 'payment_required' &&
            Date.parse(order.date_created) >= yearAgo(),
        )
        .map((order) => order.id);
      assert.ok(expected.length > 51, 'more than one page of the API');
      assert.deepEqual(all.map((order) => order.id).sort(), [...expected].sort());
    });

    for (const sort of ORDER_SORTS) {
      it(`sorts ${sort} by date_closed (date_created when never paid), across pages`, async () => {
        const keys = (await walk('search', undefined, sort)).map(sortKey);
        const sorted = [...keys].sort((a, b) => (sort === 'date_asc' ? a - b : b - a));
        assert.deepEqual(keys, sorted);
      });
    }

    for (const status of ORDER_STATUSES.filter((value) => value !== 'payment_required')) {
      it(`filters order.status=${status} and matches the API's own count`, async () => {
        const all = await walk('search', status, 'date_desc');
        assert.ok(all.length > 0);
        assert.ok(all.every((order) => order.status === status));
        const first = await searchOrderView(h.client, 'search', { seller: SELLER_ID, limit: 1 });
        const offered = first.available_filters
          ?.find((filter) => filter.id === 'order.status')
          ?.values?.find((value) => value.id === status);
        assert.equal(all.length, offered?.results);
      });
    }

    it('the recent view: expiration still ahead and not delivered', async () => {
      const all = await walk('recent', undefined, 'date_desc');
      assert.ok(all.length > 0);
      for (const order of all) {
        assert.ok(Date.parse(order.expiration_date!) > now, `${order.id} expires ${order.expiration_date}`);
        assert.ok(!order.tags?.includes('delivered'));
      }
      const expected = orders.filter(
        (order) =>
          order.visible_to_seller &&
          order.status !== 'payment_required' &&
          Date.parse(order.expiration_date) > now &&
          !order.tags.includes('delivered'),
      );
      assert.equal(all.length, expected.length);
    });

    it('the archived view, as the spec states it: expiration later than now, or rated by both parties', async () => {
      const all = await walk('archived');
      const expected = orders.filter(
        (order) =>
          order.visible_to_seller &&
          order.status !== 'payment_required' &&
          Date.parse(order.date_created) >= yearAgo() &&
          (Date.parse(order.expiration_date) > now || (order.feedback.sale && order.feedback.purchase)),
      );
      assert.deepEqual(all.map((order) => order.id).sort(), expected.map((order) => order.id).sort());
    });

    it('the pending view: open orders only, never cancelled', async () => {
      const all = await walk('pending', undefined, 'date_asc');
      assert.ok(all.length > 0);
      for (const order of all) assert.ok(['payment_in_process', 'partially_paid', 'paid'].includes(order.status));
      const paidPending = await walk('pending', 'paid');
      assert.ok(paidPending.every((order) => order.status === 'paid'));
      assert.ok(paidPending.length < all.length);
    });

    it('a page size above what the API serves (51) still reaches every order: the offset follows what was served', async () => {
      const pager = new OrdersPager(h.client, SELLER_ID, { view: 'search' }, 100);
      const first = await pager.next();
      assert.equal(first.length, 51);
      assert.equal(pager.loaded, 51);
      const rest: Order[] = [];
      while (!pager.done) rest.push(...(await pager.next()));
      assert.equal(51 + rest.length, pager.total);
      assert.equal(new Set([...first, ...rest].map((order) => order.id)).size, pager.total);
    });

    it('a failed page throws the ApiError and leaves the pager where it was', async () => {
      const pager = new OrdersPager(h.client, SELLER_ID, { view: 'search', sort: 'date_desc' }, 25);
      const first = await pager.next();
      await h.admin('POST', '/_sandbox/faults', { method: 'GET', path: '/orders/search', status: 503, times: 3 });
      await assert.rejects(pager.next(), (error: unknown) => error instanceof ApiError && error.status === 503);
      assert.equal(pager.loaded, 25);
      const second = await pager.next();
      assert.equal(second.length, 25);
      assert.ok(second.every((order) => !first.some((seen) => seen.id === order.id)));
    });
  });

  describe('ChartItemsPager', () => {
    it('walks a seeded chart with the API paging and multi-gets titles and statuses', async () => {
      const chart = SEEDED_CHART_IDS.shirts;
      const expected = await getAllChartItems(h.client, chart);
      assert.ok(expected.length > 3);
      const pager = new ChartItemsPager(h.client, chart, 2);
      const ids: string[] = [];
      const titles: string[] = [];
      while (!pager.done) {
        const page = await pager.next();
        assert.ok(page.ids.length <= 2);
        ids.push(...page.ids);
        for (const item of page.items) {
          assert.ok(item.title && item.status && item.price !== undefined && item.currency_id);
          titles.push(item.title);
        }
      }
      assert.deepEqual(ids, expected);
      assert.equal(titles.length, expected.length);
      assert.equal(pager.total, expected.length);
      assert.ok(titles.includes((await getItem(h.client, ITEM.TSHIRT_M)).title));
    });

    it('pages past 50 items in pages of at most 50, whatever the page size asked', async function () {
      this.timeout(30_000);
      const chart = SEEDED_CHART_IDS.trousers;
      const created: string[] = [];
      for (let index = 0; index < 57; index++) {
        const item = await createItem(h.client, {
          title: `Pantalon Recto Modelo ${index}`,
          category_id: 'MLA109027',
          price: 15000,
          currency_id: 'ARS',
          available_quantity: 2,
          buying_mode: 'buy_it_now',
          listing_type_id: 'gold_special',
          condition: 'new',
          pictures: [{ source: 'https://example.com/pantalon.jpg' }],
          attributes: [{ id: 'SIZE', value_name: ['38', '40', '42'][index % 3]! }],
        });
        created.push(item.id);
      }
      await setSizeChartItems(h.client, chart, created);
      const pager = new ChartItemsPager(h.client, chart, 100);
      const first = await pager.nextIds();
      assert.equal(first.length, 50);
      assert.equal(pager.remaining, 7);
      const second = await pager.next();
      assert.deepEqual([...first, ...second.ids], created);
      assert.deepEqual(
        second.items.map((item) => item.id),
        created.slice(50),
      );
      assert.ok(pager.done);
    });

    it('an empty chart answers one empty page and is done', async () => {
      const pager = new ChartItemsPager(h.client, SEEDED_CHART_IDS.trousers, 50);
      const page = await pager.next();
      assert.deepEqual(page, { ids: [], items: [], missing: [] });
      assert.equal(pager.total, 0);
      assert.ok(pager.done);
    });
  });

  it('refuses a page size that is not a positive whole number', () => {
    assert.throws(() => new ItemsPager(h.client, SELLER_ID, {}, 0), RangeError);
    assert.throws(() => new OrdersPager(h.client, SELLER_ID, { view: 'search' }, 1.5), RangeError);
    assert.throws(() => new ChartItemsPager(h.client, 1, -1), RangeError);
  });
});
