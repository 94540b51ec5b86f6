import assert from 'node:assert/strict';
import type { ExchangeRecord } from '../../../../src/api/client';
import { searchSellerItems } from '../../../../src/api/items';
import { newestSellerItemIds, newestSellerItems, readItems } from '../../../../src/features/pickers/sellerItems';
import { ITEM } from '../../../../src/sandbox/items/ids';
import { SELLER_ID } from '../../../../src/sandbox/users/ids';
import { useSandbox } from '../../support/sandbox';

describe("the seller's newest listings (search, then multi-get)", () => {
  const h = useSandbox();

  function observed() {
    const calls: string[] = [];
    const client = h.clientWith({ onExchange: (record: ExchangeRecord) => calls.push(record.path) });
    return { client, calls };
  }

  it('pages the search (100 at a time) until the limit, newest first, and no further', async () => {
    await h.admin('POST', '/_sandbox/items/bulk', { count: 150, template: ITEM.TSHIRT_M });
    const total = (await searchSellerItems(h.client, SELLER_ID, { limit: 1 })).paging.total;
    assert.ok(total > 200, `the seller has ${total} listings`);
    const { client, calls } = observed();
    const ids = await newestSellerItemIds(client, SELLER_ID, 201);
    assert.equal(ids.length, 201);
    assert.equal(calls.length, 3, calls.join('\n'));
    assert.ok(calls.every((path) => path.includes('orders=start_time_desc')));
    const first = await searchSellerItems(h.client, SELLER_ID, { limit: 100, orders: 'start_time_desc' });
    assert.deepEqual(ids.slice(0, 100), first.results);
    assert.equal(new Set(ids).size, ids.length, 'no id twice');
  });

  it('asks one page of the limit when it is small, and stops at the last page', async () => {
    const { client, calls } = observed();
    const fifty = await newestSellerItemIds(client, SELLER_ID, 50);
    assert.equal(fifty.length, 50);
    assert.equal(calls.length, 1);
    assert.match(calls[0]!, /limit=50/);
    const total = (await searchSellerItems(h.client, SELLER_ID, { limit: 1 })).paging.total;
    calls.length = 0;
    const all = await newestSellerItemIds(client, SELLER_ID, 10_000);
    assert.equal(all.length, total);
    assert.equal(calls.length, Math.ceil(total / 100));
  });

  it('reads only the fields asked; an id the API does not return is left out', async () => {
    const read = await readItems(h.client, [ITEM.TSHIRT_M, 'MLA1999999999', ITEM.TSHIRT_L], ['title']);
    assert.deepEqual([...read.keys()], [ITEM.TSHIRT_M, ITEM.TSHIRT_L]);
    const shirt = read.get(ITEM.TSHIRT_M);
    assert.equal(shirt?.id, ITEM.TSHIRT_M);
    assert.equal(typeof shirt?.title, 'string');
    assert.equal(shirt?.price, undefined, 'price was not asked');
    const { client, calls } = observed();
    assert.equal((await readItems(client, [], ['title'])).size, 0);
    assert.deepEqual(calls, [], 'nothing to read, nothing asked');
  });

  it('newest listings come readable, in the order of the search', async () => {
    const items = await newestSellerItems(h.client, SELLER_ID, 30, ['title', 'status']);
    const search = await searchSellerItems(h.client, SELLER_ID, { limit: 30, orders: 'start_time_desc' });
    assert.deepEqual(
      items.map((item) => item.id),
      search.results,
    );
    assert.ok(items.every((item) => item.title && item.status));
  });
});
