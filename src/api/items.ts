import type * as z from 'zod';
import {
  Item,
  type ItemCreate,
  ItemsSearchResult,
  type ItemUpdate,
  MultiGetAnswer,
  type MultiGetEntry,
  type SaleTermDefinition,
  SaleTermDefinitions,
  type SaleTermInput,
  TrimmedMultiGetAnswer,
  type TrimmedMultiGetEntry,
} from '../model/item';
import type { MarketplaceClient } from './client';

/** Ids the API accepts per multi-get call. */
export const MULTI_GET_CHUNK = 20;
/** Multi-get calls in flight at once when many ids are asked. */
export const MULTI_GET_CONCURRENCY = 4;

const encode = (id: string) => encodeURIComponent(id);

/** `GET /items/{id}` (access token required since 2024-03-11). */
export function getItem(client: MarketplaceClient, itemId: string, signal?: AbortSignal): Promise<Item> {
  return client.get(`/items/${encode(itemId)}`, { schema: Item, signal });
}

export interface GetItemsOptions {
  /** Keep only these fields of each item (`attributes=`); bodies then parse as partial items. */
  attributes?: readonly string[];
  /** Calls in flight at once (default 4). */
  concurrency?: number;
  signal?: AbortSignal;
}

/**
 * Multi-get `GET /items?ids=`: any number of ids, sent in chunks of 20 with bounded concurrency; the entries come
 * back in the order of the ids asked, each `{code, body}` (404 entries for unknown ids).
 */
export function getItems(
  client: MarketplaceClient,
  ids: readonly string[],
  options?: Omit<GetItemsOptions, 'attributes'>,
): Promise<MultiGetEntry[]>;
/** Multi-get with `attributes=`: the bodies hold only the fields asked. */
export function getItems(
  client: MarketplaceClient,
  ids: readonly string[],
  options: GetItemsOptions,
): Promise<TrimmedMultiGetEntry[]>;
export async function getItems(
  client: MarketplaceClient,
  ids: readonly string[],
  options: GetItemsOptions = {},
): Promise<(MultiGetEntry | TrimmedMultiGetEntry)[]> {
  const chunks: string[][] = [];
  for (let start = 0; start < ids.length; start += MULTI_GET_CHUNK)
    chunks.push(ids.slice(start, start + MULTI_GET_CHUNK));
  const trimmed = Boolean(options.attributes?.length);
  const schema: z.ZodType<(MultiGetEntry | TrimmedMultiGetEntry)[]> = trimmed ? TrimmedMultiGetAnswer : MultiGetAnswer;
  const answers: (MultiGetEntry | TrimmedMultiGetEntry)[][] = new Array(chunks.length);
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      const index = next++;
      answers[index] = await client.get('/items', {
        query: { ids: chunks[index]!, attributes: trimmed ? options.attributes : undefined },
        schema,
        signal: options.signal,
      });
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency ?? MULTI_GET_CONCURRENCY, chunks.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return answers.flat();
}

/** `POST /items`: creates a listing and answers the created item. Never retried (a retry could list it twice). */
export function createItem(client: MarketplaceClient, item: ItemCreate): Promise<Item> {
  return client.post('/items', { json: item, schema: Item });
}

/**
 * `POST /items/validate`: resolves when the creation body is valid (204); otherwise rejects with the ApiError whose
 * `causes` list every problem (`validation_error`).
 */
export async function validateItem(
  client: MarketplaceClient,
  item: ItemCreate | Record<string, unknown>,
): Promise<void> {
  await client.post('/items/validate', { json: item });
}

/** `PUT /items/{id}` with any subset of the editable fields; answers the updated item. */
export function updateItem(client: MarketplaceClient, itemId: string, changes: ItemUpdate): Promise<Item> {
  return client.put(`/items/${encode(itemId)}`, { json: changes, schema: Item });
}

/** Pauses an active item (hidden from other users; can be reactivated). */
export const pauseItem = (client: MarketplaceClient, itemId: string) =>
  updateItem(client, itemId, { status: 'paused' });

/** Reactivates a paused item. */
export const activateItem = (client: MarketplaceClient, itemId: string) =>
  updateItem(client, itemId, { status: 'active' });

/** Closes an active or paused item (final: it cannot be reactivated, only relisted). */
export const closeItem = (client: MarketplaceClient, itemId: string) =>
  updateItem(client, itemId, { status: 'closed' });

/** Deletes a closed item (irreversible). */
export const markItemDeleted = (client: MarketplaceClient, itemId: string) =>
  updateItem(client, itemId, { deleted: 'true' });

/** Sets the stock; 0 pauses a new, non-free item (out_of_stock), more than 0 reactivates it. */
export const setItemStock = (client: MarketplaceClient, itemId: string, availableQuantity: number) =>
  updateItem(client, itemId, { available_quantity: availableQuantity });

/** Changes the price (notified on the items_prices topic). */
export const setItemPrice = (client: MarketplaceClient, itemId: string, price: number) =>
  updateItem(client, itemId, { price });

/** Changes title and price together (the title only while the item has no sales). */
export const setItemTitleAndPrice = (client: MarketplaceClient, itemId: string, title: string, price: number) =>
  updateItem(client, itemId, { title, price });

/** Sets or changes the stock availability time, in days (at most 45). */
export const setManufacturingTime = (client: MarketplaceClient, itemId: string, days: number) =>
  updateItem(client, itemId, { sale_terms: [{ id: 'MANUFACTURING_TIME', value_name: `${days} días` }] });

/** Removes the stock availability time. */
export const removeManufacturingTime = (client: MarketplaceClient, itemId: string) =>
  updateItem(client, itemId, { sale_terms: [{ id: 'MANUFACTURING_TIME', value_id: null, value_name: null }] });

/** Sets the maximum purchase quantity (supermarket-type categories that list it). */
export const setPurchaseMaxQuantity = (client: MarketplaceClient, itemId: string, quantity: number | string) =>
  updateItem(client, itemId, { sale_terms: [{ id: 'PURCHASE_MAX_QUANTITY', value_name: String(quantity) }] });

/** Sets the seller's own free field (typically its SKU). */
export const setSellerCustomField = (client: MarketplaceClient, itemId: string, value: string) =>
  updateItem(client, itemId, { seller_custom_field: value });

/** Sets any sale terms at once. */
export const setSaleTerms = (client: MarketplaceClient, itemId: string, terms: SaleTermInput[]) =>
  updateItem(client, itemId, { sale_terms: terms });

/** `GET /categories/{id}/sale_terms`: the sale term definitions of a category (sent without a token). */
export function getCategorySaleTerms(client: MarketplaceClient, categoryId: string): Promise<SaleTermDefinition[]> {
  return client.get(`/categories/${encode(categoryId)}/sale_terms`, { schema: SaleTermDefinitions, auth: 'none' });
}

export interface SellerItemsQuery {
  status?: string;
  /** The seller's SKU (seller_custom_field). */
  sku?: string;
  /** Sort: stop_time_asc (default), stop_time_desc, start_time_asc, start_time_desc… */
  orders?: string;
  offset?: number;
  /** Page size, default 50, at most 100. */
  limit?: number;
}

/** `GET /users/{id}/items/search` with offset paging (offset + limit at most 1,000; beyond, use the scan). */
export function searchSellerItems(
  client: MarketplaceClient,
  sellerId: number,
  query: SellerItemsQuery = {},
  signal?: AbortSignal,
): Promise<ItemsSearchResult> {
  return client.get(`/users/${sellerId}/items/search`, {
    query: {
      status: query.status,
      seller_sku: query.sku,
      orders: query.orders,
      offset: query.offset,
      limit: query.limit,
    },
    schema: ItemsSearchResult,
    signal,
  });
}

/**
 * Walks every matching item id with `search_type=scan`: yields one page of ids per call, sending back the
 * scroll_id until `results` is empty. The scroll expires 5 minutes after its last use.
 */
export async function* scanSellerItems(
  client: MarketplaceClient,
  sellerId: number,
  query: Omit<SellerItemsQuery, 'offset'> = {},
  signal?: AbortSignal,
): AsyncGenerator<string[], void, undefined> {
  let scrollId: string | undefined;
  for (;;) {
    const page = await client.get(`/users/${sellerId}/items/search`, {
      query: {
        search_type: 'scan',
        scroll_id: scrollId,
        status: query.status,
        seller_sku: query.sku,
        orders: query.orders,
        limit: query.limit,
      },
      schema: ItemsSearchResult,
      signal,
    });
    if (page.results.length === 0) return;
    yield page.results;
    scrollId = page.scroll_id ?? undefined;
    if (!scrollId) return;
  }
}
