// What the client adds to a request (the token hook, timeouts and retries, error mapping, schema parsing): 1,000 GETs
// of one listing through the client and through plain fetch, against a sandbox in its own process, in interleaved
// turns of 100 so both see the same machine; the ratio is the median of the turns' ratios. Once one at a time (what
// a request's latency gains) and once 4 at a time (the explorer's multi-get; the bench process is then the bottleneck,
// so the client's CPU time shows in full).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { MarketplaceClient } from '../../src/api/client';
import { getItem } from '../../src/api/items';
import { formatNumber, median, type Report } from './report';
import { startSandboxProcess } from './sandboxProcess';

const TURNS = 10;
const PER_TURN = 100;

export async function clientOverhead(report: Report, root: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mi-bench-client-'));
  const sandbox = await startSandboxProcess(root, { dataDir });
  try {
    const { url, token } = sandbox;
    const client = new MarketplaceClient({ baseUrl: url, token: () => token });
    const headers = { authorization: `Bearer ${token}` };
    const me = (await (await fetch(`${url}/users/me`, { headers })).json()) as { id: number };
    const search = await fetch(`${url}/users/${me.id}/items/search?limit=1`, { headers });
    const id = ((await search.json()) as { results: string[] }).results[0] ?? '';
    const plain = async () => {
      const answer = await fetch(`${url}/items/${id}`, { headers });
      await answer.json();
    };
    const viaClient = async () => {
      await getItem(client, id);
    };
    for (const atOnce of [1, 4]) await compare(report, plain, viaClient, atOnce);
  } finally {
    await sandbox.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function compare(
  report: Report,
  plain: () => Promise<void>,
  viaClient: () => Promise<void>,
  atOnce: number,
): Promise<void> {
  const turn = async (call: () => Promise<void>) => {
    const started = performance.now();
    for (let done = 0; done < PER_TURN; done += atOnce) await Promise.all(Array.from({ length: atOnce }, call));
    return performance.now() - started;
  };
  // Warm-up: both paths compiled, connections open, the sandbox's caches filled.
  for (let warm = 0; warm < 3; warm += 1) {
    await turn(plain);
    await turn(viaClient);
  }
  const plainTurns: number[] = [];
  const clientTurns: number[] = [];
  for (let index = 0; index < TURNS; index += 1) {
    // Alternate which goes first, so neither always follows the other's garbage.
    if (index % 2) {
      clientTurns.push(await turn(viaClient));
      plainTurns.push(await turn(plain));
    } else {
      plainTurns.push(await turn(plain));
      clientTurns.push(await turn(viaClient));
    }
  }
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const ratios = clientTurns.map((value, index) => value / plainTurns[index]!);
  const how = atOnce === 1 ? 'one at a time' : `${atOnce} at a time`;
  const added = median(clientTurns.map((value, index) => (value - plainTurns[index]!) / PER_TURN)) * atOnce;
  report.add(`client overhead, ${how} (client / fetch)`, ratios, '×', {
    target: { max: 1.1, text: '≤ 1.1×' },
    detail: `${(TURNS * PER_TURN).toLocaleString('en-US')} GETs /items/{id}: ${formatNumber(sum(clientTurns))} ms vs ${formatNumber(sum(plainTurns))} ms; +${formatNumber(added)} ms a request`,
    extra: { client_ms: sum(clientTurns), fetch_ms: sum(plainTurns), added_ms_per_request: added },
    note: `median of ${TURNS} interleaved turns of ${PER_TURN}; sandbox in another process`,
  });
}
