import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MarketplaceClient } from '../../../src/api/client';
import { createSizeChart, getAllChartItems, getSizeChart, setSizeChartItems } from '../../../src/api/sizeCharts';
import { ITEM } from '../../../src/sandbox/items/ids';
import { seedState, startSandbox } from '../../../src/sandbox/runtime';

describe('size chart, shipping and advertising state of the sandbox', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'mi-charts-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('the seed is the same for the same seed and instant, and plain JSON', () => {
    const now = new Date('2026-03-02T15:00:00.000Z');
    const one = seedState('alpha', now);
    const two = seedState('alpha', now);
    for (const key of ['sizeCharts', 'shipping', 'advertising'] as const) {
      assert.deepEqual(one[key], two[key]);
      assert.deepEqual(JSON.parse(JSON.stringify(one[key])), one[key]);
    }
    assert.notEqual(seedState('beta', now).advertising.metrics_seed, one.advertising.metrics_seed);
  });

  it('a chart and its items survive a restart with --data', async () => {
    const first = await startSandbox({ dataDir: dir, port: 0, clockStart: '2026-03-02T15:00:00.000Z' });
    const client = (url: string, token: string) =>
      new MarketplaceClient({ baseUrl: url, token: () => token, retryLimit: 0 });
    const chart = await createSizeChart(client(first.url, first.token), {
      name: 'Persistida',
      sizes: [{ name: 'M', measurements: [{ id: 'TOTAL_LENGTH', value: '70 - 72' }] }],
    });
    await setSizeChartItems(client(first.url, first.token), chart.id, [ITEM.TSHIRT_L]);
    await first.close();

    const second = await startSandbox({ dataDir: dir, port: 0 });
    try {
      const again = client(second.url, second.token);
      assert.deepEqual(await getSizeChart(again, chart.id), chart);
      assert.deepEqual(await getAllChartItems(again, chart.id), [ITEM.TSHIRT_L]);
    } finally {
      await second.close();
    }
  });
});
