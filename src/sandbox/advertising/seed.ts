import { addDays } from '../../rules/advertising';
import type { SeedContext } from '../family';
import { apiTimestamp } from '../sandbox';
import { MLB_SELLER_ID, SELLER_ID } from '../users/ids';
import { spendOn, spentThrough } from './metrics';
import type { AdvertisingSlice, SandboxAdvertiser, SandboxCampaign } from './state';

/** Ids of the seeded advertisers, for tests and docs. */
export const SEEDED_ADVERTISER_IDS = {
  /** The seller's MLA display advertiser, with four campaigns. */
  mla: 731_001,
  /** The seller's MLM display advertiser, with two campaigns. */
  mlm: 731_002,
  /** The seller's MLC display advertiser, without campaigns (its campaigns call answers not_found). */
  mlcEmpty: 731_003,
  /** The MLB seller's Brand Ads advertiser. */
  mlbBrandAds: 731_010,
} as const;

/** Ids of the seeded campaigns. */
export const SEEDED_CAMPAIGN_IDS = {
  guaranteedLaunch: 9_001_001,
  alwaysOn: 9_001_002,
  hotSalePaused: 9_001_003,
  videoFinished: 9_001_004,
  mlmGuaranteed: 9_002_001,
  mlmRetargetingPaused: 9_002_002,
} as const;

/** Days (relative to the seed's today) of the always-on campaign's pause: from T−75, delivering again from T−61. */
export const ALWAYS_ON_PAUSE = { from: -75, until: -61 } as const;
/** The day (relative to the seed's today) the MX guaranteed campaign's budget runs out. */
export const BUDGET_RUNS_OUT = -30;

/** The sandbox's "today" on the sites' clock (the -04:00 offset of every sandbox timestamp). */
export const siteToday = (now: Date): string => apiTimestamp(now).slice(0, 10);

/** Seeds the advertisers and campaigns; daily metrics are generated on demand from `metrics_seed`. */
export function seedAdvertising(context: SeedContext): AdvertisingSlice {
  const today = siteToday(context.now);
  const day = (offset: number) => addDays(today, offset);
  const advertisers: SandboxAdvertiser[] = [
    {
      advertiser_id: SEEDED_ADVERTISER_IDS.mla,
      user_id: SELLER_ID,
      product: 'DISPLAY',
      site_id: 'MLA',
      currency: 'ARS',
      advertiser_name: 'Autos del Sur',
      account_name: 'TEST_SELLER_AUTOS',
    },
    {
      advertiser_id: SEEDED_ADVERTISER_IDS.mlm,
      user_id: SELLER_ID,
      product: 'DISPLAY',
      site_id: 'MLM',
      currency: 'MXN',
      advertiser_name: 'Autos del Sur México',
      account_name: 'TEST_SELLER_AUTOS',
    },
    {
      advertiser_id: SEEDED_ADVERTISER_IDS.mlcEmpty,
      user_id: SELLER_ID,
      product: 'DISPLAY',
      site_id: 'MLC',
      currency: 'CLP',
      advertiser_name: 'Autos del Sur Chile',
      account_name: 'TEST_SELLER_AUTOS',
    },
    {
      advertiser_id: SEEDED_ADVERTISER_IDS.mlbBrandAds,
      user_id: MLB_SELLER_ID,
      product: 'BADS',
      site_id: 'MLB',
      currency: 'BRL',
      advertiser_name: 'Loja Modelo',
      account_name: 'TEST_SELLER_MLB',
    },
  ];
  const { rng } = context;
  const campaign = (
    id: number,
    advertiser: SandboxAdvertiser,
    name: string,
    type: SandboxCampaign['type'],
    status: SandboxCampaign['status'],
    goal: SandboxCampaign['goal'],
    startOffset: number,
    endOffset: number,
    extra: Partial<SandboxCampaign> = {},
  ): SandboxCampaign => ({
    id,
    advertiser_id: advertiser.advertiser_id,
    name,
    type,
    status,
    goal,
    site_id: advertiser.site_id,
    start_date: `${day(startOffset)}T00:00:00`,
    end_date: `${day(endOffset)}T23:59:59`,
    pauses: [],
    daily_prints: rng.int(20_000, 90_000),
    base_ctr: 0.002 + rng.next() * 0.01,
    rate: type === 'GUARANTEED' ? rng.int(300, 900) : rng.int(40, 160),
    average_ticket: rng.int(15_000, 60_000),
    video: false,
    ...extra,
  });
  const [mla, mlm] = advertisers as [SandboxAdvertiser, SandboxAdvertiser];
  const campaigns: SandboxCampaign[] = [
    campaign(
      SEEDED_CAMPAIGN_IDS.guaranteedLaunch,
      mla,
      'Lanzamiento SUV 2026',
      'GUARANTEED',
      'active',
      'awareness',
      -150,
      60,
    ),
    campaign(
      SEEDED_CAMPAIGN_IDS.alwaysOn,
      mla,
      'Always on consideración',
      'PROGRAMMATIC',
      'active',
      'consideration',
      -200,
      180,
      {
        // Two weeks off and back on: a stretch of zero prints inside the API's 90-day window.
        pauses: [{ from: day(ALWAYS_ON_PAUSE.from), until: day(ALWAYS_ON_PAUSE.until) }],
      },
    ),
    campaign(
      SEEDED_CAMPAIGN_IDS.hotSalePaused,
      mla,
      'Hot Sale conversión',
      'PROGRAMMATIC',
      'paused',
      'conversion',
      -130,
      30,
      {
        pauses: [{ from: day(-20), until: null }],
      },
    ),
    campaign(
      SEEDED_CAMPAIGN_IDS.videoFinished,
      mla,
      'Video verano',
      'PROGRAMMATIC',
      'finished',
      'awareness',
      -125,
      -10,
      {
        video: true,
      },
    ),
    campaign(
      SEEDED_CAMPAIGN_IDS.mlmGuaranteed,
      mlm,
      'Campaña garantizada MX',
      'GUARANTEED',
      'active',
      'awareness',
      -140,
      40,
      {
        average_ticket: rng.int(4_000, 12_000),
        rate: rng.int(80, 200),
      },
    ),
    campaign(
      SEEDED_CAMPAIGN_IDS.mlmRetargetingPaused,
      mlm,
      'Retargeting MX',
      'PROGRAMMATIC',
      'paused',
      'conversion',
      -100,
      20,
      {
        pauses: [{ from: day(-5), until: null }],
        average_ticket: rng.int(4_000, 12_000),
        rate: rng.int(5, 20),
      },
    ),
  ];
  const metricsSeed = `${rng.int(0, 2 ** 31)}`;
  // The MX guaranteed campaign's budget runs out on T−30: everything it spent before, plus 40% of that day's spend
  // (computed, not drawn, so the other figures keep their draws). From T−29 on its rows are zeros.
  const capped = campaigns.find((entry) => entry.id === SEEDED_CAMPAIGN_IDS.mlmGuaranteed);
  if (capped) {
    const lastDay = day(BUDGET_RUNS_OUT);
    capped.budget = Math.round(
      spentThrough(metricsSeed, capped, addDays(lastDay, -1)) + 0.4 * spendOn(metricsSeed, capped, lastDay),
    );
  }
  return {
    advertisers,
    campaigns: Object.fromEntries(campaigns.map((entry) => [String(entry.id), entry])),
    metrics_seed: metricsSeed,
  };
}
