import assert from 'node:assert/strict';
import { ItemsAssociation, SizeChart, SizeChartCreate, SizeChartItems } from '../../../src/model/sizeChart';

describe('size chart model', () => {
  const body = { name: 'Remeras', sizes: [{ name: 'M', measurements: [{ id: 'CHEST_CIRCUMFERENCE', value: '96' }] }] };

  it('accepts a creation body and refuses unknown fields at every level', () => {
    assert.ok(SizeChartCreate.safeParse(body).success);
    assert.ok(!SizeChartCreate.safeParse({ ...body, id: 1 }).success);
    assert.ok(!SizeChartCreate.safeParse({ ...body, sizes: [{ ...body.sizes[0], label: 'x' }] }).success);
    const unit = {
      ...body,
      sizes: [{ name: 'M', measurements: [{ id: 'CHEST_CIRCUMFERENCE', value: '96', unit: 'cm' }] }],
    };
    assert.ok(!SizeChartCreate.safeParse(unit).success);
  });

  it('refuses a blank chart or size name and an empty value', () => {
    assert.ok(!SizeChartCreate.safeParse({ ...body, name: ' ' }).success);
    assert.ok(!SizeChartCreate.safeParse({ ...body, sizes: [{ name: '', measurements: [] }] }).success);
    const empty = { ...body, sizes: [{ name: 'M', measurements: [{ id: 'CHEST_CIRCUMFERENCE', value: '' }] }] };
    assert.ok(!SizeChartCreate.safeParse(empty).success);
  });

  it('keeps unknown answer fields and requires the chart id', () => {
    const chart = SizeChart.parse({ id: 7, name: 'x', sizes: [], columns: [], site_id: 'MLA' });
    assert.equal((chart as Record<string, unknown>).site_id, 'MLA');
    assert.ok(!SizeChart.safeParse({ name: 'x' }).success);
  });

  it('parses an items page and the association body', () => {
    const page = SizeChartItems.parse({ items: ['MLA1'], paging: { total: 1, offset: 0, limit: 50 } });
    assert.equal(page.paging.limit, 50);
    assert.ok(ItemsAssociation.safeParse({ items: [] }).success);
    assert.ok(!ItemsAssociation.safeParse({ items: [123] }).success);
    assert.ok(!ItemsAssociation.safeParse({ items: ['MLA1'], replace: true }).success);
  });
});
