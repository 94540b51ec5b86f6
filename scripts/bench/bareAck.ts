// The limit the notification receiver's acknowledgement is set beside: a bare `node:http` server in the same process
// that answers every request 200 at once, with the receiver's bytes (an empty body, `content-length: 0`), reading
// nothing (Node discards the body it was sent once the answer is out). Sent the same bursts by the same sender
// (test/bench/notificationsAck.ts), it is what any receiver on this node would take to answer them.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BurstSender } from '../../test/bench/notificationsAck';

/** A bare server's acknowledgement times, as the receiver's figures (nothing is stored). */
export interface BareFigures {
  p50: number;
  p99: number;
  max: number;
}

/** A started bare server: its URL (the receiver's path, for the same request line) and how to stop it. */
export interface BareAckServer {
  url: string;
  server: Server;
  stop(): Promise<void>;
}

/** Starts a server on 127.0.0.1 that answers 200 to every request as soon as its headers arrive. */
export async function startBareAckServer(): Promise<BareAckServer> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-length': '0' });
    response.end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/notifications`,
    server,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The value at `fraction` of sorted times, rounded as the receiver's figures are (to 0.01 ms). */
export function percentile(sorted: readonly number[], fraction: number): number {
  const value = sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? 0;
  return Math.round(value * 100) / 100;
}

/** Times the bare server's acknowledgement of a burst from `sender`, as measureAcknowledgement times the receiver's. */
export async function measureBareAcknowledgement(
  sender: BurstSender,
  total = 1000,
  concurrency = 50,
): Promise<BareFigures> {
  const bare = await startBareAckServer();
  try {
    const latencies = await sender.send({ url: bare.url, total, concurrency });
    latencies.sort((a, b) => a - b);
    return { p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), max: percentile(latencies, 1) };
  } finally {
    await bare.stop();
  }
}
