/** Orders: the seller's orders and what each order holds (items, payments, notes, feedback). */
import * as vscode from 'vscode';
import type { MarketplaceClient } from '../../../api/client';
import { COMMANDS } from '../../../constants';
import type { FeedbackEntry, Order, OrderItem, OrderNote, Payment } from '../../../model/order';
import { getCollection, getFeedback, getOrder, listNotes } from '../../../platform/lazyApi';
import { errorsOf } from '../../../rules/finding';
import { feedbackAllowedFindings } from '../../../rules/orderFeedback';
import * as format from '../format';
import { OrdersPager } from '../paging';
import {
  ErrorNode,
  ExplorerNode,
  GroupNode,
  type LoadContext,
  MessageNode,
  PagedNode,
  path,
  pick,
  type ViewContext,
} from './base';

const { None, Collapsed } = vscode.TreeItemCollapsibleState;

/** The seller's orders in the chosen view (search, recent, archived, pending), with status filter and sort. */
export class OrdersRoot extends PagedNode<OrdersPager> {
  readonly kind = 'ordersRoot';
  protected get moreFailure(): string {
    return vscode.l10n.t('Could not load more orders');
  }

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
    return vscode.l10n.t('Could not load orders');
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
        ? { command: COMMANDS.filterOrders, title: vscode.l10n.t('Filter Orders by Status…') }
        : view !== 'search'
          ? { command: COMMANDS.chooseOrderView, title: vscode.l10n.t('Choose Orders View…') }
          : undefined,
    });
  }

  treeItem(view: ViewContext): vscode.TreeItem {
    const filters = view.filters.orders;
    const viewChoice = format.orderViewChoices().find((choice) => choice.value === filters.view);
    const statusWords = filters.status ? format.orderStatusWords(filters.status) : vscode.l10n.t('all');
    return this.build(vscode.l10n.t('Orders'), Collapsed, {
      description: format.ordersRootDescription(
        filters.view,
        filters.status,
        filters.sort,
        this.pager?.total,
        view.locale,
      ),
      tooltip: `**${vscode.l10n.t('Reservation orders')}**\n\n${vscode.l10n.t(
        'View **{0}**: {1}.',
        format.escapeMarkdown(viewChoice?.label ?? filters.view),
        format.escapeMarkdown(viewChoice?.description ?? ''),
      )}  \n${vscode.l10n.t('Status **{0}**, sorted `{1}`.', format.escapeMarkdown(statusWords), filters.sort)}`,
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
    return vscode.l10n.t('Could not load order {0}', this.data.id);
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
      new GroupNode(this, 'order_items', vscode.l10n.t('Items'), order.order_items, {
        icon: 'package',
        segments: ['orders', id, 'order_items'],
        fetch: fromOrder((fresh) => fresh.order_items),
        expanded: true,
        build: (group) => order.order_items.map((line, index) => new OrderItemNode(group, order, line, index)),
      }),
      new GroupNode(this, 'payments', vscode.l10n.t('Payments'), order.payments ?? [], {
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
        new GroupNode(this, 'notes', vscode.l10n.t('Notes'), notes, {
          icon: 'note',
          segments: ['orders', id, 'notes'],
          fetch: (client) => listNotes(client, id),
          build: (group) => notes.map((note) => new NoteNode(group, id, note)),
        }),
      );
    } catch (error) {
      // The notes failing must not hide the rest of the order.
      nodes.push(
        new ErrorNode(this, 'notes-error', vscode.l10n.t('Could not load notes'), error, {
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
        vscode.l10n.t('Feedback'),
        sides.map((side) => order.feedback?.[side]),
        {
          icon: 'feedback',
          segments: ['orders', id, 'feedback'],
          fetch: (client) => getFeedback(client, id),
          emptyText: vscode.l10n.t('not rated yet'),
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
    if (!line) throw new Error(vscode.l10n.t('Order {0} no longer has item line {1}.', this.order.id, this.index + 1));
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
    return pick(notes, (note) => String(note.id) === String(this.data.id), vscode.l10n.t('Note {0}', this.data.id));
  }

  treeItem(view: ViewContext): vscode.TreeItem {
    return this.build(format.noteLabel(this.data), None, {
      description: format.noteDescription(this.data, view.locale),
      tooltip: format.noteTooltip(this.data, view.locale),
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

  treeItem(view: ViewContext): vscode.TreeItem {
    const look = format.feedbackLook(this.data, view.locale);
    return this.build(format.feedbackLabel(this.side), None, {
      description: look.text,
      tooltip: format.feedbackTooltip(this.side, this.data, view.locale),
      icon: look,
    });
  }
}
