// The words of the panel: each mode's tab and purpose, each field's label, and the API's parameter names.

import type { QuoteMode } from '../../src/model/protocols/shipping';
import { MAX_CITY_DESTINATIONS } from '../../src/rules/shippingInputs';
import type { Field } from './state';

export const MODE_INFO: Record<QuoteMode, { tab: string; about: string }> = {
  siteZip: { tab: 'Site · postal codes', about: 'What shipping costs on a site between two postal codes.' },
  sellerZip: {
    tab: 'Seller · postal code',
    about: "The options a seller's shipping preferences give for a destination postal code.",
  },
  siteCities: {
    tab: 'Cities (MCO)',
    about: `Sites that quote by city (Colombia): from one city to at most ${MAX_CITY_DESTINATIONS} destinations.`,
  },
  sellerCities: {
    tab: 'Seller · cities',
    about: `A seller's options to at most ${MAX_CITY_DESTINATIONS} destination cities (sites that quote by city).`,
  },
  item: { tab: 'Listing', about: "What a buyer sees on a listing: the item's own package and seller." },
  leadTime: { tab: 'Delivery promise', about: 'The delivery promise of an existing shipment (its lead time).' },
};

export const LABELS: Record<Field, string> = {
  site: 'Site',
  zipFrom: 'Postal code from (zip_code_from)',
  zipTo: 'Postal code to (zip_code_to)',
  zip: 'Destination postal code (zip_code)',
  userId: 'Seller user id',
  cityFrom: 'City from (city_from)',
  citiesTo: 'Destination cities (city_to)',
  dimensions: 'Dimensions (height x width x length in cm, weight in grams)',
  itemId: 'Item id',
  shipmentId: 'Shipment id',
};

export const SHORT_LABELS: Record<Field, string> = {
  site: 'site',
  zipFrom: 'postal code from',
  zipTo: 'postal code to',
  zip: 'postal code',
  userId: 'user id',
  cityFrom: 'city from',
  citiesTo: 'destination cities',
  dimensions: 'dimensions',
  itemId: 'item id',
  shipmentId: 'shipment id',
};
