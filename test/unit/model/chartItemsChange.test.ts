import assert from 'node:assert/strict';
import { chartIdOfPath, chartItemsChange, describeChartItemsChange } from '../../../src/model/chartItemsChange';

describe('chart item list changes', () => {
  it('says what stays, what is added and what is removed', () => {
    const change = chartItemsChange(['A', 'B', 'C'], ['B', 'D', 'D']);
    assert.deepEqual([change.kept, change.added, change.removed], [['B'], ['D'], ['A', 'C']]);
    assert.equal(describeChartItemsChange(change), '1 stay, 1 added, 2 removed. Removed: A, C.');
    const many = chartItemsChange(
      Array.from({ length: 13 }, (_, i) => `X${i}`),
      [],
    );
    assert.match(describeChartItemsChange(many), /Removed: X0, .*X9, and 3 more\.$/);
  });

  it('writes its counts as the explorer does (grouped)', () => {
    const ids = Array.from({ length: 1500 }, (_, i) => `MLA${1_400_000_000 + i}`);
    const change = chartItemsChange(ids, ids.slice(0, 1200));
    assert.match(describeChartItemsChange(change), /^1,200 stay, 0 added, 300 removed\. Removed: .*, and 290 more\.$/);
  });

  it('reads the chart id of a chart-items path', () => {
    assert.equal(chartIdOfPath('/size_charts/510001/items'), 510001);
    assert.equal(chartIdOfPath('/size_charts/510001'), undefined);
    assert.equal(chartIdOfPath(undefined), undefined);
  });

  it('reads each id of the new list a bounded number of times (linear, not a search per id)', () => {
    const size = 4000;
    const ids = Array.from({ length: size }, (_, i) => `MLA${1_500_000_000 + i}`);
    let reads = 0;
    const counted = new Proxy(ids, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads += 1;
        return Reflect.get(target, key, receiver);
      },
    });
    const change = chartItemsChange(['MLA1'], counted);
    assert.equal(change.added.length, size);
    assert.ok(reads <= 5 * size, `${reads} reads of ${size} ids`);
  });
});
