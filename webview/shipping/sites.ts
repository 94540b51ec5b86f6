// The sites the host offers and the site each form quotes on: the listing's site from its item id, the seller's
// from the account, the city forms' chosen site. The choices themselves are pure (siteChoice.ts); this module
// applies them to the panel's state.

import * as l10n from '@vscode/l10n';
import type { QuoteMode, QuoteSite } from '../../src/model/protocols/shipping';
import { type ListedCities, listedCitiesOf } from '../../src/rules/shippingInputs';
import { type ItemDestination, itemDestinationOf, type SellerCitiesChoice, sellerCitiesChoice } from './siteChoice';
import { state } from './state';

export const zipSites = () => state.sites.filter((site) => site.zipBased);
/** The sites of the Cities form (`/sites/MCO/shipping_options`): those that quote by city only. */
export const citySites = () => state.sites.filter((site) => !site.zipBased);
export const siteById = (id: string) => state.sites.find((site) => site.id === id);
export const siteLabel = (site: QuoteSite) => (site.name ? l10n.t('{0} ({1})', site.name, site.id) : site.id);

/** How the listing form asks its destination, from the item id typed so far. */
export function itemDestination(): ItemDestination {
  return itemDestinationOf(state.inputs.item.itemId, state.sites);
}

/** Whose cities the Seller · cities form offers, from the account and the user id typed. */
export function sellerCities(): SellerCitiesChoice {
  const given = state.inputs.sellerCities;
  return sellerCitiesChoice(state.account, given.userId, given.site, state.sites);
}

/**
 * The site a seller's postal code is checked against: the signed-in account's, as the host checks it (the site of
 * another seller's id is unknown until the API answers); without an account only digits are asked.
 */
export function sellerSiteId(): string {
  return state.account?.siteId ?? '';
}

/** The site whose cities a city form offers. */
export function citySiteId(target: QuoteMode): string {
  if (target === 'sellerCities') return sellerCities().siteId;
  const chosen = state.inputs[target].site.trim();
  if (chosen) return chosen;
  return citySites()[0]?.id ?? '';
}

/** The cities the environment lists for a site, as the rules take them (none listed: nothing to judge against). */
export const listedCities = (siteId: string): ListedCities | undefined => listedCitiesOf(state.sites, siteId);

/** After the site of a city form changed: the known cities of other sites cannot be valid; ids typed by hand stay. */
export function keepCitiesOf(target: QuoteMode, siteId: string): void {
  const known = new Set(state.sites.flatMap((site) => site.cities.map((city) => city.id)));
  const offered = new Set(siteById(siteId)?.cities.map((city) => city.id) ?? []);
  const keep = (id: string) => offered.has(id) || !known.has(id);
  const given = state.inputs[target];
  given.citiesTo = given.citiesTo.filter(keep);
  if (given.cityFrom && !keep(given.cityFrom)) given.cityFrom = '';
}

/**
 * The site dropdowns start on the account's site (or the first offered) rather than on nothing; the seller's city
 * form on the seller's own site, without another site's cities an older form kept.
 */
export function defaultSites(): void {
  const zipped = zipSites();
  if (!state.inputs.siteZip.site && zipped.length) {
    state.inputs.siteZip.site = zipped.find((site) => site.id === state.account?.siteId)?.id ?? zipped[0]?.id ?? '';
  }
  if (!state.inputs.siteCities.site) state.inputs.siteCities.site = citySiteId('siteCities');
  const seller = sellerCities();
  state.inputs.sellerCities.site = seller.siteId;
  keepCitiesOf('sellerCities', seller.siteId);
}
