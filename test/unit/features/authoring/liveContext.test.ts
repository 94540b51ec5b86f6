import assert from 'node:assert/strict';
import type { ExchangeRecord } from '../../../../src/api/client';
import { searchSellerItems } from '../../../../src/api/items';
import { ITEM } from '../../../../src/sandbox/items/ids';
import { useSandbox } from '../../support/sandbox';
import { liveContextFor, sandboxSession } from './support';

describe('live context: caches of what the payload rules need', () => {
  const harness = useSandbox();

  /** A live context whose client reports every exchange, so a test sees which calls reached the sandbox. */
  async function observed(options: { clock?: () => number } = {}) {
    const calls: string[] = [];
    const client = harness.clientWith({ onExchange: (record: ExchangeRecord) => calls.push(record.path) });
    const context = await liveContextFor(harness, { ...options, client });
    return { ...context, calls, client };
  }

  it('a category is fetched once, then served from the cache; concurrent asks share one call', async () => {
    const { live, calls } = await observed();
    assert.equal(live.snapshot()?.category('MLA1577'), undefined);
    await Promise.all([
      live.fetch([{ kind: 'category', id: 'MLA1577' }]),
      live.fetch([{ kind: 'category', id: 'MLA1577' }]),
    ]);
    await live.fetch([{ kind: 'category', id: 'MLA1577' }]);
    assert.deepEqual(calls, ['/categories/MLA1577/sale_terms']);
    const got = live.snapshot()?.category('MLA1577');
    assert.equal(got?.state, 'ready');
    assert.ok(got?.state === 'ready' && got.value.some((definition) => definition.id === 'MANUFACTURING_TIME'));
  });

  it('items asked together come in one multi-get; an unknown one is cached as missing', async () => {
    const { live, calls } = await observed();
    await live.fetch([
      { kind: 'item', id: ITEM.TSHIRT_M },
      { kind: 'item', id: ITEM.TSHIRT_L },
      { kind: 'item', id: 'MLA1999999999' },
    ]);
    assert.equal(calls.length, 1);
    assert.match(calls[0]!, /^\/items\?ids=/);
    const snapshot = live.snapshot()!;
    assert.equal(snapshot.item(ITEM.TSHIRT_M)?.state, 'ready');
    const missing = snapshot.item('MLA1999999999');
    assert.equal(missing?.state, 'missing');
    assert.match(missing?.state === 'missing' ? missing.message : '', /MLA1999999999/);
  });

  it('live items expire after their short lifetime: still served (stale), and fetched again', async () => {
    let now = 1_000_000;
    const { live, calls } = await observed({ clock: () => now });
    await live.fetch([{ kind: 'item', id: ITEM.PHONE_NO_SALES }]);
    now += 10_000;
    assert.equal(live.snapshot()?.item(ITEM.PHONE_NO_SALES)?.stale, undefined);
    now += 10_000;
    const stale = live.snapshot()?.item(ITEM.PHONE_NO_SALES);
    assert.equal(stale?.state, 'ready');
    assert.equal(stale?.stale, true);
    // Reference data lives longer.
    await live.fetch([{ kind: 'category', id: 'MLA1055' }]);
    now += 60_000;
    assert.equal(live.snapshot()?.category('MLA1055')?.stale, undefined);
    await live.fetch([{ kind: 'item', id: ITEM.PHONE_NO_SALES }]);
    assert.equal(calls.filter((path) => path.startsWith('/items?')).length, 2);
    assert.equal(live.snapshot()?.item(ITEM.PHONE_NO_SALES)?.stale, undefined);
  });

  it('a session change drops what the account saw and keeps the environment’s reference data', async () => {
    const { live, sessions, calls } = await observed();
    let updates = 0;
    live.onDidUpdate(() => {
      updates += 1;
    });
    await live.fetch([
      { kind: 'item', id: ITEM.PHONE_NO_SALES },
      { kind: 'category', id: 'MLA1577' },
    ]);
    assert.equal(updates, 2, 'one update per load');
    sessions.set({ ...(await sandboxSession(harness)), account: { ...sessions.current!.account, userId: 42 } });
    assert.equal(updates, 3, 'the session change is an update');
    assert.equal(live.snapshot()?.item(ITEM.PHONE_NO_SALES), undefined);
    assert.equal(live.snapshot()?.category('MLA1577')?.state, 'ready');
    sessions.set(undefined);
    assert.equal(live.snapshot(), undefined);
    await live.fetch([{ kind: 'item', id: ITEM.PHONE_NO_SALES }]);
    assert.equal(calls.length, 2, 'signed out, nothing is fetched');
  });

  it("the seller's listings come with titles and statuses, newest first", async () => {
    const { live, client } = await observed();
    await live.fetch([{ kind: 'sellerItems', id: '' }]);
    const got = live.snapshot()?.sellerItems();
    assert.equal(got?.state, 'ready');
    const items = got?.state === 'ready' ? got.value : [];
    const me = live.snapshot()!.account.userId;
    const search = await searchSellerItems(client, me, { limit: 50, orders: 'start_time_desc' });
    assert.equal(items.length, search.paging.total);
    assert.deepEqual(
      items.slice(0, 50).map((item) => item.id),
      search.results,
    );
    assert.ok(items.every((item) => item.title && item.status));
  });

  it('a failure is cached as failed, and asked again after the retry delay', async () => {
    let now = 0;
    await harness.admin('POST', '/_sandbox/faults', { path: '/sites/*', status: 500 });
    const hits = async () => (await harness.admin<{ hits: number }[]>('GET', '/_sandbox/faults'))[0]?.hits;
    const { live } = await liveContextFor(harness, { client: harness.clientWith({ retryLimit: 0 }), clock: () => now });
    await live.fetch([{ kind: 'site', id: 'MLA' }]);
    const failed = live.snapshot()?.site('MLA');
    assert.equal(failed?.state, 'failed');
    assert.match(failed?.state === 'failed' ? failed.message : '', /500/);
    await live.fetch([{ kind: 'site', id: 'MLA' }]);
    assert.equal(await hits(), 1, 'not asked again at once');
    await harness.admin('DELETE', '/_sandbox/faults');
    now += 31_000;
    assert.equal(live.snapshot()?.site('MLA')?.stale, true);
    await live.fetch([{ kind: 'site', id: 'MLA' }]);
    assert.equal(live.snapshot()?.site('MLA')?.state, 'ready');
  });
});
