import assert from 'node:assert/strict';
import { cutJsonDepth, DEEP_VALUE_NOTE, exceedsJsonDepth, MAX_JSON_DEPTH } from '../../../src/model/jsonDepth';

/** `levels` arrays inside each other, the innermost holding `inner`. */
function nested(levels: number, inner: unknown = 1): unknown {
  let value: unknown = inner;
  for (let level = 0; level < levels; level += 1) value = [value];
  return value;
}

describe('JSON depth', () => {
  it('counts levels of arrays and objects: a scalar is none, the limit is allowed, one more is not', () => {
    assert.equal(exceedsJsonDepth('text', 0), false);
    assert.equal(exceedsJsonDepth([], 0), true);
    assert.equal(exceedsJsonDepth({ a: { b: [] } }, 3), false);
    assert.equal(exceedsJsonDepth({ a: { b: [] } }, 2), true);
    assert.equal(exceedsJsonDepth(nested(MAX_JSON_DEPTH)), false);
    assert.equal(exceedsJsonDepth(nested(MAX_JSON_DEPTH + 1)), true);
    assert.equal(exceedsJsonDepth(JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)), true);
  });

  it('a value within the limit is given back as it is, not copied', () => {
    const value = { a: [1, { b: 'c' }], d: null };
    assert.equal(cutJsonDepth(value), value);
    assert.equal(cutJsonDepth('text'), 'text');
    assert.equal(cutJsonDepth(undefined), undefined);
  });

  it('a deeper value is copied up to the limit, each deeper part replaced by the note, its neighbours kept', () => {
    const value = { keep: 'me', list: [1, 'two', null], deep: nested(10, 'bottom') };
    const cut = cutJsonDepth(value, 4) as { keep: string; list: unknown[]; deep: unknown };
    assert.deepEqual(cut, { keep: 'me', list: [1, 'two', null], deep: [[[DEEP_VALUE_NOTE]]] });
    assert.equal(exceedsJsonDepth(cut, 4), false);
    assert.notEqual(cut, value, 'a copy: the value itself is left as it was');
    assert.deepEqual(value.deep, nested(10, 'bottom'));
  });

  it('100,000 levels are cut without recursion, and a field named __proto__ stays a field', () => {
    const parsed = JSON.parse(`{"__proto__": {"x": 1}, "deep": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
    const cut = cutJsonDepth(parsed) as Record<string, unknown>;
    assert.ok(Object.hasOwn(cut, '__proto__'));
    assert.equal(Object.getPrototypeOf(cut), Object.prototype);
    assert.equal((cut as { x?: number }).x, undefined);
    assert.ok(JSON.stringify(cut).includes(DEEP_VALUE_NOTE));
    assert.equal(JSON.stringify(cut).length < 1000, true, 'the first hundred levels and the note');
  });
});
