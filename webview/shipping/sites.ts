// The sites the host offers and the site each form quotes on: the listing's site from its item id, the seller's
// from the account, the city forms' chosen site.

import type { QuoteMode, QuoteSite } from '../../src/model/shippingProtocol';
import { quotesByCity } from '../../src/rules/shippingInputs';
import { state } from './state';

export const zipSites = () => state.sites.filter((site) => site.zipBased);
export const citySites = () => state.sites.filter((site) => !site.zipBased);
export const siteById = (id: string) => state.sites.find((site) => site.id === id);
export const siteLabel = (site: QuoteSite) => (site.name ? `${site.name} (${site.id})` : site.id);

/** The site a listing belongs to: the item id's three letters (MLB1… → MLB), once three are typed. */
export function itemSiteId(itemId: string): string | undefined {
  const prefix = itemId.trim().slice(0, 3).toUpperCase();
  return /^[A-Z]{3}$/.test(prefix) ? prefix : undefined;
}

/** Whether a site quotes by city: the host's list first, the rules' known sites otherwise. */
export function siteQuotesByCity(siteId: string): boolean {
  const site = siteById(siteId);
  return site ? !site.zipBased : quotesByCity(siteId);
}

/** How the listing form asks its destination: a postal code, a city, or nothing until the item id names a site. */
export function itemDestination(): { kind: 'zip' | 'city' | 'unknown'; siteId: string } {
  const siteId = itemSiteId(state.inputs.item.itemId);
  if (!siteId) return { kind: 'unknown', siteId: '' };
  return { kind: siteQuotesByCity(siteId) ? 'city' : 'zip', siteId };
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
  const chosen = state.inputs[target].site.trim();
  if (chosen) return chosen;
  if (target === 'sellerCities' && state.account && siteQuotesByCity(state.account.siteId)) return state.account.siteId;
  return citySites()[0]?.id ?? '';
}

/** The site dropdowns start on the account's site (or the first offered) rather than on nothing. */
export function defaultSites(): void {
  const zipped = zipSites();
  if (!state.inputs.siteZip.site && zipped.length) {
    state.inputs.siteZip.site = zipped.find((site) => site.id === state.account?.siteId)?.id ?? zipped[0]?.id ?? '';
  }
  for (const target of ['siteCities', 'sellerCities'] as const) {
    if (!state.inputs[target].site) state.inputs[target].site = citySiteId(target);
  }
}
