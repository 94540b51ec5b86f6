// A child of the two-window suite: one VS Code window's writes to a shared store file, as its own process. Lines it
// prints: `ready`, `ack <id>` for every write that resolved (acknowledged), `dropped <id>` for one that rejected,
// `takeover <why>` when it took over a stale lock, `locked`, `refused <message>` and `done`.
// Usage:
//   windowWriter.js history <file> <name> <count> <intervalMs> [staleMs]   appends <count> requests, one per interval
//   windowWriter.js feed <file> <name> <count> <intervalMs> [staleMs]      the same with notifications (every fifth a
//                                                                        hostile one, every seventh a repeated one)
//   windowWriter.js hold <file> <holdMs> [staleMs]                         takes the feed's lock, prints `locked`,
//                                                                        holds it <holdMs>, then tries to write
import { setTimeout as sleep } from 'node:timers/promises';
import { NotificationFeed } from '../../../src/features/notifications/feed';
import { HistoryStore } from '../../../src/features/requests/history';
import { EntriesFile } from '../../../src/platform/storage/entriesFile';
import type { FileLockOptions } from '../../../src/platform/storage/fileLock';
import { priceUpdateRecord } from '../support/exchangeRecords';

const print = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

function lockOptions(staleMs: string | undefined): FileLockOptions {
  return {
    ...(staleMs ? { staleMs: Number(staleMs) } : {}),
    onTakeOver: (_holder, why) => print(`takeover ${why}`),
  };
}

/** Starts one write per interval without waiting for the previous (a window does not wait either), then all of them. */
async function paced(count: number, intervalMs: number, write: (index: number) => Promise<void>): Promise<void> {
  const writes: Promise<void>[] = [];
  for (let index = 0; index < count; index++) {
    writes.push(write(index));
    await sleep(intervalMs);
  }
  await Promise.all(writes);
}

async function history(file: string, name: string, count: number, intervalMs: number, lock: FileLockOptions) {
  const store = new HistoryStore(file, { limit: 100_000, lock });
  print('ready');
  await paced(count, intervalMs, (index) =>
    store.append(priceUpdateRecord(`/items/MLA1400000705?window=${name}&write=${index}`, index)).then(
      (entry) => print(`ack ${entry.id}`),
      () => print(`dropped ${name}-${index}`),
    ),
  );
}

async function feed(file: string, name: string, count: number, intervalMs: number, lock: FileLockOptions) {
  const notifications = new NotificationFeed(file, { limit: 100_000, lock });
  print('ready');
  await paced(count, intervalMs, async (index) => {
    // A repeat of this window's previous notification: a redelivery, counted on the same entry.
    const number = index % 7 === 6 ? index - 1 : index;
    const body: Record<string, unknown> = {
      _id: `${name}-${number}`,
      topic: index % 5 === 4 ? { toString: null } : 'orders_v2',
      resource: `/orders/${2_000_000_000 + number}`,
      user_id: 5_503_910_054,
      sent: new Date(1_772_463_600_000 + number).toISOString(),
    };
    try {
      const outcome = await notifications.add([{ body, source: 'received' }]);
      const stored = [...outcome.added, ...outcome.repeated];
      print(stored.length === 1 ? `ack ${body._id}` : `dropped ${body._id}`);
    } catch {
      print(`dropped ${body._id}`);
    }
  });
}

async function hold(file: string, holdMs: number, lock: FileLockOptions) {
  const store = new EntriesFile<{ id: string }>(file, { lock });
  print('ready');
  try {
    await store.update(async (entries) => {
      print('locked');
      await sleep(holdMs);
      return { entries: [...entries, { id: 'held-write' }], result: undefined };
    });
    print('ack held-write');
  } catch (failure) {
    print(`refused ${(failure as Error).message}`);
  }
}

async function main(): Promise<void> {
  const [mode = '', file = '', ...rest] = process.argv.slice(2);
  if (mode === 'hold') {
    await hold(file, Number(rest[0]), lockOptions(rest[1]));
  } else {
    const [name = '', count = '0', intervalMs = '0', staleMs] = rest;
    const run = mode === 'history' ? history : feed;
    await run(file, name, Number(count), Number(intervalMs), lockOptions(staleMs));
  }
  print('done');
}

main().catch((failure: unknown) => {
  process.stderr.write(`${failure instanceof Error ? failure.stack : failure}\n`);
  process.exit(1);
});
