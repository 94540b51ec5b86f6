// The figures of a real VS Code (code-server): test/bench/index.ts run in the extension host through
// scripts/runIntegration.ts. Each figure taken in turns with a limit in the same window (*Use Local Sandbox* beside a
// bare server's start plus one request, each panel's first result beside an empty webview panel's first paint) is a
// paired row whose target judges the ratio. The explorer is measured in turns at the default seed and with
// `marketplace.sandbox.scale` = 100,000: each of its figures is a paired row too, its value at scale beside the
// default seed's, ratio scale ÷ default (the issue's target, ≤ 1.5×, on the figures it names). Other figures are
// readings without target.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  PANEL_TARGETS,
  PANELS,
  SANDBOX_START,
  SANDBOX_START_TARGET,
  SCALE_RATIO_TARGET,
  SCALED,
} from '../../test/bench/figureNames';
import type { Measured, VsCodeFigure } from '../../test/bench/timing';
import { type PairedRuns, pair, pairedRuns } from './paired';
import type { Report, Target } from './report';
import { BIG_SCALE } from './sandboxMemory';

/** What the code-server suite writes (test/bench/index.ts). */
export interface SuiteOutput {
  vscode?: string;
  scale: number;
  /** Why there is nothing at scale. */
  unavailable?: string;
  base: Measured;
  scaled: Measured;
}

/** What the default seed's figures are called beside their values at scale. */
export const DEFAULT_SEED = 'default seed, same window';

const TARGETED = new Set<string>(Object.values(SCALED));

/** The targets of the figures taken beside a limit, by name: each a bound on the ratio. */
const PAIRED_TARGETS: Record<string, Target> = {
  [SANDBOX_START.again]: { max: SANDBOX_START_TARGET, text: `≤ ${SANDBOX_START_TARGET}× bare start` },
  ...Object.fromEntries(
    Object.values(PANELS).flatMap((panel) => [
      [`${panel}, first open`, { max: PANEL_TARGETS.first, text: `≤ ${PANEL_TARGETS.first}× empty panel` }],
      [`${panel}, opened again`, { max: PANEL_TARGETS.again, text: `≤ ${PANEL_TARGETS.again}× empty panel` }],
    ]),
  ),
};

const SCALE_TARGET: Target = { max: SCALE_RATIO_TARGET, text: `scale ≤ ${SCALE_RATIO_TARGET}× default` };

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
  suiteFigures(report, output);
  return { vscode: output.vscode };
}

/** The suite's runs as paired runs: its own turns when it was taken beside a limit. */
function ownTurns(figure: VsCodeFigure): PairedRuns | undefined {
  if (!figure.baseline || !figure.ratios || !figure.runs) return undefined;
  return { subject: [...figure.runs], baseline: [...figure.baseline.runs], ratios: [...figure.ratios] };
}

/**
 * A figure's runs at scale beside its runs at the default seed, run by run: the suite takes both in the same rounds
 * (the n-th run of each a moment apart), so the n-th of each make a turn. A run of 0 ms (under the suite's 0.1 ms
 * rounding) gives no ratio and is left out.
 */
export function scaleTurns(base: readonly number[], scaled: readonly number[]): PairedRuns {
  const runs = pairedRuns();
  for (let at = 0; at < Math.min(base.length, scaled.length); at += 1) {
    if (base[at]! > 0) pair(runs, scaled[at]!, base[at]!, 'time');
  }
  return runs;
}

/** Adds the suite's figures to the report: paired rows where a limit or the default seed stands beside them. */
export function suiteFigures(report: Report, output: SuiteOutput): void {
  const { base, scaled, unavailable } = output;
  const scaleName = BIG_SCALE.toLocaleString('en-US');
  const counts = (measured: Measured) =>
    `${(measured.facts.items ?? 0).toLocaleString('en-US')} listings, ${(measured.facts.orders ?? 0).toLocaleString('en-US')} orders`;
  report.heading('VS Code (code-server)');
  report.add('what the explorer listed', base.facts.items ?? null, 'listings', {
    detail: `${(base.facts.orders ?? 0).toLocaleString('en-US')} orders; at --scale ${scaleName}: ${unavailable ? `not available (${unavailable})` : counts(scaled)}`,
    extra: { ...base.facts, scale_facts: JSON.stringify(scaled.facts) },
  });
  let section = '';
  for (const [name, figure] of Object.entries(base.figures)) {
    const peer = scaled.figures[name];
    const atScale = peer?.runs !== undefined && figure.runs !== undefined;
    const heading = `VS Code: ${figure.group}`;
    if (heading !== section) {
      section = heading;
      report.heading(
        heading,
        atScale ? `value at --scale ${scaleName} beside the default seed's, in turns in one window` : undefined,
      );
    }
    const targeted = TARGETED.has(name);
    const target = targeted ? SCALE_TARGET : PAIRED_TARGETS[name];
    if (figure.ms === undefined || !figure.runs) {
      // A ratio target stays a ratio target: the row says its ratio is not available.
      report.add(name, null, 'ms', { note: figure.note ?? 'not measured', target, ...(target ? { ratio: null } : {}) });
      continue;
    }
    const turns = ownTurns(figure);
    if (turns) {
      report.paired(name, turns, 'ms', figure.baseline!.name, { target, note: figure.note });
    } else if (atScale) {
      report.paired(name, scaleTurns(figure.runs, peer.runs!), 'ms', DEFAULT_SEED, {
        target,
        note: figure.note,
        extra: { default_ms: figure.ms },
      });
    } else {
      // No value at scale for a figure the target names: the default seed's is shown, the target not checked.
      const why = targeted ? `at --scale ${scaleName}: ${unavailable ?? peer?.note ?? 'not measured'}` : undefined;
      report.add(name, figure.runs, 'ms', {
        detail: why,
        target,
        ...(targeted ? { ratio: null } : {}),
        note: figure.note,
      });
    }
  }
}
