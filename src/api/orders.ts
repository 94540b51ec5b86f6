import {
  FeedbackEntry,
  type FeedbackRequest,
  Order,
  OrderFeedback,
  OrderNote,
  OrderNotesAnswer,
  type OrderSearchQuery,
  OrderSearchResult,
} from '../model/order';
import type { MarketplaceClient, QueryValue } from './client';

/** The page size the order searches serve by default. */
export const ORDER_PAGE_SIZE = 50;

/** `GET /orders/{order_id}`: readable by its seller or buyer. */
export function getOrder(client: MarketplaceClient, orderId: number, signal?: AbortSignal): Promise<Order> {
  return client.get(`/orders/${orderId}`, { schema: Order, signal });
}

function searchQuery(query: OrderSearchQuery): Record<string, QueryValue> {
  return {
    seller: query.seller,
    buyer: query.buyer,
    'order.status': query.status,
    'order.date_created.from': query.dateFrom,
    'order.date_created.to': query.dateTo,
    sort: query.sort,
    offset: query.offset,
    limit: query.limit,
    q: query.q,
    tags: query.tags,
  };
}

/** `GET /orders/search`: orders of the seller or buyer (never those in payment_required). */
export function searchOrders(
  client: MarketplaceClient,
  query: OrderSearchQuery,
  signal?: AbortSignal,
): Promise<OrderSearchResult> {
  return client.get('/orders/search', { schema: OrderSearchResult, query: searchQuery(query), signal });
}

/** `GET /orders/search/recent`: expiration_date still in the future and not yet marked delivered. */
export function searchRecentOrders(client: MarketplaceClient, query: OrderSearchQuery): Promise<OrderSearchResult> {
  return client.get('/orders/search/recent', { schema: OrderSearchResult, query: searchQuery(query) });
}

/** `GET /orders/search/archived`: as the spec states it, expiration_date later than now, or rated by both parties. */
export function searchArchivedOrders(client: MarketplaceClient, query: OrderSearchQuery): Promise<OrderSearchResult> {
  return client.get('/orders/search/archived', { schema: OrderSearchResult, query: searchQuery(query) });
}

/** `GET /orders/search/pending`: open orders; automatically cancelled ones are omitted. */
export function searchPendingOrders(client: MarketplaceClient, query: OrderSearchQuery): Promise<OrderSearchResult> {
  return client.get('/orders/search/pending', { schema: OrderSearchResult, query: searchQuery(query) });
}

/**
 * Every order of a search, page after page (offset/limit as the answer's paging says), until the total is reached
 * or a page comes back empty.
 */
export async function* allOrders(
  client: MarketplaceClient,
  query: Omit<OrderSearchQuery, 'offset'>,
  signal?: AbortSignal,
): AsyncGenerator<Order, void, undefined> {
  let offset = 0;
  for (;;) {
    const page = await searchOrders(client, { limit: ORDER_PAGE_SIZE, ...query, offset }, signal);
    yield* page.results;
    offset += page.results.length;
    if (page.results.length === 0 || offset >= page.paging.total) return;
  }
}

/** `GET /orders/{order_id}/notes`: the seller's notes of the order. */
export async function listNotes(client: MarketplaceClient, orderId: number): Promise<OrderNote[]> {
  const answer = await client.get(`/orders/${orderId}/notes`, { schema: OrderNotesAnswer });
  return answer.flatMap((entry) => entry.results);
}

/** `POST /orders/{order_id}/notes`: adds a note (at most 300 characters). */
export function addNote(client: MarketplaceClient, orderId: number, note: string): Promise<OrderNote> {
  return client.post(`/orders/${orderId}/notes`, { schema: OrderNote, json: { note } });
}

/** `PUT /orders/{order_id}/notes/{note_id}`: changes a note's text. */
export function updateNote(
  client: MarketplaceClient,
  orderId: number,
  noteId: string | number,
  note: string,
): Promise<OrderNote> {
  return client.put(`/orders/${orderId}/notes/${encodeURIComponent(String(noteId))}`, {
    schema: OrderNote,
    json: { note },
  });
}

/** `DELETE /orders/{order_id}/notes/{note_id}`. */
export async function deleteNote(client: MarketplaceClient, orderId: number, noteId: string | number): Promise<void> {
  await client.delete(`/orders/${orderId}/notes/${encodeURIComponent(String(noteId))}`);
}

/** `GET /orders/{order_id}/feedback`: `{sale, purchase}`, each null until rated. */
export function getFeedback(client: MarketplaceClient, orderId: number): Promise<OrderFeedback> {
  return client.get(`/orders/${orderId}/feedback`, { schema: OrderFeedback });
}

/** `POST /orders/{order_id}/feedback`: rates the order once (a repeated POST is refused). */
export function sendFeedback(
  client: MarketplaceClient,
  orderId: number,
  feedback: FeedbackRequest,
): Promise<FeedbackEntry> {
  return client.post(`/orders/${orderId}/feedback`, { schema: FeedbackEntry, json: feedback });
}

/** The seller confirms the vehicle was delivered: fulfilled=true with rating=positive. */
export function confirmDelivery(
  client: MarketplaceClient,
  orderId: number,
  options: { message?: string } = {},
): Promise<FeedbackEntry> {
  return sendFeedback(client, orderId, { fulfilled: true, rating: 'positive', ...options });
}

/** The seller returns the reservation (refunded automatically): fulfilled=false with rating=neutral. */
export function returnReservation(
  client: MarketplaceClient,
  orderId: number,
  options: { message?: string; reason?: string; restockItem?: boolean } = {},
): Promise<FeedbackEntry> {
  const { restockItem, ...rest } = options;
  return sendFeedback(client, orderId, {
    fulfilled: false,
    rating: 'neutral',
    ...rest,
    ...(restockItem === undefined ? {} : { restock_item: restockItem }),
  });
}
