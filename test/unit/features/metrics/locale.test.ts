// The metrics host in the display language: its words from the bundle (@vscode/l10n, configured here with a small
// Spanish bundle as activation configures it with VS Code's), its figures in the display locale, and the CSV with
// that locale's separators (`;` and a decimal comma in es and pt-BR, as their spreadsheets read a CSV).
import assert from 'node:assert/strict';
import * as l10n from '@vscode/l10n';
import { summaryCards } from '../../../../src/features/metrics/cards';
import { csvSeparators, metricsCsv } from '../../../../src/features/metrics/csv';
import { campaignSeries, daysOf, formatMetric, tableOf } from '../../../../src/features/metrics/series';
import type { MetricsSummary } from '../../../../src/model/advertising';
import { row } from './support';

const RANGE = { from: '2026-03-01', to: '2026-03-02' };
const days = daysOf(RANGE);

const SPANISH = {
  date: 'fecha',
  Prints: 'Impresiones',
  'Consumed budget': 'Presupuesto consumido',
  'CTR (share)': 'CTR (proporción)',
  'event time': 'momento del evento',
  '{0} ({1})': '{0} ({1})',
  '{0} · {1}': '{0} · {1}',
  Date: 'Fecha',
  "The API reports reach over the whole range: unique users are not the sum of the days' ({0}).":
    'La API informa el alcance de todo el período: los usuarios únicos no son la suma de los de los días ({0}).',
};

describe('campaign metrics in the display language', () => {
  afterEach(() => l10n.config({ contents: {} }));

  it('figures follow the locale: es and pt-BR group with "." and write decimals with ","', () => {
    assert.equal(formatMetric(57449.13, 'money', 'ARS', 'es'), 'ARS 57.449,13');
    assert.equal(formatMetric(1234.5, 'money', 'BRL', 'pt-BR'), 'BRL 1.234,50');
    assert.equal(formatMetric(98765.4, 'money', 'CLP', 'es'), 'CLP 98.765');
    assert.equal(formatMetric(45120, 'count', '', 'pt-BR'), '45.120');
    assert.equal(formatMetric(0.0123, 'percent', '', 'es'), '1,23 %');
    assert.equal(formatMetric(3.456, 'ratio', '', 'pt-BR'), '3,46');
    assert.equal(formatMetric(57449.13, 'money', 'ARS'), 'ARS 57,449.13', 'English without a locale');
  });

  it('the table and the cards speak Spanish: labels from the bundle, figures in es', () => {
    l10n.config({ contents: SPANISH });
    const series = campaignSeries({ id: 5, name: 'Lanzamiento' }, [row('2026-03-02', 50000)], RANGE);
    const table = tableOf([series], days, 'es');
    assert.deepEqual(table.columns.slice(0, 2), [
      { key: 'date', label: 'Fecha' },
      { key: 'prints', label: 'Impresiones' },
    ]);
    assert.ok(table.columns.some((column) => column.label === 'Presupuesto consumido (ARS)'));
    assert.equal(table.rows[1]?.values.consumed_budget, 'ARS 25.000,00');
    const summary = { prints: 90000, reach: 40000, consumed_budget: 45000 } as MetricsSummary;
    const rows = [row('2026-03-01', 40000), row('2026-03-02', 50000)];
    const cards = summaryCards(summary, rows, 'ARS', 'es');
    const reach = cards.find((card) => card.key === 'reach');
    assert.equal(reach?.label, 'Reach', 'a word the bundle lacks stays English');
    assert.equal(reach?.value, '40.000');
    assert.equal(
      reach?.note,
      'La API informa el alcance de todo el período: los usuarios únicos no son la suma de los de los días (45.000).',
    );
    assert.equal(cards.find((card) => card.key === 'consumed_budget')?.value, 'ARS 45.000,00');
  });

  it('the CSV in es: semicolons between fields, decimal commas, no grouping, headers from the bundle', () => {
    l10n.config({ contents: SPANISH });
    assert.deepEqual(csvSeparators('es'), { field: ';', decimal: ',' });
    assert.deepEqual(csvSeparators('pt-BR'), { field: ';', decimal: ',' });
    assert.deepEqual(csvSeparators('en-US'), { field: ',', decimal: '.' });
    const series = campaignSeries(
      { id: 5, name: 'Hot Sale; "2026", MX' },
      [row('2026-03-02', 1234567, { ctr: 0.0123 })],
      RANGE,
    );
    const csv = metricsCsv(days, [series], 'event_time', { days, columns: ['prints', 'consumed_budget', 'ctr'] }, 'es');
    assert.equal(
      csv,
      'fecha;"Hot Sale; ""2026"", MX · Impresiones";"Hot Sale; ""2026"", MX · Presupuesto consumido (ARS)";' +
        '"Hot Sale; ""2026"", MX · CTR (proporción)"\r\n' +
        '2026-03-01;;;\r\n' +
        '2026-03-02;1234567;617283,50;0,0123\r\n',
    );
  });

  it('the CSV in pt-BR takes the same separators; a name with a comma alone needs no quotes there', () => {
    const series = campaignSeries({ id: 5, name: 'Verão, 2026' }, [row('2026-03-01', 5000)], RANGE);
    const csv = metricsCsv(days, [series], 'event_time', { days: ['2026-03-01'], columns: ['cpm'] }, 'pt-BR');
    assert.equal(csv, 'date;Verão, 2026 · CPM (ARS)\r\n2026-03-01;500,00\r\n');
  });
});
