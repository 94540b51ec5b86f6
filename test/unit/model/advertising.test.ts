import assert from 'node:assert/strict';
import { AdvertisersAnswer, MetricsAnswer, MetricsRow, MetricsSummary } from '../../../src/model/advertising';

describe('advertising model', () => {
  const block = {
    cpa_order: 1,
    cpa_ppv: 1,
    roas: 2,
    units_quantity: 3,
    direct_amount: 4,
    direct_item_quantity: 3,
    attribution_ppv: 10,
    attribution_add_to_cart: 2,
    attribution_bookmark: 1,
    attribution_checkout: 1,
  };
  const summary = {
    site_id: 'MLA',
    currency: 'ARS',
    prints: 100,
    clicks: 2,
    ctr: 0.02,
    event_time: block,
    touch_point: block,
  };

  it('parses advertisers with the optional names', () => {
    const answer = AdvertisersAnswer.parse({
      advertisers: [{ advertiser_id: 111, site_id: 'MLM', advertiser_name: 'x' }],
    });
    assert.equal(answer.advertisers[0]?.advertiser_id, 111);
    assert.ok(!AdvertisersAnswer.safeParse({ advertisers: [{ site_id: 'MLM' }] }).success);
  });

  it('shares the metric fields between rows and summary; rows need a YYYY-MM-DD date', () => {
    assert.ok(MetricsSummary.safeParse(summary).success);
    assert.ok(MetricsRow.safeParse({ ...summary, date: '2026-03-01', active_views: 5, completed_views: 2 }).success);
    assert.ok(!MetricsRow.safeParse(summary).success);
    assert.ok(!MetricsRow.safeParse({ ...summary, date: '01/03/2026' }).success);
    const parsed = MetricsAnswer.parse({ metrics: [{ ...summary, date: '2026-03-01' }], summary });
    assert.equal(parsed.summary.touch_point?.attribution_checkout, 1);
  });
});
