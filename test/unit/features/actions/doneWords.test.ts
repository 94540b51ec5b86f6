import assert from 'node:assert/strict';
import * as l10n from '@vscode/l10n';
import { priceSetText, stockSetText } from '../../../../src/features/actions/doneWords';
import { formatMoney } from '../../../../src/features/explorer/format';

describe('what a notification says once a change is made: amounts and counts as the explorer shows them', () => {
  it('a price names its currency and groups its digits, with the tree’s formatter', () => {
    assert.equal(priceSetText('MLA1400000201', 194_250, 'USD'), 'MLA1400000201: price set to USD 194,250.');
    assert.equal(priceSetText('MLA1', 1_299.5, 'ARS'), `MLA1: price set to ${formatMoney(1_299.5, 'ARS')}.`);
    assert.equal(priceSetText('MLA1', 99, undefined), 'MLA1: price set to 99.');
  });

  it('a stock is a count of units, grouped', () => {
    assert.equal(stockSetText('MLA1', 12_000), 'MLA1: stock set to 12,000 units.');
    assert.equal(stockSetText('MLA1', 1), 'MLA1: stock set to 1 unit.');
    assert.equal(stockSetText('MLA1', 0), 'MLA1: stock set to 0 units.');
  });
});

describe('what a notification says once a change is made, in Spanish and Portuguese', () => {
  afterEach(() => l10n.config({ contents: {} }));

  it('Spanish: the bundle’s sentence, the amount and the count in the locale’s figures', () => {
    l10n.config({
      contents: {
        '{0}: price set to {1}.': '{0}: precio cambiado a {1}.',
        '{0}: stock set to {1} unit.': '{0}: stock cambiado a {1} unidad.',
        '{0}: stock set to {1} units.': '{0}: stock cambiado a {1} unidades.',
      },
    });
    assert.equal(priceSetText('MLA1', 1_500_000, 'ARS', 'es'), 'MLA1: precio cambiado a ARS 1.500.000.');
    assert.equal(priceSetText('MLA1', 1_299.5, 'ARS', 'es'), 'MLA1: precio cambiado a ARS 1299,50.');
    assert.equal(stockSetText('MLA1', 12_000, 'es'), 'MLA1: stock cambiado a 12.000 unidades.');
    assert.equal(stockSetText('MLA1', 1, 'es'), 'MLA1: stock cambiado a 1 unidad.');
  });

  it('Portuguese: one whole sentence per form, the money with its currency code first', () => {
    l10n.config({
      contents: {
        '{0}: price set to {1}.': '{0}: preço alterado para {1}.',
        '{0}: stock set to {1} unit.': '{0}: estoque alterado para {1} unidade.',
        '{0}: stock set to {1} units.': '{0}: estoque alterado para {1} unidades.',
      },
    });
    assert.equal(priceSetText('MLB1', 1_234.5, 'BRL', 'pt-BR'), 'MLB1: preço alterado para BRL 1.234,50.');
    assert.equal(stockSetText('MLB1', 0, 'pt-BR'), 'MLB1: estoque alterado para 0 unidades.');
    assert.equal(stockSetText('MLB1', 1, 'pt-BR'), 'MLB1: estoque alterado para 1 unidade.');
  });
});
