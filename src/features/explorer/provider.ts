import * as vscode from 'vscode';
import { COMMANDS, JSON_SCHEME, SETTINGS, VIEWS } from '../../constants';
import type { OrderSort, OrderStatus } from '../../model/order';
import type { CommandEntry } from '../../platform/commandTable';
import { displayLocale } from '../../platform/displayLanguage';
import { Disposable } from '../../platform/disposable';
import { describeError } from '../../platform/errors';
import type { Output } from '../../platform/output';
import type { Session, SessionSource } from '../auth/session';
import {
  type Choice,
  DEFAULT_ITEM_SORT,
  DEFAULT_ORDER_SORT,
  itemSortChoices,
  itemStatusChoices,
  type OrderView,
  orderSortChoices,
  orderStatusChoices,
  orderViewChoices,
} from './format';
import { JsonDocuments } from './jsonDocuments';
import {
  createRoots,
  ErrorNode,
  type ExplorerFilters,
  type ExplorerNode,
  ItemsRoot,
  type LoadContext,
  LoadMoreNode,
  type NodeKind,
  OrdersRoot,
  PagedNode,
  type RootNode,
  type ViewContext,
} from './nodes';

/** Page size when the setting is missing or out of its range (the setting allows 10–100). */
const DEFAULT_PAGE_SIZE = 50;

/** A resource a request changed: the node kind and id showing it, and the root listing its kind. */
export interface ResourceChange {
  kind: NodeKind;
  id?: string;
  root: NodeKind;
}

export interface ExplorerOptions {
  /** Page size of "Load more…" (default: the `marketplace.explorer.pageSize` setting). */
  pageSize?: () => number;
}

/**
 * The Marketplace explorer: Items, Orders, Size charts, Blacklist and Advertising of the signed-in account. One
 * provider with one refresh emitter; nodes load their children through the typed client, failures become error
 * nodes with a retry, paging is a "Load more…" node. Signed out, it has no children (the view's welcome shows).
 */
export class MarketplaceExplorer extends Disposable implements vscode.TreeDataProvider<ExplorerNode> {
  private readonly changed = this.register(new vscode.EventEmitter<ExplorerNode | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  /** The read-only JSON documents of the nodes. */
  readonly json: JsonDocuments;
  /** Filter, sort and view choices; kept across refreshes and sign-ins. */
  readonly filters: ExplorerFilters = {
    items: { status: undefined, sort: DEFAULT_ITEM_SORT },
    orders: { view: 'search', status: undefined, sort: DEFAULT_ORDER_SORT },
  };
  private roots: RootNode[] | undefined;
  private rootsSession: Session | undefined;
  private view: vscode.TreeView<ExplorerNode> | undefined;

  constructor(
    private readonly sessions: SessionSource,
    private readonly output?: Output,
    private readonly options: ExplorerOptions = {},
  ) {
    super();
    this.json = this.register(new JsonDocuments(() => this.sessions.current?.client));
    this.register(sessions.onDidChange(() => this.sessionChanged()));
  }

  /** Creates the tree view and the JSON document provider; their registrations go into `context.subscriptions`. */
  createView(context: vscode.ExtensionContext): vscode.TreeView<ExplorerNode> {
    const view = vscode.window.createTreeView(VIEWS.explorer, { treeDataProvider: this, showCollapseAll: true });
    this.view = view;
    this.describeView();
    context.subscriptions.push(view, vscode.workspace.registerTextDocumentContentProvider(JSON_SCHEME, this.json));
    return view;
  }

  /** The tree view, once registered. */
  get treeView(): vscode.TreeView<ExplorerNode> | undefined {
    return this.view;
  }

  // -------------------------------------------------------------------------------------------------------------
  // TreeDataProvider

  getTreeItem(node: ExplorerNode): vscode.TreeItem {
    return node.treeItem(this.viewContext());
  }

  getParent(node: ExplorerNode): ExplorerNode | undefined {
    return node.parent;
  }

  /** Signed out: no children (the welcome content shows). A failed load: one error node with a retry. */
  async getChildren(node?: ExplorerNode): Promise<ExplorerNode[]> {
    const ctx = this.loadContext();
    if (!ctx) return [];
    if (!node) return this.currentRoots(ctx.session);
    if (!node.remote) return node.children(ctx);
    try {
      const children = await this.withProgress(() => node.children(ctx));
      this.json.update(node);
      // A load that changed the node's own row (a count, a description) re-renders it; its children are cached.
      if (node.takeRelabel()) setTimeout(() => this.fire(node), 0);
      return children;
    } catch (error) {
      // The log line stays English: the node's key names what failed ("items", "orders/2000001234").
      this.output?.warn(`Could not load ${node.key}: ${describeError(error, 'explorer')}`);
      return [new ErrorNode(node, 'error', node.failure, error, { command: COMMANDS.refreshNode, target: node })];
    }
  }

  // -------------------------------------------------------------------------------------------------------------
  // Actions

  /** Refreshes one node (fetching its own data again when it has a GET path), or the whole tree. */
  async refresh(node?: ExplorerNode): Promise<void> {
    if (!node) {
      for (const root of this.roots ?? []) root.reset();
      this.changed.fire(undefined);
      await this.json.refreshOpen();
      return;
    }
    if (node instanceof ErrorNode) return this.retry(node);
    const ctx = this.loadContext();
    if (!ctx) return;
    if (node.reload) {
      const reload = node.reload.bind(node);
      await this.withProgress(() => reload(ctx));
      this.json.update(node);
    }
    node.reset();
    this.fire(node);
  }

  /**
   * Refreshes what a request changed: every loaded node showing one of the resources (an item, an order, a size
   * chart), or the root of its kind when none is shown yet (a creation adds to the list). Nodes never loaded stay
   * as they are; they load fresh when expanded.
   */
  async refreshResources(changes: readonly ResourceChange[]): Promise<number> {
    const ctx = this.loadContext();
    if (!ctx) return 0;
    const roots = this.currentRoots(ctx.session);
    const found: ExplorerNode[] = [];
    const walk = async (nodes: readonly ExplorerNode[]): Promise<void> => {
      for (const node of nodes) {
        if (
          changes.some(
            (change) => change.kind === node.kind && change.id !== undefined && change.id === node.resourceId,
          )
        )
          found.push(node);
        const loaded = node.loadedChildren();
        if (loaded) await walk(await loaded.catch(() => []));
      }
    };
    await walk(roots);
    const targets = new Set<ExplorerNode>(found);
    for (const change of changes) {
      if (change.id !== undefined && found.some((node) => node.kind === change.kind)) continue;
      const root = roots.find((node) => node.kind === change.root);
      if (root) targets.add(root);
    }
    for (const node of targets) {
      // A node without its own GET refreshes through its parent, which loads it again.
      await this.refresh(node.reload || !node.parent ? node : node.parent).catch((error: unknown) => {
        this.output?.warn(`Could not refresh ${node.key}: ${describeError(error, 'explorer')}`);
      });
    }
    return targets.size;
  }

  /**
   * Shows a listing or an order in the tree, selected: found among what is loaded, else in the first page of its
   * root (loaded for it). False when it is not there (filtered out, or further down the list than one page).
   */
  async revealResource(kind: 'item' | 'order', id: string): Promise<boolean> {
    const ctx = this.loadContext();
    if (!ctx || !this.view) return false;
    const roots = this.currentRoots(ctx.session);
    const root = roots.find((node) => node.kind === (kind === 'item' ? 'itemsRoot' : 'ordersRoot'));
    if (!root) return false;
    const children = (await root.loadedChildren()?.catch(() => undefined)) ?? (await this.getChildren(root));
    const node = children.find((child) => child.kind === kind && child.resourceId === id);
    if (!node) return false;
    await vscode.commands.executeCommand(`${VIEWS.explorer}.focus`);
    await this.view.reveal(node, { select: true, focus: true, expand: false });
    return true;
  }

  /** Loads the next page of a paged node ("Load more…"). A failure shows as an error node in the list. */
  async loadMore(node: ExplorerNode | undefined): Promise<void> {
    const target = node instanceof LoadMoreNode ? node.parent : node;
    if (!(target instanceof PagedNode)) return;
    const ctx = this.loadContext();
    if (!ctx) return;
    await this.withProgress(() => target.loadMore(ctx));
    this.json.update(target);
    this.fire(target);
  }

  /** What an error node's click does: refresh its target, or load the page again. */
  private async retry(node: ErrorNode): Promise<void> {
    if (node.unauthorized) {
      await vscode.commands.executeCommand(COMMANDS.signIn);
      return;
    }
    if (node.retry.command === COMMANDS.loadMore) return this.loadMore(node.retry.target);
    return this.refresh(node.retry.target);
  }

  /** Sets the items status filter (`'all'` clears it); without a value, asks with a quick pick. */
  async filterItems(value?: unknown): Promise<void> {
    const chosen = await this.choose(
      vscode.l10n.t('Filter Items by Status'),
      itemStatusChoices(),
      this.filters.items.status,
      value,
    );
    if (!chosen) return;
    this.filters.items.status = chosen.value;
    this.resetRoot(ItemsRoot);
  }

  /** Sets the items sort (an `orders=` id such as `price_asc`); without a value, asks with a quick pick. */
  async sortItems(value?: unknown): Promise<void> {
    const chosen = await this.choose(vscode.l10n.t('Sort Items'), itemSortChoices(), this.filters.items.sort, value);
    if (!chosen) return;
    this.filters.items.sort = chosen.value;
    this.resetRoot(ItemsRoot);
  }

  /** Sets the orders status filter (`'all'` clears it). */
  async filterOrders(value?: unknown): Promise<void> {
    const chosen = await this.choose(
      vscode.l10n.t('Filter Orders by Status'),
      orderStatusChoices(),
      this.filters.orders.status,
      value,
    );
    if (!chosen) return;
    this.filters.orders.status = chosen.value as OrderStatus | undefined;
    this.resetRoot(OrdersRoot);
  }

  /** Sets the orders sort (`date_desc` or `date_asc`). */
  async sortOrders(value?: unknown): Promise<void> {
    const chosen = await this.choose(vscode.l10n.t('Sort Orders'), orderSortChoices(), this.filters.orders.sort, value);
    if (!chosen) return;
    this.filters.orders.sort = chosen.value as OrderSort;
    this.resetRoot(OrdersRoot);
  }

  /** Chooses the orders view: search, recent, archived or pending. */
  async chooseOrderView(value?: unknown): Promise<void> {
    const chosen = await this.choose(
      vscode.l10n.t('Choose Orders View'),
      orderViewChoices(),
      this.filters.orders.view,
      value,
    );
    if (!chosen) return;
    this.filters.orders.view = chosen.value as OrderView;
    this.resetRoot(OrdersRoot);
  }

  /** Opens the node's data as a read-only JSON preview. */
  async openJson(node?: ExplorerNode): Promise<void> {
    const target = this.target(node);
    if (!target.jsonPath) throw new Error(vscode.l10n.t('This node has no JSON to show.'));
    await this.json.show(target);
  }

  /** Copies the node's resource id to the clipboard. */
  async copyId(node?: ExplorerNode): Promise<string> {
    const id = this.target(node).resourceId;
    if (!id) throw new Error(vscode.l10n.t('This node has no id to copy.'));
    await vscode.env.clipboard.writeText(id);
    vscode.window.setStatusBarMessage(`$(copy) ${vscode.l10n.t('Copied {0}', id)}`, 3000);
    return id;
  }

  /** Opens the resource's web page (http or https only). */
  async openPermalink(node?: ExplorerNode): Promise<void> {
    const link = this.target(node).permalink;
    if (!link) throw new Error(vscode.l10n.t('This node has no web page.'));
    const uri = vscode.Uri.parse(link, true);
    if (uri.scheme !== 'https' && uri.scheme !== 'http')
      throw new Error(vscode.l10n.t('Refusing to open {0} links.', `${uri.scheme}:`));
    await vscode.env.openExternal(uri);
  }

  /** The explorer's commands, for the shell's one command table. */
  commands(): CommandEntry[] {
    return [
      {
        id: COMMANDS.refresh,
        run: () => this.refresh(),
        failure: vscode.l10n.t('Could not refresh the explorer'),
      },
      {
        id: COMMANDS.refreshNode,
        run: (target?: unknown) => this.refreshTarget(target),
        failure: vscode.l10n.t('Could not refresh'),
      },
      {
        id: COMMANDS.loadMore,
        run: (node?: ExplorerNode) => this.loadMore(node),
        failure: vscode.l10n.t('Could not load more'),
      },
      {
        id: COMMANDS.filterItems,
        run: (value?: unknown) => this.filterItems(value),
        failure: vscode.l10n.t('Could not filter items'),
      },
      {
        id: COMMANDS.sortItems,
        run: (value?: unknown) => this.sortItems(value),
        failure: vscode.l10n.t('Could not sort items'),
      },
      {
        id: COMMANDS.filterOrders,
        run: (value?: unknown) => this.filterOrders(value),
        failure: vscode.l10n.t('Could not filter orders'),
      },
      {
        id: COMMANDS.sortOrders,
        run: (value?: unknown) => this.sortOrders(value),
        failure: vscode.l10n.t('Could not sort orders'),
      },
      {
        id: COMMANDS.chooseOrderView,
        run: (value?: unknown) => this.chooseOrderView(value),
        failure: vscode.l10n.t('Could not change the orders view'),
      },
      {
        id: COMMANDS.openJson,
        run: (node?: ExplorerNode) => this.openJson(node),
        failure: vscode.l10n.t('Could not open the JSON'),
      },
      {
        id: COMMANDS.copyId,
        run: (node?: ExplorerNode) => this.copyId(node),
        failure: vscode.l10n.t('Could not copy the id'),
      },
      {
        id: COMMANDS.openPermalink,
        run: (node?: ExplorerNode) => this.openPermalink(node),
        failure: vscode.l10n.t('Could not open the web page'),
      },
    ];
  }

  /** The root nodes of the current session (created on first use, kept until the session changes). */
  rootNodes(): readonly RootNode[] {
    const session = this.sessions.current;
    return session ? this.currentRoots(session) : [];
  }

  // -------------------------------------------------------------------------------------------------------------
  // Internals

  /** `refreshNode` from a node, from the JSON editor's title (a URI), or from the palette (everything). */
  private async refreshTarget(target: unknown): Promise<void> {
    if (target instanceof vscode.Uri) {
      await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Refreshing') },
        () => this.json.refresh(target),
      );
      return;
    }
    if (target === undefined) return this.refresh();
    return this.refresh(target as ExplorerNode);
  }

  private currentRoots(session: Session): RootNode[] {
    if (!this.roots || this.rootsSession !== session) {
      this.roots = createRoots(session);
      this.rootsSession = session;
    }
    return this.roots;
  }

  private sessionChanged(): void {
    this.roots = undefined;
    this.rootsSession = undefined;
    this.describeView();
    this.changed.fire(undefined);
  }

  private describeView(): void {
    if (!this.view) return;
    const session = this.sessions.current;
    this.view.description = session ? `${session.account.nickname} · ${session.environment}` : undefined;
  }

  /** Starts a root over with the new filter, and shows it expanded. */
  private resetRoot(kind: typeof ItemsRoot | typeof OrdersRoot): void {
    const root = this.rootNodes().find((node) => node instanceof kind);
    if (!root) return;
    root.reset();
    this.fire(root);
    if (this.view?.visible)
      void Promise.resolve(this.view.reveal(root, { expand: true, select: false })).catch(() => undefined);
  }

  private fire(node: ExplorerNode): void {
    // Nodes of a previous session's tree are no longer shown: nothing to re-render.
    let root = node;
    while (root.parent) root = root.parent;
    if (this.roots?.includes(root as RootNode)) this.changed.fire(node);
  }

  /** The node a command acts on: its argument, or the selection (from the palette or a keybinding). */
  private target(node: ExplorerNode | undefined): ExplorerNode {
    const target = node ?? this.view?.selection[0];
    if (!target) throw new Error(vscode.l10n.t('Select a node in the Marketplace explorer first.'));
    return target;
  }

  /**
   * A choice from a command argument (a value, or `'all'` for no filter; tests and keybindings use it) or from a
   * quick pick that marks the current choice. Undefined when the quick pick was dismissed.
   */
  private async choose<T>(
    title: string,
    choices: readonly Choice<T>[],
    current: T,
    value: unknown,
  ): Promise<Choice<T> | undefined> {
    if (typeof value === 'string') {
      const wanted = value === 'all' ? undefined : value;
      const found = choices.find((choice) => choice.value === wanted);
      if (!found)
        throw new Error(
          vscode.l10n.t("'{0}' is not one of {1}.", value, choices.map((choice) => choice.value ?? 'all').join(', ')),
        );
      return found;
    }
    type Entry = vscode.QuickPickItem & { choice: Choice<T> };
    const entries: Entry[] = choices.map((choice) => ({
      label: `${choice.value === current ? '$(check)' : '$(blank)'} ${choice.label}`,
      description: choice.description,
      picked: choice.value === current,
      choice,
    }));
    const quickPick = vscode.window.createQuickPick<Entry>();
    quickPick.title = title;
    quickPick.placeholder = vscode.l10n.t(
      'Now: {0}',
      choices.find((choice) => choice.value === current)?.label ?? String(current),
    );
    quickPick.items = entries;
    quickPick.activeItems = entries.filter((entry) => entry.picked);
    quickPick.matchOnDescription = true;
    try {
      return await new Promise<Choice<T> | undefined>((resolve) => {
        quickPick.onDidAccept(() => {
          resolve(quickPick.selectedItems[0]?.choice ?? quickPick.activeItems[0]?.choice);
          quickPick.hide();
        });
        quickPick.onDidHide(() => resolve(undefined));
        quickPick.show();
      });
    } finally {
      quickPick.dispose();
    }
  }

  private withProgress<T>(task: () => Promise<T>): Promise<T> {
    return Promise.resolve(vscode.window.withProgress({ location: { viewId: VIEWS.explorer } }, task));
  }

  private pageSize(): number {
    const configured =
      this.options.pageSize?.() ??
      vscode.workspace.getConfiguration(SETTINGS.section).get<number>(SETTINGS.pageSize, DEFAULT_PAGE_SIZE);
    return Number.isInteger(configured) && configured >= 1 ? Math.min(configured, 100) : DEFAULT_PAGE_SIZE;
  }

  private viewContext(): ViewContext {
    return { pageSize: this.pageSize(), locale: displayLocale(), filters: this.filters };
  }

  private loadContext(): LoadContext | undefined {
    const session = this.sessions.current;
    return session ? { ...this.viewContext(), session } : undefined;
  }
}
