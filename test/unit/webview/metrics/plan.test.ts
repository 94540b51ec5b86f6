import assert from 'node:assert/strict';
import { type ChartPlan, type LinePlan, planCharts, READABLE_SHARE } from '../../../../webview/metrics/plan';
import { campaignOf, rowsOf, viewOf } from './support';

const peak = (line: LinePlan): number =>
  Math.max(0, ...line.values.map((value) => (value === null ? 0 : Math.abs(value))));

/**
 * The lines of a chart that would lie flat: a line peaks below `READABLE_SHARE` of the largest peak on its axis (the
 * axis' height, which starts at 0). A line that is 0 every day is flat because it is 0, and is not counted.
 */
function flatLines(plan: ChartPlan): string[] {
  const top = new Map<string, number>();
  for (const line of plan.lines) top.set(String(line.axis), Math.max(top.get(String(line.axis)) ?? 0, peak(line)));
  return plan.lines
    .filter((line) => peak(line) > 0 && peak(line) < (top.get(String(line.axis)) ?? 0) * READABLE_SHARE)
    .map(
      (line) =>
        `${line.label} in “${plan.title}” peaks at ${((100 * peak(line)) / (top.get(String(line.axis)) ?? 1)).toFixed(1)} % of its axis`,
    );
}

describe('metrics webview: the charts’ plan', () => {
  it('every series of one campaign is readable on its own scale: Clicks and Units beside Prints, CTR beside ROAS', () => {
    const view = viewOf([campaignOf(1, 'Launch', rowsOf(1))]);
    for (const choice of ['event_time', 'touch_point', 'both'] as const) {
      const plans = planCharts(view, choice);
      assert.deepEqual(plans.flatMap(flatLines), [], choice);
      const titles = plans.map((plan) => plan.title);
      for (const metric of ['Prints', 'Clicks', 'CTR (share)'])
        assert.ok(titles.includes(metric), `${metric}: ${titles}`);
    }
  });

  it('one chart per metric, both models of a metric on it (solid event time, dashed touch point)', () => {
    const view = viewOf([campaignOf(1, 'Launch', rowsOf(1))]);
    const plans = planCharts(view, 'both');
    assert.equal(plans.length, 8 + 10, 'eight delivery metrics and ten attributed ones');
    const roas = plans.find((plan) => plan.metric === 'roas');
    assert.deepEqual(
      roas?.lines.map((line) => [line.attribution, line.dashed]),
      [
        ['event_time', false],
        ['touch_point', true],
      ],
    );
    assert.equal(roas?.title, 'ROAS');
    const single = planCharts(view, 'touch_point');
    assert.equal(single.length, 18);
    assert.equal(single.find((plan) => plan.metric === 'roas')?.title, 'ROAS (touch point)');
    assert.ok(single.every((plan) => plan.lines.every((line) => line.attribution !== 'event_time')));
    assert.deepEqual(
      single.filter((plan) => plan.shownByDefault).map((plan) => plan.metric),
      ['prints', 'clicks', 'ctr', 'consumed_budget', 'roas', 'direct_amount', 'units_quantity'],
      'the charts drawn at first, in the order of the metrics',
    );
  });

  it('compared campaigns: each its own colour and point shape, the same on every chart', () => {
    const view = viewOf([campaignOf(1, 'Launch', rowsOf(1)), campaignOf(2, 'Always on', rowsOf(0.6))]);
    const plans = planCharts(view, 'both');
    const styleOf = new Map<number, string>();
    for (const plan of plans) {
      for (const line of plan.lines) {
        const style = `${line.colour}/${line.shape}`;
        assert.equal(styleOf.get(line.campaignId) ?? style, style, `${line.label} in ${plan.title}`);
        styleOf.set(line.campaignId, style);
      }
    }
    const [first, second] = [...styleOf.values()].map((style) => style.split('/'));
    assert.notEqual(first?.[0], second?.[0], 'two colours');
    assert.notEqual(first?.[1], second?.[1], 'two shapes (colour is not the only cue)');
    assert.deepEqual(plans.flatMap(flatLines), []);
    assert.ok(
      plans.every((plan) => plan.lines.every((line) => line.axis === 'y')),
      'campaigns of a size share one scale, so that they compare',
    );
  });

  it('a compared campaign fifty times smaller gets the right-hand axis, named, instead of lying flat', () => {
    const view = viewOf([campaignOf(1, 'Launch', rowsOf(1)), campaignOf(2, 'Tiny test', rowsOf(0.02))]);
    const plans = planCharts(view, 'event_time');
    assert.deepEqual(plans.flatMap(flatLines), []);
    const prints = plans.find((plan) => plan.metric === 'prints');
    assert.deepEqual(
      prints?.lines.map((line) => [line.campaignId, line.axis]),
      [
        [1, 'y'],
        [2, 'y1'],
      ],
    );
    assert.equal(prints?.rightAxis, 'Tiny test');
  });

  it('a campaign without rows (every value null) draws nothing flat and breaks no scale', () => {
    const view = viewOf([campaignOf(1, 'Launch', rowsOf(1)), campaignOf(2, 'Not started', [])]);
    const plans = planCharts(view, 'event_time');
    assert.deepEqual(plans.flatMap(flatLines), []);
    assert.ok(plans.every((plan) => plan.rightAxis === undefined));
  });
});
