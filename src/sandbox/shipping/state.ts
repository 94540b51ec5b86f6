/** Keys of the shipping methods the sandbox's carriers offer (see methods.ts). */
export type MethodKey = 'standard' | 'express' | 'economy' | 'seller_carrier';

/** How a seller ships: where from, how long it takes to dispatch, and its free shipping offer. */
export interface ShippingProfile {
  user_id: number;
  site_id: string;
  /** Postal code the seller dispatches from. */
  zip_code: string;
  /** Average dispatch time in hours; null when the seller has not declared one (promises become `unknown*`). */
  handling_hours: number | null;
  /** Packages up to this billable weight (grams) ship free by the standard method; null for no offer. */
  free_shipping_max_weight_g: number | null;
  /** `settings.allow_add_cost` of user-scoped quotes. */
  allow_add_cost: boolean;
  /** Whether the seller also ships with its own carrier (a `not_verified` option). */
  own_carrier: boolean;
}

/** A shipment of an order, enough to compute its lead time. */
export interface SandboxShipment {
  id: number;
  seller_id: number;
  buyer_id: number;
  site_id: string;
  method: MethodKey;
  origin_zip: string;
  destination_zip: string;
  destination_city_id: string | null;
  dimensions: string;
  list_cost: number;
  cost: number;
  /** When the order was paid: the promise counts from here. */
  date_created: string;
  status: 'ready_to_ship' | 'shipped' | 'delivered';
}

export interface ShippingSlice {
  /** Profiles by user id. */
  profiles: Record<string, ShippingProfile>;
  /** Shipments by id. */
  shipments: Record<string, SandboxShipment>;
}
