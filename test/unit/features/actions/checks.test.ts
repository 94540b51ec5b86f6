import assert from 'node:assert/strict';
import { noteCheck, userIdCheck, validate } from '../../../../src/features/actions/checks';

describe('resource action input checks', () => {
  it('stock: a whole number, 0 or more', () => {
    assert.equal(validate.stock('0'), undefined);
    assert.equal(validate.stock(' 12 '), undefined);
    for (const bad of ['', '-1', '1.5', 'ten']) assert.ok(validate.stock(bad), bad);
  });

  it('price: greater than 0', () => {
    assert.equal(validate.price('0.5'), undefined);
    assert.equal(validate.price('1500000'), undefined);
    for (const bad of ['', '0', '-3', 'abc']) assert.ok(validate.price(bad), bad);
  });

  it('MANUFACTURING_TIME: 1 to 45 days', () => {
    assert.equal(validate.days('1'), undefined);
    assert.equal(validate.days('45'), undefined);
    for (const bad of ['0', '46', '2.5', '']) assert.match(validate.days(bad) ?? '', /1 to 45/, bad);
  });

  it('PURCHASE_MAX_QUANTITY: a positive whole number of at most 18 characters', () => {
    assert.equal(validate.maxQuantity('6'), undefined);
    assert.equal(validate.maxQuantity('9'.repeat(18)), undefined);
    assert.match(validate.maxQuantity('9'.repeat(19)) ?? '', /18 characters/);
    assert.ok(validate.maxQuantity('0'));
    assert.ok(validate.maxQuantity('x'));
  });

  it('notes: a live n/300 counter, and the spec reason when empty or too long', () => {
    assert.deepEqual(noteCheck('Call the buyer'), { counter: '14/300', error: undefined });
    assert.equal(noteCheck('é'.repeat(300)).error, undefined);
    const long = noteCheck('x'.repeat(301));
    assert.equal(long.counter, '301/300');
    assert.match(long.error ?? '', /at most 300 characters/);
    assert.match(noteCheck('   ').error ?? '', /cannot be empty/);
  });

  it('blacklist: a numeric user id that is not your own', () => {
    assert.equal(userIdCheck('6120334455', 5503910054), undefined);
    assert.ok(userIdCheck('abc', 5503910054));
    assert.match(userIdCheck('5503910054', 5503910054) ?? '', /yourself/);
  });
});
