/** Blacklist: the users the seller barred from bidding. */
import * as vscode from 'vscode';
import type { MarketplaceClient } from '../../../api/client';
import type { Blacklist, BlacklistEntry } from '../../../model/order';
import type { PublicUser } from '../../../model/user';
import { getBlacklist, getUser } from '../../../platform/lazyApi';
import * as format from '../format';
import { ExplorerNode, type LoadContext, MessageNode, path, pick, type ViewContext } from './base';

const { None, Collapsed } = vscode.TreeItemCollapsibleState;

/** The users the seller barred from bidding. */
export class BlacklistRoot extends ExplorerNode {
  readonly kind = 'blacklistRoot';
  data: Blacklist | undefined;

  constructor(readonly sellerId: number) {
    super(undefined, 'blacklist');
  }

  override get remote(): boolean {
    return true;
  }
  override get failure(): string {
    return vscode.l10n.t('Could not load the blacklist');
  }
  override get jsonPath(): string {
    return path(['users', this.sellerId, 'order_blacklist']);
  }
  override fetchJson(client: MarketplaceClient): Promise<Blacklist> {
    return getBlacklist(client, this.sellerId);
  }

  protected override async loadChildren(ctx: LoadContext): Promise<ExplorerNode[]> {
    const client = ctx.session.client;
    const entries = await getBlacklist(client, this.sellerId);
    this.data = entries;
    this.markRelabel();
    if (entries.length === 0) return [new MessageNode(this, 'empty', vscode.l10n.t('No users are blacklisted.'))];
    // Nicknames make the list readable; a profile that fails to load leaves the id alone.
    const profiles = await mapLimited(entries, 4, (entry) => getUser(client, entry.user.id).catch(() => undefined));
    return entries.map((entry, index) => new BlacklistEntryNode(this, this.sellerId, entry, profiles[index]));
  }

  treeItem(view: ViewContext): vscode.TreeItem {
    return this.build(vscode.l10n.t('Blacklist'), Collapsed, {
      description: this.data ? format.formatNumber(this.data.length, view.locale) : undefined,
      tooltip: `**${vscode.l10n.t('Order blacklist')}**\n\n${vscode.l10n.t('Users barred from bidding on your listings.')}`,
      icon: { icon: 'circle-slash' },
    });
  }
}

export class BlacklistEntryNode extends ExplorerNode {
  readonly kind = 'blacklistEntry';

  constructor(
    parent: ExplorerNode,
    readonly sellerId: number,
    readonly data: BlacklistEntry,
    readonly profile: PublicUser | undefined,
  ) {
    super(parent, `${parent.key}/${data.user.id}`);
  }

  override get resourceId(): string {
    return String(this.data.user.id);
  }
  override get permalink(): string | undefined {
    return this.profile?.permalink;
  }
  override get jsonPath(): string {
    return path(['users', this.sellerId, 'order_blacklist', this.data.user.id]);
  }
  override async fetchJson(client: MarketplaceClient): Promise<BlacklistEntry> {
    const entries = await getBlacklist(client, this.sellerId);
    return pick(entries, (entry) => entry.user.id === this.data.user.id, vscode.l10n.t('User {0}', this.data.user.id));
  }

  treeItem(): vscode.TreeItem {
    const id = this.data.user.id;
    const name = this.profile?.nickname;
    const label = name ?? vscode.l10n.t('User {0}', id);
    return this.build(label, None, {
      description: format.blacklistDescription(id),
      tooltip: format.tooltip(label, [
        [
          ['Id', format.code(id)],
          [vscode.l10n.t('Blocked'), this.data.user.blocked === false ? vscode.l10n.t('no') : vscode.l10n.t('yes')],
          [vscode.l10n.t('Site'), this.profile?.site_id],
        ],
      ]),
      icon: { icon: 'person', color: format.COLORS.red },
    });
  }
}

/** `Promise.all` over `map`, at most `limit` at a time. */
async function mapLimited<T, R>(list: readonly T[], limit: number, map: (entry: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(list.length);
  let next = 0;
  const worker = async () => {
    while (next < list.length) {
      const index = next++;
      out[index] = await map(list[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, list.length) }, worker));
  return out;
}
