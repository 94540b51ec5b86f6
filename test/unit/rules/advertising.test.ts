import assert from 'node:assert/strict';
import {
  addDays,
  daysBetween,
  earliestMetricsDate,
  isCalendarDate,
  metricsWindowRule,
} from '../../../src/rules/advertising';
import { errorsOf } from '../../../src/rules/finding';

const codes = (query: { date_from?: string | null; date_to?: string | null }, today: string) =>
  errorsOf(metricsWindowRule(query, today)).map((item) => item.code);

describe('advertising rules: metrics window', () => {
  const today = '2026-03-02';

  it('requires date_from and date_to, naming the parameter', () => {
    const findings = metricsWindowRule({}, today);
    assert.deepEqual(
      findings.map((item) => [item.code, item.path[0]]),
      [
        ['DATE_REQUIRED', 'date_from'],
        ['DATE_REQUIRED', 'date_to'],
      ],
    );
    assert.match(findings[0]!.message, /The parameter date_from is required/);
    assert.deepEqual(codes({ date_from: '', date_to: null }, today), ['DATE_REQUIRED', 'DATE_REQUIRED']);
  });

  it('requires real calendar dates written YYYY-MM-DD', () => {
    for (const bad of ['2026/03/01', '01-03-2026', '2026-3-1', '2026-02-30', '2026-13-01', 'yesterday']) {
      assert.deepEqual(codes({ date_from: bad, date_to: today }, today), ['DATE_FORMAT'], bad);
    }
    assert.ok(isCalendarDate('2024-02-29'));
    assert.ok(!isCalendarDate('2025-02-29'));
  });

  it('requires date_from on or before date_to', () => {
    assert.deepEqual(codes({ date_from: '2026-03-01', date_to: '2026-03-01' }, today), []);
    assert.deepEqual(codes({ date_from: '2026-03-02', date_to: '2026-03-01' }, today), ['DATE_ORDER']);
  });

  it('allows today minus 90 calendar days and refuses minus 91', () => {
    assert.equal(earliestMetricsDate(today), '2025-12-02');
    assert.equal(daysBetween('2025-12-02', today), 90);
    assert.deepEqual(codes({ date_from: '2025-12-02', date_to: today }, today), []);
    const refused = metricsWindowRule({ date_from: '2025-12-01', date_to: today }, today);
    assert.deepEqual(
      errorsOf(refused).map((item) => item.code),
      ['DATE_TOO_OLD'],
    );
    assert.match(refused[0]!.message, /more than 90 days back; metrics can be queried from 2025-12-02/);
  });

  it('counts 90 days across a leap day and a year end', () => {
    assert.equal(earliestMetricsDate('2024-03-01'), '2023-12-02');
    assert.equal(addDays('2024-02-28', 1), '2024-02-29');
    assert.equal(earliestMetricsDate('2025-01-15'), '2024-10-17');
  });

  it('never allows a date before 2022-09-01, even within 90 days', () => {
    const early = '2022-10-15';
    assert.equal(earliestMetricsDate(early), '2022-09-01');
    assert.deepEqual(codes({ date_from: '2022-09-01', date_to: early }, early), []);
    const refused = metricsWindowRule({ date_from: '2022-08-31', date_to: early }, early);
    assert.deepEqual(
      errorsOf(refused).map((item) => item.code),
      ['DATE_BEFORE_EARLIEST'],
    );
    assert.match(refused[0]!.message, /before 2022-09-01/);
    // Today, the same date is refused by the 2022 floor first.
    assert.deepEqual(codes({ date_from: '2022-08-31', date_to: today }, today), ['DATE_BEFORE_EARLIEST']);
  });

  it('only warns about a date_to after today', () => {
    const findings = metricsWindowRule({ date_from: '2026-03-01', date_to: '2026-03-10' }, today);
    assert.deepEqual(errorsOf(findings), []);
    assert.equal(findings[0]?.code, 'DATE_IN_FUTURE');
    assert.equal(findings[0]?.severity, 'warning');
  });
});
