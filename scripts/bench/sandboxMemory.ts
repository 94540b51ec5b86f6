// The sandbox's start time and memory at the default seed and at `--scale 100000`, each in its own process with a
// persistent data folder: a first start (seed, save, listen), its memory after a full collection, and a restart that
// loads what the first one saved.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatNumber, median, type Report } from './report';
import { sandboxHasScale, startSandboxProcess } from './sandboxProcess';

export const BIG_SCALE = 100_000;
const MB = 1024 * 1024;

export async function sandboxStartAndMemory(report: Report, root: string, runs: number): Promise<void> {
  const scaled = sandboxHasScale(root);
  for (const scale of [0, BIG_SCALE]) {
    const label = scale ? `--scale ${BIG_SCALE.toLocaleString('en-US')}` : 'default seed';
    if (scale && !scaled) {
      const why = 'this build has no --scale';
      report.unavailable(`start, ${label} (spawn → listening)`, 'ms', why);
      report.unavailable(`memory after start, ${label}`, 'MB', why);
      report.unavailable(`restart from its saved data, ${label}`, 'ms', why);
      continue;
    }
    const first: number[] = [];
    const again: number[] = [];
    const rss: number[] = [];
    const heap: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const dataDir = mkdtempSync(join(tmpdir(), 'mi-bench-memory-'));
      try {
        const fresh = await startSandboxProcess(root, { dataDir, scale, timeoutMs: 300_000 });
        first.push(fresh.startMs);
        const memory = await fresh.memory();
        rss.push(memory.rss / MB);
        heap.push(memory.heapUsed / MB);
        await fresh.stop();
        const restarted = await startSandboxProcess(root, { dataDir, scale, timeoutMs: 300_000 });
        again.push(restarted.startMs);
        await restarted.stop();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
    report.add(`start, ${label} (spawn → listening)`, first, 'ms', {
      note: 'node start, bundle load, seed, first save, listen',
    });
    report.add(`memory after start, ${label}`, rss, 'MB RSS', {
      detail: `heap ${formatNumber(median(heap))} MB after a full GC`,
      extra: { heap_used_mb: median(heap) },
    });
    report.add(`restart from its saved data, ${label}`, again, 'ms');
  }
}
