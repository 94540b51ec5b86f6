import assert from 'node:assert/strict';
import { Agent } from 'node:http';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { NotificationFeed } from '../../../../src/features/notifications/feed';
import { MAX_BODY_BYTES, NotificationReceiver } from '../../../../src/features/notifications/receiver';
import { useTempDir } from '../../support/sandbox';
import { send, useReceivers } from './http';

const json = (value: unknown) => JSON.stringify(value);

describe('NotificationReceiver', () => {
  const temp = useTempDir('mi-receiver-');
  /** A receiver on a free port recording what it hands on. */
  const start = useReceivers();

  const until = async (check: () => boolean, what: string) => {
    const deadline = Date.now() + 10_000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };

  it('acknowledges a burst of 1,000 with duplicates and stores each distinct notification once, across a restart', async () => {
    const file = join(temp.path, 'burst', 'feed.json');
    const feed = new NotificationFeed(file);
    const adds: Promise<unknown>[] = [];
    const { receiver, url } = await start({
      onNotification: (r) =>
        adds.push(feed.add([{ body: r.body, raw: r.raw, receivedAt: r.receivedAt, source: 'received' }])),
    });
    // 800 distinct (every fifth without _id, told apart by topic + resource + sent), then 200 retries of every fourth.
    const distinct = Array.from({ length: 800 }, (_, i) => ({
      ...(i % 5 === 0 ? {} : { _id: `id-${i}` }),
      resource: `/orders/${2_000_000 + i}`,
      user_id: 468424240,
      topic: i % 2 ? 'orders_v2' : 'items',
      application_id: 5503910054141466,
      attempts: 1,
      sent: `2026-03-02T15:00:${String(i % 60).padStart(2, '0')}.${String(i).padStart(3, '0')}Z`,
      received: '2026-03-02T15:00:00.000Z',
    }));
    const retries = Array.from({ length: 200 }, (_, j) => ({ ...distinct[j * 4]!, attempts: 2 }));
    const bodies = [...distinct, ...retries].map((body) => json(body));
    // A fixed shuffle, so retries arrive among the first deliveries (sometimes before them).
    let seed = 7;
    for (let i = bodies.length - 1; i > 0; i -= 1) {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      const k = seed % (i + 1);
      [bodies[i], bodies[k]] = [bodies[k]!, bodies[i]!];
    }
    const statuses: number[] = [];
    const agent = new Agent({ keepAlive: true, maxSockets: 50 });
    let next = 0;
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (next < bodies.length) {
          const body = bodies[next++]!;
          statuses.push(
            (
              await send(url, {
                headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
                chunks: [body],
                agent,
              })
            ).status,
          );
        }
      }),
    );
    agent.destroy();
    assert.equal(statuses.length, 1000);
    assert.deepEqual(
      statuses.filter((status) => status !== 200),
      [],
    );
    assert.equal(receiver.stats.acknowledged, 1000);
    await until(() => adds.length === 1000, 'every notification to be handed on');
    await Promise.all(adds);
    const check = (entries: Awaited<ReturnType<NotificationFeed['list']>>) => {
      assert.equal(entries.length, 800);
      assert.equal(new Set(entries.map((entry) => entry.key)).size, 800);
      assert.equal(entries.filter((entry) => entry.deliveries === 2 && entry.attempts === 2).length, 200);
      assert.equal(entries.filter((entry) => entry.deliveries === 1 && entry.attempts === 1).length, 600);
      assert.equal(entries.filter((entry) => entry.key.includes('|')).length, 160);
      for (const entry of entries) assert.deepEqual(JSON.parse(entry.raw), entry.body);
    };
    check(await feed.list());
    // A restart: a new feed on the same file holds them all.
    check(await new NotificationFeed(file).list());
  });

  it('refuses bodies that are not a JSON object with 400, and hands none on', async () => {
    const { receiver, url, received } = await start();
    for (const body of ['not json', '[1,2]', 'null', '"a string"', '42', '', '{"half":']) {
      const answer = await send(url, { headers: { 'content-type': 'application/json' }, chunks: [body] });
      assert.equal(answer.status, 400, body);
      assert.deepEqual(JSON.parse(answer.text), {
        message: 'The body must be a JSON object.',
        error: 'bad_request',
        status: 400,
      });
    }
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(received, []);
    assert.deepEqual(receiver.stats, { acknowledged: 0, refused: 7 });
  });

  it('refuses an oversized body, declared or streamed, without reading it all', async () => {
    const { url, received } = await start();
    // Declared: answered at once, though only 10 of the announced bytes ever come.
    const declared = await send(url, {
      headers: { 'content-type': 'application/json', 'content-length': 10_000_000 },
      chunks: ['{"_id":"x"'],
      end: false,
    });
    assert.equal(declared.status, 400);
    assert.equal(declared.headers.connection, 'close');
    assert.match(JSON.parse(declared.text).message, /larger than 65536 bytes/);
    // Streamed without a length: refused once it passes the limit; the rest is never sent.
    const piece = 'x'.repeat(16 * 1024);
    const chunks = ['{"_id":"big","padding":"', ...Array.from({ length: 40 }, () => piece), '"}'];
    const streamed = await send(url, { headers: { 'content-type': 'application/json' }, chunks });
    assert.equal(streamed.status, 400);
    assert.equal(JSON.parse(streamed.text).error, 'bad_request');
    // Just under the limit is fine.
    const fits = json({ _id: 'fits', padding: 'y'.repeat(MAX_BODY_BYTES - 40) });
    assert.ok(Buffer.byteLength(fits) <= MAX_BODY_BYTES);
    assert.equal((await send(url, { chunks: [fits] })).status, 200);
    await until(() => received.length === 1, 'the body that fits');
    assert.equal(received[0]?.body._id, 'fits');
  });

  it('stores an untidy real body as it came, from any path', async () => {
    const feed = new NotificationFeed(join(temp.path, 'untidy', 'feed.json'));
    const adds: Promise<unknown>[] = [];
    const { url, received } = await start({
      onNotification: (r) => {
        received.push(r);
        adds.push(feed.add([{ body: r.body, raw: r.raw, receivedAt: r.receivedAt, source: 'received' }]));
      },
    });
    const raw =
      '{ "topic":"public_offers", "resource":"/seller-promotions/promotions/offer/OFFER-MLM1234567-00001/123456",\n' +
      '  "user_id":"2222222", "application_id":5111111111111, "attempts":1,\n' +
      '  "recieved":"2022-01-20T17:13:53.617074685Z", "sent":"2022-01-20T19:22:31.579985295Z", "actions":["delivered"] }';
    const answer = await send(url.replace('/notifications', '/hooks/meli?source=tunnel'), {
      headers: { 'content-type': 'text/plain' },
      chunks: [raw],
    });
    assert.equal(answer.status, 200);
    assert.ok(answer.text.length <= 16);
    await until(() => adds.length === 1, 'the notification');
    await Promise.all(adds);
    assert.equal(received[0]?.path, '/hooks/meli?source=tunnel');
    assert.ok(received[0]!.receivedAt instanceof Date);
    const [entry] = await feed.list();
    assert.equal(entry?.raw, raw);
    assert.equal(entry?.userId, '2222222');
    assert.equal(
      entry?.key,
      'public_offers|/seller-promotions/promotions/offer/OFFER-MLM1234567-00001/123456|2022-01-20T19:22:31.579985295Z',
    );
    assert.equal(entry?.body.recieved, '2022-01-20T17:13:53.617074685Z');
    assert.deepEqual(entry?.body.actions, ['delivered']);
    assert.equal(entry?.body.received, undefined);
  });

  it('refuses browsers with 403 and every method but POST with 405, exposing nothing', async () => {
    const { receiver, url, received } = await start();
    await send(url, { chunks: [json({ _id: 'kept' })] });
    const body = json({ _id: 'from-a-page', topic: 'orders_v2', resource: '/orders/1' });
    for (const headers of [{ origin: 'https://evil.example' }, { origin: 'null' }, { origin: 'http://127.0.0.1:1' }]) {
      const answer = await send(url, { headers: { 'content-type': 'text/plain', ...headers }, chunks: [body] });
      assert.equal(answer.status, 403);
      assert.equal(JSON.parse(answer.text).error, 'forbidden');
    }
    for (const method of ['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']) {
      const answer = await send(url, { method });
      assert.equal(answer.status, 405, method);
      assert.equal(answer.headers.allow, 'POST');
      assert.doesNotMatch(answer.text, /kept/);
      if (method === 'GET') assert.equal(JSON.parse(answer.text).status, 405);
    }
    await until(() => received.length === 1, 'the POST');
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.deepEqual(
      received.map((r) => r.body._id),
      ['kept'],
    );
    assert.deepEqual(receiver.stats, { acknowledged: 1, refused: 8 });
  });

  it('acknowledges before the notification is handled: a blocking or throwing handler never delays the 200', async () => {
    let calledAt = 0;
    let blockedUntil = 0;
    const { url, logged } = await start({
      onNotification: (r) => {
        if (r.body._id === 'throws') throw new Error('disk full');
        if (r.body._id !== 'blocks') return;
        // Blocks this thread (the extension host) for a second.
        calledAt = Date.now();
        while (Date.now() - calledAt < 1000) {
          // busy
        }
        blockedUntil = Date.now();
      },
    });
    // The sender runs in its own thread, so it sees when the answer arrives while this one is blocked.
    const worker = new Worker(
      `const { parentPort, workerData } = require('node:worker_threads');
      (async () => {
        await (await fetch(workerData.url)).text();
        const t0 = performance.now();
        const response = await fetch(workerData.url, { method: 'POST', body: workerData.body });
        parentPort.postMessage({ status: response.status, ms: performance.now() - t0, at: Date.now() });
      })().catch((failure) => parentPort.postMessage({ error: String(failure) }));`,
      { eval: true, execArgv: [], workerData: { url, body: json({ _id: 'blocks' }) } },
    );
    const timing = await new Promise<{ status: number; ms: number; at: number; error?: string }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    assert.equal(timing.error, undefined);
    assert.equal(timing.status, 200);
    assert.ok(timing.ms < 500, `answered in ${timing.ms} ms`);
    assert.ok(blockedUntil > 0 && timing.at < blockedUntil, 'the answer arrived while the handler was still blocking');
    // A handler that throws is logged; the receiver goes on answering.
    assert.equal((await send(url, { chunks: [json({ _id: 'throws' })] })).status, 200);
    await until(() => logged.some((line) => line.includes('disk full')), 'the logged failure');
    assert.equal((await send(url, { chunks: [json({ _id: 'after' })] })).status, 200);
  });

  it('rejects with EADDRINUSE when the port is taken, and frees the port on stop', async () => {
    const first = await start();
    assert.equal(first.receiver.running, true);
    assert.equal(first.receiver.port, first.port);
    assert.equal(first.url, `http://127.0.0.1:${first.port}/notifications`);
    // A kept-alive connection must not hold the port after stop.
    const kept = await fetch(first.url, { method: 'POST', body: '{}' });
    await kept.arrayBuffer();
    assert.equal(kept.status, 200);
    const second = new NotificationReceiver({ port: first.port, onNotification: () => undefined });
    await assert.rejects(second.start(), (failure: NodeJS.ErrnoException) => failure.code === 'EADDRINUSE');
    assert.equal(second.running, false);
    assert.equal(second.port, undefined);
    assert.equal((await send(first.url, { chunks: ['{}'] })).status, 200);
    await first.receiver.stop();
    await first.receiver.stop();
    assert.equal(first.receiver.running, false);
    assert.equal(first.receiver.port, undefined);
    assert.deepEqual(await second.start(), { port: first.port, url: first.url });
    try {
      assert.equal((await send(first.url, { chunks: ['{}'] })).status, 200);
    } finally {
      await second.stop();
    }
  });
});
