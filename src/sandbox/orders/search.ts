import { ORDER_STATUSES, ORDER_TAGS, type OrderSort } from '../../model/order';
import { errorsOf, findingsText } from '../../rules/finding';
import { hourResolution, type OrderSearchView, orderSearchFindings } from '../../rules/orderSearch';
import { apiError, forbidden, type SandboxRequest } from '../http';
import type { Sandbox } from '../sandbox';
import { renderOrder, type Viewer } from './render';
import { scaledOrders } from './scaledSearch';
import type { SandboxOrder } from './state';

/** Page size when `limit` is absent, and the largest page served (a cap of 51 was observed on the real API). */
export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 51;
/** Orders are kept 12 months: older ones are no longer returned by searches. */
const RETENTION_MS = 365 * 24 * 3600_000;

const SORT_NAMES: Record<OrderSort, string> = { date_asc: 'Date ascending', date_desc: 'Date descending' };
const STATUS_NAMES: Record<string, string> = {
  payment_required: 'Payment required',
  payment_in_process: 'Payment in process',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  cancelled: 'Cancelled',
};

const UNPAID = ['payment_in_process', 'partially_paid'];

/**
 * What each view keeps, as the spec words it: recent = expiration_date still in the future and not tagged
 * delivered; archived = expiration_date later than now (the spec's wording, kept literally) or rated by both
 * parties; pending = orders still open (payment not complete, or paid with the reservation money not yet released),
 * so cancelled ones, automatic cancellations included, are omitted.
 */
const VIEWS: Record<OrderSearchView, (order: SandboxOrder, now: number) => boolean> = {
  search: () => true,
  recent: (order, now) => Date.parse(order.data.expiration_date) > now && !order.data.tags.includes('delivered'),
  archived: (order, now) =>
    Date.parse(order.data.expiration_date) > now ||
    (order.data.feedback.sale !== null && order.data.feedback.purchase !== null),
  pending: (order) => UNPAID.includes(order.data.status) || (order.data.status === 'paid' && !order.money_released),
};

function queryRecord(query: URLSearchParams): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [key, value] of query) if (!Object.hasOwn(record, key)) record[key] = value;
  return record;
}

/** The date a search sorts by: date_closed for sellers (date_created while the order has none), date_created for buyers. */
function sortDate(order: SandboxOrder, role: Viewer['role']): number {
  const date = role === 'seller' ? (order.data.date_closed ?? order.data.date_created) : order.data.date_created;
  return Date.parse(date);
}

/** Answers `GET /orders/search` and its recent, archived and pending views for the caller. */
export function searchOrders(request: SandboxRequest, sandbox: Sandbox, view: OrderSearchView) {
  const query = queryRecord(request.query);
  const problems = errorsOf(orderSearchFindings(query));
  if (problems.length) {
    throw apiError(400, 'bad_request', findingsText(problems), {
      cause: problems.map((item) => ({ code: item.code, message: item.message, references: item.path.map(String) })),
    });
  }
  const role: Viewer['role'] = query.seller !== undefined ? 'seller' : 'buyer';
  const userId = Number(role === 'seller' ? query.seller : query.buyer);
  if (userId !== request.user!.id) {
    throw forbidden(`You can only search your own orders: send ${role}=${request.user!.id} (the user of the token).`);
  }
  const nowDate = sandbox.now();
  const now = nowDate.getTime();
  const from = query['order.date_created.from'] ? hourResolution(query['order.date_created.from']) : undefined;
  const to = query['order.date_created.to'] ? hourResolution(query['order.date_created.to']) : undefined;
  const q = query.q?.trim().toLowerCase();
  const tags = query.tags
    ? query.tags
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean)
    : [];
  const status = query['order.status'];

  const scoped = Object.values(sandbox.state.orders.orders).filter((order) => {
    const data = order.data;
    if (data[role].id !== userId) return false;
    // Orders in payment_required are never returned, and the seller never sees one that did not get past it.
    if (data.status === 'payment_required') return false;
    if (role === 'seller' && !order.visible_to_seller) return false;
    const created = Date.parse(data.date_created);
    if (created < now - RETENTION_MS) return false;
    if (!VIEWS[view](order, now)) return false;
    if (from && created < from.date.getTime()) return false;
    if (to && created > to.date.getTime()) return false;
    if (tags.some((tag) => !data.tags.includes(tag))) return false;
    if (q) {
      const line = data.order_items[0];
      const text = `${data.id} ${line?.item.id ?? ''} ${line?.item.title ?? ''}`.toLowerCase();
      if (!text.includes(q)) return false;
    }
    return true;
  });
  const matching = status ? scoped.filter((order) => order.data.status === status) : scoped;
  const sort = (query.sort ?? 'date_asc') as OrderSort;
  const direction = sort === 'date_desc' ? -1 : 1;
  matching.sort((a, b) => direction * (sortDate(a, role) - sortDate(b, role) || a.data.id - b.data.id));
  // At scale the seller also has generated orders: counted without being built, merged into the page.
  const scaled = scaledOrders(sandbox.state, {
    role,
    userId,
    view,
    from: from?.date.getTime(),
    to: to?.date.getTime(),
    q,
    tags,
    status,
    now,
    retentionMs: RETENTION_MS,
  });

  const offset = query.offset ? Number(query.offset) : 0;
  const limit = Math.min(query.limit ? Number(query.limit) : DEFAULT_LIMIT, MAX_LIMIT);
  const viewer: Viewer = { id: userId, role };
  const statusCounts = ORDER_STATUSES.filter((value) => value !== 'payment_required')
    .map((value) => ({
      id: value,
      name: STATUS_NAMES[value],
      results: scoped.filter((order) => order.data.status === value).length + (scaled?.statusCount(value) ?? 0),
    }))
    .filter((entry) => entry.results > 0 && entry.id !== status);
  const tagCounts = ORDER_TAGS.map((tag) => ({
    id: tag,
    name: tag,
    results: matching.filter((order) => order.data.tags.includes(tag)).length + (scaled?.tagCount(tag) ?? 0),
  })).filter((entry) => entry.results > 0 && !tags.includes(entry.id));

  const filters: Record<string, unknown>[] = [];
  if (status) {
    filters.push({
      id: 'order.status',
      name: 'Order Status',
      type: 'text',
      values: [{ id: status, name: STATUS_NAMES[status] }],
    });
  }
  if (from) {
    filters.push({
      id: 'order.date_created.from',
      name: 'Order date created from',
      type: 'date',
      values: [{ id: from.text, name: from.text }],
    });
  }
  if (to) {
    filters.push({
      id: 'order.date_created.to',
      name: 'Order date created to',
      type: 'date',
      values: [{ id: to.text, name: to.text }],
    });
  }
  if (tags.length) {
    filters.push({ id: 'tags', name: 'Tags', type: 'text', values: tags.map((tag) => ({ id: tag, name: tag })) });
  }
  return {
    query: query.q ?? null,
    results: scaled
      ? scaled
          .page(matching, (order) => sortDate(order, role), direction, offset, limit)
          .map(({ order, generated }) => renderOrder(order, viewer, nowDate, generated))
      : matching.slice(offset, offset + limit).map((order) => renderOrder(order, viewer, nowDate)),
    sort: { id: sort, name: SORT_NAMES[sort] },
    available_sorts: (Object.keys(SORT_NAMES) as OrderSort[])
      .filter((id) => id !== sort)
      .map((id) => ({ id, name: SORT_NAMES[id] })),
    filters,
    available_filters: [
      { id: 'order.status', name: 'Order Status', type: 'text', values: statusCounts },
      { id: 'tags', name: 'Tags', type: 'text', values: tagCounts },
    ].filter((filter) => filter.values.length > 0),
    paging: { total: matching.length + (scaled?.total ?? 0), offset, limit },
    display: 'complete',
  };
}
