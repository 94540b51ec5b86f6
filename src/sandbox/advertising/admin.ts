import { CAMPAIGN_STATUSES } from '../../model/advertising';
import { daysBetween, earliestMetricsDate, isCalendarDate } from '../../rules/advertising';
import { badRequest, notFound, ok } from '../http';
import { ownRecord } from '../records';
import type { Route } from '../router';
import { campaignMetrics } from './metrics';
import { siteToday } from './seed';
import type { SandboxCampaign } from './state';

/** Longest range the admin metrics preview generates at once. */
const PREVIEW_MAX_DAYS = 400;

/**
 * Admin surface: every advertiser and campaign, the metrics window of today, campaign status changes, and a preview
 * of the generated daily metrics outside the API's 90-day window (the same figures the API answers for a day).
 */
export const advertisingAdminRoutes: Route[] = [
  {
    method: 'GET',
    path: '/_sandbox/advertising',
    auth: 'none',
    handler: (_request, sandbox) => {
      const today = siteToday(sandbox.now());
      return ok({
        today,
        earliest_date_from: earliestMetricsDate(today),
        advertisers: sandbox.state.advertising.advertisers,
        campaigns: Object.values(sandbox.state.advertising.campaigns),
      });
    },
  },
  {
    method: 'PUT',
    path: '/_sandbox/advertising/campaigns/:campaign_id',
    auth: 'none',
    handler: (request, sandbox) => {
      const campaign = ownRecord(sandbox.state.advertising.campaigns, request.params.campaign_id ?? '');
      if (!campaign) throw notFound(`Campaign ${request.params.campaign_id} not found`);
      const status = (request.body as Record<string, unknown> | undefined)?.status;
      if (typeof status !== 'string' || !(CAMPAIGN_STATUSES as readonly string[]).includes(status))
        throw badRequest(`Send {"status": …} with one of ${CAMPAIGN_STATUSES.join(', ')}.`);
      const today = siteToday(sandbox.now());
      campaign.status = status as SandboxCampaign['status'];
      // Pausing stops delivery from today on; resuming delivers again, and the days paused in between stay at zero.
      const open = campaign.pauses.find((pause) => pause.until === null);
      if (status === 'paused' && !open) campaign.pauses.push({ from: today, until: null });
      if (status !== 'paused' && open) open.until = today;
      if (status === 'finished' && campaign.end_date.slice(0, 10) > today) campaign.end_date = `${today}T23:59:59`;
      return ok(campaign);
    },
  },
  {
    method: 'GET',
    path: '/_sandbox/advertising/campaigns/:campaign_id/metrics',
    auth: 'none',
    handler: (request, sandbox) => {
      const slice = sandbox.state.advertising;
      const campaign = ownRecord(slice.campaigns, request.params.campaign_id ?? '');
      if (!campaign) throw notFound(`Campaign ${request.params.campaign_id} not found`);
      const from = request.query.get('date_from') ?? '';
      const to = request.query.get('date_to') ?? '';
      if (!isCalendarDate(from) || !isCalendarDate(to) || from > to)
        throw badRequest('Send date_from and date_to as YYYY-MM-DD with date_from on or before date_to.');
      if (daysBetween(from, to) >= PREVIEW_MAX_DAYS)
        throw badRequest(`The preview covers at most ${PREVIEW_MAX_DAYS} days at once.`);
      const advertiser = slice.advertisers.find((entry) => entry.advertiser_id === campaign.advertiser_id);
      const today = siteToday(sandbox.now());
      return ok(campaignMetrics(slice.metrics_seed, campaign, advertiser?.currency ?? '', from, to, today));
    },
  },
];
