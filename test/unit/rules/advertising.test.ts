import assert from 'node:assert/strict';
import {
  addDays,
  daysBetween,
  earliestMetricsDate,
  isCalendarDate,
  metricsRangePresets,
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

  it('judges date_to at the same boundaries as date_from', () => {
    assert.deepEqual(codes({ date_from: '2025-12-02', date_to: '2025-12-02' }, today), []);
    assert.deepEqual(codes({ date_from: '2025-12-02', date_to: '2025-12-01' }, today), ['DATE_TOO_OLD']);
    assert.deepEqual(codes({ date_from: '2022-09-01', date_to: '2022-09-01' }, '2022-09-01'), []);
    assert.deepEqual(codes({ date_from: '2022-09-01', date_to: '2022-08-31' }, '2022-09-01'), ['DATE_BEFORE_EARLIEST']);
    assert.deepEqual(codes({ date_from: '2026-02-01', date_to: '2026-01-31' }, today), ['DATE_ORDER']);
  });

  it('only warns about a date_to after today', () => {
    const findings = metricsWindowRule({ date_from: '2026-03-01', date_to: '2026-03-10' }, today);
    assert.deepEqual(errorsOf(findings), []);
    assert.equal(findings[0]?.code, 'DATE_IN_FUTURE');
    assert.equal(findings[0]?.severity, 'warning');
  });
});

describe('advertising rules: metrics range presets', () => {
  const today = '2026-03-02';
  const ranges = (presets: { label: string; from: string; to: string }[]) =>
    presets.map((preset) => [preset.label, preset.from, preset.to]);
  const allowed = (presets: { from: string; to: string }[], on = today) => {
    for (const preset of presets)
      assert.deepEqual(
        errorsOf(metricsWindowRule({ date_from: preset.from, date_to: preset.to }, on)),
        [],
        preset.from,
      );
  };

  it('offers the last 7, 30 and 90 days ending today for a running campaign (90 days back still allowed)', () => {
    const presets = metricsRangePresets(today, { start_date: '2025-08-01T00:00:00', end_date: '2026-08-01T23:59:59' });
    assert.deepEqual(ranges(presets), [
      ['Last 7 days', '2026-02-24', today],
      ['Last 30 days', '2026-02-01', today],
      ['Last 90 days', '2025-12-03', today],
    ]);
    allowed(presets);
    assert.deepEqual(ranges(metricsRangePresets(today, {})), ranges(presets), 'no dates: the same');
    assert.deepEqual(ranges(metricsRangePresets(today, { start_date: null, end_date: 'not a date' })), ranges(presets));
  });

  it('ends at the campaign’s end when it ended earlier, and clamps to the window (never 91 days back)', () => {
    const presets = metricsRangePresets(today, { start_date: '2025-06-01T00:00:00', end_date: '2026-02-20T23:59:59' });
    assert.deepEqual(ranges(presets), [
      ['Last 7 days of the campaign', '2026-02-14', '2026-02-20'],
      ['Last 30 days of the campaign', '2026-01-22', '2026-02-20'],
      ['Last 90 days of the campaign (81 days within the window)', '2025-12-02', '2026-02-20'],
    ]);
    allowed(presets);
    // Ending today is not "earlier".
    assert.equal(metricsRangePresets(today, { end_date: `${today}T23:59:59` })[0]?.label, 'Last 7 days');
    assert.equal(metricsRangePresets(today, { end_date: '2026-03-01T23:59:59' })[0]?.to, '2026-03-01');
  });

  it('starts no earlier than the campaign; a preset that clamping made equal to a shorter one is left out', () => {
    assert.deepEqual(ranges(metricsRangePresets(today, { start_date: '2026-02-20T00:00:00' })), [
      ['Last 7 days', '2026-02-24', today],
      ['Last 30 days (11 days since the start)', '2026-02-20', today],
    ]);
    assert.deepEqual(ranges(metricsRangePresets(today, { start_date: '2026-02-24T00:00:00' })), [
      ['Last 7 days', '2026-02-24', today],
    ]);
    assert.deepEqual(ranges(metricsRangePresets(today, { start_date: `${today}T00:00:00` })), [
      ['Last 7 days (1 day since the start)', today, today],
    ]);
  });

  it('leaves out empty presets: a campaign not started yet, or one that ended before the window', () => {
    assert.deepEqual(metricsRangePresets(today, { start_date: '2026-03-03T00:00:00' }), []);
    assert.deepEqual(metricsRangePresets(today, { end_date: '2025-12-01T23:59:59' }), []);
    assert.deepEqual(ranges(metricsRangePresets(today, { end_date: '2025-12-02T23:59:59' })), [
      ['Last 7 days of the campaign (1 day within the window)', '2025-12-02', '2025-12-02'],
    ]);
  });

  it('never starts before 2022-09-01', () => {
    const early = '2022-09-20';
    const presets = metricsRangePresets(early, {});
    assert.deepEqual(ranges(presets), [
      ['Last 7 days', '2022-09-14', early],
      ['Last 30 days (20 days within the window)', '2022-09-01', early],
    ]);
    allowed(presets, early);
  });
});
