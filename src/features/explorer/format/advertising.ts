// What the explorer says about the blacklist and display advertising: advertisers, campaigns and their dates.
import * as l10n from '@vscode/l10n';
import type { Advertiser, Campaign } from '../../../model/advertising';
import { campaignStatusWords } from './statusWords';
import { COLORS, code, formatDay, formatNumber, type Look, lookText, text, tooltip } from './words';

// ---------------------------------------------------------------------------------------------------------------
// Blacklist and advertising

export const blacklistDescription = (userId: number) => `${userId} · ${l10n.t('barred from bidding')}`;

const CAMPAIGN_LOOKS: Record<string, Omit<Look, 'text'>> = {
  active: { icon: 'play-circle', color: COLORS.green },
  paused: { icon: 'debug-pause', color: COLORS.yellow },
  finished: { icon: 'check-all', color: COLORS.muted },
};

export function campaignStatusLook(status: string | null | undefined): Look {
  const look = (status && CAMPAIGN_LOOKS[status]) || { icon: 'megaphone' };
  return { ...look, text: status ? campaignStatusWords(status) : l10n.t('unknown status') };
}

/** A campaign's date range: `2025-10-03 → 2026-05-01` (without a locale), `3 oct 2025 → 1 may 2026` (in `es`). */
export function campaignDates(campaign: Campaign, locale?: string): string | undefined {
  if (!campaign.start_date && !campaign.end_date) return undefined;
  const day = (value: string | null | undefined) => (value ? formatDay(value, locale) : '…');
  return `${day(campaign.start_date)} → ${day(campaign.end_date)}`;
}

/** `active · GUARANTEED · 2025-10-03 → 2026-05-01 · 9001001`. */
export function campaignDescription(campaign: Campaign, locale?: string): string {
  return [campaignStatusLook(campaign.status).text, campaign.type, campaignDates(campaign, locale), String(campaign.id)]
    .filter(Boolean)
    .join(' · ');
}

/** A campaign's label: its name, or its id. */
export const campaignLabel = (campaign: Campaign) => campaign.name ?? l10n.t('Campaign {0}', campaign.id);

export function campaignTooltip(campaign: Campaign, locale?: string): string {
  const look = campaignStatusLook(campaign.status);
  return tooltip(campaignLabel(campaign), [
    [
      ['Id', code(campaign.id)],
      [l10n.t('Status'), lookText(look)],
      [l10n.t('Type'), text(campaign.type)],
      [l10n.t('Goal'), text(campaign.goal)],
      [l10n.t('Dates'), campaignDates(campaign, locale)],
      [l10n.t('Site'), text(campaign.site_id)],
      [l10n.t('Advertiser'), campaign.advertiser_id == null ? undefined : code(campaign.advertiser_id)],
    ],
  ]);
}

/** An advertiser's label: its name, or its id. */
export const advertiserLabel = (advertiser: Advertiser) =>
  advertiser.advertiser_name ?? l10n.t('Advertiser {0}', advertiser.advertiser_id);

/** `731001 · MLA · ARS`. */
export const advertiserDescription = (advertiser: Advertiser) =>
  [String(advertiser.advertiser_id), advertiser.site_id, advertiser.currency].filter(Boolean).join(' · ');

export function advertiserTooltip(advertiser: Advertiser): string {
  return tooltip(advertiserLabel(advertiser), [
    [
      ['Id', code(advertiser.advertiser_id)],
      [l10n.t('Site'), advertiser.site_id],
      [l10n.t('Currency'), text(advertiser.currency)],
      [l10n.t('Account'), text(advertiser.account_name)],
      [l10n.t('Product'), 'DISPLAY'],
    ],
  ]);
}

// ---------------------------------------------------------------------------------------------------------------
// Paging

/** `Load 50 more (84 left)`, `Load the last 34`, or `Load more…` when the API gave no total. */
export function loadMoreLabel(pageSize: number, remaining: number | undefined, locale = 'en-US'): string {
  if (remaining === undefined) return l10n.t('Load more…');
  if (remaining <= pageSize) return l10n.t('Load the last {0}', formatNumber(remaining, locale));
  return l10n.t('Load {0} more ({1} left)', formatNumber(pageSize, locale), formatNumber(remaining, locale));
}

/** `Showing 50 of 134.` */
export function loadedText(loaded: number, total: number | undefined, locale = 'en-US'): string {
  return total === undefined
    ? l10n.t('Showing {0}.', formatNumber(loaded, locale))
    : l10n.t('Showing {0} of {1}.', formatNumber(loaded, locale), formatNumber(total, locale));
}
