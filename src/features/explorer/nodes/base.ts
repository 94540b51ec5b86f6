/**
 * What every family of explorer nodes builds on: the base `ExplorerNode`, the render and load contexts, and the
 * shared nodes (error, message, "Load more…", paged lists, groups) with the helpers of their JSON documents.
 */
import * as vscode from 'vscode';
import type { MarketplaceClient } from '../../../api/client';
import { ApiError } from '../../../api/errors';
import { COMMANDS, type CommandId } from '../../../constants';
import type { OrderSort, OrderStatus } from '../../../model/order';
import { describeError } from '../../../platform/errors';
import type { Session } from '../../auth/session';
import type { Look, OrderView } from '../format';
import * as format from '../format';
import type { ItemsPage, MissingItem, PagerState } from '../paging';

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
    return vscode.l10n.t('Could not load');
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
        ? { command: COMMANDS.openJson, title: vscode.l10n.t('Open as JSON'), arguments: [this] }
        : undefined);
    return item;
  }
}

/** The path of a JSON document (`/items/MLA123.json`) from its segments. */
export const path = format.jsonPath;

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
      vscode.l10n.t('Could not load {0}', missing.id),
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
    const message = this.error instanceof ApiError ? this.error.apiMessage : describeError(this.error, 'explorer');
    const full = describeError(this.error, 'explorer');
    if (this.unauthorized) {
      return this.build(vscode.l10n.t('{0}: sign in again', this.label), None, {
        description: message,
        tooltip: `${format.escapeMarkdown(full)}\n\n${vscode.l10n.t('Click to sign in again.')}`,
        icon: { icon: 'error', color: format.COLORS.error },
        command: { command: COMMANDS.signIn, title: vscode.l10n.t('Sign In…') },
      });
    }
    return this.build(this.label, None, {
      description: message,
      tooltip: `${format.escapeMarkdown(full)}\n\n${vscode.l10n.t('Click to retry.')}`,
      icon: { icon: 'error', color: format.COLORS.error },
      command: { command: this.retry.command, title: vscode.l10n.t('Retry'), arguments: [this.retry.target] },
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
    const loaded = format.loadedText(this.pager.loaded, this.pager.total, view.locale);
    const scanNote = vscode.l10n.t(
      "Past {0} results the list continues with the API's scan ({1}).",
      format.formatNumber(1000, view.locale),
      'search_type=scan',
    );
    return this.build(format.loadMoreLabel(this.pager.pageSize, this.pager.remaining, view.locale), None, {
      tooltip: this.pager.mode === 'scan' ? `${loaded} ${scanNote}` : loaded,
      icon: { icon: 'fold-down' },
      command: { command: COMMANDS.loadMore, title: vscode.l10n.t('Load More'), arguments: [this] },
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

  /** What a failed later page says: "Could not load more items". */
  protected abstract get moreFailure(): string;
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
    for (const node of nodes) this.loaded.push(node);
    this.markRelabel();
  }

  private list(ctx: LoadContext): ExplorerNode[] {
    const nodes = [...this.loaded];
    if (this.moreError !== undefined) {
      nodes.push(
        new ErrorNode(this, 'more-error', this.moreFailure, this.moreError, {
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
      description: this.count === 0 ? (this.options.emptyText ?? vscode.l10n.t('none')) : undefined,
      icon: { icon: this.options.icon },
      // An empty group has nothing to open on click.
      command:
        this.count === 0
          ? { command: COMMANDS.openJson, title: vscode.l10n.t('Open as JSON'), arguments: [this] }
          : undefined,
    });
  }
}

/** The nodes of a multi-get page in search order: one per item found, an error node per id the multi-get failed. */
export function pageNodes<T extends { id: string }>(
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

/** Picks one entry of a list the API answers, or fails like a 404 would; `what` names it ("Sale term WARRANTY_TYPE"). */
export function pick<T>(list: readonly T[] | null | undefined, match: (entry: T) => boolean, what: string): T {
  const found = list?.find(match);
  if (found === undefined) throw new Error(vscode.l10n.t('{0} is no longer there; refresh the explorer.', what));
  return found;
}
