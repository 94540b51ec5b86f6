/**
 * Pagers over the real client for the explorer's "Load more…" nodes. Each maps the API's own paging: the items
 * search's offset window and scan, the order searches' offset/limit, the size chart items' offset/limit. Pure (no
 * `vscode` import), so the walks are unit-tested against the sandbox.
 */
import type { MarketplaceClient } from '../../api/client';
import { ApiError } from '../../api/errors';
import type { Item, TrimmedItem } from '../../model/item';
import type { Order, OrderSearchQuery, OrderSearchResult, OrderSort, OrderStatus } from '../../model/order';
import { CHART_ITEMS_PAGE_LIMIT } from '../../model/sizeChartValues';
import {
  getItems,
  getSizeChartItems,
  scanSellerItems,
  searchArchivedOrders,
  searchOrders,
  searchPendingOrders,
  searchRecentOrders,
  searchSellerItems,
} from '../../platform/lazyApi';
import type { OrderView } from './format';

/** The items search answers `offset + limit` up to this; further results need `search_type=scan`. */
export const OFFSET_WINDOW = 1_000;
/** Largest `limit` of the items search (offset pages and scan pages alike). */
export const ITEMS_MAX_LIMIT = 100;

/** An id the search returned that the multi-get could not answer (deleted meanwhile, for instance). */
export interface MissingItem {
  id: string;
  status: number;
  message: string;
}

/** A page of items: the ids in search order, the items found, and the ids the multi-get answered with an error. */
export interface ItemsPage<T = Item> {
  ids: string[];
  items: T[];
  missing: MissingItem[];
}

/** What a pager tells its "Load more…" node. */
export interface PagerState {
  /** The API's total for the query, once the first page answered. */
  readonly total: number | undefined;
  /** Results handed out so far. */
  readonly loaded: number;
  /** `total - loaded`, when the total is known. */
  readonly remaining: number | undefined;
  /** Nothing more to load. */
  readonly done: boolean;
}

/** One entry of a multi-get answer: the item's body, or the error that answered for its id. */
interface MultiGetAnswer {
  code: number;
  body: unknown;
}

/** Splits multi-get entries into items and failures, keeping the search order. */
function splitEntries<T extends { id?: string }>(
  ids: readonly string[],
  entries: readonly MultiGetAnswer[],
): ItemsPage<T & { id: string }> {
  const items: (T & { id: string })[] = [];
  const missing: MissingItem[] = [];
  entries.forEach((entry, index) => {
    const id = ids[index] as string;
    if (entry.code === 200) items.push({ ...(entry.body as T), id: (entry.body as T).id ?? id });
    else {
      const body = (entry.body ?? {}) as { message?: string; error?: string };
      missing.push({ id, status: entry.code, message: body.message ?? body.error ?? `HTTP ${entry.code}` });
    }
  });
  return { ids: [...ids], items, missing };
}

/**
 * Details of pages of item ids by multi-get. A page whose multi-get failed is kept: the next call asks for the same
 * ids again instead of moving on, and until then the pager is not done.
 */
class MultiGetPages<T extends { id?: string }> {
  private unfetched: string[] | undefined;

  constructor(private readonly get: (ids: string[], signal?: AbortSignal) => Promise<readonly MultiGetAnswer[]>) {}

  /** A failed page waits to be asked for again. */
  get pending(): boolean {
    return Boolean(this.unfetched);
  }

  /** The failed page again, or else the next page of `nextIds`, with the details of its items. */
  async next(nextIds: () => Promise<string[]>, signal?: AbortSignal): Promise<ItemsPage<T & { id: string }>> {
    const ids = this.unfetched ?? (await nextIds());
    if (ids.length === 0) return { ids, items: [], missing: [] };
    this.unfetched = ids;
    const entries = await this.get(ids, signal);
    this.unfetched = undefined;
    return splitEntries<T>(ids, entries);
  }
}

/** What every pager counts: the page size, the API's total, the entries handed out (each once) and the end. */
abstract class Pager implements PagerState {
  private readonly seen = new Set<string | number>();
  protected knownTotal: number | undefined;
  protected finished = false;

  constructor(readonly pageSize: number) {
    // l10n: not translated (a programming error: the explorer clamps the setting before it gets here)
    if (!Number.isInteger(pageSize) || pageSize < 1) throw new RangeError(`Invalid page size ${pageSize}`);
  }

  get total(): number | undefined {
    return this.knownTotal;
  }
  get loaded(): number {
    return this.seen.size;
  }
  get remaining(): number | undefined {
    return this.knownTotal === undefined ? undefined : Math.max(0, this.knownTotal - this.seen.size);
  }
  get done(): boolean {
    return this.finished;
  }

  /** Keeps the entries not handed out yet (a list that shifted between two pages must not show an entry twice). */
  protected admit<E>(entries: readonly E[], key: (entry: E) => string | number): E[] {
    return entries.filter((entry) => {
      const id = key(entry);
      if (this.seen.has(id)) return false;
      this.seen.add(id);
      return true;
    });
  }
}

export interface ItemsQuery {
  /** `status` filter (one status, or several comma-separated). */
  status?: string;
  /** Sort (`orders=`), e.g. `start_time_desc`. */
  orders?: string;
}

/**
 * The seller's items, page after page: offset paging while `offset + limit` stays within the API's 1,000 window,
 * then `search_type=scan`. A scan always starts from the first result, so the ids already shown are skipped (the
 * scan then reads pages of 100 to get past them quickly). A scroll that expired between two "Load more…" clicks
 * (5 minutes after its last use) is restarted the same way. Details come from the multi-get, in chunks of 20.
 */
export class ItemsPager extends Pager {
  private position = 0;
  private scan: AsyncGenerator<string[], void, undefined> | undefined;
  private buffer: string[] = [];
  private scanning = false;
  private readonly details: MultiGetPages<Item>;

  constructor(
    private readonly client: MarketplaceClient,
    private readonly sellerId: number,
    readonly query: ItemsQuery,
    pageSize: number,
  ) {
    super(pageSize);
    this.details = new MultiGetPages((ids, signal) => getItems(this.client, ids, { signal }));
  }

  override get done(): boolean {
    return super.done && !this.details.pending;
  }
  /** `offset` until the window is used up, then `scan`. */
  get mode(): 'offset' | 'scan' {
    return this.scanning ? 'scan' : 'offset';
  }

  /** The next page of item ids (empty once done); a page that reaches the offset window is filled from the scan. */
  async nextIds(signal?: AbortSignal): Promise<string[]> {
    if (this.finished) return [];
    const out: string[] = [];
    if (!this.scanning) {
      const limit = Math.min(this.pageSize, ITEMS_MAX_LIMIT, OFFSET_WINDOW - this.position);
      if (limit > 0) {
        const page = await searchSellerItems(
          this.client,
          this.sellerId,
          { status: this.query.status, orders: this.query.orders, offset: this.position, limit },
          signal,
        );
        this.knownTotal = page.paging.total;
        this.position += page.results.length;
        // One by one: an answer's page is spread into no argument list (past about 100,000 that overflows).
        for (const id of this.admit(page.results, (id) => id)) out.push(id);
        if (page.results.length === 0 || this.position >= page.paging.total) this.finished = true;
        if (this.finished || this.position < OFFSET_WINDOW || out.length >= this.pageSize) return out;
      }
      this.scanning = true;
    }
    for (const id of await this.nextScanIds(this.pageSize - out.length, signal)) out.push(id);
    return out;
  }

  /** The next page with the items' details (multi-get); after a failed multi-get, the same page again. */
  next(signal?: AbortSignal): Promise<ItemsPage> {
    return this.details.next(() => this.nextIds(signal), signal);
  }

  private async nextScanIds(wanted: number, signal?: AbortSignal): Promise<string[]> {
    const out: string[] = [];
    while (out.length < wanted) {
      if (this.buffer.length === 0) {
        const page = await this.pullScan(signal);
        if (!page) {
          this.finished = true;
          break;
        }
        this.buffer = page;
      }
      const take = this.buffer.splice(0, wanted - out.length);
      for (const id of this.admit(take, (id) => id)) out.push(id);
    }
    if (this.knownTotal !== undefined && this.loaded >= this.knownTotal && this.buffer.length === 0) {
      this.finished = true;
    }
    if (this.finished) await this.closeScan();
    return out;
  }

  private async pullScan(signal?: AbortSignal): Promise<string[] | undefined> {
    for (let attempt = 0; ; attempt++) {
      this.scan ??= scanSellerItems(
        this.client,
        this.sellerId,
        { status: this.query.status, orders: this.query.orders, limit: ITEMS_MAX_LIMIT },
        signal,
      );
      try {
        const step = await this.scan.next();
        return step.done ? undefined : step.value;
      } catch (error) {
        this.scan = undefined;
        // The scroll lives 5 minutes after its last use: start a new scan; `seen` skips what was already shown.
        if (attempt === 0 && error instanceof ApiError && error.error === 'invalid_scroll_id') continue;
        throw error;
      }
    }
  }

  private async closeScan(): Promise<void> {
    const scan = this.scan;
    this.scan = undefined;
    this.buffer = [];
    await scan?.return(undefined);
  }
}

/** The offset/limit walk shared by the order searches and the size chart items. */
abstract class OffsetPager<T> extends Pager {
  private offset = 0;

  constructor(
    pageSize: number,
    private readonly maxLimit: number,
  ) {
    super(pageSize);
  }

  protected abstract fetch(offset: number, limit: number): Promise<{ results: T[]; total: number }>;
  protected abstract key(entry: T): string | number;

  /** The next page (empty once done). The next offset follows what the API served, which may be less than asked. */
  protected async nextPage(): Promise<T[]> {
    if (this.finished) return [];
    const page = await this.fetch(this.offset, Math.min(this.pageSize, this.maxLimit));
    this.knownTotal = page.total;
    this.offset += page.results.length;
    if (page.results.length === 0 || this.offset >= page.total) this.finished = true;
    return this.admit(page.results, (entry) => this.key(entry));
  }
}

export interface OrdersQuery {
  view: OrderView;
  status?: OrderStatus;
  sort?: OrderSort;
}

/** The API's answer for a view of the order search. */
export function searchOrderView(
  client: MarketplaceClient,
  view: OrderView,
  query: OrderSearchQuery,
  signal?: AbortSignal,
): Promise<OrderSearchResult> {
  switch (view) {
    case 'search':
      return searchOrders(client, query, signal);
    case 'recent':
      return searchRecentOrders(client, query);
    case 'archived':
      return searchArchivedOrders(client, query);
    case 'pending':
      return searchPendingOrders(client, query);
  }
}

/** The seller's orders in one view (search, recent, archived, pending), with the status filter and the sort. */
export class OrdersPager extends OffsetPager<Order> {
  /** The latest answer (filters and sorts the API offers, paging). */
  lastAnswer: OrderSearchResult | undefined;

  constructor(
    private readonly client: MarketplaceClient,
    private readonly sellerId: number,
    readonly query: OrdersQuery,
    pageSize: number,
  ) {
    // The searches serve about 50 a page (the sandbox caps at 51, as observed on the API); the next offset follows
    // what was served, so asking more than the cap is harmless.
    super(pageSize, Number.POSITIVE_INFINITY);
  }

  /** The next page of orders. */
  next(): Promise<Order[]> {
    return this.nextPage();
  }

  protected async fetch(offset: number, limit: number) {
    const answer = await searchOrderView(this.client, this.query.view, {
      seller: this.sellerId,
      status: this.query.status,
      sort: this.query.sort,
      offset,
      limit,
    });
    this.lastAnswer = answer;
    return { results: answer.results, total: answer.paging.total };
  }

  protected key(order: Order): number {
    return order.id;
  }
}

/** The fields the explorer shows of a chart's items (the multi-get trims bodies to them). */
export const CHART_ITEM_FIELDS = [
  'id',
  'title',
  'status',
  'sub_status',
  'price',
  'currency_id',
  'available_quantity',
  'permalink',
  'variations',
] as const;

/** A size chart's associated items with the API's own offset/limit paging (at most 50 a page), titles by multi-get. */
export class ChartItemsPager extends OffsetPager<string> {
  private readonly details: MultiGetPages<TrimmedItem>;

  constructor(
    private readonly client: MarketplaceClient,
    readonly chartId: number,
    pageSize: number,
  ) {
    super(pageSize, CHART_ITEMS_PAGE_LIMIT);
    this.details = new MultiGetPages((ids, signal) =>
      getItems(this.client, ids, { attributes: CHART_ITEM_FIELDS, signal }),
    );
  }

  override get done(): boolean {
    return super.done && !this.details.pending;
  }

  /** The next page of item ids. */
  nextIds(): Promise<string[]> {
    return this.nextPage();
  }

  /** The next page with each item's title, status and price; after a failed multi-get, the same page again. */
  next(signal?: AbortSignal): Promise<ItemsPage<TrimmedItem & { id: string }>> {
    return this.details.next(() => this.nextIds(), signal);
  }

  protected async fetch(offset: number, limit: number) {
    const page = await getSizeChartItems(this.client, this.chartId, { offset, limit });
    return { results: page.items, total: page.paging.total };
  }

  protected key(id: string): string {
    return id;
  }
}
