// Fuzz suite of notifications: hostile bodies mixed with good ones, POSTed in concurrent batches to a real receiver
// whose notifications go to the feed as the notification service hands them on (acknowledged first, stored after),
// and monstrous ones (100,000 levels deep, 100,000 keys, megabyte strings) added to the feed directly, as a pull of
// the missed feeds would. No answer may be a 5xx, every good notification must be stored, every acknowledged one
// stored or dropped with a log line, and nothing may reach Object.prototype.
//
// Deterministic: run with FUZZ_SEED=<seed> to replay a failure (the message prints the seed).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { type IncomingNotification, NotificationFeed } from '../../../src/features/notifications/feed';
import { Rng } from '../../../src/sandbox/random';
import { describeAll } from '../features/notifications/feedWords';
import { send, useReceivers } from '../features/notifications/http';
import { useTempDir } from '../support/sandbox';
import { deepText, fuzzBody, wideText } from './notificationBodies';

const SEED = process.env.FUZZ_SEED ?? 'notifications-fuzz-1';
const BATCHES = 16;
const BATCH_SIZE = 40;

describe(`fuzz: notifications through the receiver and the feed (seed ${SEED})`, function () {
  this.timeout(60_000);
  const temp = useTempDir('mi-fuzz-notifications-');
  const startReceiver = useReceivers();

  afterEach(() => {
    assert.equal(({} as Record<string, unknown>).polluted, undefined, 'nothing reached Object.prototype');
  });

  it(`${BATCHES} batches of ${BATCH_SIZE} POSTs, half of them hostile: no 5xx, every good one stored`, async () => {
    const rng = new Rng(SEED);
    const logged: string[] = [];
    const feed = new NotificationFeed(join(temp.path, 'received', 'feed.json'), {
      limit: 100_000,
      log: (line) => logged.push(line),
    });
    const stored: Promise<unknown>[] = [];
    const { url, logged: receiverLog } = await startReceiver({
      // As NotificationService.record does: after the 200, the body and its exact text go to the feed.
      onNotification: (received) =>
        stored.push(
          feed.add([{ body: received.body, raw: received.raw, receivedAt: received.receivedAt, source: 'received' }]),
        ),
    });
    const answers = new Map<number, number>();
    const good: string[] = [];
    let acknowledged = 0;
    for (let batch = 0; batch < BATCHES; batch++) {
      const bodies = Array.from({ length: BATCH_SIZE }, (_, index) => fuzzBody(rng, batch * BATCH_SIZE + index));
      const statuses = await Promise.all(
        bodies.map((body) => send(url, { chunks: [body.text], headers: { 'content-type': 'application/json' } })),
      );
      for (const [index, answer] of statuses.entries()) {
        const body = bodies[index]!;
        answers.set(answer.status, (answers.get(answer.status) ?? 0) + 1);
        assert.ok(answer.status < 500, `seed ${SEED}: ${answer.status} for ${body.text.slice(0, 200)}`);
        if (answer.status === 200) acknowledged++;
        if (body.good) {
          assert.equal(answer.status, 200, `seed ${SEED}: a good notification was refused: ${body.text}`);
          good.push(body.id!);
        }
      }
    }
    // Handed on a turn after each answer: wait for the last hand-over, then for every write.
    await new Promise((resolve) => setImmediate(resolve));
    const outcomes = await Promise.allSettled(stored);
    assert.deepEqual(
      outcomes.filter((outcome) => outcome.status === 'rejected'),
      [],
      `seed ${SEED}: every add resolved`,
    );
    assert.deepEqual(receiverLog, [], 'the receiver had nothing to complain of');
    const entries = await new NotificationFeed(feed.filePath, { limit: 100_000 }).list();
    const keys = new Set(entries.map((entry) => entry.key));
    const lost = good.filter((id) => !keys.has(id));
    assert.deepEqual(lost, [], `seed ${SEED}: ${lost.length} of ${good.length} good notifications are lost`);
    const dropped = logged.filter((line) => line.startsWith('A notification was dropped')).length;
    const deliveries = entries.reduce((sum, entry) => sum + entry.deliveries, 0);
    assert.equal(deliveries + dropped, acknowledged, 'every acknowledged notification was stored or dropped');
    assert.ok((answers.get(400) ?? 0) > 0 && entries.some((entry) => entry.problems), 'hostile bodies were sent');
    describeAll(entries);
    // The receiver still takes notifications after all of it.
    assert.equal(
      (await send(url, { chunks: ['{"_id":"after","topic":"items","resource":"/items/MLA1"}'] })).status,
      200,
    );
  });

  it('monstrous bodies added with good ones: 100,000 levels deep, 100,000 keys, megabyte strings', async () => {
    const logged: string[] = [];
    const feed = new NotificationFeed(join(temp.path, 'pulled', 'feed.json'), { log: (line) => logged.push(line) });
    const deepRaw = `{"_id":"deep","topic":"items","resource":"/items/MLA1","data":${deepText(100_000)}}`;
    const deepObjectRaw = `{"_id":"deep-object","topic":"items","data":${deepText(100_000, 'object')}}`;
    const wideRaw = wideText(100_000);
    const huge = 'x'.repeat(1_000_000);
    const monsters: IncomingNotification[] = [
      { body: JSON.parse(deepRaw), raw: deepRaw, source: 'received' },
      { body: JSON.parse(deepObjectRaw), source: 'pulled' },
      { body: JSON.parse(wideRaw), raw: wideRaw, source: 'received' },
      { body: { _id: 'huge-topic', topic: huge, resource: huge }, source: 'pulled' },
      { body: { _id: { toString: null, big: huge }, topic: { toString: null }, resource: [huge] }, source: 'pulled' },
    ];
    const good = (id: string): IncomingNotification => ({
      body: { _id: id, topic: 'orders_v2', resource: '/orders/2000000001' },
      source: 'received',
    });
    const calls = monsters.flatMap((monster, index) => [
      [good(`before-${index}`)],
      [monster],
      [good(`after-${index}`)],
    ]);
    const results = await Promise.all(calls.map((call) => feed.add(call)));
    const entries = await new NotificationFeed(feed.filePath).list();
    const keys = new Set(entries.map((entry) => entry.key));
    for (const [index] of monsters.entries()) {
      assert.ok(keys.has(`before-${index}`) && keys.has(`after-${index}`), `the neighbours of monster ${index}`);
    }
    assert.ok(keys.has('deep') && keys.has('wide') && keys.has('huge-topic'));
    assert.deepEqual(results[4]?.dropped, ['its body nests deeper than 512 levels'], 'a deep pulled body has no text');
    assert.equal(entries.find((entry) => entry.key === 'deep')?.raw, deepRaw);
    assert.equal(logged.filter((line) => line.startsWith('A notification was dropped')).length, 1);
    describeAll(entries);
  });
});
