import assert from 'node:assert/strict';
import { csvField, csvText, metricsCsv, plainNumber } from '../../../../src/features/metrics/csv';
import { campaignSeries, daysOf } from '../../../../src/features/metrics/series';
import type { CampaignSeries } from '../../../../src/model/protocols/metrics';
import { parseCsv } from '../../support/csv';
import { row } from './support';

const RANGE = { from: '2026-03-01', to: '2026-03-02' };
const days = daysOf(RANGE);

/** A campaign with two series, to read the CSV's shape without 28 columns. */
const small = (name: string, currency: string, values: { prints: (number | null)[]; budget: (number | null)[] }) =>
  ({
    campaignId: 1,
    name,
    currency,
    series: [
      { key: 'prints', label: 'Prints', unit: 'count', attribution: null, values: values.prints },
      {
        key: 'consumed_budget',
        label: `Consumed budget (${currency})`,
        unit: 'money',
        attribution: null,
        values: values.budget,
      },
    ],
  }) satisfies CampaignSeries;

describe('campaign metrics: CSV export', () => {
  it('writes a header and one row per day, CRLF line ends, no BOM, empty cells for null', () => {
    const csv = metricsCsv(days, [small('Autos', 'ARS', { prints: [1234567, null], budget: [1234.5, null] })], 'both');
    assert.equal(
      csv,
      'date,Autos · Prints,Autos · Consumed budget (ARS)\r\n2026-03-01,1234567,1234.50\r\n2026-03-02,,\r\n',
    );
    assert.notEqual(csv.charCodeAt(0), 0xfeff);
    assert.ok(!/[^\r]\n/.test(csv), 'every line feed follows a carriage return');
  });

  it('quotes names with commas, quotes and line breaks (RFC 4180)', () => {
    const csv = metricsCsv(days, [small('Hot Sale, "2026"\nMX', 'MXN', { prints: [1, 2], budget: [3, 4] })], 'both');
    const [header] = csv.split('\r\n2026-03-01');
    assert.equal(header, 'date,"Hot Sale, ""2026""\nMX · Prints","Hot Sale, ""2026""\nMX · Consumed budget (MXN)"');
    assert.deepEqual(parseCsv(csv)[0], [
      'date',
      'Hot Sale, "2026"\nMX · Prints',
      'Hot Sale, "2026"\nMX · Consumed budget (MXN)',
    ]);
    assert.equal(csvField('plain'), 'plain');
    assert.equal(csvField('a\rb'), '"a\rb"');
    assert.equal(csvField('say "hi"'), '"say ""hi"""');
  });

  it('writes decimals with a point and no grouping, money with the currency’s decimals', () => {
    const clp = metricsCsv(days, [small('Chile', 'CLP', { prints: [1000, 2000], budget: [98765.4, 0.6] })], 'both');
    assert.match(clp, /\r\n2026-03-01,1000,98765\r\n2026-03-02,2000,1\r\n$/);
    assert.equal(plainNumber(0.010356), '0.010356');
    assert.equal(plainNumber(1.5e-7), '0.00000015');
    assert.equal(plainNumber(1234567.891), '1234567.891');
    assert.equal(plainNumber(12.3, 2), '12.30');
    assert.equal(plainNumber(1e21), '1000000000000000000000');
    assert.equal(plainNumber(-2.5e21, 2), '-2500000000000000000000.00');
  });

  it('exports the attribution model shown: delivery columns always, then event time, touch point or both', () => {
    const series = campaignSeries({ id: 5, name: 'Launch' }, [row('2026-03-02', 5000, { ctr: 0.0123 })], RANGE);
    const records = (choice: 'event_time' | 'touch_point' | 'both') => parseCsv(metricsCsv(days, [series], choice));
    const event = records('event_time')[0]!;
    assert.equal(event.length, 1 + 8 + 10);
    assert.ok(event.includes('Launch · ROAS (event time)'));
    assert.ok(!event.some((column) => column.includes('touch point')));
    assert.ok(records('touch_point')[0]!.includes('Launch · Direct amount (ARS, touch point)'));
    assert.equal(records('both')[0]!.length, 1 + 28);
    const [, first, last] = records('event_time');
    assert.deepEqual(first, ['2026-03-01', ...Array(18).fill('')], 'a day without a row: empty cells');
    assert.equal(last![0], '2026-03-02');
    assert.equal(last![event.indexOf('Launch · CTR (share)')], '0.0123', 'ctr: the API’s share');
    assert.equal(last![event.indexOf('Launch · Consumed budget (ARS)')], '2500.00');
    assert.equal(last![event.indexOf('Launch · Direct amount (ARS, event time)')], '5002.50');
    assert.equal(last![event.indexOf('Launch · Prints')], '5000');
  });

  it('puts compared campaigns side by side, each money column in its own currency', () => {
    const csv = metricsCsv(
      days,
      [
        small('Autos', 'ARS', { prints: [1, 2], budget: [1.5, 2.25] }),
        small('Chile', 'CLP', { prints: [3, 4], budget: [1500.4, 2250.6] }),
      ],
      'both',
    );
    assert.deepEqual(csv.split('\r\n'), [
      'date,Autos · Prints,Autos · Consumed budget (ARS),Chile · Prints,Chile · Consumed budget (CLP)',
      '2026-03-01,1,1.50,3,1500',
      '2026-03-02,2,2.25,4,2251',
      '',
    ]);
  });

  it('neutralises a campaign name that would start a formula; numbers, negative ones too, stay numbers', () => {
    const names = ['=HYPERLINK("http://evil.example","x")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1', '＝1+1'];
    for (const name of names) {
      const csv = metricsCsv(days, [small(name, 'ARS', { prints: [-5, 7], budget: [-1.5, 0] })], 'both');
      const [header, first, second] = parseCsv(csv);
      assert.deepEqual(header, ['date', `'${name} · Prints`, `'${name} · Consumed budget (ARS)`], name);
      assert.deepEqual(first, ['2026-03-01', '-5', '-1.50'], name);
      assert.deepEqual(second, ['2026-03-02', '7', '0.00'], name);
    }
    assert.equal(csvText('Autos = 2'), 'Autos = 2', 'only a leading character makes a formula');
    assert.equal(csvText('=1,2'), '"\'=1,2"');
  });

  it('writes the table as shown: its columns, its rows in the order the table is sorted', () => {
    const range = { from: '2026-03-01', to: '2026-03-04' };
    const rows = [row('2026-03-01', 5000), row('2026-03-02', 9000), row('2026-03-04', 7000)];
    const series = campaignSeries({ id: 5, name: 'Launch' }, rows, range);
    // The table sorted by prints, highest first: the day without a row last.
    const shown = { days: ['2026-03-02', '2026-03-04', '2026-03-01', '2026-03-03'], columns: ['prints', 'clicks'] };
    const records = parseCsv(metricsCsv(daysOf(range), [series], 'event_time', shown));
    assert.deepEqual(records, [
      ['date', 'Launch · Prints', 'Launch · Clicks'],
      ['2026-03-02', '9000', '90'],
      ['2026-03-04', '7000', '70'],
      ['2026-03-01', '5000', '50'],
      ['2026-03-03', '', ''],
    ]);
    const compared = [series, campaignSeries({ id: 6, name: 'Other' }, rows, range)];
    const both = parseCsv(
      metricsCsv(daysOf(range), compared, 'both', {
        days: ['2026-03-04'],
        columns: ['6:touch_point.roas', '5:prints'],
      }),
    );
    assert.deepEqual(both, [
      ['date', 'Other · ROAS (touch point)', 'Launch · Prints'],
      ['2026-03-04', String(7000 / 500 / 10), '7000'],
    ]);
  });

  it('refuses a shown table that names a day or column the view lacks, or one twice, saying which', () => {
    const series = campaignSeries({ id: 5, name: 'Launch' }, [row('2026-03-01', 5000)], RANGE);
    const csv = (shown: { days: string[]; columns: string[] }) => () => metricsCsv(days, [series], 'both', shown);
    assert.throws(csv({ days: ['2026-03-01'], columns: ['toString'] }), /column .*"toString"/);
    assert.throws(csv({ days: ['2026-03-01'], columns: ['prints', 'prints'] }), /"prints" twice/);
    assert.throws(csv({ days: ['2026-02-30'], columns: ['prints'] }), /day .*2026-02-30/);
    assert.throws(csv({ days: ['2026-03-01', '2026-03-01'], columns: ['prints'] }), /"2026-03-01" twice/);
    assert.throws(csv({ days: ['__proto__'], columns: ['prints'] }), /day .*__proto__/);
  });
});
