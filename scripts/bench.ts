// Measures the figures the project reports (never asserted in tests): bundle sizes, sandbox start-up and
// throughput over loopback. Bounded in count and time; writes test-results/bench.json and prints a table.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import * as z from 'zod';
import { type ExchangeRecord, MarketplaceClient } from '../src/api/client';
import { getMe } from '../src/api/users';
import { clientSender, runBulk } from '../src/features/requests/bulk';
import { planFiles } from '../src/features/requests/bulkPlan';
import { HistoryStore } from '../src/features/requests/history';
import { startSandbox } from '../src/sandbox/server';
import { measureAcknowledgement } from '../test/bench/notificationsAck';
import { newPhone } from '../test/fixtures/newPhone';

const SearchIds = z.object({ results: z.array(z.string()) });

const ROOT = join(__dirname, '..');
const results: Record<string, number | string> = {};

function record(name: string, value: number | string, unit = ''): void {
  results[name] = value;
  process.stdout.write(
    `${name.padEnd(42)} ${typeof value === 'number' ? value.toFixed(value < 10 ? 2 : 0) : value} ${unit}\n`,
  );
}

async function throughput(
  label: string,
  total: number,
  concurrency: number,
  call: () => Promise<unknown>,
): Promise<void> {
  let next = 0;
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        const t0 = performance.now();
        await call();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  record(`sandbox ${label} throughput`, total / seconds, 'req/s');
  record(`sandbox ${label} p50`, latencies[Math.floor(latencies.length * 0.5)] ?? 0, 'ms');
  record(`sandbox ${label} p95`, latencies[Math.floor(latencies.length * 0.95)] ?? 0, 'ms');
}

/** A bulk send of 200 payload files (120 creations, 80 price updates): planning (live reads), then sending. */
async function benchBulk(url: string, token: string, userId: number): Promise<void> {
  const seeded = (await (
    await fetch(`${url}/_sandbox/items/bulk`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: 80 }),
    })
  ).json()) as { first: string };
  const first = Number(seeded.first.slice(3));
  let updated = 0;
  const files = Array.from({ length: 200 }, (_, n) => {
    if (n % 5 < 3) {
      const body = newPhone(`Celular Motorola Moto G85 Bench ${n}`);
      return { id: `${n}.item.json`, name: `phone-${n}.item.json`, text: JSON.stringify(body) };
    }
    const id = `MLA${first + updated++}`;
    return { id: `${id}.item.json`, name: `${id}.item.json`, text: JSON.stringify({ price: 10_000 + n }) };
  });
  // The request history records every exchange that changes something, as the extension does (a full history first).
  const history = new HistoryStore(join(mkdtempSync(join(tmpdir(), 'mi-bench-history-')), 'sandbox.json'));
  const writes: Promise<unknown>[] = [];
  let recording = false;
  let sample: ExchangeRecord | undefined;
  const client = new MarketplaceClient({
    baseUrl: url,
    token: () => token,
    retryLimit: 0,
    onExchange: (exchange) => {
      if (!recording || exchange.method === 'GET') return;
      sample = exchange;
      writes.push(history.append(exchange));
    },
  });
  const sender = { client, userId, siteId: 'MLA' };
  const t0 = performance.now();
  const plan = await planFiles(sender, files);
  const planned = performance.now() - t0;
  recording = true;
  const report = await runBulk(plan.jobs, { send: clientSender(client) });
  const total = performance.now() - t0;
  record('bulk 200 payload files: plan', planned, 'ms');
  record('bulk 200 payload files: plan + send', total, 'ms');
  record('bulk 200 payload files: outcome', `${report.succeeded.length} ok, ${plan.refused.length} refused`);
  const t1 = performance.now();
  await Promise.all(writes);
  record('bulk 200: history still writing after the run', performance.now() - t1, 'ms');
  const t2 = performance.now();
  if (sample) {
    const exchange = sample;
    await Promise.all(Array.from({ length: 200 }, () => history.append(exchange)));
  }
  record('history: 200 appends at once to a full history', performance.now() - t2, 'ms');
  // Another store on the same file (a new window): the first list parses the file, the next ones only stat it.
  const reader = new HistoryStore(history.filePath);
  const t3 = performance.now();
  await reader.list();
  record('history: list a full history, first time (parse)', performance.now() - t3, 'ms');
  const t4 = performance.now();
  await reader.list();
  record('history: list it again (unchanged file)', performance.now() - t4, 'ms');
}

/**
 * What the client adds to a request (schema parsing, the token hook, error mapping): 1,000 GETs of one listing through
 * the client and through plain fetch, in turns of 100 so both see the same machine, 4 at a time.
 */
async function clientOverhead(client: MarketplaceClient, url: string, token: string, sellerId: number): Promise<void> {
  const { getItem } = await import('../src/api/items');
  const ids = await client.get(`/users/${sellerId}/items/search`, { query: { limit: 20 }, schema: SearchIds });
  const id = ids.results[0] ?? '';
  const plain = async () => {
    const answer = await fetch(`${url}/items/${id}`, { headers: { authorization: `Bearer ${token}` } });
    await answer.json();
  };
  const viaClient = async () => {
    await getItem(client, id);
  };
  const time = async (call: () => Promise<void>) => {
    const started = performance.now();
    for (let done = 0; done < 100; done += 4) await Promise.all([call(), call(), call(), call()]);
    return performance.now() - started;
  };
  await time(plain);
  await time(viaClient);
  let plainMs = 0;
  let clientMs = 0;
  for (let turn = 0; turn < 10; turn += 1) {
    plainMs += await time(plain);
    clientMs += await time(viaClient);
  }
  record('client: 1,000 GETs through the client', clientMs, 'ms');
  record('client: 1,000 GETs through plain fetch', plainMs, 'ms');
  record('client overhead (client / fetch)', clientMs / plainMs, '×');
}

async function main(): Promise<void> {
  process.stdout.write(`${new Date().toISOString()} · ${machine()} · node ${process.version}\n`);
  execFileSync(process.execPath, [join(ROOT, 'esbuild.mjs'), '--production', '--with-tests', '--quiet'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  const webviews = ['response', 'shipping', 'metrics'].map((panel) => `dist/webview/${panel}.js`);
  for (const bundle of ['dist/extension.js', 'dist/sandbox.js', ...webviews]) {
    try {
      const bytes = statSync(join(ROOT, bundle)).size;
      record(`bundle ${bundle}`, bytes / 1024, 'KB');
      record(`bundle ${bundle} gzip`, gzipSync(readFileSync(join(ROOT, bundle))).length / 1024, 'KB');
    } catch {
      // The extension bundle exists once the extension lands.
    }
  }

  const t0 = performance.now();
  const sandbox = await startSandbox({ port: 0, clockStart: '2026-03-02T15:00:00Z' });
  record('sandbox start (seed + listen)', performance.now() - t0, 'ms');
  // The whole bench process's heap with the sandbox seeded (a difference would be lost in collection noise).
  record('heap with the sandbox started (default seed)', process.memoryUsage().heapUsed / 1024 / 1024, 'MB');
  try {
    const client = new MarketplaceClient({ baseUrl: sandbox.url, token: () => sandbox.token });
    const me = await getMe(client);
    await clientOverhead(client, sandbox.url, sandbox.token, me.id);
    await throughput('GET /users/me', 2000, 8, () => getMe(client));
    const page = await client.get(`/users/${me.id}/items/search`, { query: { limit: 50 }, schema: SearchIds });
    if (page.results.length) {
      let index = 0;
      await throughput('GET /items/{id}', 2000, 8, () =>
        client.get(`/items/${page.results[index++ % page.results.length]}`),
      );
      let offset = 0;
      await throughput('items search page of 50', 500, 4, () =>
        client.get(`/users/${me.id}/items/search`, { query: { limit: 50, offset: (offset++ * 7) % 20 } }),
      );
      await throughput('multi-get of 20', 500, 4, () =>
        client.get('/items', { query: { ids: page.results.slice(0, 20) } }),
      );
    }
    await benchBulk(sandbox.url, sandbox.token, me.id);
  } finally {
    await sandbox.close();
  }
  await benchPayloadDiagnostics(); // payload diagnostics block, below
  // The notification receiver under a burst: 1,000 notifications (20% repeated), 50 at a time, over loopback.
  const ack = await measureAcknowledgement(1000, 50);
  record('receiver ack p50 (1,000 burst, 50 at once)', ack.p50, 'ms');
  record('receiver ack p99 (1,000 burst, 50 at once)', ack.p99, 'ms');
  record('receiver distinct notifications stored', ack.stored, 'of 800');
  // Activation and tree paging in a real VS Code extension host (code-server), with the production bundle.
  process.stdout.write('\nIn a real VS Code (code-server), production bundle:\n');
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      join(ROOT, 'scripts/runIntegration.ts'),
      '--extension-path',
      ROOT,
      '--tests-path',
      join(ROOT, 'dist/test/bench/index.js'),
    ],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const vscodeFigures = JSON.parse(readFileSync(join(ROOT, 'test-results/bench-vscode.json'), 'utf8')) as {
    results: Record<string, number>;
  };
  for (const [name, value] of Object.entries(vscodeFigures.results))
    record(`vscode ${name.replace(' (ms)', '')}`, value, 'ms');
  mkdirSync(join(ROOT, 'test-results'), { recursive: true });
  writeFileSync(
    join(ROOT, 'test-results/bench.json'),
    `${JSON.stringify({ date: new Date().toISOString(), node: process.version, machine: machine(), results }, null, 2)}\n`,
  );
  process.stdout.write('\nwritten to test-results/bench.json\n');
}

/** The machine the figures were taken on, said with them. */
function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 1024 ** 3)} GiB, ${os.platform()} ${os.release()}`;
}

// ---- Payload diagnostics (src/features/authoring/analysis.ts) ------------------------------------------------------
// Diagnostics of a generated item payload of about 10 KB and 1 MB: parse, every item rule, ranges and quick fixes,
// with the category's sale terms cached from a sandbox (as the editor has them once signed in). Median of several runs.

/** An item creation payload of about `bytes` characters (pretty-printed), with one error to place and fix. */
function benchItemPayload(bytes: number): string {
  const attributes: unknown[] = [];
  const variations: unknown[] = [];
  const payload = {
    title: 'Microondas Atma 20 Litros Digital',
    category_id: 'MLA1577',
    price: 120000,
    currency_id: 'ARS',
    available_quantity: 3,
    condition: 'new',
    buying_mode: 'buy_it_now',
    listing_type_id: 'gold_special',
    pictures: Array.from({ length: 6 }, (_, index) => ({
      source: `https://example.com/pictures/microondas-${index}.jpg`,
    })),
    sale_terms: [
      { id: 'WARRANTY_TYPE', value_name: 'Garantía del vendedor' },
      { id: 'WARRANTY_TIME', value_name: '6 meses' },
      { id: 'MANUFACTURING_TIME', value_name: '46 días' },
    ],
    shipping: { mode: 'me2', local_pick_up: false, free_shipping: true, dimensions: '30x45x35,12000' },
    attributes,
    variations,
  };
  // Stringifying after every attribute would take minutes for 1 MB: large payloads check their size less often.
  const every = bytes > 100_000 ? 200 : 1;
  for (let index = 0; index % every !== 0 || JSON.stringify(payload, null, 2).length < bytes; index += 1) {
    attributes.push({ id: `ATTRIBUTE_${index}`, name: `Atributo ${index}`, value_name: `Valor del atributo ${index}` });
    if (index % 4 === 0) {
      variations.push({
        price: 120000 + index,
        available_quantity: 1 + (index % 7),
        attribute_combinations: [
          { id: 'COLOR', value_name: `Color ${index}` },
          { id: 'SIZE', value_name: String(index % 50) },
        ],
        seller_custom_field: `SKU-${index}`,
      });
    }
  }
  return JSON.stringify(payload, null, 2);
}

async function benchPayloadDiagnostics(): Promise<void> {
  const { analyzePayload } = await import('../src/features/authoring/analysis');
  const { LiveContext } = await import('../src/features/authoring/liveContext');
  const sandbox = await startSandbox({ port: 0, clockStart: '2026-03-02T15:00:00Z' });
  try {
    const client = new MarketplaceClient({ baseUrl: sandbox.url, token: () => sandbox.token });
    const me = await getMe(client);
    const session = {
      environment: 'sandbox' as const,
      baseUrl: sandbox.url,
      account: { environment: 'sandbox' as const, userId: me.id, nickname: me.nickname, siteId: me.site_id },
      client,
    };
    const live = new LiveContext({ current: session, onDidChange: () => ({ dispose() {} }) });
    for (const [label, bytes, runs] of [
      ['10 KB', 10_000, 31],
      ['1 MB', 1_000_000, 9],
    ] as const) {
      const text = benchItemPayload(bytes);
      let analysis = analyzePayload('bench.item.json', text, live.snapshot());
      await live.fetch(analysis.requests);
      const times: number[] = [];
      for (let run = 0; run < runs + 2; run += 1) {
        const started = performance.now();
        analysis = analyzePayload('bench.item.json', text, live.snapshot());
        if (run >= 2) times.push(performance.now() - started);
      }
      if (!analysis.diagnostics.some((entry) => entry.code === 'item.manufacturing_time.too_long')) {
        throw new Error(`the ${label} bench payload lost its finding`);
      }
      times.sort((a, b) => a - b);
      record(`diagnostics ${label} payload`, times[times.length >> 1]!, 'ms');
    }
    live.dispose();
  } finally {
    await sandbox.close();
  }
}
// ---- end of payload diagnostics ------------------------------------------------------------------------------------

void main();
