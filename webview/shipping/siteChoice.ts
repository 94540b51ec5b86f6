// Which site a form quotes on and how it asks the destination, from the account, the inputs and the sites the host
// offers. Pure (no DOM, no panel state): unit-tested in plain Node; sites.ts applies it to the panel's state.

import * as l10n from '@vscode/l10n';
import type { QuoteSite } from '../../src/model/protocols/shipping';
import { errorsOf } from '../../src/rules/finding';
import {
  cityQuoteSiteRule,
  itemIdRule,
  quotesByCity,
  sellerCitySite,
  siteIdRule,
} from '../../src/rules/shippingInputs';

/** The signed-in account as the forms read it. */
export interface AccountFacts {
  userId: string;
  siteId: string;
}

/**
 * Whose cities the Seller · cities form offers: the signed-in seller's own site (`own`), or the reason it cannot
 * quote by city (`notByCity`, said instead of a form that must fail), or, for another seller, the chosen site among
 * those that quote by city (`other`).
 */
export type SellerCitiesChoice =
  | { kind: 'own'; siteId: string }
  | { kind: 'notByCity'; siteId: string; message: string }
  | { kind: 'other'; siteId: string };

/** The sites whose cities a seller's quote may name: those that quote by city. */
export const cityQuoteSites = (sites: readonly QuoteSite[]): QuoteSite[] => sites.filter((site) => site.cityBased);

export function sellerCitiesChoice(
  account: AccountFacts | null,
  userId: string,
  chosenSite: string,
  sites: readonly QuoteSite[],
): SellerCitiesChoice {
  const { siteId, own } = sellerCitySite(userId, chosenSite, account);
  if (own) {
    const listed = sites.find((site) => site.id === siteId)?.cities.length ?? 0;
    const refused = cityQuoteSiteRule(siteId, listed)[0];
    return refused ? { kind: 'notByCity', siteId, message: refused.message } : { kind: 'own', siteId };
  }
  const offered = cityQuoteSites(sites);
  const chosen = offered.find((site) => site.id === siteId) ?? offered[0];
  return { kind: 'other', siteId: chosen?.id ?? siteId };
}

/** An item id as the hints show it. */
const ITEM_ID_EXAMPLE = 'MLA1400000702';

/**
 * How the listing form asks its destination: a postal code, a city (on sites that quote by city only: MCO), or
 * nothing until the item id has the form of one (its site, M and two capital letters, then digits), with a hint
 * naming that form.
 */
export type ItemDestination = { kind: 'zip' | 'city'; siteId: string } | { kind: 'unknown'; siteId: ''; hint: string };

export function itemDestinationOf(itemId: string, sites: readonly QuoteSite[]): ItemDestination {
  const id = itemId.trim();
  const siteId = id.slice(0, 3);
  if (errorsOf(itemIdRule(id)).length > 0 || errorsOf(siteIdRule(siteId)).length > 0) {
    const hint = id
      ? l10n.t(
          'The destination follows the item id once it has the form of one: its site’s letters and digits, e.g. {0}.',
          ITEM_ID_EXAMPLE,
        )
      : l10n.t(
          'Type the item id (its site’s letters and digits, e.g. {0}): its site says whether the destination is a postal code or a city.',
          ITEM_ID_EXAMPLE,
        );
    return { kind: 'unknown', siteId: '', hint };
  }
  const offered = sites.find((site) => site.id === siteId);
  const byCity = offered ? !offered.zipBased : quotesByCity(siteId);
  return { kind: byCity ? 'city' : 'zip', siteId };
}
