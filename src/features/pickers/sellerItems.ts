// "Search the seller's items, then multi-get them": the item picker, completion's list of listings and the size
// chart association read the seller's newest listings through here. No `vscode` import (unit-tested against the
// sandbox).
import type { MarketplaceClient } from '../../api/client';
import { getItems, searchSellerItems } from '../../api/items';
import type { TrimmedItem } from '../../model/item';

/** The most ids one search page asks for. */
const SEARCH_PAGE = 100;

/** The fields a multi-get may be limited to (`attributes=`). */
export type ItemField = keyof TrimmedItem;

/** A listing as a multi-get limited to some fields returns it, with its id. */
export type ItemFields = TrimmedItem & { id: string };

/** The seller's newest item ids, newest first: search pages (of at most 100) until `limit` ids or the last page. */
export async function newestSellerItemIds(client: MarketplaceClient, userId: number, limit: number): Promise<string[]> {
  const size = Math.min(limit, SEARCH_PAGE);
  const ids: string[] = [];
  for (let offset = 0; ids.length < limit; offset += size) {
    const page = await searchSellerItems(client, userId, { offset, limit: size, orders: 'start_time_desc' });
    for (const id of page.results) ids.push(id);
    if (page.results.length < size || offset + size >= page.paging.total) break;
  }
  return ids.slice(0, limit);
}

/**
 * Reads `fields` of the listings (multi-get, twenty ids a call): each readable one by its id. One the API does not
 * return (gone, another seller's, an error) is absent from the map.
 */
export async function readItems(
  client: MarketplaceClient,
  ids: readonly string[],
  fields: readonly ItemField[],
): Promise<Map<string, ItemFields>> {
  const read = new Map<string, ItemFields>();
  if (!ids.length) return read;
  const entries = await getItems(client, ids, { attributes: ['id', ...fields.filter((field) => field !== 'id')] });
  ids.forEach((id, index) => {
    const entry = entries[index];
    if (entry?.code === 200) read.set(id, { ...(entry.body as TrimmedItem), id });
  });
  return read;
}

/** The seller's newest `limit` listings that could be read, newest first, with `fields`. */
export async function newestSellerItems(
  client: MarketplaceClient,
  userId: number,
  limit: number,
  fields: readonly ItemField[],
): Promise<ItemFields[]> {
  const ids = await newestSellerItemIds(client, userId, limit);
  const read = await readItems(client, ids, fields);
  return ids.flatMap((id) => {
    const item = read.get(id);
    return item ? [item] : [];
  });
}
