import { LeadTime, ShippingOptionsByCity, ShippingOptionsResult } from '../model/shipping';
import type { CallExtras, MarketplaceClient } from './client';

/** What a caller may add to a quote: cancellation and the exchange record (curl, the raw answer). */
export type QuoteCall = CallExtras;

/** `GET /sites/{site_id}/shipping_options`: a postal-code based quote between two zip codes (e.g. MLB). */
export function getSiteShippingOptions(
  client: MarketplaceClient,
  siteId: string,
  query: { zipCodeFrom: string; zipCodeTo: string; dimensions: string },
  call: QuoteCall = {},
): Promise<ShippingOptionsResult> {
  return client.get(`/sites/${encodeURIComponent(siteId)}/shipping_options`, {
    ...call,
    schema: ShippingOptionsResult,
    query: { zip_code_from: query.zipCodeFrom, zip_code_to: query.zipCodeTo, dimensions: query.dimensions },
  });
}

/** `GET /sites/{site_id}/shipping_options?city_from=&city_to=a,b`: city based (MCO); keyed by destination city id. */
export function getSiteShippingOptionsByCity(
  client: MarketplaceClient,
  siteId: string,
  query: { cityFrom: string; cityTo: readonly string[]; dimensions: string },
  call: QuoteCall = {},
): Promise<ShippingOptionsByCity> {
  return client.get(`/sites/${encodeURIComponent(siteId)}/shipping_options`, {
    ...call,
    schema: ShippingOptionsByCity,
    query: { city_from: query.cityFrom, city_to: query.cityTo, dimensions: query.dimensions },
  });
}

/** `GET /users/{user_id}/shipping_options?zip_code=`: a quote from the seller to one postal code. */
export function getUserShippingOptions(
  client: MarketplaceClient,
  userId: number,
  query: { zipCode: string; dimensions: string },
  call: QuoteCall = {},
): Promise<ShippingOptionsResult> {
  return client.get(`/users/${userId}/shipping_options`, {
    ...call,
    schema: ShippingOptionsResult,
    query: { zip_code: query.zipCode, dimensions: query.dimensions },
  });
}

/** `GET /users/{user_id}/shipping_options?city_to=a,b`: quotes from the seller to several cities, keyed by city id. */
export function getUserShippingOptionsByCity(
  client: MarketplaceClient,
  userId: number,
  query: { cityTo: readonly string[]; dimensions: string },
  call: QuoteCall = {},
): Promise<ShippingOptionsByCity> {
  return client.get(`/users/${userId}/shipping_options`, {
    ...call,
    schema: ShippingOptionsByCity,
    query: { city_to: query.cityTo, dimensions: query.dimensions },
  });
}

/** `GET /items/{item_id}/shipping_options`: a quote for a listing to a city (`city_to`) or a postal code (`zip_code`). */
export function getItemShippingOptions(
  client: MarketplaceClient,
  itemId: string,
  destination: { cityTo: string } | { zipCode: string },
  call: QuoteCall = {},
): Promise<ShippingOptionsResult> {
  return client.get(`/items/${encodeURIComponent(itemId)}/shipping_options`, {
    ...call,
    schema: ShippingOptionsResult,
    query: 'cityTo' in destination ? { city_to: destination.cityTo } : { zip_code: destination.zipCode },
  });
}

/** `GET /shipments/{shipment_id}/lead_time`: the delivery promise of a shipment. */
export function getLeadTime(client: MarketplaceClient, shipmentId: number, call: QuoteCall = {}): Promise<LeadTime> {
  return client.get(`/shipments/${shipmentId}/lead_time`, { ...call, schema: LeadTime });
}
