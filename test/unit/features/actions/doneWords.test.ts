import assert from 'node:assert/strict';
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
