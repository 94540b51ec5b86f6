// The bare server's process (bareServer.ts): `node --import tsx scripts/bench/bareServerMain.ts ANSWERS JOURNAL`
// reads the answers (a SameBytes JSON file), opens JOURNAL to append, listens on a free loopback port and prints
// `BARE_SERVER_URL=http://127.0.0.1:PORT`. SIGTERM closes it.
import { readFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { bareServer, type SameBytes } from './bareServer';

async function main(): Promise<void> {
  const [answersFile, journalFile] = process.argv.slice(2);
  if (!answersFile || !journalFile) throw new Error('usage: bareServerMain.ts ANSWERS.json JOURNAL');
  const answers = JSON.parse(readFileSync(answersFile, 'utf8')) as SameBytes;
  if (typeof answers?.get !== 'object' || typeof answers?.put !== 'object') {
    throw new Error(`${answersFile} holds no answers (an object with "get" and "put")`);
  }
  const journal = await open(journalFile, 'a');
  const { server } = bareServer(answers, journal);
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo;
    process.stdout.write(`BARE_SERVER_URL=http://127.0.0.1:${port}\n`);
  });
  process.once('SIGTERM', () => {
    server.closeAllConnections();
    server.close(() => void journal.close().finally(() => process.exit(0)));
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`the bare server failed: ${error instanceof Error ? error.message : error}\n`);
  process.exit(1);
});
