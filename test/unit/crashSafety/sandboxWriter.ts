// A child of the crash-safety suite: a real sandbox persisting to a folder, written to over HTTP until the parent
// kills it. Prints `ready` once it writes, then one line per write the server acknowledged with a 2xx:
// `price <value>`, `stock <value>` (of the item given) and `note <order id> <note id>`.
// Usage: node sandboxWriter.js <dataDir> <item id> <first value> [<compaction bytes>]. Values come from one increasing
// counter shared by the three writers, so each field only grows. A small compaction size makes the journal fold into
// a new snapshot every few writes, so kills land during compactions too.
import { startSandbox } from '../../../src/sandbox/runtime';
import { SELLER_ID } from '../../../src/sandbox/users/ids';

async function main(): Promise<void> {
  const [dataDir = '', itemId = '', first = '1', compaction] = process.argv.slice(2);
  const sandbox = await startSandbox({
    dataDir,
    seed: 'crash-safety',
    clockStart: '2026-03-02T15:00:00.000Z',
    compactJournalAtBytes: compaction === undefined ? undefined : Number(compaction),
  });
  const call = (method: string, path: string, body?: unknown) =>
    fetch(sandbox.url + path, {
      method,
      headers: { authorization: `Bearer ${sandbox.token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const listed = (await (await call('GET', '/_sandbox/orders?status=paid')).json()) as {
    orders: { id: number; seller_id: number; visible_to_seller: boolean }[];
  };
  const order = listed.orders.find((candidate) => candidate.seller_id === SELLER_ID && candidate.visible_to_seller);
  if (!order) throw new Error('no paid order of the seller to write notes on');

  let counter = Number(first);
  const print = (line: string) => process.stdout.write(`${line}\n`);
  const writer = async (write: (value: number) => Promise<string | undefined>) => {
    for (;;) {
      const line = await write(counter++);
      if (line) print(line);
    }
  };
  const acknowledged = async (answer: Promise<Response>) => {
    const response = await answer;
    const body = (await response.json()) as Record<string, unknown>;
    if (response.status >= 300) throw new Error(`${response.status} ${JSON.stringify(body)}`);
    return body;
  };
  print('ready');
  await Promise.all([
    writer(async (value) => {
      await acknowledged(call('PUT', `/items/${itemId}`, { price: 10_000 + value }));
      return `price ${10_000 + value}`;
    }),
    writer(async (value) => {
      await acknowledged(call('PUT', `/items/${itemId}`, { available_quantity: value }));
      return `stock ${value}`;
    }),
    writer(async (value) => {
      const note = await acknowledged(call('POST', `/orders/${order.id}/notes`, { note: `crash ${value}` }));
      return `note ${order.id} ${note.id}`;
    }),
  ]);
}

main().catch((failure: unknown) => {
  process.stderr.write(`${failure instanceof Error ? failure.stack : failure}\n`);
  process.exit(1);
});
