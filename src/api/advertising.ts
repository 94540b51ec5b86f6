import { AdvertisersAnswer, type AdvertisingProduct, CampaignsAnswer, MetricsAnswer } from '../model/advertising';
import type { CallExtras, MarketplaceClient } from './client';

/** Sort direction of the advertising calls (the API defaults to desc). */
export type SortOrder = 'asc' | 'desc';

/** `GET /advertising/advertisers?product_id=`: the advertisers the user can act for in a product. */
export function getAdvertisers(
  client: MarketplaceClient,
  query: { productId: AdvertisingProduct; sortBy?: 'advertiser_id' | 'site_id'; sortOrder?: SortOrder },
): Promise<AdvertisersAnswer> {
  return client.get('/advertising/advertisers', {
    schema: AdvertisersAnswer,
    advertising: true,
    query: { product_id: query.productId, sort_by: query.sortBy, sort_order: query.sortOrder },
  });
}

/** Fields campaigns (and, per the spec, metrics) can be sorted by. */
export type CampaignSort = 'id' | 'name' | 'start_date' | 'end_date';

/** `GET /advertising/advertisers/{id}/display/campaigns`: the advertiser's display campaigns. */
export function getCampaigns(
  client: MarketplaceClient,
  advertiserId: number,
  query: { sortBy?: CampaignSort; sortOrder?: SortOrder } = {},
): Promise<CampaignsAnswer> {
  return client.get(`/advertising/advertisers/${advertiserId}/display/campaigns`, {
    schema: CampaignsAnswer,
    advertising: true,
    query: { sort_by: query.sortBy, sort_order: query.sortOrder },
  });
}

/** `GET …/display/campaigns/{campaign_id}/metrics`: daily rows and a summary for a date range (YYYY-MM-DD). */
export function getCampaignMetrics(
  client: MarketplaceClient,
  advertiserId: number,
  campaignId: number,
  query: { dateFrom: string; dateTo: string; sortBy?: CampaignSort; sortOrder?: SortOrder },
  call: CallExtras = {},
): Promise<MetricsAnswer> {
  return client.get(`/advertising/advertisers/${advertiserId}/display/campaigns/${campaignId}/metrics`, {
    ...call,
    schema: MetricsAnswer,
    advertising: true,
    query: { date_from: query.dateFrom, date_to: query.dateTo, sort_by: query.sortBy, sort_order: query.sortOrder },
  });
}
