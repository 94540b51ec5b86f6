// The live context of payload diagnostics and completion: category sale terms, sites and measurements cached per
// environment; the seller's items, live items and orders cached per account with a short lifetime. Lookups never
// wait: the analysis runs with what is cached and lists what it wants; `fetch` loads that in the background and
// `onDidUpdate` says when to analyse again. No `vscode` import, so the caching is unit-tested against the sandbox.
import * as l10n from '@vscode/l10n';
import { ApiError } from '../../api/errors';
import { getCategorySaleTerms, getItems } from '../../api/items';
import { getOrder } from '../../api/orders';
import { getListingTypes, getSite } from '../../api/payments';
import { getMeasurements } from '../../api/sizeCharts';
import { Disposable } from '../../platform/disposable';
import type { Session, SessionSource } from '../auth/session';
import { newestSellerItemIds, readItems } from '../pickers/sellerItems';
import { LIVE_RETRY_MS } from './analysis';
import type { Fetched, LiveKind, LiveRequest, LiveSnapshot, LiveValue, SellerItemSummary } from './liveLookups';

export interface LiveContextOptions {
  /** Lifetime of live items and orders (they change with every sale and edit). Default 15 s. */
  itemTtlMs?: number;
  /** Lifetime of the seller's item list. Default 60 s. */
  listTtlMs?: number;
  /** Lifetime of category sale terms, sites and measurements (reference data). Default 30 min. */
  referenceTtlMs?: number;
  /** How long a failed load is kept before it is tried again. Default LIVE_RETRY_MS (30 s). */
  retryMs?: number;
  /** Milliseconds now (tests move it). */
  clock?: () => number;
}

/** Listings offered by completion at most (each page of 100 ids costs five multi-gets for the titles). */
export const MAX_SELLER_ITEMS = 500;
/** Entries kept per kind; past it the least recently loaded go (a long session looks at many items). */
export const MAX_ENTRIES_PER_KIND = 2000;

interface Entry {
  value: Fetched<unknown>;
  at: number;
}

type Table = Map<LiveKind, Map<string, Entry>>;

/** Reference data: the same for every account of an environment. */
const REFERENCE_KINDS: readonly LiveKind[] = ['category', 'site', 'listingTypes', 'measurements'];

/** The environment's name in messages. */
export function environmentLabel(session: Pick<Session, 'environment'>): string {
  return session.environment === 'sandbox' ? l10n.t('the local sandbox') : l10n.t('the Marketplace API');
}

/** A failure as one line: the API's message and its status; a 404 becomes `missing`. */
function failed(error: unknown): Fetched<never> {
  if (error instanceof ApiError) {
    const message = (error.apiMessage || error.message).replace(/\.$/, '');
    if (error.status === 404) return { state: 'missing', message };
    return { state: 'failed', message: error.status ? `${message} (${error.status} ${error.error})` : message };
  }
  return { state: 'failed', message: error instanceof Error ? error.message : String(error) };
}

/** Per-environment and per-account caches of what the payload rules and completion need from the API. */
export class LiveContext extends Disposable {
  private readonly reference = new Map<string, Table>();
  private account: { key: string; table: Table } | undefined;
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly listeners = new Set<() => void>();
  private readonly clock: () => number;
  private readonly ttl: { item: number; list: number; reference: number; retry: number };

  constructor(
    private readonly sessions: SessionSource,
    options: LiveContextOptions = {},
  ) {
    super();
    this.clock = options.clock ?? Date.now;
    this.ttl = {
      item: options.itemTtlMs ?? 15_000,
      list: options.listTtlMs ?? 60_000,
      reference: options.referenceTtlMs ?? 30 * 60_000,
      retry: options.retryMs ?? LIVE_RETRY_MS,
    };
    this.onDispose(() => this.listeners.clear());
    this.register(
      sessions.onDidChange(() => {
        // Another account or environment: what one account saw of items and orders says nothing of the next one's.
        this.account = undefined;
        this.emit();
      }),
    );
  }

  /** Called after live data arrived (or the session changed): analyse again. */
  onDidUpdate(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** What is cached for the signed-in account; undefined when nobody is signed in. */
  snapshot(): LiveSnapshot | undefined {
    const session = this.sessions.current;
    if (!session) return undefined;
    const read = <K extends LiveKind>(kind: K, id: string): Fetched<LiveValue<K>> | undefined => {
      const entry = this.table(session, kind).get(kind)?.get(id);
      if (!entry) return undefined;
      const stale = this.clock() - entry.at > this.lifetime(kind, entry.value);
      return (stale ? { ...entry.value, stale: true } : entry.value) as Fetched<LiveValue<K>>;
    };
    return {
      environmentLabel: environmentLabel(session),
      environment: session.environment,
      account: { userId: session.account.userId, siteId: session.account.siteId, nickname: session.account.nickname },
      category: (id) => read('category', id),
      item: (id) => read('item', id),
      order: (id) => read('order', id),
      site: (id) => read('site', id),
      listingTypes: (siteId) => read('listingTypes', siteId),
      measurements: (siteId) => read('measurements', siteId),
      sellerItems: () => read('sellerItems', ''),
      now: () => new Date(this.clock()),
    };
  }

  /**
   * Loads what the requests ask for, unless it is cached and fresh or already on its way; resolves when all of it
   * is in the cache (a failure is cached too, as `failed` or `missing`). Never rejects.
   */
  async fetch(requests: readonly LiveRequest[]): Promise<void> {
    const session = this.sessions.current;
    if (!session) return;
    const waits: Promise<void>[] = [];
    const itemIds: string[] = [];
    for (const request of requests) {
      const key = this.flightKey(session, request.kind, request.id);
      const running = this.inFlight.get(key);
      if (running) {
        waits.push(running);
        continue;
      }
      if (this.isFresh(session, request.kind, request.id)) continue;
      if (request.kind === 'item') {
        if (!itemIds.includes(request.id)) itemIds.push(request.id);
        continue;
      }
      waits.push(this.track(session, [request], () => this.loadOne(session, request)));
    }
    if (itemIds.length) {
      waits.push(
        this.track(
          session,
          itemIds.map((id) => ({ kind: 'item', id })),
          () => this.loadItems(session, itemIds),
        ),
      );
    }
    await Promise.all(waits);
  }

  /** Resolves when nothing is being loaded. */
  async whenIdle(): Promise<void> {
    while (this.inFlight.size) await Promise.all([...this.inFlight.values()]);
  }

  /** Drops a cached live item or order (after a request changed it), so the next analysis fetches it again. */
  forget(kind: LiveKind, id: string): void {
    const session = this.sessions.current;
    if (session) this.table(session, kind).get(kind)?.delete(id);
  }

  private emit(): void {
    for (const listener of [...this.listeners]) listener();
  }

  private lifetime(kind: LiveKind, value: Fetched<unknown>): number {
    if (value.state === 'failed') return this.ttl.retry;
    if (kind === 'item' || kind === 'order') return this.ttl.item;
    if (kind === 'sellerItems') return this.ttl.list;
    return this.ttl.reference;
  }

  private isFresh(session: Session, kind: LiveKind, id: string): boolean {
    const entry = this.table(session, kind).get(kind)?.get(id);
    return entry !== undefined && this.clock() - entry.at <= this.lifetime(kind, entry.value);
  }

  private environmentKey(session: Session): string {
    return `${session.environment} ${session.baseUrl}`;
  }

  private flightKey(session: Session, kind: LiveKind, id: string): string {
    const scope = REFERENCE_KINDS.includes(kind)
      ? this.environmentKey(session)
      : `${this.environmentKey(session)} ${session.account.userId}`;
    return `${scope} ${kind}:${id}`;
  }

  /** The table a kind lives in: the environment's for reference data, the account's otherwise. */
  private table(session: Session, kind: LiveKind): Table {
    if (REFERENCE_KINDS.includes(kind)) {
      const key = this.environmentKey(session);
      let table = this.reference.get(key);
      if (!table) {
        table = new Map();
        this.reference.set(key, table);
      }
      return table;
    }
    const key = `${this.environmentKey(session)} ${session.account.userId}`;
    if (this.account?.key !== key) this.account = { key, table: new Map() };
    return this.account.table;
  }

  private store(session: Session, kind: LiveKind, id: string, value: Fetched<unknown>): void {
    // A load that outlived its session must not fill the next account's cache.
    if (this.sessions.current !== session) return;
    const table = this.table(session, kind);
    let entries = table.get(kind);
    if (!entries) {
      entries = new Map();
      table.set(kind, entries);
    }
    entries.delete(id);
    entries.set(id, { value, at: this.clock() });
    // Maps keep insertion order and a refreshed entry moves to the end: the first ones are the oldest.
    for (const oldest of entries.keys()) {
      if (entries.size <= MAX_ENTRIES_PER_KIND) break;
      entries.delete(oldest);
    }
  }

  private track(session: Session, requests: LiveRequest[], load: () => Promise<void>): Promise<void> {
    const keys = requests.map((request) => this.flightKey(session, request.kind, request.id));
    const promise = load()
      .catch(() => undefined)
      .finally(() => {
        for (const key of keys) if (this.inFlight.get(key) === promise) this.inFlight.delete(key);
        this.emit();
      });
    for (const key of keys) this.inFlight.set(key, promise);
    return promise;
  }

  private async loadOne(session: Session, request: LiveRequest): Promise<void> {
    const { client } = session;
    let value: Fetched<unknown>;
    try {
      switch (request.kind) {
        case 'category':
          value = { state: 'ready', value: await getCategorySaleTerms(client, request.id) };
          break;
        case 'site':
          value = { state: 'ready', value: await getSite(client, request.id) };
          break;
        case 'listingTypes':
          value = { state: 'ready', value: await getListingTypes(client, request.id) };
          break;
        case 'measurements':
          value = { state: 'ready', value: await getMeasurements(client, request.id) };
          break;
        case 'order':
          value = /^\d{1,19}$/.test(request.id)
            ? { state: 'ready', value: await getOrder(client, Number(request.id)) }
            : { state: 'missing', message: l10n.t('{0} is not an order id', request.id) };
          break;
        case 'sellerItems':
          value = { state: 'ready', value: await this.sellerItems(session) };
          break;
        case 'item':
          return this.loadItems(session, [request.id]);
      }
    } catch (error) {
      value = failed(error);
    }
    this.store(session, request.kind, request.id, value);
  }

  /** Live items by multi-get (twenty a call): each id gets its own entry, a 404 as `missing`. */
  private async loadItems(session: Session, ids: string[]): Promise<void> {
    try {
      const entries = await getItems(session.client, ids);
      entries.forEach((entry, index) => {
        const id = ids[index]!;
        if (entry.code === 200) {
          this.store(session, 'item', id, { state: 'ready', value: entry.body });
          return;
        }
        const body = entry.body as { message?: string; error?: string };
        const message = (body.message ?? l10n.t('Item {0} not found', id)).replace(/\.$/, '');
        this.store(
          session,
          'item',
          id,
          entry.code === 404
            ? { state: 'missing', message }
            : { state: 'failed', message: `${message} (${entry.code} ${body.error ?? ''})`.replace(/ \)$/, ')') },
        );
      });
    } catch (error) {
      for (const id of ids) this.store(session, 'item', id, failed(error));
    }
  }

  /** The seller's listings, newest first, with their titles and statuses (for completion and hover). */
  private async sellerItems(session: Session): Promise<SellerItemSummary[]> {
    const { client, account } = session;
    const ids = await newestSellerItemIds(client, account.userId, MAX_SELLER_ITEMS);
    const read = await readItems(client, ids, ['title', 'status']);
    return ids.map((id) => {
      const item = read.get(id);
      return { id, title: item?.title, status: item?.status };
    });
  }
}
