import assert from 'node:assert/strict';
import * as l10n from '@vscode/l10n';
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

  describe('in Spanish and Portuguese', () => {
    afterEach(() => l10n.config({ contents: {} }));

    it('reads the amounts the translated prompt suggests ("3 días", "36 horas", "1 dia e 12 h")', () => {
      assert.deepEqual(parseClockAdvance('3 días'), { days: 3, hours: 0, minutes: 0 });
      assert.deepEqual(parseClockAdvance('36 horas'), { days: 0, hours: 36, minutes: 0 });
      assert.deepEqual(parseClockAdvance('1 día y 30 minutos'), { days: 1, hours: 0, minutes: 30 });
      assert.deepEqual(parseClockAdvance('1 dia e 12 h'), { days: 1, hours: 12, minutes: 0 });
      assert.deepEqual(parseClockAdvance('1,5 DÍAS'), { days: 1.5, hours: 0, minutes: 0 });
      // A unit is looked up among the units only, never an inherited key.
      for (const text of ['2 constructor', '2 semanas', '2 toString'])
        assert.ok('problem' in parseClockAdvance(text), text);
    });

    it('describes an advance with the bundle’s words and the locale’s figures and list', () => {
      l10n.config({
        contents: {
          '{0} day': '{0} día',
          '{0} days': '{0} días',
          '{0} hour': '{0} hora',
          '{0} hours': '{0} horas',
          '"{0}" is not a unit: use days, hours or minutes.': '"{0}" no es una unidad: use días, horas o minutos.',
        },
      });
      assert.equal(describeAdvance({ days: 1.5, hours: 1, minutes: 0 }, 'es'), '1,5 días 1 hora');
      const refused = parseClockAdvance('2 semanas');
      assert.ok('problem' in refused && refused.problem === '"semanas" no es una unidad: use días, horas o minutos.');
    });
  });
});
