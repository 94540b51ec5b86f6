// What the explorer says about the blacklist and display advertising: advertisers, campaigns and their dates.
import type { Advertiser, Campaign } from '../../../model/advertising';
import { COLORS, code, formatNumber, humanize, type Look, lookText, text, tooltip } from './words';

// ---------------------------------------------------------------------------------------------------------------
// Blacklist and advertising

export const blacklistDescription = (userId: number) => `${userId} · barred from bidding`;

const CAMPAIGN_LOOKS: Record<string, Omit<Look, 'text'>> = {
  active: { icon: 'play-circle', color: COLORS.green },
  paused: { icon: 'debug-pause', color: COLORS.yellow },
  finished: { icon: 'check-all', color: COLORS.muted },
};

export function campaignStatusLook(status: string | null | undefined): Look {
  const look = (status && CAMPAIGN_LOOKS[status]) || { icon: 'megaphone' };
  return { ...look, text: status ? humanize(status) : 'unknown status' };
}

/** A campaign's date range: `2025-10-03 → 2026-05-01`. */
export function campaignDates(campaign: Campaign): string | undefined {
  if (!campaign.start_date && !campaign.end_date) return undefined;
  const day = (value: string | null | undefined) => (value ? value.slice(0, 10) : '…');
  return `${day(campaign.start_date)} → ${day(campaign.end_date)}`;
}

/** `active · GUARANTEED · 2025-10-03 → 2026-05-01 · 9001001`. */
export function campaignDescription(campaign: Campaign): string {
  return [campaignStatusLook(campaign.status).text, campaign.type, campaignDates(campaign), String(campaign.id)]
    .filter(Boolean)
    .join(' · ');
}

export function campaignTooltip(campaign: Campaign): string {
  const look = campaignStatusLook(campaign.status);
  return tooltip(campaign.name ?? `Campaign ${campaign.id}`, [
    [
      ['Id', code(campaign.id)],
      ['Status', lookText(look)],
      ['Type', text(campaign.type)],
      ['Goal', text(campaign.goal)],
      ['Dates', campaignDates(campaign)],
      ['Site', text(campaign.site_id)],
      ['Advertiser', campaign.advertiser_id == null ? undefined : code(campaign.advertiser_id)],
    ],
  ]);
}

/** An advertiser's label: its name, or its id. */
export const advertiserLabel = (advertiser: Advertiser) =>
  advertiser.advertiser_name ?? `Advertiser ${advertiser.advertiser_id}`;

/** `731001 · MLA · ARS`. */
export const advertiserDescription = (advertiser: Advertiser) =>
  [String(advertiser.advertiser_id), advertiser.site_id, advertiser.currency].filter(Boolean).join(' · ');

export function advertiserTooltip(advertiser: Advertiser): string {
  return tooltip(advertiserLabel(advertiser), [
    [
      ['Id', code(advertiser.advertiser_id)],
      ['Site', advertiser.site_id],
      ['Currency', text(advertiser.currency)],
      ['Account', text(advertiser.account_name)],
      ['Product', 'DISPLAY'],
    ],
  ]);
}

// ---------------------------------------------------------------------------------------------------------------
// Paging

/** `Load 50 more (84 left)`, `Load the last 34`, or `Load more…` when the API gave no total. */
export function loadMoreLabel(pageSize: number, remaining: number | undefined, locale = 'en-US'): string {
  if (remaining === undefined) return 'Load more…';
  if (remaining <= pageSize) return `Load the last ${formatNumber(remaining, locale)}`;
  return `Load ${formatNumber(pageSize, locale)} more (${formatNumber(remaining, locale)} left)`;
}

/** `Showing 50 of 134.` */
export function loadedText(loaded: number, total: number | undefined, locale = 'en-US'): string {
  return total === undefined
    ? `Showing ${formatNumber(loaded, locale)}.`
    : `Showing ${formatNumber(loaded, locale)} of ${formatNumber(total, locale)}.`;
}
