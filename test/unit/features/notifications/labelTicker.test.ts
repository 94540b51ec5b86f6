import assert from 'node:assert/strict';
import type { FeedEntry } from '../../../../src/features/notifications/feed';
import {
  entryDescription,
  entryNextChange,
  nextRelativeChange,
  relativeTime,
} from '../../../../src/features/notifications/feedFormat';
import { LabelTicker, type TickerClock } from '../../../../src/features/notifications/labelTicker';
import { seededRandom } from '../../support/seededRandom';

const START = Date.parse('2026-11-25T12:00:00.000Z');

/** A clock whose time moves only when the test says, with the timers it would fire. */
function fakeClock(): TickerClock & { advance(ms: number): void; pending(): number[]; time: number } {
  let nextId = 1;
  const timers = new Map<number, { at: number; run: () => void }>();
  const clock = {
    time: START,
    now: () => new Date(clock.time),
    setTimeout: (run: () => void, ms: number) => {
      const id = nextId++;
      timers.set(id, { at: clock.time + ms, run });
      return id;
    },
    clearTimeout: (handle: unknown) => {
      timers.delete(handle as number);
    },
    /** Moves the time, firing each timer due on the way at its own time. */
    advance(ms: number) {
      const end = clock.time + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, timer]) => timer.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        clock.time = Math.max(clock.time, due[1].at);
        due[1].run();
      }
      clock.time = end;
    },
    /** When the pending timers fire (ms since START). */
    pending: () => [...timers.values()].map((timer) => timer.at - START),
  };
  return clock;
}

function entry(key: string, receivedMsAgo: number, sentMsAgo?: number): FeedEntry {
  const iso = (ago: number) => new Date(START - ago).toISOString();
  return {
    key,
    topic: 'orders_v2',
    resource: `/orders/${key}`,
    body: {},
    raw: '{}',
    ...(sentMsAgo !== undefined ? { sent: iso(sentMsAgo) } : {}),
    firstReceivedAt: iso(receivedMsAgo),
    lastReceivedAt: iso(receivedMsAgo),
    deliveries: 1,
    attempts: 1,
    source: 'received',
  };
}

/** A ticker over feed rows on a fake clock, each relabel kept as "key: label" lines. */
function feedTicker(): { clock: ReturnType<typeof fakeClock>; batches: string[][]; ticker: LabelTicker<FeedEntry> } {
  const clock = fakeClock();
  const batches: string[][] = [];
  const ticker = new LabelTicker<FeedEntry>({
    label: (row, now) => entryDescription(row, now),
    nextChange: entryNextChange,
    changed: (rows) => batches.push(rows.map(({ row, label }) => `${row.key}: ${label}`)),
    clock,
  });
  return { clock, batches, ticker };
}

describe('relative times refresh while the Notifications view is shown', () => {
  it('knows to the millisecond when a relative time’s words change, past and future', () => {
    const random = seededRandom(20);
    const now = new Date(START);
    // Elapsed times from two hours ahead (a sender's skewed clock) to ten days back, dense near the boundaries.
    const spans = [-7_200_000, -3_600_000, -90_000, -60_000, -1000, 0, 44_000, 45_000, 89_500, 3_599_000, 86_399_000];
    for (let index = 0; index < 3000; index++) spans.push(Math.round((random() * 10.1 - 0.1) * 86_400_000));
    for (const elapsed of spans) {
      const at = new Date(START - elapsed).toISOString();
      const words = relativeTime(at, now);
      const next = nextRelativeChange(at, now);
      assert.ok(next && next.getTime() > now.getTime(), `${elapsed}: a change ahead`);
      assert.equal(relativeTime(at, new Date(next.getTime() - 1)), words, `${elapsed}: unchanged until ${next}`);
      assert.notEqual(relativeTime(at, next), words, `${elapsed}: changed at ${next}`);
    }
    assert.equal(nextRelativeChange('not a time', now), undefined);
  });

  it('a row changes when the first of its times does', () => {
    const now = new Date(START);
    // Received 40 s ago ("just now" for 5 more seconds), sent 10 min ago (changes at 10.5 min).
    const row = entry('a', 40_000, 600_000);
    assert.equal(entryNextChange(row, now)?.getTime(), START + 4500);
    assert.equal(entryNextChange(entry('b', 3 * 86_400_000), now)?.getTime(), START + 0.5 * 86_400_000 - 500);
  });

  it('relabels only the rows whose words changed, when they change, without a new notification', () => {
    const { clock, batches, ticker } = feedTicker();
    const fresh = entry('fresh', 0, 0);
    const old = entry('old', 3 * 3_600_000, 3 * 3_600_000);
    ticker.track('', [fresh, old]);
    ticker.setActive(true);
    assert.equal(batches.length, 0, 'nothing is stale on showing');
    // "just now" becomes "1 min ago" 44.5 s after; the three-hour-old row says the same until 3.5 h.
    assert.deepEqual(clock.pending(), [44_500]);
    clock.advance(44_499);
    assert.equal(batches.length, 0);
    clock.advance(1);
    assert.deepEqual(batches, [['fresh: 1 attempt · sent 1 min ago · received 1 min ago']]);
    clock.advance(60_000);
    assert.deepEqual(batches.at(-1), ['fresh: 1 attempt · sent 2 min ago · received 2 min ago']);
    assert.equal(batches.length, 2, 'one relabel per change, none in between');
    // Three and a half hours: the old row changes too, once.
    clock.advance(30 * 60_000);
    assert.ok(batches.some((batch) => batch.includes('old: 1 attempt · sent 4 h ago · received 4 h ago')));
    assert.equal(batches.filter((batch) => batch.some((line) => line.startsWith('old:'))).length, 1);
    assert.ok(
      batches.every((batch) => batch.length === new Set(batch).size),
      'a row appears once per relabel',
    );
  });

  it('stops while hidden and when disposed, and catches up on showing again', () => {
    const { clock, batches, ticker } = feedTicker();
    ticker.track('', [entry('a', 0)]);
    assert.deepEqual(clock.pending(), [], 'no timer before the view is shown');
    ticker.setActive(true);
    assert.equal(clock.pending().length, 1);
    ticker.setActive(false);
    assert.deepEqual(clock.pending(), [], 'hidden: no timer');
    clock.advance(5 * 60_000);
    assert.equal(batches.length, 0, 'nothing relabelled while hidden');
    ticker.setActive(true);
    assert.deepEqual(batches, [['a: 1 attempt · received 5 min ago']], 'shown again: the stale label at once');
    ticker.dispose();
    assert.deepEqual(clock.pending(), [], 'disposed: no timer');
    ticker.setActive(true);
    assert.deepEqual(clock.pending(), [], 'a disposed ticker never starts again');
  });

  it('keeps one set of rows per group: a group shown again replaces its rows, a clear drops them all', () => {
    const clock = fakeClock();
    const seen: string[] = [];
    const ticker = new LabelTicker<FeedEntry>({
      label: (row, now) => entryDescription(row, now),
      nextChange: entryNextChange,
      changed: (rows) => seen.push(...rows.map(({ row }) => row.key)),
      clock,
    });
    ticker.setActive(true);
    ticker.track('orders', [entry('o1', 0)]);
    ticker.track('orders', [entry('o2', 0)]);
    ticker.track('items', [entry('i1', 10_000)]);
    assert.equal(ticker.size, 2, 'the first rows of orders were replaced');
    clock.advance(44_500);
    assert.deepEqual(seen.sort(), ['i1', 'o2']);
    ticker.clear();
    assert.equal(ticker.size, 0);
    assert.deepEqual(clock.pending(), [], 'no rows: no timer');
  });

  it('with a thousand rows a tick reads each row once', () => {
    const clock = fakeClock();
    let labels = 0;
    let relabelled = 0;
    const ticker = new LabelTicker<FeedEntry>({
      label: (row, now) => {
        labels += 1;
        return entryDescription(row, now);
      },
      nextChange: entryNextChange,
      changed: (rows) => {
        relabelled += rows.length;
      },
      clock,
    });
    const rows = Array.from({ length: 1000 }, (_, index) => entry(`r${index}`, index * 7_000));
    ticker.track('', rows);
    ticker.setActive(true);
    const before = labels;
    clock.advance(clock.pending()[0]!);
    assert.equal(labels - before, 1000, 'one label per row per tick');
    assert.ok(relabelled >= 1 && relabelled < 50, `${relabelled} rows changed at the first tick`);
  });
});
