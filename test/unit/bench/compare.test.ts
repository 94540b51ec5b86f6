// `npm run bench -- --compare`: two saved runs side by side, each ratio's change, verdicts that flipped, figures only
// one run has, and runs saved before the ratios existed.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compareRuns, comparisonMarkdown, percent, readRun, type SavedRun } from '../../../scripts/bench/compare';
import type { Figure } from '../../../scripts/bench/report';

const figure = (name: string, value: number, more: Partial<Figure> = {}): Figure => ({
  section: 'Sandbox',
  name,
  value,
  unit: 'ms',
  ...more,
});

const run = (figures: Figure[], more: Partial<SavedRun> = {}): SavedRun => ({
  date: '2026-11-26T10:00:00.000Z',
  machine: '2 × test CPU',
  commit: 'abc1234',
  figures,
  ...more,
});

describe('bench --compare', () => {
  const before = run([
    figure('GET p99', 6, { ratio: 2, verdict: 'met', target: { max: 3, text: '≤ 3× bare' } }),
    figure('PUT p99', 4, { ratio: 1.5, verdict: 'met', target: { max: 3, text: '≤ 3× bare' } }),
    figure('gone', 1),
  ]);
  const after = run(
    [
      figure('GET p99', 12, { ratio: 2.2, verdict: 'met', target: { max: 3, text: '≤ 3× bare' } }),
      figure('PUT p99', 5, { ratio: 3.3, verdict: 'missed', target: { max: 3, text: '≤ 3× bare' } }),
      figure('new', 2),
    ],
    { commit: 'def5678', load: { before: { loadavg1: 2, busyPercent: 99, sampleMs: 1000 } } },
  );

  it('pairs each figure by section and name, with its ratio’s and value’s change', () => {
    const rows = compareRuns(before, after);
    assert.deepEqual(
      rows.map((row) => row.name),
      ['GET p99', 'PUT p99', 'new', 'gone'],
    );
    assert.equal(percent(rows[0]!.ratioChange!), '+10%');
    assert.equal(percent(rows[0]!.valueChange!), '+100%');
    assert.equal(rows[2]!.before, undefined);
    assert.equal(rows[3]!.after, undefined);
  });

  it('says which verdict flipped and which ratio moved, beside both runs’ commit and load', () => {
    const markdown = comparisonMarkdown(before, after);
    assert.match(markdown, /\*\*before\*\*: 2026-11-26 10:00 · commit abc1234 · 2 × test CPU · load not recorded/);
    assert.match(markdown, /\*\*after\*\*: .* commit def5678 .* load before 2\.00 \(CPUs 99% busy\)/);
    assert.match(
      markdown,
      /\| PUT p99 \| 4 ms · \*\*1\.50×\*\* \| 5 ms · \*\*3\.30×\*\* \| ratio \+120% \(value \+25%\) \| met → missed \|/,
    );
    assert.match(markdown, /\| new \| — \| 2 ms \| only after \| {2}\|/);
    assert.match(markdown, /Verdicts changed: PUT p99 \(met → missed\)\./);
    assert.match(markdown, /Ratios that moved by 10% or more: PUT p99 \+120%; GET p99 \+10%\./);
  });

  it('reads a run saved before the ratios, and refuses a file that is not a saved run', () => {
    const folder = mkdtempSync(join(tmpdir(), 'mi-bench-compare-'));
    try {
      const old = join(folder, 'old.json');
      writeFileSync(
        old,
        JSON.stringify({
          date: '2026-11-25T10:00:00Z',
          machine: 'm',
          at: 'load 0.70',
          figures: [figure('GET p99', 6)],
        }),
      );
      const rows = compareRuns(readRun(old), after);
      assert.equal(rows[0]!.ratioChange, undefined);
      assert.match(comparisonMarkdown(readRun(old), after), /load 0\.70/);
      const wrong = join(folder, 'wrong.json');
      writeFileSync(wrong, '{"figures": 3}');
      assert.throws(() => readRun(wrong), /is not a saved bench run/);
      writeFileSync(wrong, '{');
      assert.throws(() => readRun(wrong), /is not a saved bench run/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
