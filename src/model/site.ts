import * as z from 'zod';
import { answer, SiteId } from './common';

/**
 * Id of the integrated payment platform's method. A site supports the mandatory integrated payment flow when its
 * `payment_method_ids` contain it. The spec does not show the real id; this one matches the item field
 * `accepts_platformpago`.
 */
export const PLATFORM_PAYMENT_METHOD_ID = 'platformpago';

/** Sites where reservation orders exist (the spec: Argentina, Brazil and Mexico only). */
export const RESERVATION_SITES = ['MLA', 'MLB', 'MLM'] as const;

/** `GET /sites/{site_id}`: site data including payment_method_ids. */
export const Site = answer({
  id: SiteId,
  name: z.string().nullish(),
  country_id: z.string().nullish(),
  default_currency_id: z.string().nullish(),
  immediate_payment: z.string().nullish(),
  payment_method_ids: z.array(z.string()),
  currencies: z.array(answer({ id: z.string(), symbol: z.string().nullish() })).nullish(),
});
export type Site = z.infer<typeof Site>;

/**
 * One entry of `GET /sites/{site_id}/listing_types`. The ids are an open set that differs by site (gold_pro,
 * gold_special, free…); names are in the site's language.
 */
export const ListingType = answer({
  id: z.string(),
  name: z.string().nullish(),
});
export type ListingType = z.infer<typeof ListingType>;

/** `GET /sites/{site_id}/listing_types`: the site's listing types. */
export const ListingTypes = z.array(ListingType);

/** `GET /payment_methods/{payment_method_id}`. */
export const PaymentMethod = answer({
  id: z.string(),
  name: z.string().nullish(),
  payment_type_id: z.string().nullish(),
  status: z.string().nullish(),
  thumbnail: z.string().nullish(),
  secure_thumbnail: z.string().nullish(),
  min_allowed_amount: z.number().nullish(),
  max_allowed_amount: z.number().nullish(),
  accreditation_time: z.number().int().nullish(),
  site_ids: z.array(z.string()).nullish(),
});
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/** Whether a site supports the integrated payment platform (its payment_method_ids contain the platform's id). */
export const supportsPlatform = (site: { payment_method_ids?: readonly string[] | null }): boolean =>
  (site.payment_method_ids ?? []).includes(PLATFORM_PAYMENT_METHOD_ID);
