// A request history file written by hand or by a hostile program: entries not of a history entry's shape are dropped
// on reading, so the view, Copy as curl and replay only see entries they can use; and an exchange that cannot be kept
// fails alone, never taking the appends of its batch down with it.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import type { ExchangeRecord } from '../../../../src/api/client';
import { HistoryStore, historyEntry } from '../../../../src/features/requests/history';
import { historyEntryProblem } from '../../../../src/features/requests/historyEntryShape';
import { DEEP_VALUE_NOTE } from '../../../../src/model/jsonDepth';
import { toCurl } from '../../../../src/text/curl';
import { exchangeRecord } from '../../support/exchangeRecords';
import { useFreshFiles } from '../../support/freshFiles';

/** A price update of MLA1 unless `over` says else. */
const record = (over: Partial<ExchangeRecord> = {}): ExchangeRecord =>
  exchangeRecord({ method: 'PUT', requestBody: { price: 10 }, ...over });

/** A value nested `depth` levels deep, built without recursion. */
function deep(depth: number): unknown {
  let value: unknown = [];
  for (let level = 1; level < depth; level++) value = [value];
  return value;
}

describe('HistoryStore with hostile files and exchanges', () => {
  const freshFile = useFreshFiles('mi-history-hostile-');
  const path = () => freshFile('sandbox.json');

  it('drops every stored entry that is not of a history entry’s shape', async () => {
    const file = path();
    const valid = historyEntry(record());
    const bad: [string, unknown][] = [
      ['not an object', null],
      ['not an object', 'text'],
      ['not an object', [valid]],
      ['no id', { ...valid, id: { toString: null } }],
      ['no id', JSON.parse(`{"__proto__": {"id": "inherited"}, "time": "${valid.time}"}`)],
      ['no time', { ...valid, time: 'yesterday' }],
      ['no method of the API', { ...valid, method: 'PATCH' }],
      ['no method of the API', { ...valid, method: { toString: null } }],
      ['no base URL', { ...valid, baseUrl: 7 }],
      ['no path', { ...valid, path: '//evil.example/steal' }],
      ['no path', { ...valid, path: 'http://evil.example/' }],
      ['no status', { ...valid, status: '200' }],
      ['no duration', { ...valid, durationMs: -1 }],
      ['no size', { ...valid, sizeBytes: null }],
      ['no truncation flag', { ...valid, truncated: 'no' }],
      ['no response headers', { ...valid, responseHeaders: [] }],
      ['a response header is not text', { ...valid, responseHeaders: { 'x-a': { toString: null } } }],
    ];
    for (const [problem, entry] of bad) assert.equal(historyEntryProblem(entry), problem, JSON.stringify(entry));
    const tooDeep = `{"id":"deep","time":"${valid.time}","method":"PUT","baseUrl":"x","path":"/items/MLA1","status":200,"durationMs":1,"sizeBytes":1,"truncated":false,"responseHeaders":{},"requestBody":${'['.repeat(5_000)}${']'.repeat(5_000)}}`;
    writeFileSync(
      file,
      `{"version":1,"entries":[${[...bad.map(([, entry]) => JSON.stringify(entry)), tooDeep, JSON.stringify(valid)].join(',')}]}`,
    );
    const store = new HistoryStore(file);
    const listed = await store.list();
    assert.deepEqual(
      listed.map((entry) => entry.id),
      [valid.id],
    );
    assert.equal(await store.get('deep'), undefined, 'a replay or Copy as curl never finds a dropped entry');
    for (const entry of listed) {
      assert.match(
        toCurl({ method: entry.method, baseUrl: entry.baseUrl, path: entry.path, body: entry.requestBody }),
        /^curl /,
      );
    }
    // The next append keeps the valid entry and leaves the rest behind.
    await store.append(record({ path: '/items/MLA2' }));
    assert.deepEqual(
      (await new HistoryStore(file).list()).map((entry) => entry.path),
      ['/items/MLA2', '/items/MLA1'],
    );
  });

  it('keeps an exchange nested too deep cut at the depth limit, with a note, beside the rest of its batch', async () => {
    const store = new HistoryStore(path());
    const appends = [
      store.append(record({ path: '/items/MLA1' })),
      store.append(record({ path: '/items/MLA2', requestBody: { a: deep(10_000) } })),
      store.append(record({ path: '/items/MLA3', responseBody: deep(600) })),
      store.append(record({ path: '/items/MLA4' })),
    ];
    const settled = await Promise.allSettled(appends);
    assert.deepEqual(
      settled.map((outcome) => outcome.status),
      ['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled'],
    );
    const entries = await store.list();
    assert.deepEqual(
      entries.map((entry) => entry.path),
      ['/items/MLA4', '/items/MLA3', '/items/MLA2', '/items/MLA1'],
    );
    for (const cut of entries.slice(1, 3))
      assert.ok(JSON.stringify(cut).includes(DEEP_VALUE_NOTE), `${cut.path} is cut with the note`);
  });
});
