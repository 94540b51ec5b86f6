/** Advertising: the account's display advertisers and their campaigns. */
import * as vscode from 'vscode';
import type { MarketplaceClient } from '../../../api/client';
import { ApiError } from '../../../api/errors';
import { COMMANDS } from '../../../constants';
import type { Advertiser, AdvertisersAnswer, Campaign } from '../../../model/advertising';
import { getAdvertisers, getCampaigns } from '../../../platform/lazyApi';
import * as format from '../format';
import { ExplorerNode, type LoadContext, MessageNode, path, pick, type ViewContext } from './base';

const { None, Collapsed } = vscode.TreeItemCollapsibleState;

/** Display advertisers of the account; each expands to its campaigns. */
export class AdvertisingRoot extends ExplorerNode {
  readonly kind = 'advertisingRoot';
  data: AdvertisersAnswer | undefined;

  constructor() {
    super(undefined, 'advertising');
  }

  override get remote(): boolean {
    return true;
  }
  override get failure(): string {
    return vscode.l10n.t('Could not load advertisers');
  }
  override get jsonPath(): string {
    return path(['advertising', 'advertisers']);
  }
  override fetchJson(client: MarketplaceClient): Promise<AdvertisersAnswer> {
    return getAdvertisers(client, { productId: 'DISPLAY' });
  }

  protected override async loadChildren(ctx: LoadContext): Promise<ExplorerNode[]> {
    let answer: AdvertisersAnswer;
    try {
      answer = await getAdvertisers(ctx.session.client, {
        productId: 'DISPLAY',
        sortBy: 'advertiser_id',
        sortOrder: 'asc',
      });
    } catch (error) {
      // The API answers 404 when the product is not enabled for the account: nothing to retry.
      if (error instanceof ApiError && error.status === 404) {
        return [
          new MessageNode(this, 'empty', vscode.l10n.t('No display advertisers for this account.'), {
            tooltip: format.escapeMarkdown(error.apiMessage),
          }),
        ];
      }
      throw error;
    }
    this.data = answer;
    this.markRelabel();
    if (answer.advertisers.length === 0)
      return [new MessageNode(this, 'empty', vscode.l10n.t('No display advertisers for this account.'))];
    return answer.advertisers.map((advertiser) => new AdvertiserNode(this, advertiser));
  }

  treeItem(view: ViewContext): vscode.TreeItem {
    return this.build(vscode.l10n.t('Advertising'), Collapsed, {
      description: this.data ? format.formatNumber(this.data.advertisers.length, view.locale) : undefined,
      tooltip: `**${vscode.l10n.t('Display advertising')}**\n\n${vscode.l10n.t(
        'Advertisers of the account (product {0}) and their campaigns.',
        'DISPLAY',
      )}`,
      icon: { icon: 'megaphone' },
    });
  }
}

export class AdvertiserNode extends ExplorerNode {
  readonly kind = 'advertiser';

  constructor(
    parent: ExplorerNode,
    readonly data: Advertiser,
  ) {
    super(parent, `${parent.key}/${data.advertiser_id}`);
  }

  override get remote(): boolean {
    return true;
  }
  override get failure(): string {
    return vscode.l10n.t('Could not load campaigns');
  }
  override get resourceId(): string {
    return String(this.data.advertiser_id);
  }
  override get jsonPath(): string {
    return path(['advertising', 'advertisers', this.data.advertiser_id]);
  }
  override async fetchJson(client: MarketplaceClient): Promise<Advertiser> {
    const answer = await getAdvertisers(client, { productId: 'DISPLAY' });
    return pick(
      answer.advertisers,
      (entry) => entry.advertiser_id === this.data.advertiser_id,
      vscode.l10n.t('Advertiser {0}', this.data.advertiser_id),
    );
  }

  protected override async loadChildren(ctx: LoadContext): Promise<ExplorerNode[]> {
    try {
      const answer = await getCampaigns(ctx.session.client, this.data.advertiser_id);
      if (answer.results.length === 0)
        return [new MessageNode(this, 'empty', vscode.l10n.t('No campaigns for this advertiser.'))];
      return answer.results.map((campaign) => new CampaignNode(this, this.data.advertiser_id, campaign));
    } catch (error) {
      // The API answers 404 not_found for an advertiser without campaigns.
      if (error instanceof ApiError && error.status === 404) {
        return [
          new MessageNode(this, 'empty', vscode.l10n.t('No campaigns for this advertiser.'), {
            tooltip: format.escapeMarkdown(error.apiMessage),
          }),
        ];
      }
      throw error;
    }
  }

  treeItem(): vscode.TreeItem {
    return this.build(format.advertiserLabel(this.data), Collapsed, {
      description: format.advertiserDescription(this.data),
      tooltip: format.advertiserTooltip(this.data),
      icon: { icon: 'organization' },
    });
  }
}

export class CampaignNode extends ExplorerNode {
  readonly kind = 'campaign';

  constructor(
    parent: ExplorerNode,
    readonly advertiserId: number,
    readonly data: Campaign,
  ) {
    super(parent, `${parent.key}/${data.id}`);
  }

  override get resourceId(): string {
    return String(this.data.id);
  }
  override get jsonPath(): string {
    return path(['advertising', 'advertisers', this.advertiserId, 'display', 'campaigns', this.data.id]);
  }
  override async fetchJson(client: MarketplaceClient): Promise<Campaign> {
    const answer = await getCampaigns(client, this.advertiserId);
    return pick(answer.results, (entry) => entry.id === this.data.id, vscode.l10n.t('Campaign {0}', this.data.id));
  }

  treeItem(view: ViewContext): vscode.TreeItem {
    return this.build(format.campaignLabel(this.data), None, {
      description: format.campaignDescription(this.data, view.locale),
      tooltip: format.campaignTooltip(this.data, view.locale),
      icon: format.campaignStatusLook(this.data.status),
      // A campaign opens its metrics (its JSON stays in the context menu).
      command: {
        command: COMMANDS.showCampaignMetrics,
        title: vscode.l10n.t('Show Campaign Metrics'),
        arguments: [this],
      },
    });
  }
}
