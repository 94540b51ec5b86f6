// Live context of the payload analysis: what the API said, as far as it is cached. Every lookup is synchronous;
// `undefined` means "not fetched yet", and the analysis then lists a request for it (the caller fetches and analyses
// again). Pure: `liveContext.ts` implements the snapshot against the API.
import type { Item, SaleTermDefinition } from '../../model/item';
import type { Order } from '../../model/order';
import type { ListingType, Site } from '../../model/site';
import type { MeasurementAttribute } from '../../model/sizeChart';

/** A cached answer: the value, a 404 (`missing`), or another failure. `stale` ones are still used, and refreshed. */
export type Fetched<T> =
  | { state: 'ready'; value: T; stale?: boolean }
  | { state: 'missing'; message: string; stale?: boolean }
  | { state: 'failed'; message: string; stale?: boolean };

/** One of the seller's listings, for completion. */
export interface SellerItemSummary {
  id: string;
  title?: string;
  status?: string;
}

/** What a lookup reads; the `id` of `sellerItems` is the empty string. */
export type LiveKind = 'category' | 'item' | 'order' | 'site' | 'listingTypes' | 'measurements' | 'sellerItems';

/** Data the analysis wants and the cache does not have (or has stale). */
export interface LiveRequest {
  kind: LiveKind;
  id: string;
}

/** The cached live context of the signed-in account. */
export interface LiveSnapshot {
  /** "the local sandbox" or "the Marketplace API", for messages. */
  environmentLabel: string;
  /** Which environment answers: the sandbox knows only part of the category tree, the API all of it. */
  environment: 'sandbox' | 'api';
  account: { userId: number; siteId: string; nickname: string };
  /** `GET /categories/{id}/sale_terms`. */
  category(id: string): Fetched<SaleTermDefinition[]> | undefined;
  /** `GET /items/{id}` (short-lived). */
  item(id: string): Fetched<Item> | undefined;
  /** `GET /orders/{id}` (short-lived). */
  order(id: string): Fetched<Order> | undefined;
  /** `GET /sites/{id}`. */
  site(id: string): Fetched<Site> | undefined;
  /** `GET /sites/{id}/listing_types`. */
  listingTypes(siteId: string): Fetched<ListingType[]> | undefined;
  /** `GET /size_charts/measurements?site_id=`. */
  measurements(siteId: string): Fetched<MeasurementAttribute[]> | undefined;
  /** The seller's listings (`GET /users/{id}/items/search` and titles by multi-get). */
  sellerItems(): Fetched<SellerItemSummary[]> | undefined;
  /** The clock the order rules use. */
  now(): Date;
}

/** Lookups that remember what was missing (requests), what is on its way (pending) and what failed. */
export class LiveLookups {
  readonly requests: LiveRequest[] = [];
  readonly pending: string[] = [];
  readonly failures: { what: string; message: string }[] = [];
  private readonly asked = new Set<string>();

  constructor(readonly snapshot: LiveSnapshot) {}

  /** The cached answer of a lookup; asks for it (or for a fresher one) when needed. `what` names it in messages. */
  get<K extends LiveKind>(kind: K, id: string, what: string): Fetched<LiveValue<K>> | undefined {
    const got = this.read(kind, id) as Fetched<LiveValue<K>> | undefined;
    const key = `${kind}:${id}`;
    if ((!got || got.stale) && !this.asked.has(key)) {
      this.asked.add(key);
      this.requests.push({ kind, id });
    }
    if (!got) {
      if (!this.pending.includes(what)) this.pending.push(what);
      return undefined;
    }
    if (got.state === 'failed' && !this.failures.some((entry) => entry.what === what)) {
      this.failures.push({ what, message: got.message });
    }
    return got;
  }

  /** The value of a lookup when it is ready. */
  value<K extends LiveKind>(kind: K, id: string, what: string): LiveValue<K> | undefined {
    const got = this.get(kind, id, what);
    return got?.state === 'ready' ? got.value : undefined;
  }

  private read(kind: LiveKind, id: string): Fetched<unknown> | undefined {
    const live = this.snapshot;
    switch (kind) {
      case 'category':
        return live.category(id);
      case 'item':
        return live.item(id);
      case 'order':
        return live.order(id);
      case 'site':
        return live.site(id);
      case 'listingTypes':
        return live.listingTypes(id);
      case 'measurements':
        return live.measurements(id);
      case 'sellerItems':
        return live.sellerItems();
    }
  }
}

/** The value type of each lookup. */
export type LiveValue<K extends LiveKind> = {
  category: SaleTermDefinition[];
  item: Item;
  order: Order;
  site: Site;
  listingTypes: ListingType[];
  measurements: MeasurementAttribute[];
  sellerItems: SellerItemSummary[];
}[K];
