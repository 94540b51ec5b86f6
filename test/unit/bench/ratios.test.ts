// The bench's figures beside their limits (scripts/bench/paired.ts, report.ts): turns alternate which side goes first,
// ratios read as costs whatever was measured, and a target judges the ratio, never the absolute value.
import assert from 'node:assert/strict';
import { costRatio, interleave, pair, pairedRuns } from '../../../scripts/bench/paired';
import { Report } from '../../../scripts/bench/report';

/** A report that prints nothing (Report writes each figure's line as it is added). */
function quietReport(): Report {
  const report = new Report();
  report.heading('Sandbox');
  return report;
}

function silently<T>(work: () => T): T {
  const write = process.stdout.write;
  process.stdout.write = (() => true) as typeof process.stdout.write;
  try {
    return work();
  } finally {
    process.stdout.write = write;
  }
}

describe('bench figures beside their limits', () => {
  it('reads every ratio as a cost: a time over the limit’s time, the limit’s rate over a rate', () => {
    assert.equal(costRatio(30, 10, 'time'), 3);
    assert.equal(costRatio(2_000, 8_000, 'rate'), 4);
  });

  it('takes the turns alternately, subject first then limit first, and pairs each turn’s two runs', async () => {
    const order: string[] = [];
    let subjectRun = 0;
    let baselineRun = 0;
    const runs = await interleave(
      4,
      async () => {
        order.push('subject');
        subjectRun += 1;
        return 10 * subjectRun;
      },
      async () => {
        order.push('limit');
        baselineRun += 1;
        return 5 * baselineRun;
      },
    );
    assert.deepEqual(order, ['subject', 'limit', 'limit', 'subject', 'subject', 'limit', 'limit', 'subject']);
    assert.deepEqual(runs.subject, [10, 20, 30, 40]);
    assert.deepEqual(runs.baseline, [5, 10, 15, 20]);
    assert.deepEqual(runs.ratios, [2, 2, 2, 2]);
  });

  it('judges the target on the ratio: a slow machine’s large absolute value still meets it', () => {
    const runs = pairedRuns();
    // A busy machine: both sides slow, the ratio as on an idle one.
    for (const [subject, limit] of [
      [90, 60],
      [120, 80],
      [150, 100],
    ] as const)
      pair(runs, subject, limit, 'time');
    const figure = silently(() =>
      quietReport().paired('Use Local Sandbox', runs, 'ms', 'bare server start + one request', {
        target: { max: 2, text: '≤ 2× bare' },
      }),
    );
    assert.equal(figure.value, 120);
    assert.deepEqual(figure.baseline, { name: 'bare server start + one request', value: 80, runs: [60, 80, 100] });
    assert.equal(figure.ratio, 1.5);
    assert.equal(figure.verdict, 'met');
  });

  it('misses when the ratio is over the target, however small the absolute value', () => {
    const runs = pairedRuns();
    pair(runs, 1_000, 4_000, 'rate');
    const figure = silently(() =>
      quietReport().paired('PUT /items/{id}, 10 connections', runs, 'req/s', 'bare node:http', {
        target: { max: 3, text: '≤ 3× bare' },
      }),
    );
    assert.equal(figure.ratio, 4);
    assert.equal(figure.verdict, 'missed');
  });

  it('prints the value, the limit and the ratio in the markdown table, under the load before and after', () => {
    const report = quietReport();
    const runs = pairedRuns();
    pair(runs, 3.3, 1.1, 'time');
    silently(() => report.paired('GET p99', runs, 'ms', 'bare node:http', { target: { max: 4, text: '≤ 4× bare' } }));
    silently(() => report.add('start', 180, 'ms'));
    const load = { loadavg1: 1.5, busyPercent: 97.4, sampleMs: 1_000 };
    const markdown = report.markdown({
      date: new Date('2026-11-26T10:00:00Z'),
      machine: '2 × test CPU',
      load: { before: load, after: { ...load, loadavg1: 0.5, busyPercent: 3 } },
    });
    assert.match(markdown, /load before 1\.50 \(CPUs 97% busy\) · load after 0\.50 \(CPUs 3% busy\)/);
    assert.match(markdown, /\| figure \| value \| limit \(same run\) \| ratio \| target \| \|/);
    assert.match(markdown, /\| GET p99 \| 3\.30 ms \| bare node:http: 1\.10 ms \| 3\.00× \| ≤ 4× bare \| met \|/);
    assert.match(markdown, /\| start \| 180 ms \| {2}\| {2}\| {2}\| {2}\|/);
  });
});
