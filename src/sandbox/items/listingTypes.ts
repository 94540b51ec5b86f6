import { notFound, ok } from '../http';
import type { Route } from '../router';

/**
 * `GET /sites/{site_id}/listing_types` as the real API answers it: `[{site_id, id, name}]`, names in the site's
 * language. The API still lists the historical packages (gold_premium, gold, silver, bronze) next to the active ones.
 *
 * Sources (public developer pages, as stored by the search tool):
 * - MLC (and the Spanish names used for MLA, MLM, MCO, MPE): https://developers.mercadolibre.com.uy/en_us/listing-types-item-upgrades-tutorial
 *   (`/sites/MLC/listing_types`: gold_pro Premium, gold_premium Oro Premium, gold_special Clásica, gold Oro,
 *   silver Plata, bronze Bronce, free Gratuita).
 * - MLB and MLU: https://developers.mercadolivre.com.br/pt_br/tutorial-tipos-de-publicacao-y-atualizacao-de-artigos/
 *   (MLB: gold_premium is "Diamante", not "Ouro Premium"; MLU since 2023-11-15: gold_special "Premium" and free
 *   "Gratuita" only), confirmed by https://global-selling.mercadolibre.com/devsite/listing-types-and-exposures.
 * Not confirmed from public material: the exact current lists of MLA, MLM, MCO and MPE (older MLA pages name
 * gold_pro "Oro Premium Full" and gold_special "Oro Profesional"; newer ones show "Premium" and "Clasica").
 */
const SPANISH: readonly [string, string][] = [
  ['gold_pro', 'Premium'],
  ['gold_premium', 'Oro Premium'],
  ['gold_special', 'Clásica'],
  ['gold', 'Oro'],
  ['silver', 'Plata'],
  ['bronze', 'Bronce'],
  ['free', 'Gratuita'],
];

const PORTUGUESE: readonly [string, string][] = [
  ['gold_pro', 'Premium'],
  ['gold_premium', 'Diamante'],
  ['gold_special', 'Clássico'],
  ['gold', 'Ouro'],
  ['silver', 'Prata'],
  ['bronze', 'Bronze'],
  ['free', 'Grátis'],
];

/** MLU unified Classic and Premium on 2023-11-15: only gold_special (named Premium) and free remain. */
const URUGUAY: readonly [string, string][] = [
  ['gold_special', 'Premium'],
  ['free', 'Gratuita'],
];

const TABLE: Record<string, readonly [string, string][]> = {
  MLA: SPANISH,
  MLB: PORTUGUESE,
  MLM: SPANISH,
  MCO: SPANISH,
  MLC: SPANISH,
  MPE: SPANISH,
  MLU: URUGUAY,
};

/** The listing types of a site, or undefined for a site the sandbox does not know. */
export function listingTypesOf(siteId: string): { site_id: string; id: string; name: string }[] | undefined {
  const entries = Object.hasOwn(TABLE, siteId) ? TABLE[siteId] : undefined;
  return entries?.map(([id, name]) => ({ site_id: siteId, id, name }));
}

/** Public, like `GET /sites/{site_id}`: no token needed. */
export const listingTypeRoutes: Route[] = [
  {
    method: 'GET',
    path: '/sites/:site_id/listing_types',
    auth: 'optional',
    handler: (request) => {
      const list = listingTypesOf(request.params.site_id ?? '');
      if (!list) throw notFound(`Site ${request.params.site_id} not found`);
      return ok(list);
    },
  },
];
