// Hostile notifications and hostile feed files: each notification is judged alone, so one whose fields are of the
// wrong kind (a `topic` of `{"toString": null}`, on which `String()` throws) is stored as malformed with a log line,
// one that cannot be stored is dropped with a log line, and neither takes its batch down; entries read from a feed
// file of the wrong shape are dropped, never handed to the view's words.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { missedFeedIncoming, NotificationFeed } from '../../../../src/features/notifications/feed';
import { topicMeaning } from '../../../../src/features/notifications/feedFormat';
import { safeText } from '../../../../src/features/notifications/notificationFields';
import type { MissedFeed } from '../../../../src/model/notification';
import { useTempDir } from '../../support/sandbox';
import { describeAll } from './feedWords';

const good = (id: string): Record<string, unknown> => ({
  _id: id,
  topic: 'orders_v2',
  resource: `/orders/${id.replace(/\D/g, '') || '1'}`,
  user_id: 468424240,
  sent: '2026-03-02T15:00:00.000Z',
});

/** A value nested `depth` levels deep, built without recursion. */
function deep(depth: number): unknown {
  let value: unknown = [];
  for (let level = 1; level < depth; level++) value = [value];
  return value;
}

describe('NotificationFeed with hostile notifications', () => {
  const temp = useTempDir('mi-feed-hostile-');
  let counter = 0;
  const path = () => join(temp.path, `feed-${++counter}`, 'feed.json');

  it('stores every good notification of a batch that holds hostile ones, each hostile one judged alone', async () => {
    const logged: string[] = [];
    const feed = new NotificationFeed(path(), { log: (line) => logged.push(line) });
    const hostile: Record<string, unknown>[] = [
      { ...good('h1'), topic: { toString: null } },
      { ...good('h2'), resource: { toString: null, valueOf: null } },
      { ...good('h3'), user_id: { toString: null } },
      { ...good('h4'), sent: [{ toString: null }] },
      { _id: { toString: null }, topic: 'items', resource: '/items/MLA1', sent: { toString: null } },
      JSON.parse('{"__proto__": {"topic": "polluted", "_id": "proto"}, "topic": "items", "resource": "/items/MLA2"}'),
      { ...good('h7'), attempts: { toString: null } },
    ];
    // Arriving together (a burst), they are merged in one batch and one write.
    const calls = [
      ...Array.from({ length: 8 }, (_, index) => [{ body: good(`g${index}`), source: 'received' as const }]),
      ...hostile.map((body) => [{ body, source: 'received' as const }]),
      [{ body: [1, 2] as unknown as Record<string, unknown>, source: 'received' as const }],
      [{ body: null as unknown as Record<string, unknown>, source: 'received' as const }],
    ];
    const results = await Promise.all(calls.map((call) => feed.add(call)));
    assert.deepEqual(
      results.slice(0, 8).map((result) => result.added.length),
      Array(8).fill(1),
    );
    const stored = await feed.list();
    for (let index = 0; index < 8; index++) assert.ok(stored.some((entry) => entry.key === `g${index}`));
    assert.equal(stored.length, 8 + hostile.length, 'every object body is stored, malformed or not');
    const byKey = new Map(stored.map((entry) => [entry.key, entry]));
    assert.equal(byKey.get('h1')?.topic, 'unknown');
    assert.deepEqual(byKey.get('h1')?.problems, ['topic is an object, not text']);
    assert.deepEqual(byKey.get('h1')?.body.topic, { toString: null }, 'the body is kept as it came');
    assert.equal(byKey.get('h2')?.resource, '');
    assert.equal(byKey.get('h3')?.userId, undefined);
    assert.equal(byKey.get('h4')?.sent, undefined);
    assert.deepEqual(byKey.get('h4')?.problems, ['sent is an array, not text']);
    assert.equal(byKey.get('items|/items/MLA1|{"toString":null}')?.topic, 'items');
    const proto = stored.find((entry) => entry.resource === '/items/MLA2');
    assert.equal(proto?.topic, 'items', 'an own `__proto__` key is a field like another, never the prototype');
    assert.equal(proto?.problems, undefined);
    assert.equal(byKey.get('h7')?.attempts, 1);
    assert.deepEqual(results.at(-1)?.dropped, ['its body is null, not a JSON object']);
    assert.deepEqual(results.at(-2)?.dropped, ['its body is an array, not a JSON object']);
    assert.equal(logged.filter((line) => line.startsWith('A notification was stored as malformed')).length, 5);
    assert.equal(logged.filter((line) => line.startsWith('A notification was dropped')).length, 2);
    assert.equal(({} as Record<string, unknown>).topic, undefined, 'nothing reached Object.prototype');
    describeAll(stored);
  });

  it('keeps only the text of a body nested too deep for JSON, and drops one without text', async () => {
    const logged: string[] = [];
    const feed = new NotificationFeed(path(), { log: (line) => logged.push(line) });
    const depth = 20_000;
    const raw = `{"_id":"deep","topic":"items","resource":"/items/MLA1","data":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    const body = JSON.parse(raw) as Record<string, unknown>;
    const results = await Promise.all([
      feed.add([{ body: good('g1'), source: 'received' }]),
      feed.add([{ body, raw, source: 'received' }]),
      feed.add([{ body: { ...body, _id: 'deep-pulled' }, source: 'pulled' }]),
      feed.add([{ body: good('g2'), source: 'received' }]),
    ]);
    assert.equal(results[1]?.added[0]?.key, 'deep');
    assert.deepEqual(results[2]?.dropped, ['its body nests deeper than 512 levels']);
    const stored = await feed.list();
    assert.deepEqual(stored.map((entry) => entry.key).sort(), ['deep', 'g1', 'g2']);
    const kept = stored.find((entry) => entry.key === 'deep');
    assert.equal(kept?.raw, raw, 'its exact text is kept (a replay sends it unchanged)');
    assert.deepEqual(kept?.body, {});
    assert.equal(kept?.topic, 'items');
    assert.match(kept?.problems?.[0] ?? '', /nests deeper than 512 levels: only its text is kept/);
    assert.equal(logged.length, 2);
    describeAll(stored);
  });

  it('pulls a missed feed whose body is too deep without failing the pull', async () => {
    const feed = new NotificationFeed(path());
    const missed = (id: string, data: unknown): MissedFeed =>
      ({ _id: id, topic: 'items', resource: '/items/MLA1', request: { url: 'x', data } }) as MissedFeed;
    const incoming = [
      missedFeedIncoming(missed('a', { _id: 'a', topic: 'items', resource: '/items/MLA1' })),
      missedFeedIncoming(missed('b', { _id: 'b', topic: 'items', resource: '/items/MLA2', data: deep(10_000) })),
      missedFeedIncoming(missed('c', { _id: 'c', topic: 'items', resource: '/items/MLA3' })),
    ];
    const outcome = await feed.add(incoming);
    assert.deepEqual(
      outcome.added.map((entry) => entry.key),
      ['a', 'c'],
    );
    assert.equal(outcome.dropped.length, 1);
  });

  it('drops entries of a hand-edited or hostile feed file that are not of an entry’s shape', async () => {
    const file = path();
    const feed = new NotificationFeed(file);
    await feed.add([{ body: good('kept'), source: 'received' }]);
    const [valid] = await feed.list();
    const bad: unknown[] = [
      { ...valid, key: 'topic-object', topic: { toString: null } },
      { ...valid, key: 'resource-number', resource: 42 },
      { ...valid, key: 'time-object', firstReceivedAt: { toString: null } },
      { ...valid, key: 'deliveries-text', deliveries: '3' },
      { ...valid, key: 'source-other', source: 'injected' },
      { ...valid, key: 'forward-bad', forward: { url: 'x', status: '200', ms: 1, at: 'now' } },
      { ...valid, key: 'problems-bad', problems: [{ toString: null }] },
      { ...valid, key: 'body-array', body: [] },
      { ...valid, key: 'user-object', userId: {} },
      { ...valid, key: '' },
      null,
      'text',
      JSON.parse('{"__proto__": {"key": "inherited"}}'),
    ];
    writeFileSync(
      file,
      `{"version":1,"entries":[${[...bad.map((entry) => JSON.stringify(entry)), JSON.stringify(valid)].join(',')},{"key":"deep","topic":"t","resource":"","raw":"","firstReceivedAt":"","lastReceivedAt":"","deliveries":1,"attempts":1,"source":"received","body":{"a":${'['.repeat(5_000)}${']'.repeat(5_000)}}}]}`,
    );
    const listed = await new NotificationFeed(file).list();
    assert.deepEqual(
      listed.map((entry) => entry.key),
      ['kept'],
    );
    describeAll(listed);
    // The next write keeps the valid entry and leaves the rest behind.
    await feed.add([{ body: good('next'), source: 'received' }]);
    assert.deepEqual((await new NotificationFeed(file).list()).map((entry) => entry.key).sort(), ['kept', 'next']);
  });

  it('words untrusted values without throwing', () => {
    assert.equal(safeText({ toString: null }), 'an object');
    assert.equal(safeText([]), 'an array');
    assert.equal(safeText(Object.assign(new Error('x'), { message: { toString: null } })), 'Error');
    assert.equal(safeText(null), 'null');
    assert.equal(safeText(12), '12');
    assert.equal(topicMeaning('constructor'), undefined);
    assert.equal(topicMeaning('__proto__'), undefined);
    assert.match(topicMeaning('items') ?? '', /listing/);
  });
});
