import assert from 'node:assert/strict';
import {
  campaignSeries,
  currencyDecimals,
  daysOf,
  formatCount,
  formatMetric,
  formatMoney,
  formatRatio,
  formatShare,
  metricDefinitions,
  tableOf,
} from '../../../../src/features/metrics/series';
import { CampaignSeries } from '../../../../src/model/protocols/metrics';
import { row } from './support';

const RANGE = { from: '2026-02-26', to: '2026-03-02' };
const campaign = { id: 9_001_001, name: 'Lanzamiento SUV 2026' };

describe('campaign metrics: definitions and days', () => {
  it('defines the eight delivery metrics and the ten of each attribution model', () => {
    const definitions = metricDefinitions('ARS');
    assert.equal(definitions.length, 28);
    const byKey = Object.fromEntries(definitions.map((entry) => [entry.key, entry]));
    assert.deepEqual(
      definitions.filter((entry) => entry.attribution === null).map((entry) => [entry.key, entry.unit]),
      [
        ['prints', 'count'],
        ['clicks', 'count'],
        ['reach', 'count'],
        ['ctr', 'ratio'],
        ['consumed_budget', 'money'],
        ['cpm', 'money'],
        ['cpc', 'money'],
        ['average_frequency', 'ratio'],
      ],
    );
    for (const model of ['event_time', 'touch_point'] as const) {
      const units = Object.fromEntries(
        definitions.filter((entry) => entry.attribution === model).map((entry) => [entry.field, entry.unit]),
      );
      assert.deepEqual(units, {
        roas: 'ratio',
        direct_amount: 'money',
        direct_item_quantity: 'count',
        units_quantity: 'count',
        cpa_order: 'money',
        cpa_ppv: 'money',
        attribution_ppv: 'count',
        attribution_add_to_cart: 'count',
        attribution_bookmark: 'count',
        attribution_checkout: 'count',
      });
    }
    assert.equal(byKey.consumed_budget?.label, 'Consumed budget (ARS)');
    assert.equal(byKey.cpc?.label, 'CPC (ARS)');
    assert.equal(byKey['event_time.roas']?.label, 'ROAS (event time)');
    assert.equal(byKey['touch_point.direct_amount']?.label, 'Direct amount (ARS, touch point)');
    assert.equal(byKey.ctr?.display, 'percent');
    assert.equal(metricDefinitions('')[4]?.label, 'Consumed budget', 'no currency, no parentheses');
  });

  it('lists every calendar day of a range, across a month end and a leap day', () => {
    assert.deepEqual(daysOf(RANGE), ['2026-02-26', '2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    assert.deepEqual(daysOf({ from: '2024-02-28', to: '2024-03-01' }), ['2024-02-28', '2024-02-29', '2024-03-01']);
    assert.deepEqual(daysOf({ from: '2026-03-02', to: '2026-03-02' }), ['2026-03-02']);
    assert.deepEqual(daysOf({ from: '2026-03-02', to: '2026-03-01' }), []);
    assert.deepEqual(daysOf({ from: 'yesterday', to: '2026-03-01' }), []);
  });
});

describe('campaign metrics: series of a campaign', () => {
  it('puts the API’s newest-first rows in date order, one value per day, null for a day without a row', () => {
    const rows = [row('2026-03-02', 5000), row('2026-03-01', 4000), row('2026-02-27', 2000), row('2026-02-26', 1000)];
    const series = campaignSeries(campaign, rows, RANGE);
    assert.deepEqual(CampaignSeries.parse(series), series, 'fits the panel protocol');
    assert.equal(series.campaignId, 9_001_001);
    assert.equal(series.name, 'Lanzamiento SUV 2026');
    assert.equal(series.currency, 'ARS');
    const of = (key: string) => series.series.find((entry) => entry.key === key)!;
    assert.deepEqual(of('prints').values, [1000, 2000, null, 4000, 5000]);
    assert.deepEqual(of('consumed_budget').values, [500, 1000, null, 2000, 2500]);
    assert.equal(of('consumed_budget').label, 'Consumed budget (ARS)');
    assert.equal(series.series.length, 28);
    // The same rows in any order give the same series.
    assert.deepEqual(campaignSeries(campaign, [...rows].reverse(), RANGE), series);
  });

  it('carries both attribution blocks as their own series', () => {
    const series = campaignSeries(campaign, [row('2026-03-02', 5000)], RANGE);
    const of = (key: string) => series.series.find((entry) => entry.key === key)!;
    assert.deepEqual(of('event_time.units_quantity').values, [null, null, null, null, 5]);
    assert.deepEqual(of('touch_point.units_quantity').values, [null, null, null, null, 10]);
    assert.equal(of('event_time.units_quantity').attribution, 'event_time');
    assert.equal(of('touch_point.roas').attribution, 'touch_point');
    assert.equal(of('touch_point.roas').label, 'ROAS (touch point)');
    assert.deepEqual(of('touch_point.direct_amount').values.at(-1), 10 * 1000.5);
    assert.equal(of('prints').attribution, null);
  });

  it('gives null for a missing block or field, and ignores rows outside the range', () => {
    const rows = [
      row('2026-03-02', 5000, { touch_point: null, reach: undefined }),
      row('2026-03-01', 4000, { event_time: { roas: 1.5 } }),
      row('2026-02-25', 9999),
    ];
    const series = campaignSeries({ id: 7 }, rows, RANGE, 'MXN');
    const of = (key: string) => series.series.find((entry) => entry.key === key)!;
    assert.deepEqual(of('touch_point.roas').values, [null, null, null, 0.8, null]);
    assert.deepEqual(of('reach').values, [null, null, null, 2000, null]);
    assert.deepEqual(of('event_time.roas').values, [null, null, null, 1.5, 0.5]);
    assert.deepEqual(of('event_time.cpa_order').values, [null, null, null, null, 5.5]);
    assert.equal(series.name, 'Campaign 7');
    assert.equal(series.currency, 'ARS', 'the rows’ currency');
    assert.equal(campaignSeries({ id: 7 }, [], RANGE, 'MXN').currency, 'MXN', 'no rows: the one given');
    assert.ok(campaignSeries({ id: 7 }, [], RANGE).series.every((entry) => entry.values.every((v) => v === null)));
  });
});

describe('campaign metrics: formatting and the table', () => {
  it('writes money with the currency’s decimals, counts grouped, ctr as a percentage of a share', () => {
    assert.equal(formatMoney(1234.5, 'ARS'), 'ARS 1,234.50');
    assert.equal(formatMoney(1234.5, 'CLP'), 'CLP 1,235');
    assert.equal(formatMoney(98765.4, 'COP'), 'COP 98,765');
    assert.equal(formatMoney(0, 'MXN'), 'MXN 0.00');
    assert.equal(formatMoney(12.3, ''), '12.30');
    assert.deepEqual([currencyDecimals('CLP'), currencyDecimals('cop'), currencyDecimals('BRL')], [0, 0, 2]);
    assert.equal(formatCount(1234567), '1,234,567');
    assert.equal(formatRatio(1148.976), '1,148.98');
    assert.equal(formatShare(0.0123), '1.23 %');
    assert.equal(formatShare(0.010356), '1.04 %');
    assert.equal(formatMetric(null, 'money', 'ARS'), '—');
    assert.equal(formatMetric(0.5, 'percent', 'ARS'), '50.00 %');
  });

  it('builds the table: a date column, a column per series, one row per day formatted for reading', () => {
    const days = daysOf(RANGE);
    const series = campaignSeries(campaign, [row('2026-03-02', 123456, { ctr: 0.0123 })], RANGE);
    const table = tableOf([series], days);
    assert.deepEqual(table.columns.slice(0, 3), [
      { key: 'date', label: 'Date' },
      { key: 'prints', label: 'Prints' },
      { key: 'clicks', label: 'Clicks' },
    ]);
    assert.equal(table.columns.length, 29);
    assert.deepEqual(
      table.rows.map((entry) => entry.date),
      days,
    );
    const last = table.rows.at(-1)!.values;
    assert.equal(last.prints, '123,456');
    assert.equal(last.ctr, '1.23 %');
    assert.equal(last.consumed_budget, 'ARS 61,728.00');
    assert.equal(last['event_time.roas'], '12.35');
    assert.equal(table.rows[0]!.values.prints, '—');
  });

  it('keys columns by campaign when campaigns are compared, each money column in its own currency', () => {
    const days = daysOf(RANGE);
    const ars = campaignSeries(campaign, [row('2026-03-02', 1000)], RANGE);
    const clp = campaignSeries({ id: 42, name: 'Chile' }, [row('2026-03-02', 1001, { currency: 'CLP' })], RANGE);
    const table = tableOf([ars, clp], days);
    assert.equal(table.columns.length, 1 + 2 * 28);
    assert.deepEqual(
      table.columns.find((column) => column.key === '42:consumed_budget'),
      { key: '42:consumed_budget', label: 'Chile · Consumed budget (CLP)' },
    );
    const last = table.rows.at(-1)!.values;
    assert.equal(last['9001001:consumed_budget'], 'ARS 500.00');
    assert.equal(last['42:consumed_budget'], 'CLP 501');
  });
});
