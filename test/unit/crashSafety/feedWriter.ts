// A child of the crash-safety suite: adds notifications to a feed file until the parent kills it. Prints `ready`, then
// `ack <key>` for every notification of an `add` that resolved. Calls go in bursts of concurrent adds (a retry storm),
// some repeating an earlier notification. Usage: node feedWriter.js <file>.
import { NotificationFeed } from '../../../src/features/notifications/feed';

async function main(): Promise<void> {
  const [file = ''] = process.argv.slice(2);
  const feed = new NotificationFeed(file, { limit: 100_000 });
  const print = (line: string) => process.stdout.write(`${line}\n`);
  const notification = (number: number) => ({
    _id: `crash-${number}`,
    topic: number % 2 ? 'orders_v2' : 'items',
    resource: number % 2 ? `/orders/${2_000_000_000 + number}` : `/items/MLA${1_400_000_000 + number}`,
    user_id: 5_503_910_054,
    application_id: 5_503_910_054_141_466,
    attempts: 1,
    sent: new Date(1_772_463_600_000 + number).toISOString(),
  });
  print('ready');
  for (let index = 0; ; index++) {
    const burst = Array.from({ length: 1 + (index % 4) }, (_, offset) => {
      // Every third call repeats the notification before it: a redelivery counted on the same entry.
      const number = offset === 2 ? index * 4 : index * 4 + offset;
      const body = notification(number);
      return feed.add([{ body, source: 'received' }]).then(() => print(`ack ${body._id}`));
    });
    await Promise.all(burst);
  }
}

main().catch((failure: unknown) => {
  process.stderr.write(`${failure instanceof Error ? failure.stack : failure}\n`);
  process.exit(1);
});
