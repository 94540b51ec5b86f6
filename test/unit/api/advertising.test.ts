import assert from 'node:assert/strict';
import { getAdvertisers, getCampaignMetrics, getCampaigns } from '../../../src/api/advertising';
import type { MarketplaceClient } from '../../../src/api/client';
import type { Attribution, MetricsAnswer, MetricsSummary } from '../../../src/model/advertising';
import { addDays } from '../../../src/rules/advertising';
import { SEEDED_ADVERTISER_IDS, SEEDED_CAMPAIGN_IDS } from '../../../src/sandbox/advertising/seed';
import { MLB_SELLER_ID } from '../../../src/sandbox/users/ids';
import { apiFailure } from '../support/apiFailure';
import { useSandbox } from '../support/sandbox';

/** The sandbox's today on the sites' clock at the harness's fixed start (2026-03-02T15:00Z is 11:00 at -04:00). */
const TODAY = '2026-03-02';
const MLA = SEEDED_ADVERTISER_IDS.mla;
const LAUNCH = SEEDED_CAMPAIGN_IDS.guaranteedLaunch;

const METRIC_FIELDS = [
  'site_id',
  'currency',
  'prints',
  'clicks',
  'reach',
  'ctr',
  'consumed_budget',
  'cpm',
  'cpc',
  'average_frequency',
] as const;
const ATTRIBUTION_FIELDS = [
  'cpa_order',
  'cpa_ppv',
  'roas',
  'units_quantity',
  'direct_amount',
  'direct_item_quantity',
  'attribution_ppv',
  'attribution_add_to_cart',
  'attribution_bookmark',
  'attribution_checkout',
] as const;
const COUNTS = [
  'units_quantity',
  'direct_item_quantity',
  'attribution_ppv',
  'attribution_add_to_cart',
  'attribution_bookmark',
  'attribution_checkout',
] as const;

const close = (actual: number | null | undefined, expected: number, tolerance: number, label: string) =>
  assert.ok(Math.abs((actual ?? Number.NaN) - expected) <= tolerance, `${label}: ${actual} ≉ ${expected}`);
const share = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

function assertComplete(entry: MetricsSummary, label: string): void {
  for (const field of METRIC_FIELDS) assert.notEqual(entry[field], undefined, `${label}.${field}`);
  for (const block of ['event_time', 'touch_point'] as const)
    for (const field of ATTRIBUTION_FIELDS)
      assert.notEqual(entry[block]?.[field], undefined, `${label}.${block}.${field}`);
}

/** The summary aggregates the rows: sums of counts and money, ratios recomputed from the sums. */
function assertConsistent(answer: MetricsAnswer): void {
  const { metrics, summary } = answer;
  const sum = (pick: (row: MetricsSummary) => number | null | undefined) =>
    metrics.reduce((total, row) => total + (pick(row) ?? 0), 0);
  assert.equal(
    summary.prints,
    sum((row) => row.prints),
  );
  assert.equal(
    summary.clicks,
    sum((row) => row.clicks),
  );
  close(
    summary.consumed_budget,
    sum((row) => row.consumed_budget),
    0.011,
    'consumed_budget',
  );
  const prints = summary.prints!;
  const clicks = summary.clicks!;
  const spent = summary.consumed_budget!;
  close(summary.ctr, share(clicks, prints), 1e-6, 'ctr');
  close(summary.cpm, share(spent, prints) * 1000, 0.01, 'cpm');
  close(summary.cpc, share(spent, clicks), 0.01, 'cpc');
  const reaches = metrics.map((row) => row.reach ?? 0);
  assert.ok(summary.reach! >= Math.max(0, ...reaches) && summary.reach! <= sum((row) => row.reach), 'reach');
  close(summary.average_frequency, share(prints, summary.reach!), 0.01, 'average_frequency');
  for (const block of ['event_time', 'touch_point'] as const) {
    const total = summary[block] as Attribution;
    for (const field of COUNTS)
      assert.equal(
        total[field],
        sum((row) => row[block]?.[field]),
        `${block}.${field}`,
      );
    close(
      total.direct_amount,
      sum((row) => row[block]?.direct_amount),
      0.011,
      `${block}.direct_amount`,
    );
    close(total.roas, share(total.direct_amount!, spent), 0.01, `${block}.roas`);
    close(total.cpa_order, share(spent, total.units_quantity!), 0.01, `${block}.cpa_order`);
    close(total.cpa_ppv, share(spent, total.attribution_ppv!), 0.01, `${block}.cpa_ppv`);
  }
  for (const row of metrics) {
    close(row.ctr, share(row.clicks!, row.prints!), 1e-6, `${row.date} ctr`);
    close(row.cpc, share(row.consumed_budget!, row.clicks!), 0.01, `${row.date} cpc`);
  }
}

describe('display advertising against the sandbox', () => {
  const h = useSandbox();
  let tokens: Record<number, string>;
  const as = (userId: number): MarketplaceClient => h.clientWith({ token: () => tokens[userId] });
  const metrics = (dateFrom: string, dateTo: string, campaign: number = LAUNCH, extra = {}) =>
    getCampaignMetrics(h.client, MLA, campaign, { dateFrom, dateTo, ...extra });

  before(async () => {
    const users = await h.admin<{ id: number; token: string }[]>('GET', '/_sandbox/users');
    tokens = Object.fromEntries(users.map((user) => [user.id, user.token]));
  });

  describe('Api-Version header and token', () => {
    const paths = [
      '/advertising/advertisers?product_id=DISPLAY',
      `/advertising/advertisers/${MLA}/display/campaigns`,
      `/advertising/advertisers/${MLA}/display/campaigns/${LAUNCH}/metrics?date_from=${TODAY}&date_to=${TODAY}`,
    ];

    it('refuses every call without Api-Version: 1, and one with another version', async () => {
      for (const path of paths) {
        const missing = await h.raw('GET', path);
        assert.equal(missing.status, 400, path);
        assert.deepEqual(missing.body, {
          message: 'The header Api-Version is required on advertising calls: send Api-Version: 1.',
          error: 'bad_request',
          status: 400,
          cause: [],
        });
        const wrong = await h.raw('GET', path, { headers: { 'api-version': '2' } });
        assert.equal(wrong.status, 400);
        assert.match((wrong.body as { message: string }).message, /Api-Version 2 is not supported/);
        const right = await h.raw('GET', path, { headers: { 'api-version': '1' } });
        assert.equal(right.status, 200, path);
      }
    });

    it('needs a token', async () => {
      for (const path of paths) {
        const answer = await h.raw('GET', path, { token: null, headers: { 'api-version': '1' } });
        assert.equal(answer.status, 401);
      }
    });
  });

  describe('GET /advertising/advertisers', () => {
    it('lists the seller display advertisers, advertiser_id descending by default', async () => {
      const { advertisers } = await getAdvertisers(h.client, { productId: 'DISPLAY' });
      assert.deepEqual(
        advertisers.map((entry) => entry.advertiser_id),
        [SEEDED_ADVERTISER_IDS.mlcEmpty, SEEDED_ADVERTISER_IDS.mlm, SEEDED_ADVERTISER_IDS.mla],
      );
      assert.deepEqual(advertisers[2], {
        advertiser_id: MLA,
        site_id: 'MLA',
        currency: 'ARS',
        advertiser_name: 'Autos del Sur',
        account_name: 'TEST_SELLER_AUTOS',
      });
    });

    it('sorts by advertiser_id or site_id in either order', async () => {
      const ids = async (sortBy: 'advertiser_id' | 'site_id', sortOrder: 'asc' | 'desc') =>
        (await getAdvertisers(h.client, { productId: 'DISPLAY', sortBy, sortOrder })).advertisers.map((a) => a.site_id);
      assert.deepEqual(await ids('advertiser_id', 'asc'), ['MLA', 'MLM', 'MLC']);
      assert.deepEqual(await ids('site_id', 'asc'), ['MLA', 'MLC', 'MLM']);
      assert.deepEqual(await ids('site_id', 'desc'), ['MLM', 'MLC', 'MLA']);
    });

    it('bad_request when product_id is missing or unknown, or a sort is invalid', async () => {
      const missing = await h.raw('GET', '/advertising/advertisers', { headers: { 'api-version': '1' } });
      assert.equal(missing.status, 400);
      assert.equal((missing.body as { error: string }).error, 'bad_request');
      assert.equal((missing.body as { message: string }).message, 'The parameter product_id is required.');
      const unknown = await h.raw('GET', '/advertising/advertisers?product_id=PADS', {
        headers: { 'api-version': '1' },
      });
      assert.equal(unknown.status, 400);
      assert.match((unknown.body as { message: string }).message, /DISPLAY, BADS/);
      const sort = await h.raw('GET', '/advertising/advertisers?product_id=DISPLAY&sort_by=name', {
        headers: { 'api-version': '1' },
      });
      assert.equal(sort.status, 400);
      assert.match((sort.body as { message: string }).message, /sort_by must be one of advertiser_id, site_id/);
    });

    it('a product the user lacks answers 404; another user has it', async () => {
      const error = await apiFailure(getAdvertisers(h.client, { productId: 'BADS' }));
      assert.equal(error.status, 404);
      assert.equal(error.error, 'not_found');
      assert.match(error.apiMessage, /no advertisers for product BADS/);
      const brand = await getAdvertisers(as(MLB_SELLER_ID), { productId: 'BADS' });
      assert.deepEqual(
        brand.advertisers.map((entry) => [entry.advertiser_id, entry.site_id]),
        [[SEEDED_ADVERTISER_IDS.mlbBrandAds, 'MLB']],
      );
      assert.equal((await apiFailure(getAdvertisers(as(MLB_SELLER_ID), { productId: 'DISPLAY' }))).status, 404);
    });
  });

  describe('GET /advertising/advertisers/{id}/display/campaigns', () => {
    it('lists campaigns by id descending by default, with their types and statuses', async () => {
      const { results } = await getCampaigns(h.client, MLA);
      assert.deepEqual(
        results.map((campaign) => campaign.id),
        [
          SEEDED_CAMPAIGN_IDS.videoFinished,
          SEEDED_CAMPAIGN_IDS.hotSalePaused,
          SEEDED_CAMPAIGN_IDS.alwaysOn,
          SEEDED_CAMPAIGN_IDS.guaranteedLaunch,
        ],
      );
      assert.deepEqual(new Set(results.map((campaign) => campaign.type)), new Set(['GUARANTEED', 'PROGRAMMATIC']));
      assert.deepEqual(new Set(results.map((campaign) => campaign.status)), new Set(['active', 'paused', 'finished']));
      for (const campaign of results) {
        assert.equal(campaign.advertiser_id, MLA);
        assert.equal(campaign.site_id, 'MLA');
        assert.match(campaign.start_date!, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/, 'timestamps without zone');
        assert.match(campaign.end_date!, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
      }
      const mlm = await getCampaigns(h.client, SEEDED_ADVERTISER_IDS.mlm);
      assert.equal(mlm.results.length, 2);
    });

    it('sorts by name, start_date and end_date', async () => {
      const sorted = async (sortBy: 'name' | 'start_date' | 'end_date', sortOrder: 'asc' | 'desc') =>
        (await getCampaigns(h.client, MLA, { sortBy, sortOrder })).results;
      const byName = (await sorted('name', 'asc')).map((campaign) => campaign.name!);
      assert.deepEqual(
        byName,
        [...byName].sort((a, b) => a.localeCompare(b)),
      );
      const starts = (await sorted('start_date', 'asc')).map((campaign) => campaign.start_date!);
      assert.deepEqual(starts, [...starts].sort());
      const ends = (await sorted('end_date', 'desc')).map((campaign) => campaign.end_date!);
      assert.deepEqual(ends, [...ends].sort().reverse());
      const bad = await apiFailure(getCampaigns(h.client, MLA, { sortBy: 'budget' as 'name' }));
      assert.equal(bad.error, 'bad_request');
    });

    it('not_found for an advertiser without campaigns, an unknown one, and another user one', async () => {
      for (const id of [SEEDED_ADVERTISER_IDS.mlcEmpty, 424242, SEEDED_ADVERTISER_IDS.mlbBrandAds]) {
        const error = await apiFailure(getCampaigns(h.client, id));
        assert.equal(error.status, 404);
        assert.equal(error.error, 'not_found');
        assert.match(error.apiMessage, /No campaigns found for advertiser/);
      }
    });
  });

  describe('GET …/campaigns/{campaign_id}/metrics', () => {
    it('answers one row per day, newest first by default, each complete with both attribution blocks', async () => {
      const answer = await metrics('2026-02-20', TODAY);
      assert.equal(answer.metrics.length, 11);
      assert.deepEqual(
        answer.metrics.map((row) => row.date),
        Array.from({ length: 11 }, (_, index) => addDays(TODAY, -index)),
      );
      for (const row of answer.metrics) {
        assertComplete(row, row.date);
        assert.equal(row.site_id, 'MLA');
        assert.equal(row.currency, 'ARS');
        assert.ok(row.prints! > 0 && row.clicks! > 0 && row.consumed_budget! > 0);
      }
      assertComplete(answer.summary, 'summary');
      assertConsistent(answer);
      const ascending = await metrics('2026-02-20', TODAY, LAUNCH, { sortOrder: 'asc' });
      assert.deepEqual(ascending.metrics, [...answer.metrics].reverse());
      assert.deepEqual(ascending.summary, answer.summary);
    });

    it('is stable: the same day has the same figures in any range and on every call', async () => {
      const wide = await metrics('2025-12-02', TODAY);
      const narrow = await metrics('2026-01-10', '2026-01-12');
      const again = await metrics('2026-01-10', '2026-01-12');
      assert.deepEqual(narrow, again);
      assert.deepEqual(
        narrow.metrics,
        wide.metrics.filter((row) => row.date >= '2026-01-10' && row.date <= '2026-01-12'),
      );
      assert.equal(wide.metrics.length, 91);
      assertConsistent(wide);
    });

    it('has at least 120 days of daily metrics up to today, the API window showing the last 90 of them', async () => {
      const state = await h.admin<{ today: string; earliest_date_from: string }>('GET', '/_sandbox/advertising');
      assert.deepEqual(state, { ...state, today: TODAY, earliest_date_from: '2025-12-02' });
      const from = addDays(TODAY, -120);
      const preview = await h.admin<MetricsAnswer>(
        'GET',
        `/_sandbox/advertising/campaigns/${LAUNCH}/metrics?date_from=${from}&date_to=${TODAY}`,
      );
      assert.equal(preview.metrics.length, 121);
      assert.ok(preview.metrics.every((row) => row.prints! > 0 && row.consumed_budget! > 0));
      const api = await metrics('2025-12-02', TODAY, LAUNCH, { sortOrder: 'asc' });
      assert.deepEqual(api.metrics, preview.metrics.slice(-91));
      // A month later the window has moved on, and the days it now covers were generated the same way.
      await h.admin('POST', '/_sandbox/clock/advance', { days: 30 });
      const later = await metrics(addDays(TODAY, -60), addDays(TODAY, 30), LAUNCH, { sortOrder: 'asc' });
      assert.equal(later.metrics.length, 91);
      assert.deepEqual(later.metrics.slice(0, 61), preview.metrics.slice(-61));
      assert.ok(later.metrics.every((row) => row.prints! > 0));
    });

    it('paused and finished campaigns have zero rows after they stopped; video campaigns report views', async () => {
      const paused = await getCampaignMetrics(h.client, MLA, SEEDED_CAMPAIGN_IDS.hotSalePaused, {
        dateFrom: '2026-02-05',
        dateTo: '2026-02-15',
        sortOrder: 'asc',
      });
      const pausedFrom = addDays(TODAY, -20);
      for (const row of paused.metrics) assert.equal(row.prints! > 0, row.date < pausedFrom, row.date);
      assertConsistent(paused);
      const video = await getCampaignMetrics(h.client, MLA, SEEDED_CAMPAIGN_IDS.videoFinished, {
        dateFrom: '2026-02-15',
        dateTo: '2026-02-25',
      });
      const end = addDays(TODAY, -10);
      for (const row of video.metrics) {
        assert.equal(row.prints! > 0, row.date <= end, row.date);
        assert.ok(row.active_views! <= row.prints! && row.completed_views! <= row.active_views!);
      }
      const sum = (pick: (row: MetricsSummary) => number | null | undefined) =>
        video.metrics.reduce((total, row) => total + (pick(row) ?? 0), 0);
      assert.equal(
        video.summary.active_views,
        sum((row) => row.active_views),
      );
      assert.equal(
        video.summary.completed_views,
        sum((row) => row.completed_views),
      );
      assert.equal((await metrics(TODAY, TODAY)).metrics[0]?.active_views, undefined);
    });

    it('has no rows after today: a date_to in the future stops at today', async () => {
      const answer = await metrics('2026-02-28', '2026-03-10', LAUNCH, { sortOrder: 'asc' });
      assert.deepEqual(
        answer.metrics.map((row) => row.date),
        ['2026-02-28', '2026-03-01', TODAY],
      );
    });

    it('enforces the window: 90 days back is allowed, 91 is not, and never before 2022-09-01', async () => {
      assert.equal((await metrics('2025-12-02', '2025-12-02')).metrics.length, 1);
      const old = await apiFailure(metrics('2025-12-01', TODAY));
      assert.equal(old.status, 400);
      assert.equal(old.error, 'bad_request');
      assert.match(old.apiMessage, /more than 90 days back; metrics can be queried from 2025-12-02/);
      const ancient = await apiFailure(metrics('2022-08-31', '2022-09-01'));
      assert.match(ancient.apiMessage, /before 2022-09-01/);
      const order = await apiFailure(metrics(TODAY, '2026-03-01'));
      assert.match(order.apiMessage, /date_from 2026-03-02 is after date_to 2026-03-01/);
      const format = await apiFailure(metrics('02/03/2026', TODAY));
      assert.match(format.apiMessage, /YYYY-MM-DD/);
      const sort = await apiFailure(metrics(TODAY, TODAY, LAUNCH, { sortOrder: 'up' }));
      assert.match(sort.apiMessage, /sort_order must be one of asc, desc/);
    });

    it('bad_request naming a missing date parameter', async () => {
      const base = `/advertising/advertisers/${MLA}/display/campaigns/${LAUNCH}/metrics`;
      const headers = { 'api-version': '1' };
      const noFrom = await h.raw('GET', `${base}?date_to=${TODAY}`, { headers });
      assert.equal(noFrom.status, 400);
      assert.equal((noFrom.body as { error: string }).error, 'bad_request');
      assert.match((noFrom.body as { message: string }).message, /^The parameter date_from is required/);
      const noTo = await h.raw('GET', `${base}?date_from=${TODAY}`, { headers });
      assert.match((noTo.body as { message: string }).message, /^The parameter date_to is required/);
    });

    it('not_found for an unknown campaign or one of another advertiser', async () => {
      for (const campaign of [1, SEEDED_CAMPAIGN_IDS.mlmGuaranteed]) {
        const error = await apiFailure(metrics(TODAY, TODAY, campaign));
        assert.equal(error.status, 404);
        assert.equal(error.error, 'not_found');
        assert.match(error.apiMessage, /Campaign \d+ not found/);
      }
      const mlm = await getCampaignMetrics(h.client, SEEDED_ADVERTISER_IDS.mlm, SEEDED_CAMPAIGN_IDS.mlmGuaranteed, {
        dateFrom: TODAY,
        dateTo: TODAY,
      });
      assert.equal(mlm.summary.currency, 'MXN');
    });

    it('a pause set from the admin surface zeroes the days it lasts, and only those', async () => {
      const before = await metrics(addDays(TODAY, -1), TODAY, LAUNCH, { sortOrder: 'asc' });
      await h.admin('PUT', `/_sandbox/advertising/campaigns/${LAUNCH}`, { status: 'paused' });
      const paused = await metrics(addDays(TODAY, -1), TODAY, LAUNCH, { sortOrder: 'asc' });
      assert.deepEqual(paused.metrics[0], before.metrics[0]);
      assert.equal(paused.metrics[1]?.prints, 0);
      assert.equal(paused.metrics[1]?.ctr, 0);
      await h.admin('POST', '/_sandbox/clock/advance', { days: 1 });
      await h.admin('PUT', `/_sandbox/advertising/campaigns/${LAUNCH}`, { status: 'active' });
      const resumed = await metrics(addDays(TODAY, -1), addDays(TODAY, 1), LAUNCH, { sortOrder: 'asc' });
      assert.deepEqual(
        resumed.metrics.map((row) => row.prints! > 0),
        [true, false, true],
      );
      assert.equal((await getCampaigns(h.client, MLA)).results.find((c) => c.id === LAUNCH)?.status, 'active');
    });
  });
});
