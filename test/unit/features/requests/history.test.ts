import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { getItem } from '../../../../src/api/items';
import {
  HISTORY_LIMIT,
  HistoryStore,
  historyEntry,
  isRead,
  READS_LIMIT,
  shownHistory,
} from '../../../../src/features/requests/history';
import { ITEM } from '../../../../src/sandbox/items/ids';
import { FAKE_API_TOKEN } from '../../../fixtures/fakeTokens';
import { exchangeRecord } from '../../support/exchangeRecords';
import { useFreshFiles } from '../../support/freshFiles';
import { useSandbox } from '../../support/sandbox';

const TOKEN = FAKE_API_TOKEN;

describe('HistoryStore', () => {
  const freshFile = useFreshFiles('mi-history-');
  const fresh = (options = {}) => new HistoryStore(freshFile('sandbox.json'), options);

  it('appends, lists newest first, gets, deletes and clears', async () => {
    const store = fresh();
    assert.deepEqual(await store.list(), []);
    const first = await store.append(exchangeRecord({ path: '/items/MLA1' }));
    const second = await store.append(
      exchangeRecord({ method: 'PUT', path: '/items/MLA2', requestBody: { price: 3 } }),
    );
    assert.deepEqual(
      (await store.list()).map((entry) => entry.path),
      ['/items/MLA2', '/items/MLA1'],
    );
    assert.deepEqual((await store.get(second.id))?.requestBody, { price: 3 });
    assert.equal((await store.get(first.id))?.durationMs, 12);
    assert.equal(await store.delete(first.id), true);
    assert.equal(await store.delete(first.id), false);
    assert.deepEqual(
      (await store.list()).map((entry) => entry.id),
      [second.id],
    );
    await store.clear();
    assert.deepEqual(await store.list(), []);
  });

  it('writes a burst of appends together, keeping their order and what a clear or delete between them means', async () => {
    const store = fresh();
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, index) => store.append(exchangeRecord({ path: `/items/MLA${index}` }))),
    );
    assert.deepEqual(
      (await store.list()).map((entry) => entry.id),
      burst.map((entry) => entry.id).reverse(),
    );
    // Made before the clear, the first append is cleared; made after it, the second one stays.
    const before = store.append(exchangeRecord({ path: '/items/BEFORE' }));
    const cleared = store.clear();
    const after = store.append(exchangeRecord({ path: '/items/AFTER' }));
    await Promise.all([before, cleared, after]);
    assert.deepEqual(
      (await store.list()).map((entry) => entry.path),
      ['/items/AFTER'],
    );
    const kept = store.append(exchangeRecord({ path: '/items/KEPT' }));
    const removed = await store.append(exchangeRecord({ path: '/items/REMOVED' }));
    const deleted = store.delete(removed.id);
    const later = store.append(exchangeRecord({ path: '/items/LATER' }));
    await Promise.all([kept, deleted, later]);
    assert.deepEqual(
      (await store.list()).map((entry) => entry.path),
      ['/items/LATER', '/items/KEPT', '/items/AFTER'],
    );
  });

  it('sees what another window wrote to the same file, though it keeps the file it read', async () => {
    const path = freshFile('sandbox.json');
    const here = new HistoryStore(path);
    const there = new HistoryStore(path);
    await here.append(exchangeRecord({ path: '/items/HERE' }));
    assert.deepEqual(
      (await here.list()).map((entry) => entry.path),
      ['/items/HERE'],
    );
    await there.append(exchangeRecord({ path: '/items/THERE' }));
    assert.deepEqual(
      (await here.list()).map((entry) => entry.path),
      ['/items/THERE', '/items/HERE'],
    );
    // Listing twice hands out separate arrays: reversing one (as list does) never changes the next.
    const first = await here.list();
    first.reverse();
    assert.equal((await here.list())[0]?.path, '/items/THERE');
    await there.clear();
    assert.deepEqual(await here.list(), []);
  });

  it('rejects every append of a batch whose write failed, and writes the next batch', async () => {
    const folder = dirname(freshFile('sandbox.json', { made: false }));
    // The history file's folder is a file: the write fails.
    writeFileSync(folder, 'not a folder');
    const store = new HistoryStore(join(folder, 'sandbox.json'));
    const results = await Promise.allSettled([store.append(exchangeRecord()), store.append(exchangeRecord())]);
    assert.deepEqual(
      results.map((result) => result.status),
      ['rejected', 'rejected'],
    );
    // Once the folder can be made, the next append is written (the failed batch is not retried into it).
    rmSync(folder);
    await store.append(exchangeRecord({ path: '/items/NEXT' }));
    assert.deepEqual(
      (await store.list()).map((entry) => entry.path),
      ['/items/NEXT'],
    );
  });

  it('is bounded per environment: the oldest entries are dropped', async () => {
    assert.equal(HISTORY_LIMIT, 200);
    const store = fresh({ limit: 5 });
    for (let index = 0; index < 8; index++) {
      await store.append(exchangeRecord({ method: 'PUT', path: `/items/MLA${index}` }));
    }
    assert.deepEqual(
      (await store.list()).map((entry) => entry.path),
      ['/items/MLA7', '/items/MLA6', '/items/MLA5', '/items/MLA4', '/items/MLA3'],
    );
  });

  it('a session of panel reads leaves the changes in the history: reads have their own, smaller bound', async () => {
    const store = fresh();
    const changes: string[] = [];
    for (let index = 0; index < HISTORY_LIMIT; index++) {
      const method = (['PUT', 'POST', 'DELETE'] as const)[index % 3];
      changes.push(
        (await store.append(exchangeRecord({ method, path: `/items/MLA${index}`, requestBody: { i: index } }))).id,
      );
    }
    // Every metrics preset, every quote: many more reads than the history keeps, in bursts as panels make them.
    for (let burst = 0; burst < 10; burst++) {
      await Promise.all(
        Array.from({ length: 30 }, (_, index) =>
          store.append(
            exchangeRecord({ path: `/sites/MLA/shipping_options?zip_code_from=${burst}&zip_code_to=${index}` }),
          ),
        ),
      );
    }
    const listed = await store.list();
    const kept = new Set(listed.map((entry) => entry.id));
    assert.equal(
      changes.filter((id) => kept.has(id)).length,
      HISTORY_LIMIT,
      'reads pushed real changes out of the history',
    );
    const reads = listed.filter((entry) => entry.method === 'GET');
    assert.equal(reads.length, READS_LIMIT, 'the newest reads are kept, up to their own bound');
    assert.ok(READS_LIMIT < HISTORY_LIMIT);
    assert.equal(reads[0]?.path, '/sites/MLA/shipping_options?zip_code_from=9&zip_code_to=29', 'newest first');
    // A change made after them is the newest entry, and still none of the older changes is dropped for a read.
    await store.append(exchangeRecord({ method: 'PUT', path: '/items/MLA_late' }));
    const after = await store.list();
    assert.equal(after[0]?.path, '/items/MLA_late');
    assert.equal(after.filter((entry) => entry.method !== 'GET').length, HISTORY_LIMIT);
  });

  it('the view’s default lists what changed something; the reads are one toggle away', () => {
    const entries = [
      historyEntry(exchangeRecord({ method: 'POST', path: '/items' })),
      historyEntry(exchangeRecord({ path: '/sites/MLA/shipping_options?zip_code_from=1' })),
      historyEntry(exchangeRecord({ method: 'DELETE', path: '/items/MLA1/notes/1' })),
      historyEntry(exchangeRecord({ path: '/advertising/advertisers/1/display/campaigns/2/metrics' })),
    ];
    const changesOnly = shownHistory(entries, false);
    assert.deepEqual(
      changesOnly.shown.map((entry) => entry.path),
      ['/items', '/items/MLA1/notes/1'],
    );
    assert.equal(changesOnly.hiddenReads, 2);
    const all = shownHistory(entries, true);
    assert.deepEqual(all.shown, entries, 'with the reads, everything in its order');
    assert.equal(all.hiddenReads, 0);
    assert.equal(isRead(entries[1]!), true);
    assert.equal(isRead(entries[0]!), false);
  });

  it('writes atomically: concurrent appends all land, no temporary file is left, a corrupt file reads as empty', async () => {
    const store = fresh();
    await Promise.all(
      Array.from({ length: 20 }, (_, index) => store.append(exchangeRecord({ path: `/items/MLA${index}` }))),
    );
    assert.equal((await store.list()).length, 20);
    const folder = join(store.filePath, '..');
    assert.deepEqual(readdirSync(folder), ['sandbox.json']);
    JSON.parse(readFileSync(store.filePath, 'utf8'));
    writeFileSync(store.filePath, '{"entries": [');
    assert.deepEqual(await store.list(), []);
    await store.append(exchangeRecord());
    assert.equal((await store.list()).length, 1);
  });

  it('truncates long response bodies', () => {
    const entry = historyEntry(exchangeRecord({ responseBody: { text: 'x'.repeat(500) } }), { responseBodyLimit: 100 });
    assert.equal(entry.truncated, true);
    assert.equal(typeof entry.responseBody, 'string');
    assert.equal((entry.responseBody as string).length, 100);
    assert.equal(historyEntry(exchangeRecord()).truncated, false);
  });

  it('never stores a token: headers, query, bodies', async () => {
    const store = fresh();
    await store.append(
      exchangeRecord({
        method: 'POST',
        path: `/oauth/token?access_token=${TOKEN}&x=1`,
        requestBody: { refresh_token: 'TG-123abc', note: `Bearer ${TOKEN}` },
        responseHeaders: { 'set-cookie': `s=${TOKEN}`, authorization: `Bearer ${TOKEN}`, 'x-id': 'a' },
        responseBody: { access_token: TOKEN, refresh_token: 'TG-456', user_id: 1, echo: `SBX-0123456789abcdef` },
      }),
    );
    const text = readFileSync(store.filePath, 'utf8');
    for (const secret of [TOKEN, 'TG-123abc', 'TG-456', 'SBX-0123456789abcdef', 'set-cookie', 'authorization']) {
      assert.ok(!text.includes(secret), `${secret} is not stored`);
    }
    const [entry] = await store.list();
    assert.equal(entry?.path, '/oauth/token?x=1');
    assert.deepEqual(entry?.responseHeaders, { 'x-id': 'a' });
  });

  describe('with the real client', () => {
    const harness = useSandbox();
    it('records real exchanges through the ExchangeRecord observer without the sandbox token', async () => {
      const store = fresh();
      const pending: Promise<unknown>[] = [];
      const client = harness.clientWith({ onExchange: (exchange) => pending.push(store.append(exchange)) });
      await getItem(client, ITEM.PHONE_NO_SALES);
      await client.put(`/items/${ITEM.PHONE_NO_SALES}`, { json: { price: 12345 } });
      await Promise.all(pending);
      const entries = await store.list();
      assert.deepEqual(
        entries.map((entry) => [entry.method, entry.path, entry.status]),
        [
          ['PUT', `/items/${ITEM.PHONE_NO_SALES}`, 200],
          ['GET', `/items/${ITEM.PHONE_NO_SALES}`, 200],
        ],
      );
      assert.deepEqual(entries[0]?.requestBody, { price: 12345 });
      assert.ok(existsSync(store.filePath));
      assert.ok(!readFileSync(store.filePath, 'utf8').includes(harness.token));
    });
  });
});
