// The sandbox beside the mock server an integrator would generate instead from the same OpenAPI document
// (schemas/openapi.json) with Prism's mock mode, in one run: `GET /items/{id}` and a creation (`POST /items` with a
// valid body) at 10 and 50 connections, autocannon in the bench process, each server in its own process. The runs are
// taken in turns (every case on one side then the other, the order swapped each round) so that whatever else loads
// the machine falls on both alike. They do not do the same work, and the rows say so: the sandbox checks every rule
// of the spec and keeps what it is sent (a created listing can be read back), in memory as the package runs by
// default; Prism checks the request against the document and answers a static body, keeping nothing.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type LoadRequest, type LoadRun, loadRun } from './load';
import { type ReadySandbox, startPackagedSandbox } from './packageStart';
import { ensurePrism, PRISM_VERSION, startPrismMock } from './prism';
import { formatNumber, median, type Report } from './report';
import type { InstalledPackage } from './sandboxPackage';
import type { ServerProcess } from './serverProcess';
import { activeItemIds } from './throughput';

export const VERSUS_CONNECTIONS = [10, 50] as const;

interface Side {
  name: string;
  url: string;
  headers: Record<string, string>;
  /** Why this side is not measured (it could not start, or refused the probe request). */
  missing?: string;
}

interface VersusCase {
  label: string;
  method: 'GET' | 'POST';
  connections: number;
  /** Runs per side name. */
  runs: Map<string, LoadRun[]>;
  /** Why a side was not measured in this case. */
  refused: Map<string, string>;
}

export const VERSUS_SECTION = `Sandbox vs Prism ${PRISM_VERSION} mock (same OpenAPI document, one run, in turns)`;

/** What each side does with a request: they do not do the same work. */
export const VERSUS_ABOUT =
  'the sandbox checks every rule of the spec and keeps state (a created listing can be read back), in memory as ' +
  'the package runs by default; Prism checks the request against the document and answers the same static body ' +
  "each time (the document's example, else placeholders from its schema), keeping nothing, at its default log level";

/** A creation the sandbox accepts for its seller (a used oven holds one unit), each titled apart. */
function creation(n: number): string {
  return JSON.stringify({
    title: `Horno Electrico Usado ${n}`,
    category_id: 'MLA1322',
    price: 50_000 + (n % 1_000),
    currency_id: 'ARS',
    available_quantity: 1,
    condition: 'used',
    listing_type_id: 'gold_special',
  });
}

function requestFor(method: 'GET' | 'POST', ids: readonly string[]): (n: number) => LoadRequest {
  if (method === 'GET') return (n) => ({ method, path: `/items/${ids[n % ids.length]}` });
  return (n) => ({ method, path: '/items', body: creation(n) });
}

/** One request of the kind on a side: undefined when it answered 2xx, else what it answered. */
async function probe(side: Side, request: LoadRequest): Promise<string | undefined> {
  const answer = await fetch(`${side.url}${request.path}`, {
    method: request.method,
    headers: side.headers,
    body: request.body,
  });
  const text = await answer.text();
  return answer.ok
    ? undefined
    : `answered ${answer.status} to ${request.method} ${request.path}: ${text.slice(0, 160)}`;
}

export async function sandboxVersusPrism(
  report: Report,
  root: string,
  installed: InstalledPackage | { reason: string },
  options: { rounds: number; seconds: number },
): Promise<void> {
  report.heading(VERSUS_SECTION, VERSUS_ABOUT);
  const document = join(root, 'schemas', 'openapi.json');
  let sandbox: ReadySandbox | undefined;
  let prism: ServerProcess | undefined;
  const sides: Side[] = [];
  try {
    if ('reason' in installed) {
      sides.push({ name: 'sandbox', url: '', headers: {}, missing: installed.reason });
    } else {
      sandbox = await startPackagedSandbox(installed, ['--port', '0'], 'node').catch((error: Error) => {
        sides.push({ name: 'sandbox', url: '', headers: {}, missing: `it did not start (${error.message})` });
        return undefined;
      });
      const headers = { authorization: `Bearer ${sandbox?.token}`, 'content-type': 'application/json' };
      if (sandbox) sides.push({ name: 'sandbox', url: sandbox.server.url, headers });
    }
    const tool = existsSync(document) ? await ensurePrism(root) : { reason: 'this build has no schemas/openapi.json' };
    if ('reason' in tool) {
      sides.push({ name: 'Prism mock', url: '', headers: {}, missing: tool.reason });
    } else {
      prism = await startPrismMock(tool.bin, document, root).catch((error: Error) => {
        sides.push({ name: 'Prism mock', url: '', headers: {}, missing: `it did not start (${error.message})` });
        return undefined;
      });
      // Prism checks that a bearer token is sent, not which.
      const headers = { authorization: 'Bearer bench', 'content-type': 'application/json' };
      if (prism) sides.push({ name: 'Prism mock', url: prism.url, headers });
    }
    const sandboxSide = sides[0]!;
    const ids = sandbox ? await activeItemIds(sandboxSide.url, sandbox.token) : ['MLA1'];
    const cases: VersusCase[] = (['GET', 'POST'] as const).flatMap((method) =>
      VERSUS_CONNECTIONS.map((connections) => ({
        label: method === 'GET' ? 'GET /items/{id}' : 'POST /items (a creation)',
        method,
        connections,
        runs: new Map(sides.map((side) => [side.name, []])),
        refused: new Map(),
      })),
    );
    const live = sides.filter((side) => !side.missing);
    for (const test of cases) {
      for (const side of live) {
        const refused = await probe(side, requestFor(test.method, ids)(0));
        if (refused) test.refused.set(side.name, refused);
      }
    }
    const run = (side: Side, test: VersusCase, seconds: number) =>
      loadRun({
        url: side.url,
        headers: side.headers,
        connections: test.connections,
        seconds,
        request: requestFor(test.method, ids),
      });
    // A warm-up of every case on every side: code compiled, caches filled, before anything is counted.
    for (const test of cases) {
      for (const side of live) if (!test.refused.has(side.name)) await run(side, test, 1);
    }
    for (let round = 0; round < options.rounds; round += 1) {
      const order = round % 2 ? [...live].reverse() : live;
      for (const test of cases) {
        for (const side of order) {
          if (!test.refused.has(side.name)) test.runs.get(side.name)!.push(await run(side, test, options.seconds));
        }
      }
    }
    for (const test of cases) addRows(report, test, sides, options.seconds);
  } finally {
    await sandbox?.server.stop();
    await prism?.stop();
  }
}

function addRows(report: Report, test: VersusCase, sides: readonly Side[], seconds: number): void {
  const name = `${test.label}, ${test.connections} connections`;
  for (const side of sides) {
    const why = side.missing ?? test.refused.get(side.name);
    const label = `${name}: ${side.name}`;
    if (why) {
      report.unavailable(label, 'req/s', `not measured: ${why}`);
      continue;
    }
    const list = test.runs.get(side.name)!;
    const p50 = median(list.map((entry) => entry.p50));
    const p99 = median(list.map((entry) => entry.p99));
    const failures = list.reduce((sum, entry) => sum + entry.failures, 0);
    report.add(
      label,
      list.map((entry) => entry.rps),
      'req/s',
      {
        detail: `p50 ${formatNumber(p50)} ms · p99 ${formatNumber(p99)} ms${failures ? ` · ${failures} failed` : ''}`,
        extra: { p50_ms: p50, p99_ms: p99, failures, seconds },
      },
    );
  }
  const [ours, theirs] = sides.map((side) => test.runs.get(side.name) ?? []);
  const ratioName = `${name}: sandbox ÷ Prism, req/s`;
  if (!ours?.length || !theirs?.length || ours.length !== theirs.length) {
    report.unavailable(ratioName, '×', 'not measured: one side is missing');
    return;
  }
  // Each round's two runs were taken one after the other: the ratio is the median of the rounds' ratios.
  const ratios = ours.map((entry, index) => entry.rps / theirs[index]!.rps);
  const p99Ratios = ours.map((entry, index) => entry.p99 / theirs[index]!.p99);
  report.add(ratioName, ratios, '×', {
    detail: `p99 sandbox ÷ Prism ${formatNumber(median(p99Ratios))}×`,
    extra: { p99_ratio: median(p99Ratios) },
  });
}
