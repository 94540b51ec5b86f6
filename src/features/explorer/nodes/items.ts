/** Items: the seller's listings and the entries of each listing (sale terms, attributes, pictures, variations). */
import * as vscode from 'vscode';
import type { MarketplaceClient } from '../../../api/client';
import { COMMANDS } from '../../../constants';
import type { Item, Picture, Variation } from '../../../model/item';
import { getItem } from '../../../platform/lazyApi';
import { itemAffordances } from '../../../rules/itemStatus';
import * as format from '../format';
import { ItemsPager } from '../paging';
import {
  ExplorerNode,
  GroupNode,
  type LoadContext,
  MessageNode,
  PagedNode,
  pageNodes,
  path,
  pick,
  type ViewContext,
} from './base';

const { None, Collapsed } = vscode.TreeItemCollapsibleState;

/** The seller's listings: items search with the status filter and sort, "Load more…" paging and the scan past 1,000. */
export class ItemsRoot extends PagedNode<ItemsPager> {
  readonly kind = 'itemsRoot';
  protected get moreFailure(): string {
    return vscode.l10n.t('Could not load more items');
  }

  constructor(readonly sellerId: number) {
    super(undefined, 'items');
  }

  get data(): unknown {
    const pager = this.pager;
    return {
      seller_id: this.sellerId,
      query: pager ? pager.query : undefined,
      paging: pager ? { total: pager.total, loaded: pager.loaded, mode: pager.mode } : undefined,
      results: this.loadedNodes.filter((node) => node instanceof ItemNode).map((node) => (node as ItemNode).id),
    };
  }

  override get failure(): string {
    return vscode.l10n.t('Could not load items');
  }
  override get jsonPath(): string {
    return path(['users', this.sellerId, 'items', 'search']);
  }

  protected createPager(ctx: LoadContext): ItemsPager {
    const { status, sort } = ctx.filters.items;
    return new ItemsPager(ctx.session.client, this.sellerId, { status, orders: sort }, ctx.pageSize);
  }

  protected async fetchNodes(pager: ItemsPager): Promise<ExplorerNode[]> {
    return pageNodes(this, await pager.next(), (item) => new ItemNode(this, item));
  }

  protected emptyNode(ctx: LoadContext): ExplorerNode {
    const status = ctx.filters.items.status;
    return new MessageNode(this, 'empty', format.itemsEmptyMessage(status), {
      command: status ? { command: COMMANDS.filterItems, title: vscode.l10n.t('Filter Items by Status…') } : undefined,
    });
  }

  treeItem(view: ViewContext): vscode.TreeItem {
    const { status, sort } = view.filters.items;
    const statusWords = status ? format.itemStatusWords(status) : vscode.l10n.t('all');
    return this.build(vscode.l10n.t('Items'), Collapsed, {
      description: format.itemsRootDescription(status, sort, this.pager?.total, view.locale),
      tooltip: `**${vscode.l10n.t('Your listings')}**\n\n${vscode.l10n.t(
        "Items search with status **{0}**, sorted by `{1}`. Pages of {2} with offset and limit; past {3} results the API's scan takes over.",
        format.escapeMarkdown(statusWords),
        sort,
        format.formatNumber(view.pageSize, view.locale),
        format.formatNumber(1000, view.locale),
      )}`,
      icon: { icon: 'tag' },
    });
  }
}

/** The lists of an item that the explorer shows entry by entry. */
type ItemEntryField = 'sale_terms' | 'attributes' | 'pictures' | 'variations';
/** An entry of one of those lists: a `SaleTerm` of `sale_terms`. */
type ItemEntry<F extends ItemEntryField> = NonNullable<Item[F]>[number];

/** The entries of one of an item's lists; none when the API left the list out. */
function itemEntries<F extends ItemEntryField>(item: Item, field: F): ItemEntry<F>[] {
  return (item[field] ?? []) as ItemEntry<F>[];
}

/** One listing: title, price, stock and status; expands to sale terms, attributes, pictures and variations. */
export class ItemNode extends ExplorerNode {
  readonly kind = 'item';

  constructor(
    parent: ExplorerNode,
    public data: Item,
  ) {
    super(parent, `${parent.key}/${data.id}`);
  }

  get id(): string {
    return this.data.id;
  }
  override get resourceId(): string {
    return this.data.id;
  }
  override get permalink(): string | undefined {
    return this.data.permalink ?? undefined;
  }
  override get jsonPath(): string {
    return path(['items', this.data.id]);
  }
  override fetchJson(client: MarketplaceClient): Promise<Item> {
    return getItem(client, this.data.id);
  }
  /** The kind's words, then what the item's state allows (`can-pause`, `can-activate`, `can-close`, `can-delete`,
   * `can-edit`) and `has-manufacturing-time`: the menus offer only what the status table lets through. */
  override get contextValue(): string {
    const allowed = itemAffordances(this.data);
    const words = (Object.keys(allowed) as (keyof typeof allowed)[]).filter((key) => allowed[key]);
    const extra = words.map((word) => `can-${word}`);
    if (this.data.sale_terms?.some((term) => term.id === 'MANUFACTURING_TIME' && term.value_name))
      extra.push('has-manufacturing-time');
    return [super.contextValue, ...extra].join(' ');
  }
  override async reload(ctx: LoadContext): Promise<void> {
    this.data = await getItem(ctx.session.client, this.data.id);
  }

  protected override loadChildren(): ExplorerNode[] {
    const item = this.data;
    const id = item.id;
    /** The group of one of the item's lists; its JSON document is the list as the item holds it now. */
    const group = <F extends ItemEntryField>(
      field: F,
      name: string,
      icon: string,
      entry: (group: GroupNode, data: ItemEntry<F>, index: number) => ExplorerNode,
    ) => {
      const entries = itemEntries(item, field);
      return new GroupNode(this, field, name, entries, {
        icon,
        segments: ['items', id, field],
        fetch: async (client) => itemEntries(await getItem(client, id), field),
        build: (node) => entries.map((data, index) => entry(node, data, index)),
      });
    };
    const groups: ExplorerNode[] = [
      group('sale_terms', vscode.l10n.t('Sale terms'), 'law', (node, entry, i) => new SaleTermNode(node, id, entry, i)),
      group('attributes', vscode.l10n.t('Attributes'), 'symbol-field', (node, entry, i) => {
        return new AttributeNode(node, id, entry, i);
      }),
      group(
        'pictures',
        vscode.l10n.t('Pictures'),
        'file-media',
        (node, entry, i) => new PictureNode(node, id, entry, i),
      ),
    ];
    if (item.variations?.length) {
      const currency = item.currency_id;
      groups.push(
        group('variations', vscode.l10n.t('Variations'), 'versions', (node, entry) => {
          return new VariationNode(node, id, currency, entry);
        }),
      );
    }
    return groups;
  }

  treeItem(view: ViewContext): vscode.TreeItem {
    const item = this.data;
    return this.build(item.title, Collapsed, {
      description: format.itemDescription(item, view.locale),
      tooltip: format.itemTooltip(item, view.locale),
      icon: format.itemStatusLook(item.status, item.sub_status),
    });
  }
}

/**
 * An entry of one of an item's lists: "Copy ID" copies the entry's id, its JSON document is
 * `/items/{item}/{field}/{id}.json`, and it is fetched again by reading the item and picking the entry by id.
 * Subclasses say only how the entry looks.
 */
abstract class ItemEntryNode<F extends ItemEntryField> extends ExplorerNode {
  /** The item's list that holds the entry. */
  protected abstract readonly field: F;
  /** What the entry is called when it is no longer there: "Sale term WARRANTY_TYPE". */
  protected abstract named(id: string): string;

  /** The tree id is the entry's id, after its position when the list may repeat an id (`0:WARRANTY_TYPE`). */
  constructor(
    parent: ExplorerNode,
    readonly itemId: string,
    readonly data: ItemEntry<F>,
    index?: number,
  ) {
    super(parent, `${parent.key}/${index === undefined ? '' : `${index}:`}${data.id}`);
  }

  override get resourceId(): string {
    return String(this.data.id);
  }
  override get jsonPath(): string {
    return path(['items', this.itemId, this.field, this.data.id]);
  }
  override async fetchJson(client: MarketplaceClient): Promise<ItemEntry<F>> {
    const item = await getItem(client, this.itemId);
    const id = String(this.data.id);
    return pick(itemEntries(item, this.field), (entry) => String(entry.id) === id, this.named(id));
  }
}

export class SaleTermNode extends ItemEntryNode<'sale_terms'> {
  readonly kind = 'saleTerm';
  protected readonly field = 'sale_terms';
  protected named(id: string): string {
    return vscode.l10n.t('Sale term {0}', id);
  }

  treeItem(): vscode.TreeItem {
    return this.build(this.data.name ?? this.data.id, None, {
      description: format.saleTermDescription(this.data),
      tooltip: format.saleTermTooltip(this.data),
      icon: { icon: 'law' },
    });
  }
}

export class AttributeNode extends ItemEntryNode<'attributes'> {
  readonly kind = 'attribute';
  protected readonly field = 'attributes';
  protected named(id: string): string {
    return vscode.l10n.t('Attribute {0}', id);
  }

  treeItem(): vscode.TreeItem {
    return this.build(this.data.name ?? this.data.id, None, {
      description: format.attributeDescription(this.data),
      tooltip: format.attributeTooltip(this.data),
      icon: { icon: 'symbol-field', color: this.data.value_name ? undefined : format.COLORS.yellow },
    });
  }
}

export class PictureNode extends ItemEntryNode<'pictures'> {
  readonly kind = 'picture';
  protected readonly field = 'pictures';
  protected named(id: string): string {
    return vscode.l10n.t('Picture {0}', id);
  }

  constructor(
    parent: ExplorerNode,
    itemId: string,
    data: Picture,
    readonly index: number,
  ) {
    super(parent, itemId, data, index);
  }

  override get permalink(): string | undefined {
    return this.data.secure_url ?? this.data.url ?? undefined;
  }

  treeItem(): vscode.TreeItem {
    const description = [format.pictureDescription(this.data), this.data.id].filter(Boolean).join(' · ');
    return this.build(vscode.l10n.t('Picture {0}', this.index + 1), None, {
      description,
      tooltip: format.pictureTooltip(this.data),
      icon: { icon: 'file-media' },
    });
  }
}

/** A variation's id is unique in its item: the tree id is the id alone. */
export class VariationNode extends ItemEntryNode<'variations'> {
  readonly kind = 'variation';
  protected readonly field = 'variations';
  protected named(id: string): string {
    return vscode.l10n.t('Variation {0}', id);
  }

  constructor(
    parent: ExplorerNode,
    itemId: string,
    readonly currency: string,
    data: Variation,
  ) {
    super(parent, itemId, data);
  }

  treeItem(view: ViewContext): vscode.TreeItem {
    const stock = this.data.available_quantity;
    return this.build(format.variationLabel(this.data), None, {
      description: format.variationDescription(this.data, this.currency, view.locale),
      tooltip: format.variationTooltip(this.data, this.currency, view.locale),
      icon: { icon: 'versions', color: stock === 0 ? format.COLORS.orange : undefined },
    });
  }
}
