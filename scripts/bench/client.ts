// What the client adds to a request (the token hook, timeouts and retries, error mapping, schema parsing): 1,000 GETs
// of one listing through the client, through plain fetch and through a bare ky instance with the client's timeout and
// retry options, against a sandbox in its own process, in interleaved turns of 100 (the three in a rotating order) so
// all see the same machine; each ratio is the median of the turns' ratios. Beside fetch, once one at a time (what a
// request's latency gains) and once 4 at a time (the explorer's multi-get; the bench process is then the bottleneck, so
// the client's CPU time shows in full). Beside ky, the client's own code: ky is the design's HTTP library, and what it
// costs over fetch is no code of the project's.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { MarketplaceClient } from '../../src/api/client';
import { getItem } from '../../src/api/items';
import { type PairedRuns, pair, pairedRuns } from './paired';
import { formatNumber, median, type Report, type Target } from './report';
import { startSandboxProcess } from './sandboxProcess';

const TURNS = 10;
const PER_TURN = 100;
/**
 * Beside fetch: ky alone costs about 1.5× fetch on a loopback GET of a listing (a Request built and cloned per call, a
 * timer and an abort signal per attempt), the client about 1.6×; 4 at a time, about 1.9×.
 */
const OVER_FETCH: Record<number, Target> = {
  1: { max: 2, text: '≤ 2× fetch' },
  4: { max: 2.5, text: '≤ 2.5× fetch' },
};
/** Beside ky with the same options: the project's own code (the token hook, reading, depth check and zod validation of
 * the listing, jitless) took 1.40× (idle) to 1.45× (loaded); a change that adds half of ky's cost again misses. */
const OVER_KY: Target = { max: 1.75, text: '≤ 1.75× ky' };

type Call = () => Promise<void>;

export async function clientOverhead(report: Report, root: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mi-bench-client-'));
  const sandbox = await startSandboxProcess(root, { dataDir });
  try {
    const { url, token } = sandbox;
    const client = new MarketplaceClient({ baseUrl: url, token: () => token });
    const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
    const me = (await (await fetch(`${url}/users/me`, { headers })).json()) as { id: number };
    const search = await fetch(`${url}/users/${me.id}/items/search?limit=1`, { headers });
    const id = ((await search.json()) as { results: string[] }).results[0] ?? '';
    const { default: ky } = await import('ky');
    const bareKy = ky.create({ timeout: 15_000, totalTimeout: 60_000, retry: { limit: 3 } });
    const sides: Record<'fetch' | 'ky' | 'client', Call> = {
      fetch: async () => {
        await (await fetch(`${url}/items/${id}`, { headers })).json();
      },
      ky: async () => {
        await (await bareKy(`${url}/items/${id}`, { headers })).json();
      },
      client: async () => {
        await getItem(client, id);
      },
    };
    for (const atOnce of [1, 4]) await compare(report, sides, atOnce);
  } finally {
    await sandbox.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function compare(report: Report, sides: Record<'fetch' | 'ky' | 'client', Call>, atOnce: number): Promise<void> {
  const turn = async (call: Call) => {
    const started = performance.now();
    for (let done = 0; done < PER_TURN; done += atOnce) await Promise.all(Array.from({ length: atOnce }, call));
    return performance.now() - started;
  };
  const names = ['fetch', 'ky', 'client'] as const;
  // Warm-up: every path compiled, connections open, the sandbox's caches filled.
  for (let warm = 0; warm < 3; warm += 1) for (const name of names) await turn(sides[name]);
  const overFetch = pairedRuns();
  const overKy = pairedRuns();
  for (let index = 0; index < TURNS; index += 1) {
    // A rotating order, so no side always follows another's garbage.
    const order = names.map((_, at) => names[(at + index) % names.length]!);
    const took: Partial<Record<(typeof names)[number], number>> = {};
    for (const name of order) took[name] = await turn(sides[name]);
    pair(overFetch, took.client!, took.fetch!, 'time');
    pair(overKy, took.client!, took.ky!, 'time');
  }
  const how = atOnce === 1 ? 'one at a time' : `${atOnce} at a time`;
  add(report, `${PER_TURN} GETs /items/{id} through the client, ${how}`, overFetch, 'plain fetch', OVER_FETCH[atOnce]);
  if (atOnce === 1)
    add(report, `${PER_TURN} GETs /items/{id} through the client, ${how}, beside ky`, overKy, 'ky alone', OVER_KY);
}

function add(report: Report, name: string, runs: PairedRuns, limit: string, target: Target | undefined): void {
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const added = median(runs.subject.map((value, index) => (value - runs.baseline[index]!) / PER_TURN));
  report.paired(name, runs, 'ms', limit, {
    target,
    detail: `+${formatNumber(added)} ms a request`,
    extra: { client_ms: sum(runs.subject), limit_ms: sum(runs.baseline), added_ms_per_request: added },
    note: `median of ${TURNS} interleaved turns of ${PER_TURN}; sandbox in another process`,
  });
}
