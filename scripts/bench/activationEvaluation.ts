// The activation bundle's evaluation in plain Node beside evaluating an empty bundle of the same format
// (emptyBundle.ts), each `require()`d in a fresh `node` process (evaluateBundle.cjs, with `vscode` resolved to a
// stand-in: evaluation only, activate() is never called), in turns. Two ratios of the same runs: the wall clock's, for
// reading (a 0.5 ms empty require is seldom preempted while the bundle's 100 ms are, so this one grows with the
// machine's load), and the CPU time's, which the target judges (time spent waiting for a CPU is not counted on either
// side). Ms per 100 KB of bundle is for reading: how much of the cost the size explains.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ACTIVATION_BUNDLE, buildEmptyBundle } from './emptyBundle';
import { pair, pairedRuns } from './paired';
import { formatNumber, median, type Report } from './report';

const run = promisify(execFile);
const CHILD = join(__dirname, 'evaluateBundle.cjs');
const KB = 1024;
const EMPTY = 'empty bundle, same esbuild options';

/** What one fresh process measured (see evaluateBundle.cjs). */
export interface Evaluation {
  /** Wall clock around require(). */
  requireMs: number;
  /** The process's CPU time (user + system, every thread) during require(). */
  cpuMs: number;
  /** The bundle's own clock (first line → last module), when it could be read. */
  markersMs: number | null;
  nowCalls: number;
}

/** `require()`s `bundle` in a fresh node process with the vscode stand-in. */
export async function evaluateInFreshNode(bundle: string, root: string): Promise<Evaluation> {
  const { stdout } = await run(process.execPath, [CHILD, bundle, root], { cwd: root });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Evaluation;
}

/**
 * On the CPU-time ratio. The bundle measured 143–157× the empty bundle's CPU time here, with other work on the machine
 * and beside a CPU-bound process alike (its wall-clock ratio went anywhere from 180× to 350×); the margin is for the
 * machine, not the bundle: modules doing 1.6 times their work would miss it.
 */
const TARGET = { max: 250, text: '≤ 250× empty bundle (CPU time)' };

export async function activationEvaluation(report: Report, root: string, turns = 15): Promise<void> {
  const wallName = `${ACTIVATION_BUNDLE} evaluation, require() in a fresh node`;
  const cpuName = `${ACTIVATION_BUNDLE} evaluation, CPU time of the same require()s`;
  const bundle = join(root, ACTIVATION_BUNDLE);
  if (!existsSync(bundle)) {
    report.unavailable(wallName, 'ms', `${ACTIVATION_BUNDLE} was not built`);
    report.unavailable(cpuName, 'ms', `${ACTIVATION_BUNDLE} was not built`, TARGET);
    return;
  }
  const folder = mkdtempSync(join(tmpdir(), 'mi-bench-empty-bundle-'));
  try {
    const empty = await buildEmptyBundle(root, folder);
    // One untimed run of each first: the first process after a build may read the files from disk.
    await evaluateInFreshNode(bundle, root);
    await evaluateInFreshNode(empty, root);
    const wall = pairedRuns();
    const cpu = pairedRuns();
    const markers: number[] = [];
    for (let turn = 0; turn < turns; turn += 1) {
      // In turns: bundle then empty, empty then bundle, … (as paired.ts's interleave, with two measures per run).
      let mine: Evaluation;
      let theirs: Evaluation;
      if (turn % 2 === 0) {
        mine = await evaluateInFreshNode(bundle, root);
        theirs = await evaluateInFreshNode(empty, root);
      } else {
        theirs = await evaluateInFreshNode(empty, root);
        mine = await evaluateInFreshNode(bundle, root);
      }
      pair(wall, mine.requireMs, theirs.requireMs, 'time');
      pair(cpu, mine.cpuMs, theirs.cpuMs, 'time');
      if (mine.markersMs !== null) markers.push(mine.markersMs);
    }
    const bytes = statSync(bundle).size;
    const ownClock = markers.length
      ? `its own clock (first line → last module) ${formatNumber(median(markers))} ms`
      : 'its own clock not read';
    report.paired(wallName, wall, 'ms', EMPTY, {
      detail: `${formatNumber(bytes / KB)} KB · ${ownClock} · wall clock, for reading · median of ${turns} turns`,
      extra: {
        bytes,
        empty_bytes: statSync(empty).size,
        markers_ms: markers.length ? median(markers) : null,
        markers_runs: markers.map((ms) => ms.toFixed(2)).join(' '),
      },
    });
    report.paired(cpuName, cpu, 'ms', EMPTY, {
      target: TARGET,
      detail: `user + system, every thread of the process · median of ${turns} turns`,
    });
    // Each turn's cost over the empty bundle, per 100 KB of bundle.
    const per100 = (runs: typeof wall) =>
      runs.subject.map((ms, turn) => ((ms - runs.baseline[turn]!) / bytes) * 100 * KB);
    const cpuPer100 = median(per100(cpu));
    report.add(`${ACTIVATION_BUNDLE} evaluation per 100 KB ((bundle − empty) ÷ size)`, per100(wall), 'ms', {
      detail: `CPU time ${formatNumber(cpuPer100)} ms · for reading`,
      extra: { cpu_ms: cpuPer100 },
    });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
