// The panel's header: the campaign's name, status, site, id and dates.

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
    fact('Status', status),
    fact('Site', campaign.siteId || 'unknown'),
    fact('Campaign', String(campaign.id)),
    fact('Advertiser', String(campaign.advertiserId)),
    fact('Dates', datesOf(campaign)),
  );
  return el('header', 'panel-header', title, facts);
}

function datesOf(campaign: CampaignInfo): string {
  const { startDate, endDate } = campaign;
  if (startDate && endDate) return `${startDate} to ${endDate}`;
  if (startDate) return `from ${startDate}, no end date`;
  if (endDate) return `until ${endDate}`;
  return 'not set';
}

function fact(label: string, value: string | HTMLElement): HTMLElement {
  return el('span', 'fact', el('span', 'fact-label', `${label}: `), el('span', 'fact-value', value));
}
