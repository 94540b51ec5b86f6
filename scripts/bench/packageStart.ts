// The packaged sandbox started as an integrator's CI starts it, in the empty folder the .tgz was installed into:
// `npx marketplace-sandbox --port 0`, from spawning the command to `GET /_sandbox/ready` answering 200 (the URL comes
// from the line it prints, then the route is asked every few ms). The same bin run by node without npx tells what
// npx itself costs. Then the start with a 10,000-listing fixtures file, and the peak memory of each (the kernel's
// high-water mark of the sandbox's process). Runs in rounds, every case once per round.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { writeCatalogueFixtures } from './catalogueFixtures';
import { serverPeakRss } from './peakMemory';
import { formatNumber, median, type Report } from './report';
import { type InstalledPackage, PACKAGE_NAME } from './sandboxPackage';
import { type ServerProcess, startServer } from './serverProcess';

export const FIXTURE_LISTINGS = 10_000;
const MB = 1024 * 1024;

export interface ReadySandbox {
  server: ServerProcess;
  /** Spawn → `GET /_sandbox/ready` 200, ms. */
  readyMs: number;
  token: string;
}

/**
 * Starts the installed package's sandbox (through `npx --no`, which never downloads, or node running its bin) with
 * `args`, and resolves once its readiness route answers 200.
 */
export async function startPackagedSandbox(
  installed: InstalledPackage,
  args: string[],
  via: 'npx' | 'node',
): Promise<ReadySandbox> {
  const server = await startServer(
    via === 'npx'
      ? { command: 'npx', args: ['--no', '--', PACKAGE_NAME, ...args], cwd: installed.folder, urlLine: URL_LINE }
      : { command: process.execPath, args: [installed.bin, ...args], cwd: installed.folder, urlLine: URL_LINE },
  );
  try {
    await untilReady(server.url);
  } catch (error) {
    await server.stop();
    throw error;
  }
  const readyMs = performance.now() - server.spawnedAt;
  const token = /^MARKETPLACE_SANDBOX_TOKEN=(\S+)$/m.exec(server.stdout())?.[1] ?? '';
  return { server, readyMs, token };
}

const URL_LINE = /^MARKETPLACE_SANDBOX_URL=(\S+)$/m;

/** Asks `GET /_sandbox/ready` every 2 ms until it answers 200 (at most 60 s). */
async function untilReady(url: string): Promise<void> {
  const until = performance.now() + 60_000;
  let last = '';
  while (performance.now() < until) {
    try {
      const answer = await fetch(`${url}/_sandbox/ready`);
      await answer.arrayBuffer();
      if (answer.status === 200) return;
      last = `answered ${answer.status}`;
      if (answer.status === 404) throw new Error('the sandbox has no GET /_sandbox/ready route');
    } catch (error) {
      if ((error as Error).message.includes('/_sandbox/ready')) throw error;
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  throw new Error(`GET /_sandbox/ready did not answer 200 within 60 s (${last})`);
}

interface StartCase {
  name: string;
  args: string[];
  via: 'npx' | 'node';
  ready: number[];
  peak: number[];
  /** Why it could not be started (a start that failed once is not tried again). */
  failed?: string;
}

export async function packagedStarts(
  report: Report,
  installed: InstalledPackage | { reason: string },
  rounds: number,
): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'mi-bench-fixtures-'));
  try {
    const file = writeCatalogueFixtures(folder, FIXTURE_LISTINGS);
    const listings = FIXTURE_LISTINGS.toLocaleString('en-US');
    const bin = 'reason' in installed ? 'its bin' : relative(installed.folder, installed.bin);
    const cases: StartCase[] = [
      { name: `npx ${PACKAGE_NAME} --port 0`, args: ['--port', '0'], via: 'npx', ready: [], peak: [] },
      { name: `node ${bin} --port 0 (without npx)`, args: ['--port', '0'], via: 'node', ready: [], peak: [] },
      {
        name: `npx ${PACKAGE_NAME} --port 0 --fixtures (${listings} listings, ${formatNumber(file.bytes / MB)} MB)`,
        args: ['--port', '0', '--fixtures', file.path],
        via: 'npx',
        ready: [],
        peak: [],
      },
    ];
    if ('reason' in installed) {
      for (const test of cases) report.unavailable(`${test.name}: start → ready`, 'ms', installed.reason);
      return;
    }
    for (let round = 0; round < rounds; round += 1) {
      for (const test of cases) {
        if (test.failed) continue;
        try {
          const sandbox = await startPackagedSandbox(installed, test.args, test.via);
          test.ready.push(sandbox.readyMs);
          const peak = sandbox.server.child.pid === undefined ? undefined : serverPeakRss(sandbox.server.child.pid);
          if (peak !== undefined) test.peak.push(peak / MB);
          await sandbox.server.stop();
        } catch (error) {
          test.failed = (error as Error).message;
        }
      }
    }
    for (const test of cases) {
      if (test.failed) {
        report.unavailable(`${test.name}: start → ready`, 'ms', test.failed);
        continue;
      }
      report.add(`${test.name}: start → ready`, test.ready, 'ms', {
        detail: test.peak.length ? `peak ${formatNumber(median(test.peak))} MB RSS` : undefined,
        extra: { peak_rss_mb: test.peak.length ? median(test.peak) : null },
        note: 'spawn → GET /_sandbox/ready 200, in memory (no --data)',
      });
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
