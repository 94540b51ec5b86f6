// The figures of a real VS Code (code-server): test/bench/index.ts run in the extension host through
// scripts/runIntegration.ts, one run in which the explorer is measured in turns at the default seed and with
// `marketplace.sandbox.scale` = 100,000. Each figure is shown at the default seed with its value at scale and the ratio
// beside it; the explorer's figures have the issue's target, scale ≤ 1.5× default.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ABSOLUTE_TARGETS, SCALE_RATIO_TARGET, SCALED } from '../../test/bench/figureNames';
import type { Measured } from '../../test/bench/timing';
import { formatNumber, type Report } from './report';
import { BIG_SCALE } from './sandboxMemory';

interface SuiteOutput {
  vscode?: string;
  scale: number;
  /** Why there is nothing at scale. */
  unavailable?: string;
  base: Measured;
  scaled: Measured;
}

const TARGETED = new Set<string>(Object.values(SCALED));

/** Runs the bench suite in code-server; the figures, or why there are none. */
function runSuite(root: string, scale: number): SuiteOutput | string {
  const out = join(root, 'test-results', 'bench-vscode.json');
  rmSync(out, { force: true });
  const run = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      join(root, 'scripts/runIntegration.ts'),
      '--extension-path',
      root,
      '--tests-path',
      join(root, 'dist/test/bench/index.js'),
    ],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, MARKETPLACE_BENCH_OUT: out, MARKETPLACE_BENCH_SCALE: String(scale) },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (run.status !== 0 || !existsSync(out)) {
    const said = `${run.stdout ?? ''}${run.stderr ?? ''}`.trim().split('\n').slice(-15).join('\n');
    process.stderr.write(`\nthe code-server bench failed:\n${said}\n`);
    return `the code-server run failed (exit ${run.status ?? run.signal})`;
  }
  return JSON.parse(readFileSync(out, 'utf8')) as SuiteOutput;
}

export function vscodeFigures(report: Report): { vscode?: string } {
  const root = join(__dirname, '..', '..');
  const output = runSuite(root, BIG_SCALE);
  if (typeof output === 'string') {
    report.heading('VS Code (code-server)');
    report.unavailable('every figure of the real VS Code', 'ms', output);
    return {};
  }
  const { base, scaled, unavailable } = output;
  const scaleName = BIG_SCALE.toLocaleString('en-US');
  const counts = (measured: Measured) =>
    `${(measured.facts.items ?? 0).toLocaleString('en-US')} listings, ${(measured.facts.orders ?? 0).toLocaleString('en-US')} orders`;
  report.heading('VS Code (code-server)');
  report.add('what the explorer listed', base.facts.items ?? null, 'listings', {
    detail: `${(base.facts.orders ?? 0).toLocaleString('en-US')} orders; at --scale ${scaleName}: ${unavailable ? `not available (${unavailable})` : counts(scaled)}`,
    extra: { ...base.facts, scale_facts: JSON.stringify(scaled.facts) },
  });
  for (const [name, figure] of Object.entries(base.figures)) {
    report.heading(`VS Code: ${figure.group}`);
    const peer = scaled.figures[name];
    const targeted = TARGETED.has(name);
    const bound = ABSOLUTE_TARGETS[name];
    const target = targeted
      ? { max: SCALE_RATIO_TARGET, text: `scale ≤ ${SCALE_RATIO_TARGET}× default` }
      : bound !== undefined
        ? { max: bound, strict: true, text: `< ${bound} ms` }
        : undefined;
    if (figure.ms === undefined) {
      report.unavailable(name, 'ms', figure.note ?? 'not measured', target);
      continue;
    }
    const ratio = peer?.ms !== undefined ? peer.ms / figure.ms : null;
    let detail: string | undefined;
    // Figures taken once, before the turns (activation, the panels), have no peer at scale. A ratio of
    // sub-millisecond figures says nothing: only the value at scale is shown for those.
    if (peer?.ms !== undefined) {
      const shown = figure.ms >= 1 ? ` (${formatNumber(ratio!)}×)` : '';
      detail = `at --scale ${scaleName}: ${formatNumber(peer.ms)} ms${shown}`;
    } else if (targeted) detail = `at --scale ${scaleName}: ${unavailable ?? peer?.note ?? 'not measured'}`;
    report.add(name, figure.runs ?? [figure.ms], 'ms', {
      detail,
      checked: targeted ? ratio : undefined,
      target,
      note: figure.note,
      extra: { scale_ms: peer?.ms ?? null, scale_runs: peer?.runs?.join(' ') ?? null, ratio },
    });
  }
  return { vscode: output.vscode };
}
