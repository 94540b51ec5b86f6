// How fast the local notification receiver acknowledges a burst (the marketplace wants a 200 within 500 ms) and that
// the feed behind it stores each distinct notification once. The receiver runs here; the burst comes from another
// process (notificationsBurst.ts). Plain Node (no vscode): `scripts/bench/receiver.ts` imports it.
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FEED_LIMIT, NotificationFeed } from '../../src/features/notifications/feed';
import { NotificationReceiver } from '../../src/features/notifications/receiver';
import type { BurstRequest } from './notificationsBurst';

export interface AcknowledgementFigures {
  /** Time from sending a request to its response headers, in ms. */
  p50: number;
  p99: number;
  max: number;
  /** Distinct notifications in the feed once it settled (expected: `total` minus the 20% duplicates). */
  stored: number;
}

function percentile(sorted: number[], fraction: number): number {
  const value = sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? 0;
  return Math.round(value * 100) / 100;
}

/** The burst sender: a child process that sends each burst it is asked for. */
export class BurstSender {
  private readonly child: ChildProcess = fork(join(__dirname, 'notificationsBurst.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });

  /** Each notification's acknowledgement time, in ms, once the whole burst was answered. */
  send(request: BurstRequest): Promise<number[]> {
    return new Promise((resolve, reject) => {
      const exited = (code: number | null) => reject(new Error(`the burst sender exited (${code})`));
      this.child.once('exit', exited);
      this.child.once('message', (answer: { latencies?: number[]; error?: string }) => {
        this.child.off('exit', exited);
        if (answer.latencies) resolve(answer.latencies);
        else reject(new Error(`the burst failed: ${answer.error}`));
      });
      this.child.send(request);
    });
  }

  stop(): void {
    this.child.kill();
  }
}

/** Times the acknowledgement of `total` notifications sent `concurrency` at a time, and counts what was stored. */
export async function measureAcknowledgement(
  sender: BurstSender,
  total = 1000,
  concurrency = 50,
): Promise<AcknowledgementFigures> {
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
  try {
    const { url } = await receiver.start();
    const latencies = await sender.send({ url, total, concurrency });
    // Handing on happens after the answers: wait for every notification to reach the feed, then for its writes.
    const deadline = Date.now() + 30_000;
    while (adds.length < latencies.length) {
      if (Date.now() > deadline)
        throw new Error(`only ${adds.length} of ${latencies.length} notifications were handed on`);
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
    await receiver.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}
