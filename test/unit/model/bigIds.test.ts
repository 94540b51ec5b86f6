import assert from 'node:assert/strict';
import { parseJsonKeepingBigIds } from '../../../src/model/bigIds';

describe('parseJsonKeepingBigIds: ids past 2^53 keep every digit', () => {
  it('keeps a 19-digit id as its digits, and every other value as JSON.parse reads it', () => {
    const text =
      '{"application_id": 1111111111111111111, "user_id": 123456789, "price": -1.5e3, "ok": true, "n": null}';
    assert.deepEqual(parseJsonKeepingBigIds(text), {
      application_id: '1111111111111111111',
      user_id: 123456789,
      price: -1500,
      ok: true,
      n: null,
    });
  });

  it('keeps 2^53 + 1 exactly, and leaves digits inside strings (escaped quotes too) alone', () => {
    const text = '[9007199254740993, "a \\" 99999999999999999999", {"k\\\\": 9007199254740991}]';
    assert.deepEqual(parseJsonKeepingBigIds(text), [
      '9007199254740993',
      'a " 99999999999999999999',
      { 'k\\': 9007199254740991 },
    ]);
  });

  it('fails on text that is no JSON, as JSON.parse does', () => {
    assert.throws(() => parseJsonKeepingBigIds('{"a": 1'), SyntaxError);
  });
});
