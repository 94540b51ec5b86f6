// The figures beside the charts (tooltips, axes, the keyboard readout) follow the page's locale: the display language
// the host wrote into <html lang>. English keeps the figures the English text was written with.
import assert from 'node:assert/strict';
import { intlLocale } from '../../../../src/text/intlLocale';
import { formatsOf } from '../../../../webview/metrics/format';

describe('metrics webview: figures in the page’s locale', () => {
  const english = formatsOf(intlLocale('en'));
  const spanish = formatsOf(intlLocale('es'));
  const portuguese = formatsOf(intlLocale('pt-br'));

  it('money keeps the currency code first, with the locale’s grouping and decimal separator', () => {
    assert.equal(english.value(57449.13, 'money', 'ARS'), 'ARS 57,449.13');
    assert.equal(spanish.value(57449.13, 'money', 'ARS'), 'ARS 57.449,13');
    assert.equal(portuguese.value(1234.5, 'money', 'BRL'), 'BRL 1.234,50');
  });

  it('counts and ratios with the locale’s separators; a day without a row says so', () => {
    assert.equal(english.value(45120, 'count', ''), '45,120');
    assert.equal(spanish.value(45120, 'count', ''), '45.120');
    assert.equal(portuguese.value(45120, 'count', ''), '45.120');
    assert.equal(spanish.value(3.4567, 'ratio', ''), '3,4567');
    assert.equal(portuguese.value(0.0123, 'ratio', ''), '0,0123');
    assert.equal(english.value(null, 'count', ''), 'no row');
  });

  it('axis ticks are short in the locale’s words ("57.4K", "57,4 mil")', () => {
    assert.equal(english.tick(57449, 'count'), '57.4K');
    // A no-break space (or a plain one, by the ICU data) between the number and its word.
    assert.match(spanish.tick(57449, 'count'), /^57,4\s+mil$/);
    assert.match(portuguese.tick(1234567, 'money'), /^1,2\s+mi$/);
    assert.equal(spanish.tick(0.25, 'ratio'), '0,25');
  });

  it('days in the locale’s words and order; a text that is no date is shown as it is', () => {
    assert.equal(english.longDay('2024-02-01'), 'Thu, Feb 1, 2024');
    assert.equal(english.shortDay('2024-02-01'), 'Feb 1');
    assert.equal(spanish.longDay('2024-02-01'), 'jue, 1 feb 2024');
    assert.equal(spanish.shortDay('2024-02-01'), '1 feb');
    assert.equal(portuguese.shortDay('2024-02-01'), '1 de fev.');
    assert.equal(spanish.longDay('not a day'), 'not a day');
    assert.equal(spanish.shortDay(undefined), '');
  });

  it('one set of formats per locale, made once', () => {
    assert.equal(formatsOf('es'), spanish);
    assert.notEqual(formatsOf('pt-BR'), spanish);
  });
});
