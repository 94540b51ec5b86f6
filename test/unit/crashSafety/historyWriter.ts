// A child of the crash-safety suite: appends to a request history file until the parent kills it. Prints `ready`,
// then `ack <entry id>` for every append that resolved. Appends go in bursts of concurrent calls, as a bulk run makes
// them. Usage: node historyWriter.js <file>.
import { HistoryStore } from '../../../src/features/requests/history';

async function main(): Promise<void> {
  const [file = ''] = process.argv.slice(2);
  const store = new HistoryStore(file, { limit: 100_000 });
  const print = (line: string) => process.stdout.write(`${line}\n`);
  print('ready');
  for (let index = 0; ; index++) {
    const burst = Array.from({ length: 1 + (index % 5) }, (_, offset) =>
      store
        .append({
          method: 'PUT',
          path: `/items/MLA1400000705?write=${index}.${offset}`,
          baseUrl: 'http://127.0.0.1:8787',
          requestBody: { price: index },
          status: 200,
          durationMs: 3,
          responseHeaders: { 'content-type': 'application/json' },
          responseBody: { id: 'MLA1400000705', price: index },
          sizeBytes: 40,
        })
        .then((entry) => print(`ack ${entry.id}`)),
    );
    await Promise.all(burst);
  }
}

main().catch((failure: unknown) => {
  process.stderr.write(`${failure instanceof Error ? failure.stack : failure}\n`);
  process.exit(1);
});
