import * as z from 'zod';
import { answer, IdName, Timestamp } from './common';

/** `estimated_delivery_time.type`: exact date or range, with known or unknown handling (spec). */
export const DELIVERY_TIME_TYPES = ['known', 'known_frame', 'unknown', 'unknown_frame'] as const;
export type DeliveryTimeType = (typeof DELIVERY_TIME_TYPES)[number];

/** `options[].display`: whether the buyer must see the option. */
export const DISPLAY_VALUES = ['always', 'optional', 'recommended'] as const;
export type DisplayValue = (typeof DISPLAY_VALUES)[number];

/** `options[].tracks_shipments_status`: who tracks the parcel. */
export const TRACKING_VALUES = ['verified', 'not_verified', 'no'] as const;
export type TrackingValue = (typeof TRACKING_VALUES)[number];

/** `cost_type` of a lead time. */
export const COST_TYPES = ['free', 'charged', 'partially_free'] as const;

// Enumerated fields are plain strings in answers so that a value the API adds later never breaks parsing;
// the constants above list the values the spec documents.

/** `destination.extended_attributes` of a quote. */
export const ExtendedAttributes = answer({
  address: z.string().nullish(),
  owner_name: z.string().nullish(),
  zip_code_type: answer({ type: z.string().nullish(), description: z.string().nullish() }).nullish(),
  city_type: z.string().nullish(),
  city_name: z.string().nullish(),
  neighborhood: z.string().nullish(),
  status: z.string().nullish(),
  version: z.union([z.string(), z.number()]).nullish(),
});

/** Where a quote delivers to. */
export const Destination = answer({
  zip_code: z.string().nullish(),
  city: IdName.nullish(),
  state: IdName.nullish(),
  country: IdName.nullish(),
  extended_attributes: ExtendedAttributes.nullish(),
});
export type Destination = z.infer<typeof Destination>;

/** `speed`: average hours of transport and of the seller's dispatch (null when unknown). */
export const Speed = answer({
  shipping: z.number().nullish(),
  handling: z.number().nullish(),
});

/** `estimated_delivery`: the promise as dates and a delivery slot. */
export const EstimatedDelivery = answer({
  date: Timestamp.nullish(),
  pay_before: Timestamp.nullish(),
  time_from: z.string().nullish(),
  time_to: z.string().nullish(),
});

/**
 * `estimated_delivery_time`: the promise. Business-day range is [shipping, shipping + offset.shipping] hours;
 * `date` and `offset.date` only when handling is known; `time_frame` only for carriers with delivery slots;
 * `pay_before` only for carriers whose promise depends on the payment time.
 */
export const EstimatedDeliveryTime = answer({
  type: z.string(),
  date: Timestamp.nullish(),
  shipping: z.number().nullish(),
  handling: z.number().nullish(),
  unit: z.string().nullish(),
  offset: answer({ date: Timestamp.nullish(), shipping: z.number().nullish() }).nullish(),
  // Hours as numbers in the public lead-time schema, text in other answers, or null: all of them are real.
  time_frame: answer({
    from: z.union([z.string(), z.number()]).nullish(),
    to: z.union([z.string(), z.number()]).nullish(),
  }).nullish(),
  pay_before: Timestamp.nullish(),
});
export type EstimatedDeliveryTime = z.infer<typeof EstimatedDeliveryTime>;

/** `discount` of an option: what free shipping or a promotion takes off the list cost. */
export const Discount = answer({
  rate: z.number().nullish(),
  type: z.string().nullish(),
  promoted_amount: z.number().nullish(),
});

/** One available shipping method of a quote. */
export const ShippingOption = answer({
  id: z.number().int(),
  name: z.string().nullish(),
  shipping_method_id: z.number().int().nullish(),
  shipping_method_type: z.string().nullish(),
  currency_id: z.string().nullish(),
  base_cost: z.number().nullish(),
  list_cost: z.number().nullish(),
  cost: z.number().nullish(),
  tracks_shipments_status: z.string().nullish(),
  display: z.string().nullish(),
  speed: Speed.nullish(),
  estimated_delivery: EstimatedDelivery.nullish(),
  estimated_delivery_time: EstimatedDeliveryTime.nullish(),
  discount: Discount.nullish(),
});
export type ShippingOption = z.infer<typeof ShippingOption>;

/** A quote to one destination: `GET /sites/{site}/shipping_options`, `/users/{id}/…?zip_code=`, `/items/{id}/…`. */
export const ShippingOptionsResult = answer({
  destination: Destination.nullish(),
  options: z.array(ShippingOption),
  settings: answer({ allow_add_cost: z.boolean().nullish() }).nullish(),
  buyer: z.unknown().optional(),
  custom_message: answer({ display_mode: z.string().nullish(), reason: z.string().nullish() }).nullish(),
});
export type ShippingOptionsResult = z.infer<typeof ShippingOptionsResult>;

/** A city-based quote to several destinations: an object keyed by destination city id (MCO, user `city_to`). */
export const ShippingOptionsByCity = z.record(z.string(), ShippingOptionsResult);
export type ShippingOptionsByCity = z.infer<typeof ShippingOptionsByCity>;

/** `GET /shipments/{id}/lead_time`: the delivery promise of a shipment. */
export const LeadTime = answer({
  option_id: z.number().int(),
  shipping_method: answer({
    id: z.number().int(),
    type: z.string().nullish(),
    name: z.string().nullish(),
    deliver_to: z.string().nullish(),
  }).nullish(),
  currency_id: z.string().nullish(),
  cost: z.number().nullish(),
  list_cost: z.number().nullish(),
  cost_type: z.string().nullish(),
  service_id: z.number().int().nullish(),
  estimated_delivery_time: EstimatedDeliveryTime,
  estimated_delivery_limit: answer({ date: Timestamp.nullish() }).nullish(),
  estimated_delivery_final: answer({ date: Timestamp.nullish() }).nullish(),
  delay: z.array(z.unknown()).nullish(),
});
export type LeadTime = z.infer<typeof LeadTime>;
