import assert from 'node:assert/strict';
import { LeadTime, ShippingOptionsByCity, ShippingOptionsResult } from '../../../src/model/shipping';

describe('shipping model', () => {
  const option = {
    id: 1,
    name: 'Normal',
    cost: 0,
    list_cost: 10,
    estimated_delivery_time: { type: 'known_frame', date: null, offset: { date: null, shipping: 48 }, unit: 'hour' },
    carrier_extra: 'kept',
  };

  it('keeps unknown fields of options and accepts null descriptive fields', () => {
    const result = ShippingOptionsResult.parse({ destination: null, options: [option] });
    assert.equal((result.options[0] as Record<string, unknown>).carrier_extra, 'kept');
    assert.equal(result.options[0]?.estimated_delivery_time?.offset?.shipping, 48);
  });

  it('needs options and an option id', () => {
    assert.ok(!ShippingOptionsResult.safeParse({ destination: null }).success);
    assert.ok(!ShippingOptionsResult.safeParse({ options: [{ name: 'x' }] }).success);
  });

  it('parses the city-keyed result and a lead time', () => {
    const keyed = ShippingOptionsByCity.parse({ TUNPQ0JPR08: { destination: null, options: [option] } });
    assert.equal(keyed.TUNPQ0JPR08?.options.length, 1);
    const lead = LeadTime.parse({
      option_id: 5,
      cost_type: 'free',
      estimated_delivery_time: { type: 'unknown', shipping: 24 },
      delay: [],
    });
    assert.equal(lead.cost_type, 'free');
    assert.ok(!LeadTime.safeParse({ option_id: 5 }).success);
  });
});
