// The sending side of the notification receiver's bench: a burst of notifications (80% distinct, 20% retries of
// earlier ones), `concurrency` at a time over keep-alive connections, each timed to its response headers. Forked as
// its own process (see notificationsAck.ts), so the load generator never shares the receiver's thread, as the
// marketplace's deliveries do not; it stays up between bursts, so only the first one finds its code cold.
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

/** The bodies of a burst: 80% distinct (every fifth without `_id`), then 20% retries of earlier ones, interleaved. */
export function burst(total: number): string[] {
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

/** Sends the burst (after one warm-up request per connection) and resolves with each acknowledgement's time, in ms. */
export async function sendBurst(url: string, total: number, concurrency: number): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: Math.max(1, concurrency) });
  try {
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
    return latencies;
  } finally {
    agent.destroy();
  }
}

/** A burst asked for by the parent process. */
export interface BurstRequest {
  url: string;
  total: number;
  concurrency: number;
}

/**
 * Warms the sender's own code (requests, keep-alive, timing) against a server of its own that answers at once, so the
 * first burst measures a cold receiver, not a cold sender.
 */
async function warmUp(): Promise<void> {
  const server = createServer((incoming, outgoing) => {
    incoming.resume();
    incoming.on('end', () => outgoing.end('{}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new Agent({ keepAlive: true, maxSockets: 50 });
  const post = postTo(`http://127.0.0.1:${port}/notifications`, agent);
  const bodies = burst(1000);
  let next = 0;
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      while (next < bodies.length) await post(bodies[next++]!);
    }),
  );
  agent.destroy();
  await new Promise((resolve) => server.close(resolve));
}

if (require.main === module && process.send) {
  const warm = warmUp();
  process.on('message', (message: BurstRequest) => {
    warm
      .then(() => sendBurst(message.url, message.total, message.concurrency))
      .then(
        (latencies) => process.send?.({ latencies }),
        (error: unknown) => process.send?.({ error: error instanceof Error ? error.message : String(error) }),
      );
  });
}
