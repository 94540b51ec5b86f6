import * as z from 'zod';
import { answer, IsoDate, SiteId } from './common';

/** Products of `GET /advertising/advertisers?product_id=` the spec names. */
export const ADVERTISING_PRODUCTS = ['DISPLAY', 'BADS'] as const;
export type AdvertisingProduct = (typeof ADVERTISING_PRODUCTS)[number];

/** Sort options of the advertisers list. */
export const ADVERTISER_SORTS = ['advertiser_id', 'site_id'] as const;
/** Sort options of the campaigns list (and, per the spec, of the metrics call). */
export const CAMPAIGN_SORTS = ['id', 'name', 'start_date', 'end_date'] as const;
/** Sort directions of the advertising lists; both default to desc. */
export const SORT_ORDERS = ['asc', 'desc'] as const;

/** Campaign types and statuses the sandbox uses (the spec leaves the allowed values open). */
export const CAMPAIGN_TYPES = ['GUARANTEED', 'PROGRAMMATIC'] as const;
export const CAMPAIGN_STATUSES = ['active', 'paused', 'finished'] as const;

/** An advertiser the user can act for. */
export const Advertiser = answer({
  advertiser_id: z.number().int(),
  site_id: SiteId,
  currency: z.string().nullish(),
  advertiser_name: z.string().nullish(),
  account_name: z.string().nullish(),
});
export type Advertiser = z.infer<typeof Advertiser>;

/** `GET /advertising/advertisers`. */
export const AdvertisersAnswer = answer({ advertisers: z.array(Advertiser) });
export type AdvertisersAnswer = z.infer<typeof AdvertisersAnswer>;

/** A display campaign; dates are timestamps without a zone (`2026-01-05T00:00:00`). */
export const Campaign = answer({
  id: z.number().int(),
  name: z.string().nullish(),
  start_date: z.string().nullish(),
  end_date: z.string().nullish(),
  advertiser_id: z.number().int().nullish(),
  type: z.string().nullish(),
  status: z.string().nullish(),
  site_id: z.string().nullish(),
  goal: z.string().nullish(),
});
export type Campaign = z.infer<typeof Campaign>;

/** `GET /advertising/advertisers/{id}/display/campaigns`. */
export const CampaignsAnswer = answer({ results: z.array(Campaign) });
export type CampaignsAnswer = z.infer<typeof CampaignsAnswer>;

/** An attribution block: `event_time` (dated by the action) or `touch_point` (dated by the click or print). */
export const Attribution = answer({
  cpa_order: z.number().nullish(),
  cpa_ppv: z.number().nullish(),
  roas: z.number().nullish(),
  units_quantity: z.number().nullish(),
  direct_amount: z.number().nullish(),
  direct_item_quantity: z.number().nullish(),
  attribution_ppv: z.number().nullish(),
  attribution_add_to_cart: z.number().nullish(),
  attribution_bookmark: z.number().nullish(),
  attribution_checkout: z.number().nullish(),
});
export type Attribution = z.infer<typeof Attribution>;

/** Fields shared by a daily row and the summary. */
const metricsShape = {
  site_id: z.string().nullish(),
  currency: z.string().nullish(),
  prints: z.number().nullish(),
  clicks: z.number().nullish(),
  reach: z.number().nullish(),
  ctr: z.number().nullish(),
  consumed_budget: z.number().nullish(),
  cpm: z.number().nullish(),
  cpc: z.number().nullish(),
  average_frequency: z.number().nullish(),
  active_views: z.number().nullish(),
  completed_views: z.number().nullish(),
  event_time: Attribution.nullish(),
  touch_point: Attribution.nullish(),
};

/** Metrics of the whole requested range. */
export const MetricsSummary = answer(metricsShape);
export type MetricsSummary = z.infer<typeof MetricsSummary>;

/** Metrics of one day. */
export const MetricsRow = answer({ ...metricsShape, date: IsoDate });
export type MetricsRow = z.infer<typeof MetricsRow>;

/** `GET …/campaigns/{campaign_id}/metrics`. */
export const MetricsAnswer = answer({ metrics: z.array(MetricsRow), summary: MetricsSummary });
export type MetricsAnswer = z.infer<typeof MetricsAnswer>;
