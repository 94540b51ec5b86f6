import assert from 'node:assert/strict';
import { getCampaignMetrics } from '../../../src/api/advertising';
import type { MetricsAnswer, MetricsRow } from '../../../src/model/advertising';
import { addDays } from '../../../src/rules/advertising';
import {
  ALWAYS_ON_PAUSE,
  BUDGET_RUNS_OUT,
  SEEDED_ADVERTISER_IDS,
  SEEDED_CAMPAIGN_IDS,
} from '../../../src/sandbox/advertising/seed';
import type { SandboxCampaign } from '../../../src/sandbox/advertising/state';
import { useSandbox } from '../support/sandbox';

const TODAY = '2026-03-02';
const T = (offset: number) => addDays(TODAY, offset);
const money = (value: number) => Math.round(value * 100) / 100;

describe('sandbox advertising: realistic daily metrics', () => {
  const h = useSandbox();
  const preview = (campaign: number, from: string, to = TODAY) =>
    h.admin<MetricsAnswer>(
      'GET',
      `/_sandbox/advertising/campaigns/${campaign}/metrics?date_from=${from}&date_to=${to}`,
    );
  const campaigns = async () =>
    (await h.admin<{ campaigns: SandboxCampaign[] }>('GET', '/_sandbox/advertising')).campaigns;
  const byDate = (rows: MetricsRow[]) => Object.fromEntries(rows.map((entry) => [entry.date, entry]));

  it('has a weekly rhythm: weekends deliver less than weekdays', async () => {
    for (const campaign of [SEEDED_CAMPAIGN_IDS.guaranteedLaunch, SEEDED_CAMPAIGN_IDS.alwaysOn]) {
      const { metrics } = await preview(campaign, T(-120));
      const delivering = metrics.filter((entry) => entry.prints! > 0);
      const weekend = (entry: MetricsRow) => [0, 6].includes(new Date(`${entry.date}T00:00:00Z`).getUTCDay());
      const mean = (rows: MetricsRow[]) => rows.reduce((total, entry) => total + entry.prints!, 0) / rows.length;
      const ratio = mean(delivering.filter(weekend)) / mean(delivering.filter((entry) => !weekend(entry)));
      assert.ok(ratio > 0.7 && ratio < 0.9, `${campaign}: weekend/weekday ${ratio.toFixed(3)}`);
    }
  });

  it('runs a budget out: the MX guaranteed campaign spends exactly its budget, on T−30 only what was left', async () => {
    const campaign = (await campaigns()).find((entry) => entry.id === SEEDED_CAMPAIGN_IDS.mlmGuaranteed)!;
    assert.ok(campaign.budget && campaign.budget > 0, 'a budget');
    assert.equal(campaign.status, 'active');
    const { metrics, summary } = await preview(campaign.id, campaign.start_date.slice(0, 10));
    const rows = byDate(metrics);
    const last = T(BUDGET_RUNS_OUT);
    const spent = metrics.reduce((total, entry) => money(total + entry.consumed_budget!), 0);
    assert.equal(spent, campaign.budget);
    assert.ok(Math.abs(summary.consumed_budget! - campaign.budget) < 0.011);
    for (const entry of metrics) assert.equal(entry.prints! > 0, entry.date <= last, entry.date);
    const lastDay = rows[last]!;
    const before = metrics.filter((entry) => entry.date < last && entry.date >= T(BUDGET_RUNS_OUT - 14));
    const usual = before.reduce((total, entry) => total + entry.consumed_budget!, 0) / before.length;
    assert.ok(lastDay.consumed_budget! < usual * 0.7, `a short last day: ${lastDay.consumed_budget} vs ${usual}`);
    assert.ok(lastDay.clicks! <= lastDay.prints! && lastDay.reach! <= lastDay.prints!);
    // The API's window shows the stop too, and its summary still adds up.
    const api = await getCampaignMetrics(h.client, SEEDED_ADVERTISER_IDS.mlm, campaign.id, {
      dateFrom: T(-45),
      dateTo: TODAY,
      sortOrder: 'asc',
    });
    assert.deepEqual(api.metrics, metrics.slice(-46));
    assert.deepEqual(
      api.metrics.filter((entry) => entry.date > last).map((entry) => entry.consumed_budget),
      Array(30).fill(0),
    );
  });

  it('has a paused stretch: the always-on campaign delivers nothing from T−75 to T−62, then again', async () => {
    const campaign = (await campaigns()).find((entry) => entry.id === SEEDED_CAMPAIGN_IDS.alwaysOn)!;
    assert.deepEqual(campaign.pauses, [{ from: T(ALWAYS_ON_PAUSE.from), until: T(ALWAYS_ON_PAUSE.until) }]);
    assert.equal(campaign.status, 'active');
    const { metrics } = await getCampaignMetrics(h.client, SEEDED_ADVERTISER_IDS.mla, campaign.id, {
      dateFrom: T(-90),
      dateTo: TODAY,
      sortOrder: 'asc',
    });
    for (const entry of metrics) {
      const paused = entry.date >= T(-75) && entry.date < T(-61);
      assert.equal(entry.prints === 0, paused, entry.date);
      if (paused) assert.equal(entry.consumed_budget, 0);
    }
  });

  it('is deterministic: a reset answers the same budget and figures', async () => {
    const first = await campaigns();
    const figures = await preview(SEEDED_CAMPAIGN_IDS.mlmGuaranteed, T(-140));
    await h.reset();
    assert.deepEqual(await campaigns(), first);
    assert.deepEqual(await preview(SEEDED_CAMPAIGN_IDS.mlmGuaranteed, T(-140)), figures);
  });
});
