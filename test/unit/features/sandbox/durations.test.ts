import assert from 'node:assert/strict';
import { advanceMinutes, describeAdvance, parseClockAdvance } from '../../../../src/features/sandbox/durations';

describe('sandbox clock advance, as typed', () => {
  it('reads days, hours and minutes in the ways people write them', () => {
    assert.deepEqual(parseClockAdvance('2 days'), { days: 2, hours: 0, minutes: 0 });
    assert.deepEqual(parseClockAdvance('36h'), { days: 0, hours: 36, minutes: 0 });
    assert.deepEqual(parseClockAdvance('1d 12h'), { days: 1, hours: 12, minutes: 0 });
    assert.deepEqual(parseClockAdvance('1 day and 30 min'), { days: 1, hours: 0, minutes: 30 });
    assert.deepEqual(parseClockAdvance('1,5 days'), { days: 1.5, hours: 0, minutes: 0 });
    assert.deepEqual(parseClockAdvance(' 90 MIN '), { days: 0, hours: 0, minutes: 90 });
  });

  it('refuses what is not a positive amount of time, saying why', () => {
    for (const text of ['', 'soon', '2', '2 weeks', '0 h', '-3 h', '500 days']) {
      const parsed = parseClockAdvance(text);
      assert.ok('problem' in parsed, text);
      assert.ok(parsed.problem.length > 10, text);
    }
    const unit = parseClockAdvance('2 weeks');
    assert.ok('problem' in unit && /weeks/.test(unit.problem));
  });

  it('describes and totals an advance', () => {
    assert.equal(describeAdvance({ days: 2, hours: 1, minutes: 0 }), '2 days 1 hour');
    assert.equal(describeAdvance({ days: 0, hours: 0, minutes: 1 }), '1 minute');
    assert.equal(advanceMinutes({ days: 1, hours: 2, minutes: 3 }), 1563);
  });
});
