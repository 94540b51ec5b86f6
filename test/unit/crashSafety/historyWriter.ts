// A child of the crash-safety suite: appends to a request history file until the parent kills it. Prints `ready`,
// then `ack <entry id>` for every append that resolved. Appends go in bursts of concurrent calls, as a bulk run makes
// them. Usage: node historyWriter.js <file>.
import { HistoryStore } from '../../../src/features/requests/history';
import { priceUpdateRecord } from '../support/exchangeRecords';

async function main(): Promise<void> {
  const [file = ''] = process.argv.slice(2);
  const store = new HistoryStore(file, { limit: 100_000 });
  const print = (line: string) => process.stdout.write(`${line}\n`);
  print('ready');
  for (let index = 0; ; index++) {
    const burst = Array.from({ length: 1 + (index % 5) }, (_, offset) =>
      store
        .append(priceUpdateRecord(`/items/MLA1400000705?write=${index}.${offset}`, index))
        .then((entry) => print(`ack ${entry.id}`)),
    );
    await Promise.all(burst);
  }
}

main().catch((failure: unknown) => {
  process.stderr.write(`${failure instanceof Error ? failure.stack : failure}\n`);
  process.exit(1);
});
