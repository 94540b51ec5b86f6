import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  FEED_LIMIT,
  missedFeedIncoming,
  missedFeedNotification,
  NotificationFeed,
  notificationKey,
} from '../../../../src/features/notifications/feed';
import { MissedFeeds } from '../../../../src/model/notification';
import { useTempDir } from '../../support/sandbox';

const REAL = join(__dirname, '../../../fixtures/real/answers');
const real = (name: string) => JSON.parse(readFileSync(join(REAL, name), 'utf8')) as Record<string, unknown>;

const note = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  _id: 'n-1',
  resource: '/orders/1',
  user_id: 468424240,
  topic: 'orders_v2',
  application_id: 5503910054141466,
  attempts: 1,
  sent: '2026-03-02T15:00:00.000Z',
  received: '2026-03-02T15:00:00.000Z',
  ...over,
});

describe('NotificationFeed', () => {
  const temp = useTempDir('mi-feed-');
  let counter = 0;
  const path = () => join(temp.path, `feed-${++counter}`, 'feed.json');
  /** A clock that moves one second per call, so reception order is visible in the times. */
  const ticking = () => {
    let t = Date.parse('2026-03-02T15:00:00.000Z');
    return () => {
      t += 1000;
      return new Date(t);
    };
  };

  it('keys a notification by _id, else by topic, resource and sent', () => {
    assert.equal(notificationKey(note()), 'n-1');
    assert.equal(notificationKey(note({ _id: '' })), 'orders_v2|/orders/1|2026-03-02T15:00:00.000Z');
    assert.equal(notificationKey(note({ _id: 42 })), 'orders_v2|/orders/1|2026-03-02T15:00:00.000Z');
    assert.equal(notificationKey({ topic: 'items' }), 'items||');
    assert.equal(
      notificationKey(real('notification-orders-legacy.json')),
      'orders|/orders/139876|2011-10-19T16:40:34.425Z',
    );
  });

  it('stores a notification once and counts its repeated deliveries and attempts', async () => {
    const feed = new NotificationFeed(path(), { now: ticking() });
    const first = await feed.add([{ body: note(), raw: '{"raw":1}', source: 'received' }]);
    assert.equal(first.added.length, 1);
    assert.deepEqual(first.repeated, []);
    const entry = first.added[0]!;
    assert.equal(entry.key, 'n-1');
    assert.equal(entry.topic, 'orders_v2');
    assert.equal(entry.resource, '/orders/1');
    assert.equal(entry.userId, '468424240');
    assert.equal(entry.sent, '2026-03-02T15:00:00.000Z');
    assert.equal(entry.raw, '{"raw":1}');
    assert.equal(entry.deliveries, 1);
    assert.equal(entry.attempts, 1);
    assert.equal(entry.source, 'received');
    // The retry says attempts 4: the marketplace tried more often than it reached us.
    const again = await feed.add([{ body: note({ attempts: 4, received: 'later' }), source: 'received' }]);
    assert.deepEqual(again.added, []);
    assert.equal(again.repeated[0]?.deliveries, 2);
    assert.equal(again.repeated[0]?.attempts, 4);
    const stored = await feed.list();
    assert.equal(stored.length, 1);
    assert.equal(stored[0]?.body.received, '2026-03-02T15:00:00.000Z', 'the body stays as first received');
    assert.equal(stored[0]?.raw, '{"raw":1}');
    assert.ok(stored[0]!.lastReceivedAt > stored[0]!.firstReceivedAt);
    // Without _id, topic + resource + sent identify it; the raw text defaults to the body's JSON.
    const legacy = real('notification-orders-legacy.json');
    await feed.add([{ body: legacy, source: 'received' }]);
    await feed.add([{ body: { ...legacy }, source: 'received' }]);
    const keyed = await feed.get('orders|/orders/139876|2011-10-19T16:40:34.425Z');
    assert.equal(keyed?.deliveries, 2);
    assert.equal(keyed?.attempts, 2);
    assert.equal(keyed?.raw, JSON.stringify(legacy));
    assert.equal(keyed?.userId, '1234');
    assert.equal(await feed.get('missing'), undefined);
  });

  it('takes untidy real bodies as they are', async () => {
    const feed = new NotificationFeed(path());
    const typo = real('notification-public-offers-recieved-typo.json');
    const text = real('notification-marketplace-questions-user-id-string.json');
    const { added } = await feed.add([
      { body: typo, source: 'received' },
      { body: { ...text, _id: 'other' }, source: 'received' },
      { body: { resource: 42 }, source: 'received' },
    ]);
    assert.equal(added.length, 3);
    assert.equal(added[0]?.body.recieved, '2022-01-20T17:13:53.617074685Z');
    assert.equal(added[0]?.sent, '2022-01-20T19:22:31.579985295Z');
    assert.equal(added[1]?.userId, '123456789');
    assert.equal(added[2]?.topic, 'unknown');
    assert.equal(added[2]?.resource, '42');
    assert.equal(added[2]?.userId, undefined);
  });

  it('merges pulled missed feeds with what was received, without duplicates', async () => {
    const feed = new NotificationFeed(path(), { now: ticking() });
    const missed = MissedFeeds.parse(real('missed-feeds.json')).messages;
    // The real answer holds request.data as the JSON text that was POSTed (without _id).
    const posted = missedFeedNotification(missed[1]!);
    assert.equal(posted._id, undefined);
    assert.equal(posted.resource, '/items/CBT123456789');
    assert.equal(posted.request, undefined);
    const incoming = missedFeedIncoming(missed[1]!);
    assert.equal(incoming.raw, missed[1]!.request?.data);
    assert.equal(incoming.source, 'pulled');
    // Received by push first, then pulled twice: stored once, still "received".
    await feed.add([{ body: JSON.parse(incoming.raw!), raw: incoming.raw!, source: 'received' }]);
    const pulled = await feed.add(missed.map((feedEntry) => missedFeedIncoming(feedEntry)));
    assert.equal(pulled.added.length, 1);
    assert.equal(pulled.repeated.length, 1);
    assert.equal(pulled.repeated[0]?.source, 'received');
    const again = await feed.add(missed.map((feedEntry) => missedFeedIncoming(feedEntry)));
    assert.equal(again.added.length, 0);
    const entries = await feed.list();
    assert.equal(entries.length, 2);
    const messages = entries.find((entry) => entry.topic === 'marketplace_messages')!;
    assert.equal(messages.source, 'pulled');
    assert.equal(messages.resource, '/marketplace/messages/a35cf79864a845ca9a3bf6aee59bb4d7');
    // The marketplace tried five times (the missed feed says so); it reached us twice.
    assert.equal(messages.deliveries, 2);
    assert.equal(messages.attempts, 5);
    // An object request.data (the sandbox) is the body; an empty or absent one falls back to the entry itself.
    const sandboxFeed = { ...missed[0]!, request: { url: 'x', data: { _id: 'abc', topic: 't', resource: '/r' } } };
    assert.deepEqual(missedFeedNotification(sandboxFeed), { _id: 'abc', topic: 't', resource: '/r' });
    const undelivered = missedFeedNotification({ ...missed[0]!, request: { url: null, data: {} } });
    assert.equal(undelivered._id, missed[0]!._id);
    assert.equal(undelivered.request, undefined);
    assert.equal(undelivered.response, undefined);
  });

  it('lists newest first and keeps only the newest `limit` entries', async () => {
    const feed = new NotificationFeed(path(), { limit: 5, now: ticking() });
    for (let index = 0; index < 8; index += 1)
      await feed.add([{ body: note({ _id: `n${index}` }), source: 'received' }]);
    // A pulled notification received long ago sorts by its own reception time.
    await feed.add([
      { body: note({ _id: 'old' }), receivedAt: new Date('2020-01-01T00:00:00Z'), source: 'pulled' },
      { body: note({ _id: 'tie-a' }), receivedAt: new Date('2030-01-01T00:00:00Z'), source: 'pulled' },
      { body: note({ _id: 'tie-b' }), receivedAt: new Date('2030-01-01T00:00:00Z'), source: 'pulled' },
    ]);
    assert.deepEqual(
      (await feed.list()).map((entry) => entry.key),
      ['tie-b', 'tie-a', 'n7', 'n6', 'n5'],
    );
    assert.equal(FEED_LIMIT, 1000);
  });

  it('records forwards, clears, and tells listeners after each write', async () => {
    const file = path();
    const feed = new NotificationFeed(file);
    let changes = 0;
    const subscription = feed.onDidChange(() => {
      changes += 1;
    });
    await Promise.all(
      Array.from({ length: 20 }, (_, index) => feed.add([{ body: note({ _id: `b${index}` }), source: 'received' }])),
    );
    assert.ok(changes >= 1 && changes <= 2, `a burst is one or two writes, not ${changes}`);
    const before = changes;
    const result = { url: 'http://127.0.0.1:9/x', status: 200, ms: 3, at: new Date().toISOString() };
    await feed.setForward('b3', result);
    assert.deepEqual((await feed.get('b3'))?.forward, result);
    await feed.setForward('nothing', result);
    assert.equal((await new NotificationFeed(file).get('b3'))?.forward?.status, 200);
    assert.ok(changes > before);
    await feed.clear();
    assert.deepEqual(await feed.list(), []);
    const afterClear = changes;
    subscription.dispose();
    await feed.add([{ body: note(), source: 'received' }]);
    assert.equal(changes, afterClear);
    // A listener that throws does not fail the write.
    feed.onDidChange(() => {
      throw new Error('listener');
    });
    await feed.add([{ body: note({ _id: 'x' }), source: 'received' }]);
    assert.equal((await feed.list()).length, 2);
  });

  it('reads a corrupt or foreign file as empty, and writes over it', async () => {
    const file = path();
    await mkdir(join(file, '..'), { recursive: true });
    writeFileSync(file, '{"entries": [ half a file');
    const feed = new NotificationFeed(file);
    assert.deepEqual(await feed.list(), []);
    writeFileSync(file, JSON.stringify({ entries: [{ nonsense: true }, 3] }));
    assert.deepEqual(await feed.list(), []);
    await feed.add([{ body: note(), source: 'received' }]);
    assert.equal((await new NotificationFeed(file).list()).length, 1);
  });

  it('stores each distinct notification once among 1,000 concurrent adds', async () => {
    const file = path();
    const feed = new NotificationFeed(file);
    const results = await Promise.all(
      Array.from({ length: 1000 }, (_, index) =>
        feed.add([{ body: note({ _id: `c${index % 600}`, attempts: 1 }), source: 'received' }]),
      ),
    );
    assert.equal(
      results.reduce((sum, result) => sum + result.added.length, 0),
      600,
    );
    assert.equal(
      results.reduce((sum, result) => sum + result.repeated.length, 0),
      400,
    );
    const entries = await new NotificationFeed(file).list();
    assert.equal(entries.length, 600);
    assert.equal(new Set(entries.map((entry) => entry.key)).size, 600);
    assert.equal(entries.filter((entry) => entry.deliveries === 2).length, 400);
  });
});
