// Measures the figures the project reports (never asserted in tests): bundle sizes, sandbox start-up and
// throughput over loopback. Bounded in count and time; writes test-results/bench.json and prints a table.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import * as z from 'zod';
import { MarketplaceClient } from '../src/api/client';
import { getMe } from '../src/api/users';
import { startSandbox } from '../src/sandbox/server';

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

async function main(): Promise<void> {
  execFileSync(process.execPath, [join(ROOT, 'esbuild.mjs'), '--production', '--quiet'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  for (const bundle of ['dist/extension.js', 'dist/sandbox.js']) {
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
  try {
    const client = new MarketplaceClient({ baseUrl: sandbox.url, token: () => sandbox.token });
    const me = await getMe(client);
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
  } finally {
    await sandbox.close();
  }
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
    `${JSON.stringify({ date: new Date().toISOString(), node: process.version, results }, null, 2)}\n`,
  );
  process.stdout.write('\nwritten to test-results/bench.json\n');
}

void main();
