import assert from 'node:assert/strict';
import type { FeedEntry } from '../../../../src/features/notifications/feed';
import {
  entryDescription,
  forwardFailed,
  groupByTopic,
  notificationTarget,
  notificationTitle,
  parseTimestamp,
  relativeTime,
} from '../../../../src/features/notifications/feedFormat';

const NOW = new Date('2026-11-25T12:00:00.000Z');

function entry(partial: Partial<FeedEntry>): FeedEntry {
  return {
    key: partial.key ?? 'k',
    topic: 'orders_v2',
    resource: '/orders/2195100001',
    body: {},
    raw: '{}',
    firstReceivedAt: '2026-11-25T11:57:00.000Z',
    lastReceivedAt: '2026-11-25T11:57:00.000Z',
    deliveries: 1,
    attempts: 1,
    source: 'received',
    ...partial,
  };
}

describe('how the Notifications view words the feed', () => {
  it('reads the timestamps real notifications carry', () => {
    assert.equal(parseTimestamp('2024-01-10T12:00:00.123456789Z')?.toISOString(), '2024-01-10T12:00:00.123Z');
    assert.equal(parseTimestamp('2021-03-01T11:51:52.0005 Z')?.toISOString(), '2021-03-01T11:51:52.000Z');
    assert.equal(parseTimestamp('2024-05-01T10:00:00.000-04:00')?.toISOString(), '2024-05-01T14:00:00.000Z');
    assert.equal(parseTimestamp('yesterday'), undefined);
    assert.equal(parseTimestamp(null), undefined);
  });

  it('says how recent each time is', () => {
    assert.equal(relativeTime('2026-11-25T11:59:40.000Z', NOW), 'just now');
    assert.equal(relativeTime('2026-11-25T11:57:00.000Z', NOW), '3 min ago');
    assert.equal(relativeTime('2026-11-25T10:00:00.000Z', NOW), '2 h ago');
    assert.equal(relativeTime('2026-11-24T12:00:00.000Z', NOW), '1 day ago');
    assert.equal(relativeTime('2026-11-21T12:00:00.000Z', NOW), '4 days ago');
  });

  it('describes a row: attempts, sent, received or pulled, and the forward’s answer', () => {
    assert.equal(
      entryDescription(entry({ attempts: 2, sent: '2026-11-25T11:55:00.000Z' }), NOW),
      '2 attempts · sent 5 min ago · received 3 min ago',
    );
    assert.equal(
      entryDescription(
        entry({ source: 'pulled', forward: { url: 'http://127.0.0.1:3000/x', status: 200, ms: 11.6, at: '' } }),
        NOW,
      ),
      '1 attempt · pulled 3 min ago · → 200 in 12 ms',
    );
    const failed = entry({ forward: { url: 'u', status: null, ms: 3, at: '', error: 'ECONNREFUSED' } });
    assert.match(entryDescription(failed, NOW), /→ no answer \(ECONNREFUSED\)$/);
    assert.equal(forwardFailed(failed.forward), true);
    assert.equal(forwardFailed({ url: 'u', status: 204, ms: 1, at: '' }), false);
    assert.equal(forwardFailed(undefined), false);
  });

  it('groups by topic in the spec’s order, unknown topics after, each group newest first as given', () => {
    const entries = [
      entry({ key: 'a', topic: 'questions' }),
      entry({ key: 'b', topic: 'orders_v2' }),
      entry({ key: 'c', topic: 'created_orders' }),
      entry({ key: 'd', topic: 'orders_v2' }),
      entry({ key: 'e', topic: 'items_prices' }),
    ];
    const groups = groupByTopic(entries);
    assert.deepEqual(
      groups.map((group) => group.topic),
      ['created_orders', 'orders_v2', 'items_prices', 'questions'],
    );
    assert.deepEqual(
      groups[1]?.entries.map((one) => one.key),
      ['b', 'd'],
    );
  });

  it('knows which resources the explorer shows', () => {
    assert.deepEqual(notificationTarget('/orders/2195100001'), { kind: 'order', id: '2195100001' });
    assert.deepEqual(notificationTarget('/items/mla1400000101'), { kind: 'item', id: 'MLA1400000101' });
    assert.deepEqual(notificationTarget('/items/MLA1400000101/prices'), { kind: 'item', id: 'MLA1400000101' });
    assert.equal(notificationTarget('/collections/123'), undefined);
    assert.equal(notificationTarget('/questions/5'), undefined);
  });

  it('titles a notification’s document by its topic and what it names, never by its id', () => {
    assert.equal(notificationTitle(entry({})), 'orders_v2 · 2195100001 (notification)');
    assert.equal(
      notificationTitle(entry({ topic: 'items', resource: '/items/mla123' })),
      'items · MLA123 (notification)',
    );
    assert.equal(
      notificationTitle(entry({ topic: 'shipments', resource: '/flex/sites/MLA/shipments/42/assignment/v1' })),
      'shipments · 42 (notification)',
    );
    assert.equal(
      notificationTitle(entry({ topic: 'questions', resource: '/questions/5036111111?x=1' })),
      'questions · 5036111111 (notification)',
    );
    assert.equal(notificationTitle(entry({ topic: 'a/b\\c', resource: '' })), 'a_b_c · no resource (notification)');
    const long = notificationTitle(entry({ resource: `/x/${'z'.repeat(500)}` }));
    assert.ok(long.length < 80, long);
    assert.ok(!long.includes('/'), 'a title is one path segment');
  });
});
