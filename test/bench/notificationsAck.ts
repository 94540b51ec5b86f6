// How fast the local notification receiver acknowledges a burst (the marketplace wants a 200 within 500 ms) and that
// the feed behind it stores each distinct notification once. Plain Node (no vscode): `scripts/bench.ts` imports it.
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { FEED_LIMIT, NotificationFeed } from '../../src/features/notifications/feed';
import { NotificationReceiver } from '../../src/features/notifications/receiver';

export interface AcknowledgementFigures {
  /** Time from sending a request to its response headers, in ms. */
  p50: number;
  p99: number;
  max: number;
  /** Distinct notifications in the feed once it settled (expected: `total` minus the 20% duplicates). */
  stored: number;
}

/** The bodies of a burst: 80% distinct (every fifth without `_id`), then 20% retries of earlier ones, interleaved. */
function burst(total: number): string[] {
  const duplicates = Math.floor(total * 0.2);
  const distinct = Array.from({ length: total - duplicates }, (_, i) => ({
    ...(i % 5 === 0 ? {} : { _id: `bench-${i}` }),
    resource: `/orders/${2_000_000_000 + i}`,
    user_id: 468424240,
    topic: 'orders_v2',
    application_id: 5503910054141466,
    attempts: 1,
    sent: new Date(Date.UTC(2026, 2, 2, 15, 0, 0, i)).toISOString(),
    received: new Date(Date.UTC(2026, 2, 2, 15, 0, 0, i)).toISOString(),
  }));
  const bodies = distinct.map((body) => JSON.stringify(body));
  // Each retry goes some way after its first delivery, as the marketplace's retries do.
  for (let j = 0; j < duplicates; j += 1) {
    const original = distinct[(j * 3) % distinct.length]!;
    bodies.splice(Math.min(bodies.length, j * 5 + 7), 0, JSON.stringify({ ...original, attempts: 2 }));
  }
  return bodies;
}

/**
 * A keep-alive POST timed to its response headers. node:http rather than fetch: Node 20's fetch pool opens new
 * connections during a burst even with idle ones at hand, which made its p99 the client's connection setup (~400 ms
 * against ~15 ms here, with a receiver that does nothing at all).
 */
function postTo(url: string, agent: Agent): (body: string) => Promise<{ status: number; ms: number }> {
  return (body) =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
      const sent = request(url, { method: 'POST', agent, headers }, (response) => {
        const ms = performance.now() - started;
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, ms }));
      });
      sent.on('error', reject);
      sent.end(body);
    });
}

function percentile(sorted: number[], fraction: number): number {
  const value = sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? 0;
  return Math.round(value * 100) / 100;
}

/** Times the acknowledgement of `total` notifications sent `concurrency` at a time, and counts what was stored. */
export async function measureAcknowledgement(total = 1000, concurrency = 50): Promise<AcknowledgementFigures> {
  const folder = mkdtempSync(join(tmpdir(), 'mi-bench-notifications-'));
  const file = join(folder, 'feed.json');
  const limit = Math.max(total, FEED_LIMIT);
  const feed = new NotificationFeed(file, { limit });
  const adds: Promise<unknown>[] = [];
  const receiver = new NotificationReceiver({
    port: 0,
    onNotification: (received) =>
      adds.push(
        feed.add([{ body: received.body, raw: received.raw, receivedAt: received.receivedAt, source: 'received' }]),
      ),
  });
  const agent = new Agent({ keepAlive: true, maxSockets: Math.max(1, concurrency) });
  try {
    const { url } = await receiver.start();
    const post = postTo(url, agent);
    // One connection per concurrent sender is opened before timing (bodies that are not JSON: 400, nothing stored), so
    // the figures are the receiver's steady state, as behind a tunnel that keeps its connections.
    await Promise.all(Array.from({ length: Math.max(1, concurrency) }, () => post('warm-up')));
    const bodies = burst(total);
    const latencies: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.max(1, concurrency) }, async () => {
        while (next < bodies.length) {
          const body = bodies[next++]!;
          const { status, ms } = await post(body);
          latencies.push(ms);
          if (status !== 200) throw new Error(`the receiver answered ${status}`);
        }
      }),
    );
    // Handing on happens after the answers: wait for every notification to reach the feed, then for its writes.
    const deadline = Date.now() + 30_000;
    while (adds.length < bodies.length) {
      if (Date.now() > deadline)
        throw new Error(`only ${adds.length} of ${bodies.length} notifications were handed on`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await Promise.all(adds);
    const stored = (await new NotificationFeed(file, { limit }).list()).length;
    latencies.sort((a, b) => a - b);
    return {
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      max: percentile(latencies, 1),
      stored,
    };
  } finally {
    agent.destroy();
    await receiver.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}
