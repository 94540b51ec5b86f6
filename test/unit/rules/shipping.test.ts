import assert from 'node:assert/strict';
import { dimensionsRule, parseDimensions } from '../../../src/rules/shipping';

describe('shipping rules: dimensions HxWxL,W', () => {
  it('accepts three x-separated numbers, a comma and a weight', () => {
    assert.deepEqual(dimensionsRule('10x10x20,500'), []);
    assert.deepEqual(parseDimensions('10x10x20,500'), { height: 10, width: 10, length: 20, weight: 500 });
    assert.deepEqual(dimensionsRule('10.5x10x20,0.5'), []);
  });

  it('refuses two sides, a missing weight and letters', () => {
    for (const value of [
      '10x10,500',
      '10x10x20',
      'axbxc,1',
      '10x10x20x5,500',
      '10x10x20,',
      ' 10x10x20,500',
      '10X10X20,500',
    ]) {
      const findings = dimensionsRule(value);
      assert.equal(findings.length, 1, value);
      assert.equal(findings[0]?.code, 'INVALID_DIMENSIONS');
      assert.match(findings[0]!.message, /format HxWxL,W/);
      assert.match(findings[0]!.message, /10x10x20,500/);
      assert.equal(parseDimensions(value), undefined);
    }
  });

  it('refuses a zero side or weight', () => {
    for (const value of ['0x10x20,500', '10x10x20,0']) {
      assert.equal(dimensionsRule(value)[0]?.code, 'INVALID_DIMENSIONS');
      assert.match(dimensionsRule(value)[0]!.message, /greater than 0/);
    }
  });

  it('reports a missing value as required, at the given path', () => {
    for (const value of [undefined, null, '']) {
      const [finding] = dimensionsRule(value, ['query', 'dimensions']);
      assert.equal(finding?.code, 'MISSING_DIMENSIONS');
      assert.deepEqual(finding?.path, ['query', 'dimensions']);
      assert.match(finding!.message, /required/);
    }
    assert.equal(dimensionsRule(42)[0]?.code, 'INVALID_DIMENSIONS');
  });
});
