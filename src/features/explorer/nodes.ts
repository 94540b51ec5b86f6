/**
 * One class per node kind of the Marketplace explorer. Each keeps its raw API object in `data`, builds its TreeItem
 * from `format.ts`, and loads its children through the typed client. `contextValue` is a list of words: the kind,
 * then `json`, `id`, `permalink` and `refreshable` when the node offers those actions (package.json menus match them).
 */
import * as vscode from 'vscode';
import { getAdvertisers, getCampaigns } from '../../api/advertising';
import { getBlacklist } from '../../api/blacklist';
import type { MarketplaceClient } from '../../api/client';
import { ApiError } from '../../api/errors';
import { getItem } from '../../api/items';
import { getFeedback, getOrder, listNotes } from '../../api/orders';
import { getCollection } from '../../api/payments';
import { getSizeChart, listSizeCharts } from '../../api/sizeCharts';
import { getUser } from '../../api/users';
import { COMMANDS, type CommandId } from '../../constants';
import type { Advertiser, AdvertisersAnswer, Campaign } from '../../model/advertising';
import type { Item, Picture, TrimmedItem, Variation } from '../../model/item';
import type {
  Blacklist,
  BlacklistEntry,
  FeedbackEntry,
  Order,
  OrderItem,
  OrderNote,
  OrderSort,
  OrderStatus,
  Payment,
} from '../../model/order';
import type { SizeChart, SizeChartSummary } from '../../model/sizeChart';
import type { PublicUser } from '../../model/user';
import { errorsOf } from '../../rules/finding';
import { itemAffordances } from '../../rules/itemStatus';
import { feedbackAllowedFindings } from '../../rules/orders';
import type { Session } from '../auth/session';
import { describeError } from '../errors';
import type { Look, OrderView } from './format';
import * as format from './format';
import { ChartItemsPager, type ItemsPage, ItemsPager, type MissingItem, OrdersPager, type PagerState } from './paging';

/** Every kind of node; the first word of its `contextValue`. */
export type NodeKind =
  | 'itemsRoot'
  | 'item'
  | 'group'
  | 'saleTerm'
  | 'attribute'
  | 'picture'
  | 'variation'
  | 'ordersRoot'
  | 'order'
  | 'orderItem'
  | 'payment'
  | 'note'
  | 'feedback'
  | 'sizeChartsRoot'
  | 'sizeChart'
  | 'size'
  | 'measurement'
  | 'chartItems'
  | 'chartItem'
  | 'blacklistRoot'
  | 'blacklistEntry'
  | 'advertisingRoot'
  | 'advertiser'
  | 'campaign'
  | 'loadMore'
  | 'error'
  | 'message';

/** The filter and sort choices of the Items and Orders roots; they outlive refreshes and sign-ins. */
export interface ExplorerFilters {
  items: { status: string | undefined; sort: string };
  orders: { view: OrderView; status: OrderStatus | undefined; sort: OrderSort };
}

/** What rendering a node needs. */
export interface ViewContext {
  readonly pageSize: number;
  readonly locale: string;
  readonly filters: ExplorerFilters;
}

/** What loading a node's children needs: the signed-in session as well. */
export interface LoadContext extends ViewContext {
  readonly session: Session;
}

const { None, Collapsed, Expanded } = vscode.TreeItemCollapsibleState;

function themeIcon(look: Pick<Look, 'icon' | 'color'>): vscode.ThemeIcon {
  return new vscode.ThemeIcon(look.icon, look.color ? new vscode.ThemeColor(look.color) : undefined);
}

function markdown(text: string): vscode.MarkdownString {
  // Theme icons ($(pass-filled)) render; no command links, no HTML.
  return new vscode.MarkdownString(text, true);
}

interface ItemParts {
  description?: string;
  tooltip?: string | vscode.MarkdownString;
  icon?: Pick<Look, 'icon' | 'color'>;
  command?: vscode.Command;
}

/** The base of every node: identity (`key`, unique in the tree), the actions it offers, and cached children. */
export abstract class ExplorerNode {
  abstract readonly kind: NodeKind;
  /** The raw API object the node shows (what "Open as JSON" shows). */
  abstract readonly data: unknown;
  private cached: Promise<ExplorerNode[]> | undefined;
  private relabel = false;

  constructor(
    readonly parent: ExplorerNode | undefined,
    /** Unique path in the tree (`items/MLA123/sale_terms`): the TreeItem id, so expansion survives refreshes. */
    readonly key: string,
  ) {}

  abstract treeItem(view: ViewContext): vscode.TreeItem;

  /** Whether loading the children calls the API (the view then shows progress, and failures become error nodes). */
  get remote(): boolean {
    return false;
  }
  /** What a failed load of the children says: "Could not load items". */
  get failure(): string {
    return 'Could not load';
  }
  /** The id "Copy ID" copies. */
  get resourceId(): string | undefined {
    return undefined;
  }
  /** A web page of the resource, when the API gives one. */
  get permalink(): string | undefined {
    return undefined;
  }
  /** The path of the node's JSON document (`/items/MLA123.json`); undefined when it has no data to show. */
  get jsonPath(): string | undefined {
    return undefined;
  }
  /** Fetches the JSON document's data again through the resource's GET path. */
  fetchJson?(client: MarketplaceClient): Promise<unknown>;
  /** Fetches the node's own data again ("Refresh" on the node). */
  reload?(ctx: LoadContext): Promise<void>;

  get refreshable(): boolean {
    return this.remote || this.reload !== undefined;
  }

  /** The children, loaded once and kept until `reset()`. */
  children(ctx: LoadContext): Promise<ExplorerNode[]> {
    if (!this.cached) {
      const pending = Promise.resolve().then(() => this.loadChildren(ctx));
      this.cached = pending;
      pending.catch(() => {
        if (this.cached === pending) this.cached = undefined;
      });
    }
    return this.cached;
  }

  protected loadChildren(_ctx: LoadContext): ExplorerNode[] | Promise<ExplorerNode[]> {
    return [];
  }

  /** The children already loaded (or loading), without loading them: what a refresh after a request walks. */
  loadedChildren(): Promise<ExplorerNode[]> | undefined {
    return this.cached;
  }

  /** Forgets loaded children, so the next expansion loads them again. */
  reset(): void {
    this.cached = undefined;
  }

  /** Asks for a re-render after a load changed what the node's own row says (a count, a description). */
  protected markRelabel(): void {
    this.relabel = true;
  }
  /** True once after a load changed the node's row. */
  takeRelabel(): boolean {
    const value = this.relabel;
    this.relabel = false;
    return value;
  }

  /** `item json id permalink refreshable`. */
  get contextValue(): string {
    const words: string[] = [this.kind];
    if (this.jsonPath) words.push('json');
    if (this.resourceId) words.push('id');
    if (this.permalink) words.push('permalink');
    if (this.refreshable) words.push('refreshable');
    return words.join(' ');
  }

  protected build(label: string, state: vscode.TreeItemCollapsibleState, parts: ItemParts = {}): vscode.TreeItem {
    const item = new vscode.TreeItem(label, state);
    item.id = this.key;
    item.contextValue = this.contextValue;
    if (parts.description !== undefined) item.description = parts.description;
    if (parts.tooltip !== undefined)
      item.tooltip = typeof parts.tooltip === 'string' ? markdown(parts.tooltip) : parts.tooltip;
    if (parts.icon) item.iconPath = themeIcon(parts.icon);
    // Leaves open their JSON on click; containers only expand.
    item.command =
      parts.command ??
      (state === None && this.jsonPath
        ? { command: COMMANDS.openJson, title: 'Open as JSON', arguments: [this] }
        : undefined);
    return item;
  }
}

const path = format.jsonPath;

// ---------------------------------------------------------------------------------------------------------------
// Messages, errors, paging

/** What retrying an error node does: refresh its parent, or load the next page again. */
export interface Retry {
  command: CommandId;
  target: ExplorerNode;
}

/** A failed load: the API's message, the full description in the tooltip, and a retry (or sign in, on 401). */
export class ErrorNode extends ExplorerNode {
  readonly kind = 'error';

  constructor(
    parent: ExplorerNode,
    suffix: string,
    readonly label: string,
    readonly error: unknown,
    readonly retry: Retry,
  ) {
    super(parent, `${parent.key}/#${suffix}`);
  }

  /** An item the search listed but the multi-get could not answer. */
  static missing(parent: ExplorerNode, missing: MissingItem): ErrorNode {
    return new ErrorNode(
      parent,
      `missing/${missing.id}`,
      `Could not load ${missing.id}`,
      new Error(`${missing.message} (${missing.status})`),
      { command: COMMANDS.refreshNode, target: parent },
    );
  }

  get data(): unknown {
    const error = this.error;
    if (error instanceof ApiError)
      return {
        status: error.status,
        error: error.error,
        ...(error.apiCode === undefined ? {} : { code: error.apiCode }),
        message: error.apiMessage,
      };
    return { message: error instanceof Error ? error.message : String(error) };
  }

  /** The session is no longer valid: the only useful step is to sign in again. */
  get unauthorized(): boolean {
    return this.error instanceof ApiError && this.error.status === 401;
  }

  override get refreshable(): boolean {
    return true;
  }

  treeItem(): vscode.TreeItem {
    const message = this.error instanceof ApiError ? this.error.apiMessage : describeError(this.error);
    const full = describeError(this.error);
    if (this.unauthorized) {
      return this.build(`${this.label}: sign in again`, None, {
        description: message,
        tooltip: `${format.escapeMarkdown(full)}\n\nClick to sign in again.`,
        icon: { icon: 'error', color: format.COLORS.error },
        command: { command: COMMANDS.signIn, title: 'Sign In…' },
      });
    }
    return this.build(this.label, None, {
      description: message,
      tooltip: `${format.escapeMarkdown(full)}\n\nClick to retry.`,
      icon: { icon: 'error', color: format.COLORS.error },
      command: { command: this.retry.command, title: 'Retry', arguments: [this.retry.target] },
    });
  }
}

/** A line of information in place of an empty list ("No items match 'paused'. Change the filter."). */
export class MessageNode extends ExplorerNode {
  readonly kind = 'message';
  readonly data = undefined;

  constructor(
    parent: ExplorerNode,
    suffix: string,
    readonly label: string,
    private readonly options: { tooltip?: string; command?: vscode.Command; icon?: Pick<Look, 'icon' | 'color'> } = {},
  ) {
    super(parent, `${parent.key}/#${suffix}`);
  }

  treeItem(): vscode.TreeItem {
    return this.build(this.label, None, {
      tooltip: this.options.tooltip,
      icon: this.options.icon ?? { icon: 'info' },
      command: this.options.command,
    });
  }
}

/** "Load 50 more (84 left)": the next page of its parent. */
export class LoadMoreNode extends ExplorerNode {
  readonly kind = 'loadMore';
  readonly data = undefined;

  constructor(
    override readonly parent: PagedNode<PagerState & { pageSize: number }>,
    private readonly pager: PagerState & { pageSize: number; mode?: 'offset' | 'scan' },
  ) {
    super(parent, `${parent.key}/#more`);
  }

  treeItem(view: ViewContext): vscode.TreeItem {
    const scanNote =
      this.pager.mode === 'scan'
        ? " Past 1,000 results the list continues with the API's scan (search_type=scan)."
        : '';
    return this.build(format.loadMoreLabel(this.pager.pageSize, this.pager.remaining, view.locale), None, {
      tooltip: `${format.loadedText(this.pager.loaded, this.pager.total, view.locale)}${scanNote}`,
      icon: { icon: 'fold-down' },
      command: { command: COMMANDS.loadMore, title: 'Load More', arguments: [this] },
    });
  }
}

/** A list served page by page by the API: the loaded nodes, then "Load more…" (or the error of the last page). */
export abstract class PagedNode<P extends PagerState & { pageSize: number }> extends ExplorerNode {
  protected pager: P | undefined;
  private loaded: ExplorerNode[] = [];
  private first: Promise<void> | undefined;
  private more: Promise<void> | undefined;
  private moreError: unknown;
  private generation = 0;

  /** "items", "orders": the plural the error of a later page names. */
  protected abstract readonly noun: string;
  protected abstract createPager(ctx: LoadContext): P;
  protected abstract fetchNodes(pager: P, ctx: LoadContext): Promise<ExplorerNode[]>;
  protected abstract emptyNode(ctx: LoadContext): ExplorerNode;

  override get remote(): boolean {
    return true;
  }

  /** The pager's progress (total, loaded, remaining), once the first page answered. */
  get paging(): PagerState | undefined {
    return this.pager;
  }

  /** The nodes loaded so far, in the API's order. */
  get loadedNodes(): readonly ExplorerNode[] {
    return this.loaded;
  }

  override reset(): void {
    super.reset();
    this.generation++;
    this.pager = undefined;
    this.loaded = [];
    this.first = undefined;
    this.more = undefined;
    this.moreError = undefined;
  }

  override async children(ctx: LoadContext): Promise<ExplorerNode[]> {
    if (!this.first) {
      const pager = this.createPager(ctx);
      this.pager = pager;
      const first = this.fetchInto(pager, ctx);
      this.first = first;
      first.catch(() => {
        if (this.first === first) {
          this.first = undefined;
          this.pager = undefined;
        }
      });
    }
    await this.first;
    return this.list(ctx);
  }

  /** Loads the next page. A failure does not throw: it shows as an error node with a retry in place of "Load more…". */
  loadMore(ctx: LoadContext): Promise<void> {
    const pager = this.pager;
    if (!pager || pager.done) return Promise.resolve();
    if (!this.more) {
      const generation = this.generation;
      const more = this.fetchInto(pager, ctx).then(
        () => {
          if (generation === this.generation) this.moreError = undefined;
        },
        (error: unknown) => {
          if (generation === this.generation) this.moreError = error;
        },
      );
      this.more = more;
      void more.finally(() => {
        if (this.more === more) this.more = undefined;
      });
    }
    return this.more;
  }

  private async fetchInto(pager: P, ctx: LoadContext): Promise<void> {
    const generation = this.generation;
    const nodes = await this.fetchNodes(pager, ctx);
    if (generation !== this.generation) return;
    this.loaded.push(...nodes);
    this.markRelabel();
  }

  private list(ctx: LoadContext): ExplorerNode[] {
    const nodes = [...this.loaded];
    if (this.moreError !== undefined) {
      nodes.push(
        new ErrorNode(this, 'more-error', `Could not load more ${this.noun}`, this.moreError, {
          command: COMMANDS.loadMore,
          target: this,
        }),
      );
    } else if (this.pager && !this.pager.done) {
      nodes.push(new LoadMoreNode(this, this.pager));
    }
    if (nodes.length === 0) nodes.push(this.emptyNode(ctx));
    return nodes;
  }
}

/** A titled list inside a resource: "Sale terms (4)", "Payments (2)". Empty groups stay visible, not expandable. */
export class GroupNode extends ExplorerNode {
  readonly kind = 'group';

  constructor(
    parent: ExplorerNode,
    readonly slug: string,
    readonly name: string,
    readonly data: readonly unknown[],
    private readonly options: {
      icon: string;
      segments: readonly (string | number)[];
      build: (group: GroupNode) => ExplorerNode[];
      fetch?: (client: MarketplaceClient) => Promise<unknown>;
      emptyText?: string;
      expanded?: boolean;
    },
  ) {
    super(parent, `${parent.key}/${slug}`);
  }

  get count(): number {
    return this.data.length;
  }

  override get jsonPath(): string {
    return path(this.options.segments);
  }

  override fetchJson(client: MarketplaceClient): Promise<unknown> {
    return this.options.fetch ? this.options.fetch(client) : Promise.resolve(this.data);
  }

  protected override loadChildren(): ExplorerNode[] {
    return this.options.build(this);
  }

  treeItem(): vscode.TreeItem {
    const state = this.count === 0 ? None : this.options.expanded ? Expanded : Collapsed;
    return this.build(format.groupLabel(this.name, this.count), state, {
      description: this.count === 0 ? (this.options.emptyText ?? 'none') : undefined,
      icon: { icon: this.options.icon },
      // An empty group has nothing to open on click.
      command: this.count === 0 ? { command: COMMANDS.openJson, title: 'Open as JSON', arguments: [this] } : undefined,
    });
  }
}

/** The nodes of a multi-get page in search order: one per item found, an error node per id the multi-get failed. */
function pageNodes<T extends { id: string }>(
  parent: ExplorerNode,
  page: ItemsPage<T>,
  node: (item: T) => ExplorerNode,
): ExplorerNode[] {
  const byId = new Map(page.items.map((item) => [item.id, item]));
  const missing = new Map(page.missing.map((entry) => [entry.id, entry]));
  return page.ids.flatMap((id): ExplorerNode[] => {
    const item = byId.get(id);
    if (item) return [node(item)];
    const failure = missing.get(id);
    return failure ? [ErrorNode.missing(parent, failure)] : [];
  });
}

/** Picks one entry of a list the API answers, or fails like a 404 would. */
function pick<T>(list: readonly T[] | null | undefined, match: (entry: T) => boolean, what: string): T {
  const found = list?.find(match);
  if (found === undefined) throw new Error(`${what} is no longer there; refresh the explorer.`);
  return found;
}

// ---------------------------------------------------------------------------------------------------------------
// Items

/** The seller's listings: items search with the status filter and sort, "Load more…" paging and the scan past 1,000. */
export class ItemsRoot extends PagedNode<ItemsPager> {
  readonly kind = 'itemsRoot';
  protected readonly noun = 'items';

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
    return 'Could not load items';
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
      command: status ? { command: COMMANDS.filterItems, title: 'Filter Items by Status…' } : undefined,
    });
  }

  treeItem(view: ViewContext): vscode.TreeItem {
    const { status, sort } = view.filters.items;
    return this.build('Items', Collapsed, {
      description: format.itemsRootDescription(status, sort, this.pager?.total, view.locale),
      tooltip: `**Your listings**\n\nItems search with status **${format.escapeMarkdown(status ?? 'all')}**, sorted by \`${sort}\`. Pages of ${view.pageSize} with offset and limit; past 1,000 results the API's scan takes over.`,
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
      group('sale_terms', 'Sale terms', 'law', (node, entry, i) => new SaleTermNode(node, id, entry, i)),
      group('attributes', 'Attributes', 'symbol-field', (node, entry, i) => new AttributeNode(node, id, entry, i)),
      group('pictures', 'Pictures', 'file-media', (node, entry, i) => new PictureNode(node, id, entry, i)),
    ];
    if (item.variations?.length) {
      const currency = item.currency_id;
      groups.push(
        group('variations', 'Variations', 'versions', (node, entry) => new VariationNode(node, id, currency, entry)),
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
  /** What the entry is called when it is no longer there: "Sale term". */
  protected abstract readonly noun: string;

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
    return pick(itemEntries(item, this.field), (entry) => String(entry.id) === id, `${this.noun} ${this.data.id}`);
  }
}

export class SaleTermNode extends ItemEntryNode<'sale_terms'> {
  readonly kind = 'saleTerm';
  protected readonly field = 'sale_terms';
  protected readonly noun = 'Sale term';

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
  protected readonly noun = 'Attribute';

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
  protected readonly noun = 'Picture';

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
    return this.build(`Picture ${this.index + 1}`, None, {
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
  protected readonly noun = 'Variation';

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

// ---------------------------------------------------------------------------------------------------------------
// Orders

/** The seller's orders in the chosen view (search, recent, archived, pending), with status filter and sort. */
export class OrdersRoot extends PagedNode<OrdersPager> {
  readonly kind = 'ordersRoot';
  protected readonly noun = 'orders';

  constructor(readonly sellerId: number) {
    super(undefined, 'orders');
  }

  get data(): unknown {
    const pager = this.pager;
    const answer = pager?.lastAnswer;
    return {
      seller: this.sellerId,
      query: pager?.query,
      paging: pager ? { total: pager.total, loaded: pager.loaded } : undefined,
      sort: answer?.sort,
      available_sorts: answer?.available_sorts,
      filters: answer?.filters,
      available_filters: answer?.available_filters,
      results: this.loadedNodes.filter((node) => node instanceof OrderNode).map((node) => (node as OrderNode).data.id),
    };
  }

  override get failure(): string {
    return 'Could not load orders';
  }
  override get jsonPath(): string {
    const view = this.pager?.query.view ?? 'search';
    return path(view === 'search' ? ['orders', 'search'] : ['orders', 'search', view]);
  }

  protected createPager(ctx: LoadContext): OrdersPager {
    const { view, status, sort } = ctx.filters.orders;
    return new OrdersPager(ctx.session.client, this.sellerId, { view, status, sort }, ctx.pageSize);
  }

  protected async fetchNodes(pager: OrdersPager): Promise<ExplorerNode[]> {
    return (await pager.next()).map((order) => new OrderNode(this, order));
  }

  protected emptyNode(ctx: LoadContext): ExplorerNode {
    const { view, status } = ctx.filters.orders;
    return new MessageNode(this, 'empty', format.ordersEmptyMessage(view, status), {
      command: status
        ? { command: COMMANDS.filterOrders, title: 'Filter Orders by Status…' }
        : view !== 'search'
          ? { command: COMMANDS.chooseOrderView, title: 'Choose Orders View…' }
          : undefined,
    });
  }

  treeItem(view: ViewContext): vscode.TreeItem {
    const filters = view.filters.orders;
    const viewChoice = format.ORDER_VIEW_CHOICES.find((choice) => choice.value === filters.view);
    return this.build('Orders', Collapsed, {
      description: format.ordersRootDescription(
        filters.view,
        filters.status,
        filters.sort,
        this.pager?.total,
        view.locale,
      ),
      tooltip: `**Reservation orders**\n\nView **${format.escapeMarkdown(viewChoice?.label ?? filters.view)}**: ${format.escapeMarkdown(viewChoice?.description ?? '')}.  \nStatus **${format.escapeMarkdown(filters.status ?? 'all')}**, sorted \`${filters.sort}\`.`,
      icon: { icon: 'inbox' },
    });
  }
}

/** One order: id, buyer, amounts, status and tags; expands to items, payments, notes and feedback. */
export class OrderNode extends ExplorerNode {
  readonly kind = 'order';
  /** The seller's notes, once the order was expanded. */
  notes: OrderNote[] | undefined;

  constructor(
    parent: ExplorerNode,
    public data: Order,
  ) {
    super(parent, `${parent.key}/${data.id}`);
  }

  override get remote(): boolean {
    return true;
  }
  override get failure(): string {
    return `Could not load order ${this.data.id}`;
  }
  override get resourceId(): string {
    return String(this.data.id);
  }
  override get jsonPath(): string {
    return path(['orders', this.data.id]);
  }
  override fetchJson(client: MarketplaceClient): Promise<Order> {
    return getOrder(client, this.data.id);
  }
  /** The kind's words, then `can-rate` while the seller may still send feedback (confirm delivery or return). */
  override get contextValue(): string {
    const rateable = errorsOf(feedbackAllowedFindings(this.data, 'seller', new Date())).length === 0;
    return rateable ? `${super.contextValue} can-rate` : super.contextValue;
  }
  override async reload(ctx: LoadContext): Promise<void> {
    this.data = await getOrder(ctx.session.client, this.data.id);
  }

  protected override async loadChildren(ctx: LoadContext): Promise<ExplorerNode[]> {
    const order = this.data;
    const id = order.id;
    const fromOrder =
      <T>(select: (fresh: Order) => T) =>
      async (client: MarketplaceClient) =>
        select(await getOrder(client, id));
    const nodes: ExplorerNode[] = [
      new GroupNode(this, 'order_items', 'Items', order.order_items, {
        icon: 'package',
        segments: ['orders', id, 'order_items'],
        fetch: fromOrder((fresh) => fresh.order_items),
        expanded: true,
        build: (group) => order.order_items.map((line, index) => new OrderItemNode(group, order, line, index)),
      }),
      new GroupNode(this, 'payments', 'Payments', order.payments ?? [], {
        icon: 'credit-card',
        segments: ['orders', id, 'payments'],
        fetch: fromOrder((fresh) => fresh.payments ?? []),
        expanded: (order.payments?.length ?? 0) > 1,
        build: (group) => (order.payments ?? []).map((payment) => new PaymentNode(group, order, payment)),
      }),
    ];
    try {
      const notes = await listNotes(ctx.session.client, id);
      this.notes = notes;
      nodes.push(
        new GroupNode(this, 'notes', 'Notes', notes, {
          icon: 'note',
          segments: ['orders', id, 'notes'],
          fetch: (client) => listNotes(client, id),
          build: (group) => notes.map((note) => new NoteNode(group, id, note)),
        }),
      );
    } catch (error) {
      // The notes failing must not hide the rest of the order.
      nodes.push(
        new ErrorNode(this, 'notes-error', 'Could not load notes', error, {
          command: COMMANDS.refreshNode,
          target: this,
        }),
      );
    }
    const sides = (['sale', 'purchase'] as const).filter((side) => order.feedback?.[side]);
    nodes.push(
      new GroupNode(
        this,
        'feedback',
        'Feedback',
        sides.map((side) => order.feedback?.[side]),
        {
          icon: 'feedback',
          segments: ['orders', id, 'feedback'],
          fetch: (client) => getFeedback(client, id),
          emptyText: 'not rated yet',
          build: (group) =>
            sides.map((side) => new FeedbackNode(group, id, side, order.feedback?.[side] as FeedbackEntry)),
        },
      ),
    );
    return nodes;
  }

  treeItem(view: ViewContext): vscode.TreeItem {
    const order = this.data;
    return this.build(format.orderLabel(order), Collapsed, {
      description: format.orderDescription(order, view.locale),
      tooltip: format.orderTooltip(order, view.locale),
      icon: format.orderStatusLook(order.status, order.status_detail?.code, order.tags),
    });
  }
}

export class OrderItemNode extends ExplorerNode {
  readonly kind = 'orderItem';

  constructor(
    parent: ExplorerNode,
    readonly order: Order,
    readonly data: OrderItem,
    readonly index: number,
  ) {
    super(parent, `${parent.key}/${index}:${data.item.id}`);
  }

  override get resourceId(): string {
    return this.data.item.id;
  }
  override get jsonPath(): string {
    return path(['orders', this.order.id, 'order_items', this.index]);
  }
  override async fetchJson(client: MarketplaceClient): Promise<OrderItem> {
    const order = await getOrder(client, this.order.id);
    const line = order.order_items[this.index];
    if (!line) throw new Error(`Order ${this.order.id} no longer has item line ${this.index + 1}.`);
    return line;
  }

  treeItem(view: ViewContext): vscode.TreeItem {
    return this.build(this.data.item.title ?? this.data.item.id, None, {
      description: format.orderItemDescription(this.data, this.order.currency_id, view.locale),
      tooltip: format.orderItemTooltip(this.data, this.order.currency_id, view.locale),
      icon: { icon: 'package' },
    });
  }
}

export class PaymentNode extends ExplorerNode {
  readonly kind = 'payment';

  constructor(
    parent: ExplorerNode,
    readonly order: Order,
    readonly data: Payment,
  ) {
    super(parent, `${parent.key}/${data.id}`);
  }

  override get resourceId(): string {
    return String(this.data.id);
  }
  override get jsonPath(): string {
    return path(['orders', this.order.id, 'payments', this.data.id]);
  }
  /** `GET /collections/{id}`: the payment as its collector (the seller) reads it. */
  override fetchJson(client: MarketplaceClient): Promise<Payment> {
    return getCollection(client, this.data.id);
  }

  treeItem(view: ViewContext): vscode.TreeItem {
    return this.build(format.paymentLabel(this.data, this.order.currency_id, view.locale), None, {
      description: format.paymentDescription(this.data),
      tooltip: format.paymentTooltip(this.data, this.order.currency_id, view.locale),
      icon: format.paymentStatusLook(this.data.status, this.data.status_detail),
    });
  }
}

export class NoteNode extends ExplorerNode {
  readonly kind = 'note';

  constructor(
    parent: ExplorerNode,
    readonly orderId: number,
    readonly data: OrderNote,
  ) {
    super(parent, `${parent.key}/${data.id}`);
  }

  override get resourceId(): string {
    return String(this.data.id);
  }
  override get jsonPath(): string {
    return path(['orders', this.orderId, 'notes', this.data.id]);
  }
  override async fetchJson(client: MarketplaceClient): Promise<OrderNote> {
    const notes = await listNotes(client, this.orderId);
    return pick(notes, (note) => String(note.id) === String(this.data.id), `Note ${this.data.id}`);
  }

  treeItem(): vscode.TreeItem {
    return this.build(format.noteLabel(this.data), None, {
      description: format.noteDescription(this.data),
      tooltip: format.noteTooltip(this.data),
      icon: { icon: 'note' },
    });
  }
}

export class FeedbackNode extends ExplorerNode {
  readonly kind = 'feedback';

  constructor(
    parent: ExplorerNode,
    readonly orderId: number,
    readonly side: 'sale' | 'purchase',
    readonly data: FeedbackEntry,
  ) {
    super(parent, `${parent.key}/${side}`);
  }

  override get resourceId(): string | undefined {
    return this.data.id == null ? undefined : String(this.data.id);
  }
  override get jsonPath(): string {
    return path(['orders', this.orderId, 'feedback', this.side]);
  }
  override async fetchJson(client: MarketplaceClient): Promise<FeedbackEntry | null | undefined> {
    return (await getFeedback(client, this.orderId))[this.side];
  }

  treeItem(): vscode.TreeItem {
    const look = format.feedbackLook(this.data);
    return this.build(format.feedbackLabel(this.side), None, {
      description: look.text,
      tooltip: format.feedbackTooltip(this.side, this.data),
      icon: look,
    });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Size charts

/** The seller's size charts. */
export class SizeChartsRoot extends ExplorerNode {
  readonly kind = 'sizeChartsRoot';
  data: SizeChartSummary[] | undefined;

  constructor() {
    super(undefined, 'size_charts');
  }

  override get remote(): boolean {
    return true;
  }
  override get failure(): string {
    return 'Could not load size charts';
  }
  override get jsonPath(): string {
    return path(['size_charts']);
  }
  override fetchJson(client: MarketplaceClient): Promise<SizeChartSummary[]> {
    return listSizeCharts(client);
  }

  protected override async loadChildren(ctx: LoadContext): Promise<ExplorerNode[]> {
    let charts: SizeChartSummary[];
    try {
      charts = await listSizeCharts(ctx.session.client);
    } catch (error) {
      // A site without size charts (VALIDATION_SITE) is a fact about the account, not a failure to retry.
      if (error instanceof ApiError && error.error === 'VALIDATION_SITE') {
        return [
          new MessageNode(this, 'unavailable', `Size charts are not available on ${ctx.session.account.siteId}.`, {
            tooltip: format.escapeMarkdown(error.apiMessage),
          }),
        ];
      }
      throw error;
    }
    this.data = charts;
    this.markRelabel();
    if (charts.length === 0) return [new MessageNode(this, 'empty', 'No size charts yet.')];
    return charts.map((chart) => new SizeChartNode(this, chart));
  }

  treeItem(view: ViewContext): vscode.TreeItem {
    return this.build('Size charts', Collapsed, {
      description: this.data ? format.formatNumber(this.data.length, view.locale) : undefined,
      tooltip:
        '**Size charts**\n\nYour charts; each expands to its sizes with their measurements and to the items associated with it.',
      icon: { icon: 'symbol-ruler' },
    });
  }
}

/** One chart: expands to its sizes (with measurements) and its associated items (paged as the API pages them). */
export class SizeChartNode extends ExplorerNode {
  readonly kind = 'sizeChart';

  constructor(
    parent: ExplorerNode,
    public data: SizeChartSummary | SizeChart,
  ) {
    super(parent, `${parent.key}/${data.id}`);
  }

  override get remote(): boolean {
    return true;
  }
  override get failure(): string {
    return `Could not load size chart ${this.data.id}`;
  }
  override get resourceId(): string {
    return String(this.data.id);
  }
  override get jsonPath(): string {
    return path(['size_charts', this.data.id]);
  }
  override fetchJson(client: MarketplaceClient): Promise<SizeChart> {
    return getSizeChart(client, this.data.id);
  }

  protected override async loadChildren(ctx: LoadContext): Promise<ExplorerNode[]> {
    const chart = await getSizeChart(ctx.session.client, this.data.id);
    this.data = chart;
    this.markRelabel();
    const columns = format.columnNames(chart);
    const sizes = chart.sizes ?? [];
    const items = new ChartItemsNode(this, chart.id);
    // The group's label carries the count: ask for the first page now (a failure shows when the group expands).
    await items.children(ctx).catch(() => undefined);
    return [
      new GroupNode(this, 'sizes', 'Sizes', sizes, {
        icon: 'symbol-ruler',
        segments: ['size_charts', chart.id, 'sizes'],
        fetch: async (client) => (await getSizeChart(client, chart.id)).sizes ?? [],
        expanded: true,
        build: (group) => sizes.map((size) => new SizeNode(group, chart.id, size, columns)),
      }),
      items,
    ];
  }

  treeItem(view: ViewContext): vscode.TreeItem {
    const chart = this.data as SizeChart;
    const columns = (chart.columns ?? []).map((column) => column.name ?? column.id);
    return this.build(chart.name ?? `Size chart ${chart.id}`, Collapsed, {
      description: format.sizeChartDescription(chart, view.locale),
      tooltip: `**${format.escapeMarkdown(chart.name ?? `Size chart ${chart.id}`)}**\n\n**Id:** \`${chart.id}\`${columns.length ? `  \n**Measurements:** ${format.escapeMarkdown(columns.join(', '))}` : ''}`,
      icon: { icon: 'symbol-ruler' },
    });
  }
}

type SizeRow = NonNullable<SizeChart['sizes']>[number];
type Columns = ReturnType<typeof format.columnNames>;

export class SizeNode extends ExplorerNode {
  readonly kind = 'size';

  constructor(
    parent: ExplorerNode,
    readonly chartId: number,
    readonly data: SizeRow,
    private readonly columns: Columns,
  ) {
    super(parent, `${parent.key}/${data.name}`);
  }

  override get resourceId(): string {
    return this.data.name;
  }
  override get jsonPath(): string {
    return path(['size_charts', this.chartId, 'sizes', this.data.name]);
  }
  override async fetchJson(client: MarketplaceClient): Promise<SizeRow> {
    const chart = await getSizeChart(client, this.chartId);
    return pick(chart.sizes, (size) => size.name === this.data.name, `Size ${this.data.name}`);
  }

  protected override loadChildren(): ExplorerNode[] {
    return (this.data.measurements ?? []).map(
      (entry) => new MeasurementNode(this, this.chartId, this.data.name, entry, this.columns),
    );
  }

  treeItem(): vscode.TreeItem {
    const count = this.data.measurements?.length ?? 0;
    return this.build(this.data.name, count ? Collapsed : None, {
      description: format.sizeDescription(this.data, this.columns),
      icon: { icon: 'symbol-ruler' },
    });
  }
}

type MeasurementEntry = NonNullable<SizeRow['measurements']>[number];

export class MeasurementNode extends ExplorerNode {
  readonly kind = 'measurement';

  constructor(
    parent: ExplorerNode,
    readonly chartId: number,
    readonly sizeName: string,
    readonly data: MeasurementEntry,
    private readonly columns: Columns,
  ) {
    super(parent, `${parent.key}/${data.id}`);
  }

  override get resourceId(): string {
    return this.data.id;
  }
  override get jsonPath(): string {
    return path(['size_charts', this.chartId, 'sizes', this.sizeName, 'measurements', this.data.id]);
  }

  treeItem(): vscode.TreeItem {
    const column = this.columns.get(this.data.id);
    return this.build(column?.name ?? this.data.id, None, {
      description: `${format.measurementValue(this.data.value, column?.unit ?? '')} · ${this.data.id}`,
      icon: { icon: 'symbol-numeric' },
    });
  }
}

/** "Items (7)" of a chart: the API's own offset/limit paging (at most 50 a page), titles by multi-get. */
export class ChartItemsNode extends PagedNode<ChartItemsPager> {
  readonly kind = 'chartItems';
  protected readonly noun = 'items';

  constructor(
    parent: ExplorerNode,
    readonly chartId: number,
  ) {
    super(parent, `${parent.key}/items`);
  }

  get data(): unknown {
    return {
      items: this.loadedNodes.filter((node) => node instanceof ChartItemNode).map((node) => (node as ChartItemNode).id),
      paging: this.pager ? { total: this.pager.total, loaded: this.pager.loaded } : undefined,
    };
  }

  override get failure(): string {
    return "Could not load the chart's items";
  }
  override get jsonPath(): string {
    return path(['size_charts', this.chartId, 'items']);
  }

  protected createPager(ctx: LoadContext): ChartItemsPager {
    return new ChartItemsPager(ctx.session.client, this.chartId, ctx.pageSize);
  }

  protected async fetchNodes(pager: ChartItemsPager): Promise<ExplorerNode[]> {
    return pageNodes(this, await pager.next(), (item) => new ChartItemNode(this, this.chartId, item));
  }

  protected emptyNode(): ExplorerNode {
    return new MessageNode(this, 'empty', 'No items use this chart.');
  }

  treeItem(): vscode.TreeItem {
    const total = this.pager?.total;
    return this.build(
      total === undefined ? 'Items' : format.groupLabel('Items', total),
      total === 0 ? None : Collapsed,
      {
        description: total === 0 ? 'none' : undefined,
        tooltip: 'Listings associated with this chart (`GET /size_charts/{id}/items`, 50 a page at most).',
        icon: { icon: 'tag' },
      },
    );
  }
}

export class ChartItemNode extends ExplorerNode {
  readonly kind = 'chartItem';

  constructor(
    parent: ExplorerNode,
    readonly chartId: number,
    readonly data: TrimmedItem & { id: string },
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
    return path(['size_charts', this.chartId, 'items', this.data.id]);
  }
  override fetchJson(client: MarketplaceClient): Promise<Item> {
    return getItem(client, this.data.id);
  }

  treeItem(view: ViewContext): vscode.TreeItem {
    const item = this.data;
    return this.build(item.title ?? item.id, None, {
      description: format.chartItemDescription(item, view.locale),
      tooltip: `**${format.escapeMarkdown(item.title ?? item.id)}**\n\n\`${item.id}\`${item.permalink ? `\n\n[Open the listing](${item.permalink})` : ''}`,
      icon: item.status ? format.itemStatusLook(item.status, item.sub_status) : { icon: 'tag' },
    });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Blacklist

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
    return 'Could not load the blacklist';
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
    if (entries.length === 0) return [new MessageNode(this, 'empty', 'No users are blacklisted.')];
    // Nicknames make the list readable; a profile that fails to load leaves the id alone.
    const profiles = await mapLimited(entries, 4, (entry) => getUser(client, entry.user.id).catch(() => undefined));
    return entries.map((entry, index) => new BlacklistEntryNode(this, this.sellerId, entry, profiles[index]));
  }

  treeItem(view: ViewContext): vscode.TreeItem {
    return this.build('Blacklist', Collapsed, {
      description: this.data ? format.formatNumber(this.data.length, view.locale) : undefined,
      tooltip: '**Order blacklist**\n\nUsers barred from bidding on your listings.',
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
    return pick(entries, (entry) => entry.user.id === this.data.user.id, `User ${this.data.user.id}`);
  }

  treeItem(): vscode.TreeItem {
    const id = this.data.user.id;
    const name = this.profile?.nickname;
    return this.build(name ?? `User ${id}`, None, {
      description: format.blacklistDescription(id),
      tooltip: `**${format.escapeMarkdown(name ?? `User ${id}`)}**\n\n**Id:** \`${id}\`  \n**Blocked:** ${this.data.user.blocked === false ? 'no' : 'yes'}${this.profile?.site_id ? `  \n**Site:** ${this.profile.site_id}` : ''}`,
      icon: { icon: 'person', color: format.COLORS.red },
    });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Advertising

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
    return 'Could not load advertisers';
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
          new MessageNode(this, 'empty', 'No display advertisers for this account.', {
            tooltip: format.escapeMarkdown(error.apiMessage),
          }),
        ];
      }
      throw error;
    }
    this.data = answer;
    this.markRelabel();
    if (answer.advertisers.length === 0)
      return [new MessageNode(this, 'empty', 'No display advertisers for this account.')];
    return answer.advertisers.map((advertiser) => new AdvertiserNode(this, advertiser));
  }

  treeItem(view: ViewContext): vscode.TreeItem {
    return this.build('Advertising', Collapsed, {
      description: this.data ? format.formatNumber(this.data.advertisers.length, view.locale) : undefined,
      tooltip: '**Display advertising**\n\nAdvertisers of the account (product DISPLAY) and their campaigns.',
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
    return 'Could not load campaigns';
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
      `Advertiser ${this.data.advertiser_id}`,
    );
  }

  protected override async loadChildren(ctx: LoadContext): Promise<ExplorerNode[]> {
    try {
      const answer = await getCampaigns(ctx.session.client, this.data.advertiser_id);
      if (answer.results.length === 0) return [new MessageNode(this, 'empty', 'No campaigns for this advertiser.')];
      return answer.results.map((campaign) => new CampaignNode(this, this.data.advertiser_id, campaign));
    } catch (error) {
      // The API answers 404 not_found for an advertiser without campaigns.
      if (error instanceof ApiError && error.status === 404) {
        return [
          new MessageNode(this, 'empty', 'No campaigns for this advertiser.', {
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
    return pick(answer.results, (entry) => entry.id === this.data.id, `Campaign ${this.data.id}`);
  }

  treeItem(): vscode.TreeItem {
    return this.build(this.data.name ?? `Campaign ${this.data.id}`, None, {
      description: format.campaignDescription(this.data),
      tooltip: format.campaignTooltip(this.data),
      icon: format.campaignStatusLook(this.data.status),
    });
  }
}

/** The five roots, in the order the view shows them. */
export type RootNode = ItemsRoot | OrdersRoot | SizeChartsRoot | BlacklistRoot | AdvertisingRoot;

export function createRoots(session: Session): RootNode[] {
  const sellerId = session.account.userId;
  return [
    new ItemsRoot(sellerId),
    new OrdersRoot(sellerId),
    new SizeChartsRoot(),
    new BlacklistRoot(sellerId),
    new AdvertisingRoot(),
  ];
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
