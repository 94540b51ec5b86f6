import { randomBytes } from 'node:crypto';
import { ITEM_STATUSES } from '../../model/item';
import { apiError, badRequest, intQuery, type SandboxRequest } from '../http';
import { ownRecord } from '../records';
import type { Sandbox } from '../sandbox';
import { SELLER_ID } from '../users/ids';
import { nextScaledPage, type ScaledFilters, type StoredMatch, scaledPage, scaledScroll } from './scaledSearch';
import type { SandboxItem } from './state';
import { syntheticItemsOf } from './synthetic';

/** Default and largest page of the seller's item search. */
export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 100;
/** offset + limit beyond this needs `search_type=scan`. */
export const MAX_OFFSET_WINDOW = 1_000;
/** A scroll_id expires this long after its last use (sandbox time). */
export const SCROLL_TTL_MS = 5 * 60_000;

type Sort = { id: string; name: string; key: (item: SandboxItem) => number; direction: 1 | -1 };

const time = (text: string) => Date.parse(text) || 0;

/** Sorts of the search; the default is stop_time_asc. */
export const SORTS: Sort[] = [
  { id: 'stop_time_asc', name: 'Order by stop time asc', key: (item) => time(item.stop_time), direction: 1 },
  { id: 'stop_time_desc', name: 'Order by stop time desc', key: (item) => time(item.stop_time), direction: -1 },
  { id: 'start_time_asc', name: 'Order by start time asc', key: (item) => time(item.start_time), direction: 1 },
  { id: 'start_time_desc', name: 'Order by start time desc', key: (item) => time(item.start_time), direction: -1 },
  { id: 'last_updated_asc', name: 'Order by last updated asc', key: (item) => time(item.last_updated), direction: 1 },
  {
    id: 'last_updated_desc',
    name: 'Order by last updated desc',
    key: (item) => time(item.last_updated),
    direction: -1,
  },
  { id: 'price_asc', name: 'Order by price asc', key: (item) => item.price, direction: 1 },
  { id: 'price_desc', name: 'Order by price desc', key: (item) => item.price, direction: -1 },
];

/** The search's filters: statuses (checked) and the seller's SKU. */
function filtersOf(request: SandboxRequest): ScaledFilters {
  const statuses = request.query.get('status')?.split(',').filter(Boolean);
  for (const status of statuses ?? []) {
    if (!(ITEM_STATUSES as readonly string[]).includes(status)) {
      throw badRequest(`Invalid status ${status}: use one of ${ITEM_STATUSES.join(', ')}.`);
    }
  }
  return { statuses, sku: request.query.get('seller_sku') ?? request.query.get('sku') };
}

/** The seller's stored items matching the filters, sorted; deleted items are no longer returned. */
function storedMatching(sandbox: Sandbox, sellerId: number, filters: ScaledFilters, sort: Sort): SandboxItem[] {
  const { statuses, sku } = filters;
  return Object.values(sandbox.state.items.items)
    .filter(
      (item) =>
        item.seller_id === sellerId &&
        item.deleted !== 'true' &&
        (!statuses || statuses.includes(item.status)) &&
        (!sku ||
          item.seller_custom_field === sku ||
          item.variations.some((entry) => entry.seller_custom_field === sku)),
    )
    .sort((a, b) => (sort.key(a) - sort.key(b)) * sort.direction || a.id.localeCompare(b.id));
}

function matching(sandbox: Sandbox, sellerId: number, request: SandboxRequest, sort: Sort): string[] {
  return storedMatching(sandbox, sellerId, filtersOf(request), sort).map((item) => item.id);
}

/** The stored matches with their sort keys, for the merge with the generated listings at scale. */
function storedWithKeys(sandbox: Sandbox, sellerId: number, filters: ScaledFilters, sort: Sort): StoredMatch[] {
  return storedMatching(sandbox, sellerId, filters, sort).map((item) => ({ id: item.id, key: sort.key(item) }));
}

/**
 * `GET /users/{user_id}/items/search`: offset paging (default 50, at most 100, offset + limit at most 1,000) or,
 * with `search_type=scan`, a scroll_id walk: the result list is frozen at the first call and each call with the
 * scroll_id returns the next page until `results` is empty.
 */
export function searchSellerItems(sandbox: Sandbox, request: SandboxRequest, sellerId: number) {
  const sortId = request.query.get('orders') ?? request.query.get('sort') ?? 'stop_time_asc';
  const sort = SORTS.find((candidate) => candidate.id === sortId);
  if (!sort) throw badRequest(`Invalid orders ${sortId}: use one of ${SORTS.map((entry) => entry.id).join(', ')}.`);
  const limit = intQuery(request, 'limit', DEFAULT_LIMIT, 1, MAX_LIMIT);
  const base = {
    seller_id: String(sellerId),
    query: request.query.get('q'),
    orders: [{ id: sort.id, name: sort.name }],
    available_orders: SORTS.map(({ id, name }) => ({ id, name })),
  };
  const slice = sandbox.state.items;
  // At scale the seller also has generated listings, merged with the stored ones in the search's order.
  const synthetic = sellerId === SELLER_ID ? syntheticItemsOf(slice, sandbox.state.meta.seed) : undefined;
  const now = sandbox.now().getTime();
  for (const [id, scroll] of Object.entries(slice.scrolls)) if (scroll.expires_ms <= now) delete slice.scrolls[id];

  const searchType = request.query.get('search_type');
  if (searchType !== null && searchType !== 'scan') throw badRequest('search_type accepts only the value scan.');
  if (searchType === 'scan') {
    const scrollId = request.query.get('scroll_id');
    let id: string;
    if (scrollId) {
      const scroll = ownRecord(slice.scrolls, scrollId);
      if (!scroll || scroll.seller_id !== sellerId) {
        throw apiError(
          400,
          'invalid_scroll_id',
          'The scroll_id is unknown or expired (it lasts 5 minutes after each use): start a new scan without scroll_id.',
        );
      }
      id = scrollId;
    } else {
      id = randomBytes(24).toString('base64url');
      const filters = filtersOf(request);
      slice.scrolls[id] = {
        seller_id: sellerId,
        ...(synthetic
          ? scaledScroll(slice, synthetic, storedWithKeys(sandbox, sellerId, filters, sort), filters, sort)
          : { ids: matching(sandbox, sellerId, request, sort) }),
        position: 0,
        limit,
        expires_ms: now + SCROLL_TTL_MS,
      };
    }
    const scroll = slice.scrolls[id]!;
    const pageLimit = request.query.has('limit') ? limit : scroll.limit;
    const offset = scroll.position;
    const scaled = scroll.synthetic && synthetic;
    const results = scaled
      ? nextScaledPage(synthetic, { ...scroll, synthetic: scroll.synthetic! }, pageLimit)
      : scroll.ids.slice(offset, offset + pageLimit);
    scroll.position = offset + results.length;
    scroll.expires_ms = now + SCROLL_TTL_MS;
    return {
      ...base,
      paging: { total: scroll.synthetic?.total ?? scroll.ids.length, offset, limit: pageLimit },
      results,
      scroll_id: id,
    };
  }

  const offset = intQuery(request, 'offset', 0, 0, Number.MAX_SAFE_INTEGER);
  if (offset + limit > MAX_OFFSET_WINDOW) {
    throw badRequest(
      `offset + limit may not exceed ${MAX_OFFSET_WINDOW} (got ${offset + limit}): to go through more results use search_type=scan and send back the scroll_id of each answer.`,
    );
  }
  if (synthetic) {
    const filters = filtersOf(request);
    const stored = storedWithKeys(sandbox, sellerId, filters, sort);
    const page = scaledPage(slice, synthetic, stored, filters, sort, offset, limit);
    return { ...base, paging: { total: page.total, offset, limit }, results: page.ids };
  }
  const ids = matching(sandbox, sellerId, request, sort);
  return { ...base, paging: { total: ids.length, offset, limit }, results: ids.slice(offset, offset + limit) };
}
