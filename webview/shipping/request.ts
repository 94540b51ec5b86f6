// The request a mode makes: what a quote sends (trimmed, only the destination the mode asks), and its path as the
// form previews it.

import type { QuoteInputs, QuoteMode } from '../../src/model/protocols/shipping';
import { splitCityIds } from '../../src/rules/shippingInputs';
import { citySiteId, itemDestination } from './sites';
import { state } from './state';

/** What a quote of a mode sends: trimmed, and only the destination the mode asks (the item's zip or city). */
export function payloadOf(target: QuoteMode): QuoteInputs {
  const given = state.inputs[target];
  const payload: QuoteInputs = {
    site: given.site.trim(),
    zipFrom: given.zipFrom.trim(),
    zipTo: given.zipTo.trim(),
    zip: given.zip.trim(),
    userId: given.userId.trim(),
    cityFrom: given.cityFrom.trim(),
    citiesTo: splitCityIds(given.citiesTo.join(',')),
    dimensions: given.dimensions.trim(),
    itemId: given.itemId.trim(),
    shipmentId: given.shipmentId.trim(),
  };
  if (target === 'siteCities' || target === 'sellerCities') payload.site = citySiteId(target);
  if (target === 'item') {
    const destination = itemDestination();
    if (destination.kind === 'city') {
      payload.zip = '';
      payload.citiesTo = payload.citiesTo.slice(0, 1);
    } else payload.citiesTo = [];
  }
  return payload;
}

/** The request a mode makes, as the user reads it (the host's own path comes with the result). */
export function previewPath(target: QuoteMode, p: QuoteInputs): string {
  const value = (text: string) => encodeURIComponent(text).replace(/%2C/gi, ',');
  const segment = (text: string, placeholder: string) => (text ? value(text) : placeholder);
  const query = (pairs: [string, string][]) => {
    const text = pairs
      .filter(([, given]) => given)
      .map(([name, given]) => `${name}=${value(given)}`)
      .join('&');
    return text ? `?${text}` : '';
  };
  switch (target) {
    case 'siteZip':
      return (
        `/sites/${segment(p.site, '{site_id}')}/shipping_options` +
        query([
          ['zip_code_from', p.zipFrom],
          ['zip_code_to', p.zipTo],
          ['dimensions', p.dimensions],
        ])
      );
    case 'sellerZip':
      return (
        `/users/${segment(p.userId, '{user_id}')}/shipping_options` +
        query([
          ['zip_code', p.zip],
          ['dimensions', p.dimensions],
        ])
      );
    case 'siteCities':
      return (
        `/sites/${segment(p.site, '{site_id}')}/shipping_options` +
        query([
          ['city_from', p.cityFrom],
          ['city_to', p.citiesTo.join(',')],
          ['dimensions', p.dimensions],
        ])
      );
    case 'sellerCities':
      return (
        `/users/${segment(p.userId, '{user_id}')}/shipping_options` +
        query([
          ['city_to', p.citiesTo.join(',')],
          ['dimensions', p.dimensions],
        ])
      );
    case 'item':
      return (
        `/items/${segment(p.itemId, '{item_id}')}/shipping_options` +
        query([
          ['zip_code', p.zip],
          ['city_to', p.citiesTo.join(',')],
        ])
      );
    case 'leadTime':
      return `/shipments/${segment(p.shipmentId, '{shipment_id}')}/lead_time`;
  }
}
