import type { AdvertisingProduct } from '../../model/advertising';

/** An advertiser account a user can act for, in one product. */
export interface SandboxAdvertiser {
  advertiser_id: number;
  user_id: number;
  product: AdvertisingProduct;
  site_id: string;
  currency: string;
  advertiser_name: string;
  account_name: string;
}

/** A display campaign plus the figures its daily metrics are generated from. */
export interface SandboxCampaign {
  id: number;
  advertiser_id: number;
  name: string;
  type: 'GUARANTEED' | 'PROGRAMMATIC';
  status: 'active' | 'paused' | 'finished';
  goal: 'awareness' | 'consideration' | 'conversion';
  site_id: string;
  /** Timestamps without a zone, as the API writes them. */
  start_date: string;
  end_date: string;
  /** Spells without delivery: from the day paused until the day resumed (exclusive; null while still paused). */
  pauses: { from: string; until: string | null }[];
  /** Average impressions per day. */
  daily_prints: number;
  /** Average clicks per impression. */
  base_ctr: number;
  /** GUARANTEED campaigns pay a fixed CPM; PROGRAMMATIC ones pay per click. */
  rate: number;
  /** Average ticket of the sales the campaign brings. */
  average_ticket: number;
  /** Video creatives report active_views and completed_views. */
  video: boolean;
  /**
   * Total budget in the advertiser's currency, when the campaign has one: once the days' consumed_budget reaches it,
   * the campaign stops delivering (its last day spends only what was left). Absent in states saved before it existed.
   */
  budget?: number | null;
}

export interface AdvertisingSlice {
  advertisers: SandboxAdvertiser[];
  campaigns: Record<string, SandboxCampaign>;
  /** Seed of the generated daily metrics: the same seed always answers the same figures. */
  metrics_seed: string;
}
