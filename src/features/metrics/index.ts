import * as vscode from 'vscode';
import { getAdvertisers, getCampaigns } from '../../api/advertising';
import { COMMANDS } from '../../constants';
import type { Campaign } from '../../model/advertising';
import type { FeatureContribution, FeatureCore } from '../../platform/feature';
import type { SessionSource } from '../auth/session';
import { requireSession } from '../auth/sessionGuards';
import { type CampaignChoice, CampaignMetricsPanel, type MetricsPanelDeps } from './metricsPanel';

export { CampaignMetricsPanel } from './metricsPanel';

const dates = (campaign: Campaign) =>
  [campaign.start_date?.slice(0, 10), campaign.end_date?.slice(0, 10)].filter(Boolean).join(' → ');

/** The campaign a command was given (a campaign node), or the one the user picks: advertiser first, then campaign. */
async function chooseCampaign(sessions: SessionSource, target: unknown): Promise<CampaignChoice | undefined> {
  const session = requireSession({ sessions });
  const node = target as { kind?: unknown; advertiserId?: unknown; data?: Campaign; campaignId?: unknown } | undefined;
  if (node?.kind === 'campaign' && typeof node.advertiserId === 'number' && node.data) {
    const all = await getCampaigns(session.client, node.advertiserId);
    return { advertiserId: node.advertiserId, campaign: node.data, others: all.results };
  }
  // Ids given by a caller (another extension, a link, the tests): the same choice the pickers make.
  if (typeof node?.advertiserId === 'number' && typeof node.campaignId === 'number') {
    const all = await getCampaigns(session.client, node.advertiserId);
    const campaign = all.results.find((entry) => entry.id === node.campaignId);
    if (!campaign)
      throw new Error(vscode.l10n.t('Campaign {0} not found for advertiser {1}.', node.campaignId, node.advertiserId));
    return { advertiserId: node.advertiserId, campaign, others: all.results };
  }
  const { advertisers } = await getAdvertisers(session.client, { productId: 'DISPLAY' });
  if (advertisers.length === 0) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('This account has no display advertiser: there are no campaigns to show.'),
    );
    return undefined;
  }
  const advertiser =
    advertisers.length === 1
      ? advertisers[0]
      : (
          await vscode.window.showQuickPick(
            advertisers.map((entry) => ({
              label: entry.advertiser_name ?? vscode.l10n.t('Advertiser {0}', entry.advertiser_id),
              description: `${entry.advertiser_id} · ${entry.site_id}${entry.currency ? ` · ${entry.currency}` : ''}`,
              detail: entry.account_name ?? undefined,
              entry,
            })),
            {
              title: vscode.l10n.t('Show Campaign Metrics: advertiser'),
              placeHolder: vscode.l10n.t('The advertiser whose campaign to chart'),
              // Started from the walkthrough, the page takes the focus back as the panel's group opens beside it.
              ignoreFocusOut: true,
            },
          )
        )?.entry;
  if (!advertiser) return undefined;
  const { results } = await getCampaigns(session.client, advertiser.advertiser_id);
  const picked = await vscode.window.showQuickPick(
    results.map((campaign) => ({
      label: campaign.name ?? vscode.l10n.t('Campaign {0}', campaign.id),
      description: `${campaign.status ?? ''} · ${campaign.site_id ?? advertiser.site_id}`,
      detail: `${campaign.id} · ${dates(campaign)}`,
      campaign,
    })),
    {
      title: vscode.l10n.t('Show Campaign Metrics: campaign'),
      placeHolder: vscode.l10n.t('The campaign to chart'),
      matchOnDetail: true,
      ignoreFocusOut: true,
    },
  );
  return picked && { advertiserId: advertiser.advertiser_id, campaign: picked.campaign, others: results };
}

/** *Show Campaign Metrics*: on a campaign node (its click too) and in the palette. */
export interface MetricsCore extends FeatureCore {
  sessions: SessionSource;
  history: MetricsPanelDeps['history'];
}

export function activate(core: MetricsCore): FeatureContribution {
  const { context, sessions, history, output } = core;
  const commands = [
    {
      id: COMMANDS.showCampaignMetrics,
      failure: vscode.l10n.t('Could not show the campaign metrics'),
      run: async (target?: unknown) => {
        const choice = await chooseCampaign(sessions, target);
        if (!choice) return undefined;
        return CampaignMetricsPanel.show({ extensionUri: context.extensionUri, sessions, output, history }, choice);
      },
    },
  ];
  return { commands };
}
