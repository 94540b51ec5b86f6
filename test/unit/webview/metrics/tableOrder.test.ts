import assert from 'node:assert/strict';
import { tableOf } from '../../../../src/features/metrics/series';
import { BY_DATE, shownColumns, sortedRows } from '../../../../webview/metrics/tableOrder';
import { campaignOf, rowsOf, viewOf } from './support';

describe('metrics webview: what the table shows, in its order (what Export CSV sends)', () => {
  const rows = rowsOf(1);
  // Two days without a row: their cells read "—".
  const view = viewOf([campaignOf(1, 'Launch', rows.slice(0, 8))]);

  it('sorted by a column: by its numbers, ties by date, days without a value last either way', () => {
    const byPrints = [...rows.slice(0, 8)].sort(
      (a, b) => (b.prints ?? 0) - (a.prints ?? 0) || a.date.localeCompare(b.date),
    );
    const descending = sortedRows(view.table.rows, { key: 'prints', direction: 'descending' }).map((row) => row.date);
    assert.deepEqual(descending, [...byPrints.map((row) => row.date), '2026-03-09', '2026-03-10']);
    const ascending = sortedRows(view.table.rows, { key: 'prints', direction: 'ascending' }).map((row) => row.date);
    assert.deepEqual(ascending, [...byPrints.reverse().map((row) => row.date), '2026-03-09', '2026-03-10']);
    // Money and shares read back from their formatted text: "ARS 20,000.00", "0.80 %".
    const budget = sortedRows(view.table.rows, { key: 'consumed_budget', direction: 'descending' });
    assert.deepEqual(
      budget.map((row) => row.date),
      descending,
      'consumed budget is half the prints: the same order',
    );
    assert.deepEqual(
      sortedRows(view.table.rows, BY_DATE).map((row) => row.date),
      view.days,
    );
  });

  it('the columns the attribution switch shows, date first, in the view’s order', () => {
    const keys = (choice: 'event_time' | 'touch_point' | 'both') =>
      shownColumns(view, choice).map((column) => column.key);
    assert.equal(keys('event_time')[0], 'date');
    assert.equal(keys('event_time').length, 1 + 8 + 10);
    assert.ok(keys('event_time').includes('event_time.roas') && !keys('event_time').includes('touch_point.roas'));
    assert.ok(keys('touch_point').includes('touch_point.roas') && !keys('touch_point').includes('event_time.roas'));
    assert.equal(keys('both').length, 1 + 28);
    const compared = viewOf([campaignOf(1, 'Launch', rows), campaignOf(2, 'Other', rows)]);
    assert.deepEqual(shownColumns(compared, 'touch_point').slice(0, 2), [
      { key: 'date', label: 'Date' },
      { key: '1:prints', label: 'Launch · Prints' },
    ]);
    assert.ok(shownColumns(compared, 'touch_point').some((column) => column.key === '2:touch_point.roas'));
  });
});

describe('metrics webview: the table sorts figures written in the display language', () => {
  it('in es and pt-BR ("10.100", "8000", "ARS 4.050,00", "0,80 %") the order is the one English gives', () => {
    // Prints from 8,000 to 10,700: Spanish groups only from five digits ("8000", "10.100").
    const rows = rowsOf(0.2);
    const campaigns = [campaignOf(1, 'Launch', rows.slice(0, 8))];
    const english = viewOf(campaigns);
    for (const locale of ['es', 'pt-BR']) {
      const table = tableOf(campaigns, english.days, locale);
      assert.match(table.rows[0]?.values.consumed_budget ?? '', /^ARS \d{1,3}\.?\d{3},\d{2}$/, locale);
      for (const key of ['prints', 'consumed_budget', 'ctr', 'event_time.roas']) {
        for (const direction of ['ascending', 'descending'] as const) {
          assert.deepEqual(
            sortedRows(table.rows, { key, direction }, locale).map((row) => row.date),
            sortedRows(english.table.rows, { key, direction }).map((row) => row.date),
            `${locale} ${key} ${direction}`,
          );
        }
      }
    }
  });
});
