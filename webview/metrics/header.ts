// The panel's header: the campaign's name, status, site, id and dates.

import * as l10n from '@vscode/l10n';
import type { CampaignInfo } from '../../src/model/protocols/metrics';
import { el } from '../shared/dom';

export function header(campaign: CampaignInfo): HTMLElement {
  const title = el('h1', 'panel-title', campaign.name);
  title.id = 'campaign-name';
  const status = el('span', `status status-${campaign.status.replace(/[^\w-]/g, '_')}`, campaign.status);
  status.id = 'campaign-status';
  const facts = el(
    'p',
    'facts',
    fact(l10n.t('Status'), status),
    fact(l10n.t('Site'), campaign.siteId || l10n.t('unknown')),
    fact(l10n.t('Campaign'), String(campaign.id)),
    fact(l10n.t('Advertiser'), String(campaign.advertiserId)),
    fact(l10n.t('Dates'), datesOf(campaign)),
  );
  return el('header', 'panel-header', title, facts);
}

function datesOf(campaign: CampaignInfo): string {
  const { startDate, endDate } = campaign;
  if (startDate && endDate) return l10n.t('{0} to {1}', startDate, endDate);
  if (startDate) return l10n.t('from {0}, no end date', startDate);
  if (endDate) return l10n.t('until {0}', endDate);
  return l10n.t('not set');
}

function fact(label: string, value: string | HTMLElement): HTMLElement {
  return el('span', 'fact', el('span', 'fact-label', l10n.t('{0}: ', label)), el('span', 'fact-value', value));
}
