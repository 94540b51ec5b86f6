// Sandbox throughput and latency under load: autocannon (the load generator, in the bench process) against a sandbox
// in its own process, `GET /items/{id}` and `PUT /items/{id}` at 1, 10 and 50 connections, a few seconds each; the
// runs are taken in rounds (every case once, then again) so a slow moment of the machine does not fall on one case.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LoadRun, loadRun } from './load';
import { formatNumber, median, type Report, type Target } from './report';
import { startSandboxProcess } from './sandboxProcess';

export const CONNECTIONS = [1, 10, 50] as const;

interface LoadCase {
  label: string;
  connections: number;
  method: 'GET' | 'PUT';
}

/** The issue's targets: a durable PUT over 2,000 req/s with p99 under 20 ms at 10 connections; GET p99 under 10 ms at 50. */
const TARGETS: Record<string, { rps?: Target; p99?: Target }> = {
  'PUT 10': {
    rps: { min: 2_000, strict: true, text: '> 2,000 req/s' },
    p99: { max: 20, strict: true, text: '< 20 ms' },
  },
  'GET 50': { p99: { max: 10, strict: true, text: '< 10 ms' } },
};

/** The seller's active listings (the ones a price change applies to). */
export async function activeItemIds(url: string, token: string): Promise<string[]> {
  const headers = { authorization: `Bearer ${token}` };
  const me = (await (await fetch(`${url}/users/me`, { headers })).json()) as { id: number };
  const search = await fetch(`${url}/users/${me.id}/items/search?status=active&limit=50`, { headers });
  const ids = ((await search.json()) as { results: string[] }).results;
  if (ids.length === 0) throw new Error('the sandbox has no active item to load');
  return ids;
}

function load(url: string, token: string, ids: readonly string[], test: LoadCase, seconds: number): Promise<LoadRun> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (test.method === 'PUT') headers['content-type'] = 'application/json';
  return loadRun({
    url,
    headers,
    connections: test.connections,
    seconds,
    // Each request names another listing (and a PUT another price), as a busy integration would.
    request: (next) => {
      const path = `/items/${ids[next % ids.length]}`;
      if (test.method === 'GET') return { method: 'GET', path };
      return { method: 'PUT', path, body: JSON.stringify({ price: 10_000 + (next % 5_000) }) };
    },
  });
}

/**
 * Adds `GET /items/{id}` and `PUT /items/{id}` at each connection count: req/s (median of `rounds`), with p50 and
 * p99 latency (each the median of the rounds).
 */
export async function sandboxThroughput(
  report: Report,
  root: string,
  options: { rounds: number; seconds: number },
): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mi-bench-load-'));
  const sandbox = await startSandboxProcess(root, { dataDir });
  try {
    const ids = await activeItemIds(sandbox.url, sandbox.token);
    const cases: LoadCase[] = (['GET', 'PUT'] as const).flatMap((method) =>
      CONNECTIONS.map((connections) => ({ label: `${method} /items/{id}`, connections, method })),
    );
    // A short warm-up: the sandbox's code is compiled and its caches filled before anything is counted.
    for (const test of cases.filter((entry) => entry.connections === 10)) {
      await load(sandbox.url, sandbox.token, ids, test, 1);
    }
    const runs = new Map<LoadCase, LoadRun[]>(cases.map((test) => [test, []]));
    for (let round = 0; round < options.rounds; round += 1) {
      for (const test of cases)
        runs.get(test)!.push(await load(sandbox.url, sandbox.token, ids, test, options.seconds));
    }
    for (const test of cases) {
      const list = runs.get(test)!;
      const p50 = median(list.map((run) => run.p50));
      const p99 = median(list.map((run) => run.p99));
      const failures = list.reduce((sum, run) => sum + run.failures, 0);
      const name = `${test.label}, ${test.connections} connection${test.connections > 1 ? 's' : ''}`;
      const targets = TARGETS[`${test.method} ${test.connections}`];
      report.add(
        name,
        list.map((run) => run.rps),
        'req/s',
        {
          detail: `p50 ${formatNumber(p50)} ms · p99 ${formatNumber(p99)} ms${failures ? ` · ${failures} failed` : ''}`,
          extra: { p50_ms: p50, p99_ms: p99, failures, seconds: options.seconds },
          target: targets?.rps,
        },
      );
      if (targets?.p99)
        report.add(
          `${name}: p99`,
          list.map((run) => run.p99),
          'ms',
          { target: targets.p99 },
        );
    }
  } finally {
    await sandbox.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
