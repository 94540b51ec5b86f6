import assert from 'node:assert/strict';
import { getCampaignMetrics, getCampaigns } from '../../../../src/api/advertising';
import { summaryCards } from '../../../../src/features/metrics/cards';
import { metricsCsv } from '../../../../src/features/metrics/csv';
import {
  campaignSeries,
  daysOf,
  formatMetric,
  metricDefinitions,
  tableOf,
} from '../../../../src/features/metrics/series';
import { MetricsView } from '../../../../src/model/protocols/metrics';
import { addDays, metricsRangePresets } from '../../../../src/rules/advertising';
import { BUDGET_RUNS_OUT, SEEDED_ADVERTISER_IDS, SEEDED_CAMPAIGN_IDS } from '../../../../src/sandbox/advertising/seed';
import { useSandbox } from '../../support/sandbox';

const TODAY = '2026-03-02';

describe('campaign metrics built from the sandbox’s answers', () => {
  const h = useSandbox({}, false);

  it('series, cards, table and CSV of a seeded campaign’s last 30 days, as the panel builds them', async () => {
    const advertiser = SEEDED_ADVERTISER_IDS.mla;
    const { results } = await getCampaigns(h.client, advertiser);
    const campaign = results.find((entry) => entry.id === SEEDED_CAMPAIGN_IDS.guaranteedLaunch)!;
    const preset = metricsRangePresets(TODAY, campaign).find((entry) => entry.label === 'Last 30 days')!;
    const range = { from: preset.from, to: preset.to };
    assert.deepEqual(range, { from: addDays(TODAY, -29), to: TODAY });
    const answer = await getCampaignMetrics(h.client, advertiser, campaign.id, {
      dateFrom: range.from,
      dateTo: range.to,
    });
    assert.ok(answer.metrics[0]!.date > answer.metrics.at(-1)!.date, 'the API answers newest first');
    const days = daysOf(range);
    const series = campaignSeries(campaign, answer.metrics, range);
    assert.equal(series.name, 'Lanzamiento SUV 2026');
    assert.equal(series.currency, 'ARS');
    const ascending = [...answer.metrics].reverse();
    for (const definition of metricDefinitions('ARS')) {
      const values = series.series.find((entry) => entry.key === definition.key)!.values;
      const want = ascending.map((entry) =>
        definition.attribution ? entry[definition.attribution]![definition.field] : entry[definition.field],
      );
      assert.deepEqual(values, want, definition.key);
    }
    const cards = summaryCards(answer.summary, answer.metrics, series.currency);
    const card = Object.fromEntries(cards.map((entry) => [entry.key, entry]));
    assert.equal(card.prints?.value, formatMetric(answer.summary.prints, 'count', 'ARS'));
    assert.equal(card.prints?.note, undefined, 'the sandbox’s summary adds the rows up');
    assert.equal(card.consumed_budget?.note, undefined);
    assert.equal(card['event_time.direct_amount']?.note, undefined);
    assert.equal(card.ctr?.value, formatMetric(answer.summary.ctr, 'percent', 'ARS'));
    assert.match(card.ctr!.value, /^\d\.\d\d %$/, 'a share shown as a percentage');
    const daysReach = answer.metrics.reduce((total, entry) => total + entry.reach!, 0);
    assert.ok(answer.summary.reach! < daysReach);
    assert.match(card.reach?.note ?? '', new RegExp(`\\(${daysReach.toLocaleString('en-US')}\\)\\.$`));
    assert.ok(card.average_frequency?.note);
    const view = {
      range,
      days,
      campaigns: [series],
      cards,
      table: tableOf([series], days),
      rowCount: answer.metrics.length,
    };
    assert.deepEqual(MetricsView.parse(view), view, 'fits the panel protocol');
    const csv = metricsCsv(days, [series], 'both');
    assert.equal(csv.split('\r\n').length, 1 + 30 + 1);
  });

  it('shows the budget running out and the currency of an MX campaign', async () => {
    const advertiser = SEEDED_ADVERTISER_IDS.mlm;
    const { results } = await getCampaigns(h.client, advertiser);
    const campaign = results.find((entry) => entry.id === SEEDED_CAMPAIGN_IDS.mlmGuaranteed)!;
    const range = { from: addDays(TODAY, BUDGET_RUNS_OUT - 5), to: TODAY };
    const answer = await getCampaignMetrics(h.client, advertiser, campaign.id, {
      dateFrom: range.from,
      dateTo: range.to,
    });
    const series = campaignSeries(campaign, answer.metrics, range);
    const budget = series.series.find((entry) => entry.key === 'consumed_budget')!;
    assert.equal(budget.label, 'Consumed budget (MXN)');
    assert.ok(budget.values.slice(0, 6).every((value) => value! > 0));
    assert.ok(budget.values.slice(6).every((value) => value === 0));
    const cards = summaryCards(answer.summary, answer.metrics, series.currency);
    assert.match(cards.find((entry) => entry.key === 'consumed_budget')!.value, /^MXN [\d,]+\.\d\d$/);
  });
});
