// scripts/bench/vscode.ts turns the code-server suite's JSON into the table's rows: a figure the suite took in turns
// with a limit becomes a paired row (its limit's median beside it, the median of the turns' ratios judged by a ratio
// target), the explorer's figures become their value at scale beside the default seed's (ratio scale ÷ default, the
// 1.5× target on the figures the issue names), and no row keeps an absolute target.
import assert from 'node:assert/strict';
import { Report } from '../../../scripts/bench/report';
import { DEFAULT_SEED, type SuiteOutput, scaleTurns, suiteFigures } from '../../../scripts/bench/vscode';
import {
  EMPTY_PANEL,
  EVALUATION,
  PANEL_TARGETS,
  PANELS,
  SANDBOX_START,
  SANDBOX_START_TARGET,
  SCALE_RATIO_TARGET,
  SCALED,
} from '../../../test/bench/figureNames';

/** The suite's JSON as test/bench/index.ts writes it (timing.ts's record and recordPaired). */
function suiteOutput(): SuiteOutput {
  return {
    vscode: '1.99.0',
    scale: 100_000,
    base: {
      facts: { items: 83, orders: 240 },
      figures: {
        [EVALUATION]: { group: 'Activation and sign-in', ms: 21.5, runs: [21.5] },
        [SANDBOX_START.first]: { group: 'Activation and sign-in', ms: 140, runs: [140] },
        [SANDBOX_START.again]: {
          group: 'Activation and sign-in',
          ms: 90,
          runs: [80, 90, 120],
          baseline: { name: SANDBOX_START.limit, ms: 2, runs: [2, 1.5, 3] },
          ratios: [40, 60, 40],
        },
        [SCALED.itemsFirstPage]: { group: 'Explorer', ms: 10, runs: [10, 12, 8, 0] },
        'refresh the whole tree + first Items page': { group: 'Explorer', ms: 20, runs: [20, 20] },
        [`${PANELS.shipping}, first open`]: {
          group: 'Send and panels',
          ms: 300,
          runs: [300],
          baseline: { name: EMPTY_PANEL, ms: 50, runs: [50] },
          ratios: [6],
        },
        [`${PANELS.shipping}, opened again`]: {
          group: 'Send and panels',
          ms: 100,
          runs: [100, 120, 90],
          baseline: { name: EMPTY_PANEL, ms: 40, runs: [40, 30, 60] },
          ratios: [2.5, 4, 1.5],
        },
        [SCALED.scanPast1000]: { group: 'Explorer', note: 'only 83 items loaded' },
      },
    },
    scaled: {
      facts: { items: 100_000, orders: 1_000_000 },
      figures: {
        [SCALED.itemsFirstPage]: { group: 'Explorer', ms: 14, runs: [14, 12, 20, 5] },
        'refresh the whole tree + first Items page': { group: 'Explorer', ms: 30, runs: [30, 50] },
      },
    },
  };
}

function figuresOf(output: SuiteOutput) {
  const report = new Report();
  const write = process.stdout.write;
  // The report prints each row as it is added: kept out of the test's output.
  process.stdout.write = (() => true) as typeof process.stdout.write;
  try {
    suiteFigures(report, output);
  } finally {
    process.stdout.write = write;
  }
  return new Map(report.figures.map((figure) => [figure.name, figure]));
}

describe('bench: the code-server figures as table rows', () => {
  it('sets Use Local Sandbox beside the bare start, its ratio the median of the turns judged by the ratio target', () => {
    const figure = figuresOf(suiteOutput()).get(SANDBOX_START.again)!;
    assert.equal(figure.value, 90);
    assert.deepEqual(figure.baseline, { name: SANDBOX_START.limit, value: 2, runs: [2, 1.5, 3] });
    assert.equal(figure.ratio, 40);
    assert.deepEqual(figure.ratioRuns, [40, 60, 40]);
    assert.deepEqual(figure.target, { max: SANDBOX_START_TARGET, text: `≤ ${SANDBOX_START_TARGET}× bare start` });
    assert.equal(figure.verdict, 40 <= SANDBOX_START_TARGET ? 'met' : 'missed');
  });

  it('keeps the first click and the activation bundle evaluation as readings without target', () => {
    const figures = figuresOf(suiteOutput());
    for (const name of [SANDBOX_START.first, EVALUATION]) {
      const figure = figures.get(name)!;
      assert.ok(figure.value !== null, name);
      assert.equal(figure.target, undefined, name);
      assert.equal(figure.verdict, undefined, name);
      assert.equal(figure.baseline, undefined, name);
    }
  });

  it('sets each panel’s first open and its opens again beside the empty panel, each with its own target', () => {
    const figures = figuresOf(suiteOutput());
    const first = figures.get(`${PANELS.shipping}, first open`)!;
    assert.equal(first.baseline?.name, EMPTY_PANEL);
    assert.equal(first.baseline?.value, 50);
    assert.equal(first.ratio, 6);
    assert.equal(first.target?.max, PANEL_TARGETS.first);
    const again = figures.get(`${PANELS.shipping}, opened again`)!;
    assert.equal(again.value, 100);
    assert.equal(again.baseline?.value, 40);
    assert.equal(again.ratio, 2.5);
    assert.equal(again.target?.max, PANEL_TARGETS.again);
  });

  it('sets the explorer’s value at scale beside the default seed’s, run by run, ratio scale ÷ default', () => {
    const figures = figuresOf(suiteOutput());
    const page = figures.get(SCALED.itemsFirstPage)!;
    // The fourth run at the default seed rounded to 0 ms: no ratio from it.
    assert.deepEqual(page.runs, [14, 12, 20]);
    assert.deepEqual(page.baseline, { name: DEFAULT_SEED, value: 10, runs: [10, 12, 8] });
    assert.deepEqual(page.ratioRuns, [1.4, 1, 2.5]);
    assert.equal(page.ratio, 1.4);
    assert.deepEqual(page.target, { max: SCALE_RATIO_TARGET, text: `scale ≤ ${SCALE_RATIO_TARGET}× default` });
    assert.equal(page.verdict, 'met');
    const refresh = figures.get('refresh the whole tree + first Items page')!;
    assert.equal(refresh.ratio, 2);
    assert.equal(refresh.target, undefined);
  });

  it('leaves a named explorer figure unchecked when there is no value at scale', () => {
    const output = suiteOutput();
    output.scaled = { facts: {}, figures: {} };
    output.unavailable = 'this build has no marketplace.sandbox.scale setting';
    const page = figuresOf(output).get(SCALED.itemsFirstPage)!;
    assert.equal(page.value, 9);
    assert.equal(page.ratio, null);
    assert.equal(page.verdict, undefined);
    assert.match(page.detail ?? '', /no marketplace\.sandbox\.scale setting/);
    const scan = figuresOf(output).get(SCALED.scanPast1000)!;
    assert.equal(scan.value, null);
    assert.equal(scan.note, 'only 83 items loaded');
    assert.equal(scan.ratio, null);
    assert.equal(scan.verdict, undefined);
  });

  it('sets no absolute target on any row: every target judges a ratio', () => {
    for (const figure of figuresOf(suiteOutput()).values()) {
      if (figure.target) assert.ok(figure.ratio !== undefined, `${figure.name} has a target but no ratio`);
    }
  });

  it('pairs runs at scale with the default seed’s in order, up to the shorter list', () => {
    assert.deepEqual(scaleTurns([10, 20, 5], [15, 10]), { subject: [15, 10], baseline: [10, 20], ratios: [1.5, 0.5] });
  });
});
