import type { TrackingValue } from '../../model/shipping';
import type { MethodKey } from './state';

/** A shipping method of the sandbox's carriers. Hours are business-day multiples of 24. */
export interface MethodDef {
  key: MethodKey;
  shipping_method_id: number;
  /** `shipping_method_type` and `shipping_method.type` of a lead time. */
  type: string;
  names: { es: string; pt: string };
  tracks: TrackingValue;
  /** Multiplier of the site's base cost. */
  cost_factor: number;
  /** Transport hours by distance band (local, regional, national): `estimated_delivery_time.shipping`. */
  transit: readonly [number, number, number];
  /** `offset.shipping`: 0 for an exact promise, more for a range of business days. */
  offset: number;
  /** Delivery time slot, only for carriers that deliver in slots (`time_frame`). */
  slot: { from: string; to: string } | null;
  /** Whether the promise depends on paying before the daily cut-off (`pay_before`). */
  pay_before: boolean;
  /** Heaviest billable package the method takes (grams). */
  max_billable_g: number | null;
  /** Offered only in seller quotes, by sellers with their own carrier. */
  seller_only: boolean;
  /** `service_id` of a lead time. */
  service_id: number;
}

/** Daily cut-off hour (site time) of the payment-dependent carrier. */
export const PAY_BEFORE_HOUR = 13;

/**
 * The four methods. Their figures are chosen so that every `display` value arises from the display rule:
 * the seller's carrier is slower and dearer than standard (optional), economy is slower but cheaper (always),
 * express is faster but dearer (always), and standard is the cheapest tracked one (recommended).
 */
export const METHODS: Record<MethodKey, MethodDef> = {
  standard: {
    key: 'standard',
    shipping_method_id: 73328,
    type: 'standard',
    names: { es: 'Normal a domicilio', pt: 'Normal' },
    tracks: 'verified',
    cost_factor: 1,
    transit: [24, 48, 72],
    offset: 48,
    slot: null,
    pay_before: false,
    max_billable_g: 30_000,
    seller_only: false,
    service_id: 61,
  },
  express: {
    key: 'express',
    shipping_method_id: 73330,
    type: 'express',
    names: { es: 'Prioritario a domicilio', pt: 'Expresso' },
    tracks: 'verified',
    cost_factor: 1.8,
    transit: [24, 24, 48],
    offset: 0,
    slot: { from: '09:00', to: '13:00' },
    pay_before: true,
    max_billable_g: 15_000,
    seller_only: false,
    service_id: 62,
  },
  economy: {
    key: 'economy',
    shipping_method_id: 73331,
    type: 'economy',
    names: { es: 'Económico por correo', pt: 'Econômico' },
    tracks: 'no',
    cost_factor: 0.6,
    transit: [72, 96, 120],
    offset: 72,
    slot: null,
    pay_before: false,
    max_billable_g: 2_000,
    seller_only: false,
    service_id: 63,
  },
  seller_carrier: {
    key: 'seller_carrier',
    shipping_method_id: 501245,
    type: 'custom',
    names: { es: 'Transporte del vendedor', pt: 'Transportadora do vendedor' },
    tracks: 'not_verified',
    cost_factor: 1.3,
    transit: [72, 96, 120],
    offset: 48,
    slot: null,
    pay_before: false,
    max_billable_g: null,
    seller_only: true,
    service_id: 64,
  },
};

export const METHOD_ORDER: readonly MethodKey[] = ['standard', 'express', 'economy', 'seller_carrier'];

/** Cost of the standard method for a local package up to 1 kg, in each site's currency. */
export const BASE_COST: Record<string, number> = {
  MLA: 3500,
  MLB: 19.9,
  MLM: 89,
  MCO: 8900,
  MLC: 3490,
  MPE: 11.9,
  MLU: 180,
};

/** Cost multiplier by distance band. */
export const BAND_FACTOR = [1, 1.4, 1.9] as const;
/** Each started kilogram of billable weight beyond the first adds this share of the base cost. */
export const PER_EXTRA_KG = 0.15;
