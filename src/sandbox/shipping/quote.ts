import type { DisplayValue, ShippingOption, ShippingOptionsResult } from '../../model/shipping';
import type { PackageDimensions } from '../../rules/shipping';
import { hashString } from '../random';
import { distanceBand, type Place, type SiteGeo } from './geo';
import { BAND_FACTOR, BASE_COST, METHOD_ORDER, METHODS, type MethodDef, PER_EXTRA_KG } from './methods';
import { deliveryPromise } from './promise';
import type { ShippingProfile } from './state';

/** Billable weight in grams: the larger of the real weight and the volumetric one (cm³ / 5). */
export function billableGrams(pkg: PackageDimensions): number {
  return Math.max(pkg.weight, (pkg.height * pkg.width * pkg.length) / 5);
}

const round = (value: number, decimals: number): number => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};

/** The list cost of a method: base × distance factor × method factor, plus 15% per started kilogram after the first. */
export function listCost(site: SiteGeo, method: MethodDef, band: 0 | 1 | 2, grams: number): number {
  const base = BASE_COST[site.site_id] ?? 100;
  const extraKg = Math.max(0, Math.ceil(grams / 1000) - 1);
  return round(base * BAND_FACTOR[band] * method.cost_factor * (1 + PER_EXTRA_KG * extraKg), site.decimals);
}

/** `options[].id`: a stable id of the rule that priced the option (site, seller, method and band). */
export const ruleId = (site: string, seller: number | undefined, method: string, band: number): number =>
  100_000_000 + (hashString(`${site}:${seller ?? 'site'}:${method}:${band}`) % 900_000_000);

export interface QuoteRequest {
  site: SiteGeo;
  origin: Place;
  destination: Place;
  pkg: PackageDimensions;
  /** The seller quoting; absent for site quotes (no handling known, no seller carrier, no free shipping). */
  seller?: ShippingProfile;
  /** Whether the standard method ships free for this quote (seller offer or the item's free_shipping). */
  freeStandard: boolean;
  now: Date;
  /** Adds `settings` (user-scoped quotes). */
  withSettings: boolean;
  buyer: { id: number } | null;
}

/** Whether a quote's standard method ships free from a seller's offer. */
export const sellerOffersFree = (seller: ShippingProfile | undefined, pkg: PackageDimensions): boolean =>
  seller?.free_shipping_max_weight_g != null && billableGrams(pkg) <= seller.free_shipping_max_weight_g;

/**
 * `display`: an option is `optional` when another one is faster (an earlier last promised hour) and costs no more;
 * among the rest, the cheapest tracked (`verified`) option is `recommended` when there is a choice; others `always`.
 */
export function assignDisplay(options: readonly { cost: number; tracks: string; maxHours: number }[]): DisplayValue[] {
  const optional = options.map((option) =>
    options.some((other) => other !== option && other.maxHours < option.maxHours && other.cost <= option.cost),
  );
  const shown = options.map((_, index) => index).filter((index) => !optional[index]);
  let recommended = -1;
  if (shown.length > 1) {
    for (const index of shown) {
      const option = options[index]!;
      if (option.tracks !== 'verified') continue;
      if (recommended < 0 || option.cost < options[recommended]!.cost) recommended = index;
    }
  }
  return options.map((_, index) => (optional[index] ? 'optional' : index === recommended ? 'recommended' : 'always'));
}

/** The destination block of a quote. */
export function destinationOf(site: SiteGeo, place: Place) {
  return {
    zip_code: place.zip_code,
    city: { id: place.city?.id ?? null, name: place.city?.name ?? null },
    state: { id: place.state?.id ?? null, name: place.state?.name ?? null },
    country: site.country,
    extended_attributes: {
      address: null,
      owner_name: null,
      zip_code_type: place.city
        ? { type: 'city', description: site.language === 'pt' ? 'CEP de localidade' : 'Código postal de localidad' }
        : { type: 'region', description: site.language === 'pt' ? 'CEP de região' : 'Código postal de región' },
      city_type: place.city ? 'city' : 'unknown',
      city_name: place.city?.name ?? null,
      neighborhood: place.city?.neighborhood ?? null,
      status: 'active',
      version: '1',
    },
  };
}

/** A complete quote to one destination, deterministic for its inputs and the sandbox clock. */
export function quote(request: QuoteRequest): ShippingOptionsResult {
  const { site, seller } = request;
  const band = distanceBand(request.origin.zip_code, request.destination.zip_code);
  const grams = billableGrams(request.pkg);
  const methods = METHOD_ORDER.map((key) => METHODS[key]).filter(
    (method) =>
      (method.max_billable_g === null || grams <= method.max_billable_g) &&
      (!method.seller_only || seller?.own_carrier === true),
  );
  const drafts = methods.map((method) => {
    const list = listCost(site, method, band, grams);
    const free = request.freeStandard && method.key === 'standard';
    const promise = deliveryPromise(method, band, seller?.handling_hours ?? null, request.now);
    return { method, list, cost: free ? 0 : list, free, promise };
  });
  const display = assignDisplay(
    drafts.map((draft) => ({
      cost: draft.cost,
      tracks: draft.method.tracks,
      maxHours: draft.promise.speed.shipping + draft.method.offset,
    })),
  );
  const options: ShippingOption[] = drafts.map((draft, index) => ({
    id: ruleId(site.site_id, seller?.user_id, draft.method.key, band),
    name: draft.method.names[site.language],
    shipping_method_id: draft.method.shipping_method_id,
    shipping_method_type: draft.method.type,
    currency_id: site.currency_id,
    base_cost: draft.list,
    list_cost: draft.list,
    cost: draft.cost,
    tracks_shipments_status: draft.method.tracks,
    display: display[index],
    speed: draft.promise.speed,
    estimated_delivery: draft.promise.estimated_delivery,
    estimated_delivery_time: draft.promise.estimated_delivery_time,
    discount: draft.free
      ? { rate: 1, type: 'free_shipping', promoted_amount: draft.list }
      : { rate: 0, type: 'none', promoted_amount: 0 },
  }));
  return {
    destination: destinationOf(site, request.destination),
    options,
    ...(request.withSettings ? { settings: { allow_add_cost: seller?.allow_add_cost ?? false } } : {}),
    buyer: request.buyer,
    custom_message: { display_mode: null, reason: null },
  };
}
