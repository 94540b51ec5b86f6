// Stock sync: the marketplace's available_quantity follows the inventory. A listing and each of its variations name
// their SKU in seller_custom_field (or a SELLER_SKU attribute); what the inventory does not know is left alone.

/** Item states whose stock may change (the spec: "When the item is active, these can change: available_quantity…"). */
const EDITABLE_STATUSES = new Set(['active', 'paused']);

/** The SKU a listing or a variation carries, if any. */
export function skuOf(entry) {
  if (entry.seller_custom_field) return entry.seller_custom_field;
  const attribute = (entry.attributes ?? []).find((candidate) => candidate.id === 'SELLER_SKU');
  return attribute?.value_name ?? undefined;
}

/**
 * The PUT body that brings a listing to the inventory's stock, or undefined when nothing differs.
 * A listing with variations takes the stock per variation, and its variations list replaces the stored one: every
 * variation is sent, with its id, so none is dropped.
 * @param {any} item the listing as GET /items/{id} answers it
 * @param {Map<string, number>} stock
 */
export function stockUpdate(item, stock) {
  const wanted = (entry) => {
    const sku = skuOf(entry);
    return sku !== undefined && stock.has(sku) ? stock.get(sku) : entry.available_quantity;
  };
  if (item.variations?.length) {
    const variations = item.variations.map((variation) => ({
      id: variation.id,
      available_quantity: wanted(variation),
    }));
    const differs = variations.some(
      (sent, index) => sent.available_quantity !== item.variations[index].available_quantity,
    );
    return differs ? { variations } : undefined;
  }
  const quantity = wanted(item);
  return quantity === item.available_quantity ? undefined : { available_quantity: quantity };
}

/**
 * Syncs one listing; answers what happened: "updated", "unchanged" or "skipped".
 * @param {{api: ReturnType<import('./marketplace.js').createClient>, inventory: {read(): Promise<Map<string, number>>}, log: (line: string) => void}} deps
 * @param {string} itemId
 */
export async function syncListing({ api, inventory, log }, itemId) {
  const path = `/items/${encodeURIComponent(itemId)}`;
  const item = await api.get(path);
  if (!EDITABLE_STATUSES.has(item.status)) {
    log(`stock of ${itemId}: left alone, the listing is ${item.status}`);
    return 'skipped';
  }
  const update = stockUpdate(item, await inventory.read());
  if (update === undefined) return 'unchanged';
  const updated = await api.put(path, update);
  log(`stock of ${itemId}: ${item.available_quantity} → ${updated.available_quantity} (${updated.status})`);
  return 'updated';
}

/**
 * The seller's listings that carry one of the inventory's SKUs.
 * @param {{api: ReturnType<import('./marketplace.js').createClient>, inventory: {read(): Promise<Map<string, number>>}}} deps
 */
export async function listingsOfInventory({ api, inventory }) {
  const me = await api.get('/users/me');
  const ids = new Set();
  for (const sku of (await inventory.read()).keys()) {
    const found = await api.get(`/users/${me.id}/items/search?seller_sku=${encodeURIComponent(sku)}&limit=100`);
    for (const id of found.results ?? []) ids.add(id);
  }
  return [...ids];
}
