// The words of the panel: each mode's tab and purpose, each field's label, and the API's parameter names. Functions,
// so each word is asked of the display language's bundle (@vscode/l10n, configured by the bridge) when it is drawn.

import * as l10n from '@vscode/l10n';
import type { QuoteMode } from '../../src/model/protocols/shipping';
import { MAX_CITY_DESTINATIONS } from '../../src/rules/shippingInputs';
import type { Field } from './state';

/** A mode's tab and the sentence that says what it quotes. */
export function modeInfo(mode: QuoteMode): { tab: string; about: string } {
  switch (mode) {
    case 'siteZip':
      return {
        tab: l10n.t('Site · postal codes'),
        about: l10n.t('What shipping costs on a site between two postal codes.'),
      };
    case 'sellerZip':
      return {
        tab: l10n.t('Seller · postal code'),
        about: l10n.t("The options a seller's shipping preferences give for a destination postal code."),
      };
    case 'siteCities':
      return {
        tab: l10n.t('Cities (MCO)'),
        about: l10n.t(
          'Sites that quote by city (Colombia): from one city to at most {0} destinations.',
          MAX_CITY_DESTINATIONS,
        ),
      };
    case 'sellerCities':
      return {
        tab: l10n.t('Seller · cities'),
        about: l10n.t(
          "A seller's options to at most {0} destination cities (sites that quote by city).",
          MAX_CITY_DESTINATIONS,
        ),
      };
    case 'item':
      return {
        tab: l10n.t('Listing'),
        about: l10n.t("What a buyer sees on a listing: the item's own package and seller."),
      };
    case 'leadTime':
      return {
        tab: l10n.t('Delivery promise'),
        about: l10n.t('The delivery promise of an existing shipment (its lead time).'),
      };
  }
}

/** A field's label above its control (with the API's parameter name where it has one). */
export function fieldLabel(field: Field): string {
  switch (field) {
    case 'site':
      return l10n.t('Site');
    case 'zipFrom':
      return l10n.t('Postal code from (zip_code_from)');
    case 'zipTo':
      return l10n.t('Postal code to (zip_code_to)');
    case 'zip':
      return l10n.t('Destination postal code (zip_code)');
    case 'userId':
      return l10n.t('Seller user id');
    case 'cityFrom':
      return l10n.t('City from (city_from)');
    case 'citiesTo':
      return l10n.t('Destination cities (city_to)');
    case 'dimensions':
      return l10n.t('Dimensions (height x width x length in cm, weight in grams)');
    case 'itemId':
      return l10n.t('Item id');
    case 'shipmentId':
      return l10n.t('Shipment id');
  }
}

/** A field's short name, as a sentence names it ("To quote, fill in or correct: postal code"). */
export function shortLabel(field: Field): string {
  switch (field) {
    case 'site':
      return l10n.t('site');
    case 'zipFrom':
      return l10n.t('postal code from');
    case 'zipTo':
      return l10n.t('postal code to');
    case 'zip':
      return l10n.t('postal code');
    case 'userId':
      return l10n.t('user id');
    case 'cityFrom':
      return l10n.t('city from');
    case 'citiesTo':
      return l10n.t('destination cities');
    case 'dimensions':
      return l10n.t('dimensions');
    case 'itemId':
      return l10n.t('item id');
    case 'shipmentId':
      return l10n.t('shipment id');
  }
}
