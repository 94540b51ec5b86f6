// Sandbox throughput and latency under load, each beside its limit: autocannon (the load generator, in the bench
// process) against a sandbox in its own process and against a bare `node:http` server in its own process that answers
// the same bytes (bareServer.ts; for a PUT it appends the body and answers once one fdatasync per group of concurrent
// writes covers it), `GET /items/{id}` and `PUT /items/{id}` at 1, 10 and 50 connections. Per round, per case, the
// sandbox's run and the bare server's run are taken back to back, which goes first alternating, so a slow moment of
// the machine falls on both; each turn gives a req/s ratio and a p99 ratio.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBareServerProcess, takeAnswers } from './bareServer';
import { type LoadRun, loadRun } from './load';
import { type PairedRuns, pair, pairedRuns } from './paired';
import { formatNumber, median, type Report, type Target } from './report';
import { startSandboxProcess } from './sandboxProcess';
import type { ServerProcess } from './serverProcess';

export const CONNECTIONS = [1, 10, 50] as const;

/** Each case runs on both sides every round: a run lasts at most this long, so the section keeps about its length. */
export const RUN_SECONDS = 3;

interface LoadCase {
  label: string;
  connections: number;
  method: 'GET' | 'PUT';
}

export const BARE_GET = 'bare node:http, same bytes';
export const BARE_PUT = 'bare node:http, same bytes, fdatasync per group';

/**
 * Targets on the cost ratios (the bare server's req/s ÷ the sandbox's; the sandbox's p99 ÷ the bare server's), with
 * room for a CPU-bound process beside the bench and for a disk shared with other work (the PUTs' fdatasync). Over four
 * runs, two of them beside a hog, on a machine already busy, the medians were: GET req/s 1.2–2.7× at every count, GET
 * p99 1.2–2.9× at 10 and 50 connections, PUT req/s 1.3–2.9× at 1 and 10 and 2.7–4.1× at 50, PUT p99 1.3–2.3× at 1 and
 * 1.7–4.7× at 10. A sandbox that synced each PUT alone would cost about its PUT 1 against the bare PUT 10: 4–11× in
 * those runs. Without a target: the GET p99 at 1 connection (a fraction of a millisecond, its turns 0.1–2.5× with the
 * scheduler) and the PUT p99 at 50 (4.8–9.2×, its turns 2.4–16×).
 */
const TARGETS: Record<string, { rps?: Target; p99?: Target }> = {
  'GET 1': { rps: { max: 4, text: '≤ 4× bare' } },
  'GET 10': { rps: { max: 4, text: '≤ 4× bare' }, p99: { max: 5, text: '≤ 5× bare' } },
  'GET 50': { rps: { max: 4, text: '≤ 4× bare' }, p99: { max: 5, text: '≤ 5× bare' } },
  'PUT 1': { rps: { max: 4, text: '≤ 4× bare' }, p99: { max: 6, text: '≤ 6× bare' } },
  'PUT 10': { rps: { max: 4, text: '≤ 4× bare' }, p99: { max: 6, text: '≤ 6× bare' } },
  'PUT 50': { rps: { max: 6, text: '≤ 6× bare' } },
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

/** The n-th PUT's body: another price each time, always five digits (every answer of a listing is one size). */
export function priceChange(n: number): string {
  return JSON.stringify({ price: 10_000 + (n % 5_000) });
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
      return { method: 'PUT', path, body: priceChange(next) };
    },
  });
}

interface CaseRuns {
  rps: PairedRuns;
  p99: PairedRuns;
  sandbox: LoadRun[];
  bare: LoadRun[];
}

function caseName(test: LoadCase): string {
  return `${test.label}, ${test.connections} connection${test.connections > 1 ? 's' : ''}`;
}

function addFigures(report: Report, test: LoadCase, runs: CaseRuns, seconds: number, answerBytes: number): void {
  const name = caseName(test);
  const baseline = test.method === 'GET' ? BARE_GET : BARE_PUT;
  const targets = TARGETS[`${test.method} ${test.connections}`];
  const p50 = median(runs.sandbox.map((run) => run.p50));
  const bareP50 = median(runs.bare.map((run) => run.p50));
  const failures = runs.sandbox.reduce((sum, run) => sum + run.failures, 0);
  const bareFailures = runs.bare.reduce((sum, run) => sum + run.failures, 0);
  const failed = failures || bareFailures ? ` · failed: ${failures} (bare ${bareFailures})` : '';
  const extra = {
    p50_ms: p50,
    bare_p50_ms: bareP50,
    failures,
    bare_failures: bareFailures,
    seconds,
    answer_bytes: answerBytes,
  };
  report.paired(name, runs.rps, 'req/s', baseline, {
    detail: `p50 ${formatNumber(p50)} ms (bare ${formatNumber(bareP50)} ms)${failed}`,
    extra,
    target: targets?.rps,
  });
  report.paired(`${name}: p99`, runs.p99, 'ms', baseline, { target: targets?.p99 });
}

/**
 * Adds `GET /items/{id}` and `PUT /items/{id}` at each connection count beside the bare server: req/s and p99 (each
 * the median of `rounds` turns) with the turns' cost ratios. A run lasts `seconds`, at most RUN_SECONDS.
 */
export async function sandboxThroughput(
  report: Report,
  root: string,
  options: { rounds: number; seconds: number },
): Promise<void> {
  const seconds = Math.min(options.seconds, RUN_SECONDS);
  const dataDir = mkdtempSync(join(tmpdir(), 'mi-bench-load-'));
  // The bare server's journal on the same file system as the sandbox's data folder: its fdatasync costs the same.
  const bareDir = mkdtempSync(join(tmpdir(), 'mi-bench-bare-'));
  const sandbox = await startSandboxProcess(root, { dataDir });
  let bare: ServerProcess | undefined;
  try {
    const ids = await activeItemIds(sandbox.url, sandbox.token);
    // What the sandbox answers a PUT of each listing (then a GET of it), handed to the bare server to answer.
    const answers = await takeAnswers(sandbox.url, sandbox.token, ids, priceChange);
    bare = await startBareServerProcess(root, answers, bareDir);
    const sides = { sandbox: sandbox.url, bare: bare.url };
    const cases: LoadCase[] = (['GET', 'PUT'] as const).flatMap((method) =>
      CONNECTIONS.map((connections) => ({ label: `${method} /items/{id}`, connections, method })),
    );
    // A short warm-up: both servers' code is compiled and their caches filled before anything is counted.
    for (const test of cases.filter((entry) => entry.connections === 10)) {
      for (const url of Object.values(sides)) await load(url, sandbox.token, ids, test, 1);
    }
    const runs = new Map<LoadCase, CaseRuns>(
      cases.map((test) => [test, { rps: pairedRuns(), p99: pairedRuns(), sandbox: [], bare: [] }]),
    );
    for (let round = 0; round < options.rounds; round += 1) {
      for (const [index, test] of cases.entries()) {
        const sandboxFirst = (round + index) % 2 === 0;
        const first = await load(sandboxFirst ? sides.sandbox : sides.bare, sandbox.token, ids, test, seconds);
        const second = await load(sandboxFirst ? sides.bare : sides.sandbox, sandbox.token, ids, test, seconds);
        const [mine, theirs] = sandboxFirst ? [first, second] : [second, first];
        const entry = runs.get(test)!;
        entry.sandbox.push(mine);
        entry.bare.push(theirs);
        pair(entry.rps, mine.rps, theirs.rps, 'rate');
        pair(entry.p99, mine.p99, theirs.p99, 'time');
      }
    }
    for (const test of cases) {
      const bodies = Object.values(test.method === 'GET' ? answers.get : answers.put);
      const answerBytes = median(bodies.map((answer) => Buffer.byteLength(answer.body)));
      addFigures(report, test, runs.get(test)!, seconds, answerBytes);
    }
  } finally {
    await bare?.stop();
    await sandbox.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(bareDir, { recursive: true, force: true });
  }
}
