import type { Attribution, MetricsRow } from '../../../../src/model/advertising';

/** An attribution block whose counts start at `base`. */
export const block = (base: number): Attribution => ({
  cpa_order: base + 0.5,
  cpa_ppv: base + 0.25,
  roas: base / 10,
  units_quantity: base,
  direct_amount: base * 1000.5,
  direct_item_quantity: base - 1,
  attribution_ppv: base * 10,
  attribution_add_to_cart: base * 2,
  attribution_bookmark: base + 3,
  attribution_checkout: base + 1,
});

/** A complete daily row of `prints` prints, both attribution blocks, ARS. */
export const row = (date: string, prints: number, extra: Partial<MetricsRow> = {}): MetricsRow => ({
  date,
  site_id: 'MLA',
  currency: 'ARS',
  prints,
  clicks: prints / 100,
  reach: prints / 2,
  ctr: 0.01,
  consumed_budget: prints * 0.5,
  cpm: 500,
  cpc: 50,
  average_frequency: 2,
  event_time: block(prints / 1000),
  touch_point: block(prints / 500),
  ...extra,
});
