// The CSV export of campaign metrics and the CSV import of stock and price updates, fed hostile input: formulas,
// quotes, separators and line breaks in every place, huge fields, malformed quoting, random characters.
import assert from 'node:assert/strict';
import { metricsCsv } from '../../../src/features/metrics/csv';
import { daysOf } from '../../../src/features/metrics/series';
import { parseStockPriceCsv } from '../../../src/features/requests/csv';
import type { CampaignSeries } from '../../../src/model/protocols/metrics';
import { parseCsv } from '../support/csv';

/** A small deterministic generator (an LCG: enough to spread the cases). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 4294967296;
  };
}

const FORMULA_START = /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;

/** How a cost grows from a size to 4 times it (best of three runs; linear is 4, quadratic 16). */
function growth(run: (size: number) => void, size: number): number {
  const cost = (n: number) => {
    let best = Number.POSITIVE_INFINITY;
    for (let attempt = 0; attempt < 3; attempt++) {
      const started = performance.now();
      run(n);
      best = Math.min(best, performance.now() - started);
    }
    return Math.max(best, 2);
  };
  let ratio = Number.POSITIVE_INFINITY;
  // A shared machine's pauses get two more tries.
  for (let attempt = 0; attempt < 3 && ratio >= 12; attempt++) ratio = Math.min(ratio, cost(size * 4) / cost(size));
  return ratio;
}

describe('fuzz: CSV export and import', () => {
  it('export: no text cell starts a formula, every number cell reads back as its number', () => {
    const next = random(4);
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
    const alphabet = [...'=+-@\t\r\n,"\';:|aZ9 ·＝＋－＠()!HYPERLINK'];
    const text = () => Array.from({ length: Math.floor(next() * 20) }, () => pick(alphabet)).join('');
    const days = daysOf({ from: '2026-03-01', to: '2026-03-05' });
    for (let index = 0; index < 500; index++) {
      const campaigns: CampaignSeries[] = Array.from({ length: 1 + Math.floor(next() * 3) }, (_, campaign) => {
        const values = days.map(() =>
          pick([null, Number.NaN, Infinity, 0, -0.5, -12_345.678, 1e-7, 1e21, Math.round(next() * 1e6) / 100, -3]),
        );
        return {
          campaignId: campaign,
          name: text(),
          currency: pick(['ARS', 'CLP', 'BRL']),
          series: [
            { key: 'prints', label: text() || 'Prints', unit: 'count', attribution: null, values },
            { key: 'cost', label: 'Cost', unit: 'money', attribution: null, values },
          ],
        };
      });
      const csv = metricsCsv(days, campaigns, 'both');
      const records = parseCsv(csv);
      assert.equal(records.length, days.length + 1, `case ${index}`);
      const [header, ...rows] = records;
      const headers = campaigns.flatMap((campaign) =>
        campaign.series.map((series) => `${campaign.name} · ${series.label}`),
      );
      assert.deepEqual(
        header,
        ['date', ...headers].map((cell) => (FORMULA_START.test(cell) ? `'${cell}` : cell)),
        `case ${index}`,
      );
      for (const cell of header!) assert.ok(!FORMULA_START.test(cell), `case ${index}: ${JSON.stringify(cell)}`);
      for (const [day, row] of rows.entries()) {
        assert.equal(row[0], days[day]);
        const values = campaigns.flatMap((campaign) => campaign.series.map((series) => series.values[day]));
        for (const [column, cell] of row.slice(1).entries()) {
          const value = values[column];
          if (value === null || value === undefined || !Number.isFinite(value)) {
            assert.equal(cell, '');
            continue;
          }
          assert.match(cell, /^-?\d+(?:\.\d+)?$/, `case ${index}: ${cell} is a number cell`);
          assert.ok(Math.abs(Number(cell) - value) <= 0.5 + Math.abs(value) * 1e-12, `${cell} for ${value}`);
        }
      }
    }
  });

  it('import: any text gets rows and line-numbered errors, never an exception, with bounded messages', () => {
    const next = random(7);
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
    const pieces = [
      'item_id',
      'available_quantity',
      'price',
      'MLA1234567',
      'mla99',
      '=HYPERLINK("http://evil.example")',
      '+1',
      '-5',
      '@SUM(A1:A9)',
      '1.234,50',
      '1,234.50',
      '99,9',
      '1.234',
      'x'.repeat(5000),
      '"',
      '""',
      '"a,b"',
      '"unterminated',
      ',',
      ';',
      '\t',
      '\r\n',
      '\n',
      '\r',
      ' ',
      '\uFEFF',
      '\u0000',
      '__proto__',
      'constructor',
    ];
    for (let index = 0; index < 2000; index++) {
      const header = pick(['item_id,available_quantity,price', 'item_id;price', 'price\titem_id', '', pick(pieces)]);
      const body = Array.from({ length: Math.floor(next() * 40) }, () => pick(pieces)).join('');
      const text = `${header}\n${body}`;
      const lines = text.split(/\r\n|\n|\r/).length;
      const result = parseStockPriceCsv(text);
      for (const error of result.errors) {
        assert.ok(Number.isInteger(error.line) && error.line >= 1 && error.line <= lines + 1, `case ${index}: line`);
        assert.ok(error.message.length < 600, `case ${index}: a bounded message (${error.message.length})`);
      }
      const seen = new Set<string>();
      for (const row of result.rows) {
        assert.match(row.itemId, /^[A-Z]{3}\d+$/, `case ${index}`);
        assert.ok(!seen.has(row.itemId), `case ${index}: one row per item`);
        seen.add(row.itemId);
        for (const value of Object.values(row.body)) assert.ok(Number.isFinite(value), `case ${index}`);
        assert.ok(Object.keys(row.body).every((key) => key === 'available_quantity' || key === 'price'));
      }
    }
  });

  it('import: hostile shapes cost in proportion to their size', () => {
    const shapes: ((size: number) => string)[] = [
      (size) => `item_id,price\nMLA1,a${'"'.repeat(size)}\n`,
      (size) => `item_id,price\nMLA1,"${'x'.repeat(size)}"\n`,
      (size) => `item_id,price\n${'MLA1,"1"""\n'.repeat(size / 11)}`,
      (size) => `item_id,price\nMLA1,"${'x\n'.repeat(size / 2)}`,
      (size) => `${','.repeat(size)}\n`,
      (size) => `item_id;price\n${'MLA1;1.234.567,89\n'.repeat(size / 18)}`,
      (size) => `item_id;price\nMLA1;${'1.'.repeat(size / 2)}5\n`,
      (size) => `item_id,price\n${' '.repeat(size)}"x"\n`,
    ];
    for (const shape of shapes) {
      const ratio = growth((size) => parseStockPriceCsv(shape(size)), 50_000);
      assert.ok(ratio < 12, `${JSON.stringify(shape(12))}: ×${ratio.toFixed(1)} for 4 times the size`);
    }
  });
});
