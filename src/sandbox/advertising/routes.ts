import {
  ADVERTISER_SORTS,
  ADVERTISING_PRODUCTS,
  CAMPAIGN_SORTS,
  type Campaign,
  SORT_ORDERS,
} from '../../model/advertising';
import { metricsWindowRule } from '../../rules/advertising';
import { errorsOf } from '../../rules/finding';
import { apiError, type HttpError, ok, type SandboxRequest } from '../http';
import type { Route } from '../router';
import type { Sandbox } from '../sandbox';
import { campaignMetrics } from './metrics';
import { siteToday } from './seed';
import type { SandboxAdvertiser, SandboxCampaign } from './state';

/** The only Api-Version advertising calls accept. */
export const ADVERTISING_API_VERSION = '1';

const badRequest = (message: string): HttpError => apiError(400, 'bad_request', message);
const notFound = (message: string): HttpError => apiError(404, 'not_found', message);

/** Every advertising call carries `Api-Version: 1`; without it (or with another value) the call is refused. */
function requireApiVersion(request: SandboxRequest): void {
  const raw = request.headers['api-version'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value.trim() === '')
    throw badRequest('The header Api-Version is required on advertising calls: send Api-Version: 1.');
  if (value.trim() !== ADVERTISING_API_VERSION)
    throw badRequest(`Api-Version ${value.trim()} is not supported: send Api-Version: 1.`);
}

function required(request: SandboxRequest, name: string): string {
  const value = request.query.get(name)?.trim();
  if (!value) throw badRequest(`The parameter ${name} is required.`);
  return value;
}

function choice<T extends string>(request: SandboxRequest, name: string, allowed: readonly T[], fallback: T): T {
  const value = request.query.get(name)?.trim();
  if (!value) return fallback;
  if (!(allowed as readonly string[]).includes(value))
    throw badRequest(`The parameter ${name} must be one of ${allowed.join(', ')}; got ${value}.`);
  return value as T;
}

function compare(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

function ownAdvertiser(request: SandboxRequest, sandbox: Sandbox): SandboxAdvertiser {
  const raw = request.params.advertiser_id ?? '';
  const advertiser = /^\d+$/.test(raw)
    ? sandbox.state.advertising.advertisers.find(
        (candidate) =>
          candidate.advertiser_id === Number(raw) &&
          candidate.user_id === request.user!.id &&
          candidate.product === 'DISPLAY',
      )
    : undefined;
  // Another user's advertiser answers like a missing one: the caller learns nothing about accounts it cannot use.
  if (!advertiser)
    throw notFound(`No campaigns found for advertiser ${raw}: it is not a display advertiser of the user.`);
  return advertiser;
}

function campaignsOf(sandbox: Sandbox, advertiser: SandboxAdvertiser): SandboxCampaign[] {
  return Object.values(sandbox.state.advertising.campaigns).filter(
    (campaign) => campaign.advertiser_id === advertiser.advertiser_id,
  );
}

/** The campaign as the API answers it (the generator's figures stay inside the sandbox). */
function campaignAnswer(campaign: SandboxCampaign): Campaign {
  return {
    id: campaign.id,
    name: campaign.name,
    start_date: campaign.start_date,
    end_date: campaign.end_date,
    advertiser_id: campaign.advertiser_id,
    type: campaign.type,
    status: campaign.status,
    site_id: campaign.site_id,
    goal: campaign.goal,
  };
}

export const advertisingRoutes: Route[] = [
  {
    method: 'GET',
    path: '/advertising/advertisers',
    auth: 'required',
    handler: (request, sandbox) => {
      requireApiVersion(request);
      const product = required(request, 'product_id');
      if (!(ADVERTISING_PRODUCTS as readonly string[]).includes(product))
        throw badRequest(`The parameter product_id must be one of ${ADVERTISING_PRODUCTS.join(', ')}; got ${product}.`);
      const sortBy = choice(request, 'sort_by', ADVERTISER_SORTS, 'advertiser_id');
      const direction = choice(request, 'sort_order', SORT_ORDERS, 'desc') === 'asc' ? 1 : -1;
      const advertisers = sandbox.state.advertising.advertisers.filter(
        (advertiser) => advertiser.user_id === request.user!.id && advertiser.product === product,
      );
      if (advertisers.length === 0)
        throw notFound(
          `The user has no advertisers for product ${product}: the product is not enabled for the account.`,
        );
      advertisers.sort(
        (a, b) => direction * (compare(a[sortBy], b[sortBy]) || compare(a.advertiser_id, b.advertiser_id)),
      );
      return ok({
        advertisers: advertisers.map(({ advertiser_id, site_id, currency, advertiser_name, account_name }) => ({
          advertiser_id,
          site_id,
          currency,
          advertiser_name,
          account_name,
        })),
      });
    },
  },
  {
    method: 'GET',
    path: '/advertising/advertisers/:advertiser_id/display/campaigns',
    auth: 'required',
    handler: (request, sandbox) => {
      requireApiVersion(request);
      const sortBy = choice(request, 'sort_by', CAMPAIGN_SORTS, 'id');
      const direction = choice(request, 'sort_order', SORT_ORDERS, 'desc') === 'asc' ? 1 : -1;
      const advertiser = ownAdvertiser(request, sandbox);
      const campaigns = campaignsOf(sandbox, advertiser);
      if (campaigns.length === 0) throw notFound(`No campaigns found for advertiser ${advertiser.advertiser_id}.`);
      campaigns.sort((a, b) => direction * (compare(a[sortBy], b[sortBy]) || compare(a.id, b.id)));
      return ok({ results: campaigns.map(campaignAnswer) });
    },
  },
  {
    method: 'GET',
    path: '/advertising/advertisers/:advertiser_id/display/campaigns/:campaign_id/metrics',
    auth: 'required',
    handler: (request, sandbox) => {
      requireApiVersion(request);
      const today = siteToday(sandbox.now());
      const query = { date_from: request.query.get('date_from'), date_to: request.query.get('date_to') };
      const failure = errorsOf(metricsWindowRule(query, today))[0];
      if (failure) throw badRequest(failure.message);
      choice(request, 'sort_by', CAMPAIGN_SORTS, 'id');
      const direction = choice(request, 'sort_order', SORT_ORDERS, 'desc') === 'asc' ? 1 : -1;
      const advertiser = ownAdvertiser(request, sandbox);
      const raw = request.params.campaign_id ?? '';
      const campaign = campaignsOf(sandbox, advertiser).find((candidate) => String(candidate.id) === raw);
      if (!campaign) throw notFound(`Campaign ${raw} not found for advertiser ${advertiser.advertiser_id}.`);
      const { metrics, summary } = campaignMetrics(
        sandbox.state.advertising.metrics_seed,
        campaign,
        advertiser.currency,
        query.date_from!,
        query.date_to!,
        today,
      );
      // Every row is the same campaign, so sort_by has nothing to tell apart: rows run by date in sort_order.
      metrics.sort((a, b) => direction * a.date.localeCompare(b.date));
      return ok({ metrics, summary });
    },
  },
];
