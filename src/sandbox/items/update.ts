import { descriptionText, type ItemUpdate, sentNumber } from '../../model/item';
import { stockTransition, type TransitionOutcome } from '../../rules/itemStatus';
import type { LiveItemView } from '../../rules/items';
import type { Sandbox } from '../sandbox';
import { attributeFrom, saleTerm } from './build';
import { picturesFrom } from './create';
import type { SandboxCategory, SandboxItem } from './state';
import { applyStatus } from './stock';

/** What the update rules see of a stored item (bookkeeping included, under the names the rules use). */
export function liveView(item: SandboxItem): LiveItemView {
  return { ...item, listing_type_changes: item._listing_type_changes ?? 0 };
}

/** Which notifications a change calls for: price changes go to items_prices, everything else to items. */
export interface ChangeSummary {
  price: boolean;
  other: boolean;
}

/**
 * Applies an accepted `PUT /items/{id}` body to the stored item: fields first, then the status the status table
 * decided. Sale terms and attributes merge by id (a term with value_id and value_name null is removed); pictures and
 * variations replace the whole list, as the API does.
 */
export function applyUpdate(
  sandbox: Sandbox,
  item: SandboxItem,
  body: ItemUpdate,
  outcome: TransitionOutcome,
  category: SandboxCategory | undefined,
): ChangeSummary {
  const summary: ChangeSummary = { price: false, other: false };
  const touch = () => {
    summary.other = true;
  };
  const price = body.price === undefined ? undefined : sentNumber(body.price);
  if (price !== undefined && price !== item.price) {
    item.price = price;
    item.base_price = price;
    summary.price = true;
  }
  if (body.title !== undefined && body.title !== item.title) {
    item.title = body.title;
    touch();
  }
  const stock = body.available_quantity === undefined ? undefined : sentNumber(body.available_quantity);
  if (stock !== undefined && stock !== item.available_quantity) {
    item.available_quantity = stock;
    touch();
  }
  if (body.seller_custom_field !== undefined) {
    item.seller_custom_field = body.seller_custom_field;
    touch();
  }
  if (body.video_id !== undefined) {
    item.video_id = body.video_id;
    touch();
  }
  if (body.condition !== undefined && body.condition !== item.condition) {
    item.condition = body.condition;
    touch();
  }
  if (body.buying_mode !== undefined && body.buying_mode !== item.buying_mode) {
    item.buying_mode = body.buying_mode;
    touch();
  }
  if (body.listing_type_id !== undefined && body.listing_type_id !== item.listing_type_id) {
    item.listing_type_id = body.listing_type_id;
    item._listing_type_changes = (item._listing_type_changes ?? 0) + 1;
    touch();
  }
  if (body.description !== undefined) {
    item._description = descriptionText(body.description);
    if (item.descriptions.length === 0) item.descriptions = [{ id: `${item.id}-1` }];
    touch();
  }
  if (body.shipping !== undefined) {
    for (const [key, value] of Object.entries(body.shipping)) {
      if (value !== undefined) (item.shipping as unknown as Record<string, unknown>)[key] = value;
    }
    touch();
  }
  if (body.pictures !== undefined) {
    item.pictures = picturesFrom(body.pictures, item.pictures);
    item.thumbnail = item.pictures[0]?.url ?? '';
    item.secure_thumbnail = item.pictures[0]?.secure_url ?? '';
    touch();
  }
  if (body.sale_terms !== undefined) {
    for (const input of body.sale_terms) {
      const index = item.sale_terms.findIndex((term) => term.id === input.id);
      if (input.value_name === null && (input.value_id === null || input.value_id === undefined)) {
        if (index >= 0) item.sale_terms.splice(index, 1);
        continue;
      }
      const stored = saleTerm(
        input,
        category?.sale_terms.find((definition) => definition.id === input.id),
      );
      if (index >= 0) item.sale_terms[index] = stored;
      else item.sale_terms.push(stored);
    }
    touch();
  }
  if (body.attributes !== undefined) {
    for (const input of body.attributes) {
      const stored = attributeFrom(input);
      const index = item.attributes.findIndex((entry) => entry.id === stored.id);
      if (index >= 0) item.attributes[index] = stored;
      else item.attributes.push(stored);
    }
    touch();
  }
  let variationsChanged = false;
  if (body.variations !== undefined) {
    item.variations = body.variations.map((input) => {
      const old = item.variations.find((entry) => String(entry.id) === String(input.id));
      return {
        id: old?.id ?? sandbox.nextId('variation', 190_000_000),
        price: input.price ?? old?.price ?? item.price,
        available_quantity: input.available_quantity ?? old?.available_quantity ?? 0,
        sold_quantity: old?.sold_quantity ?? 0,
        attribute_combinations: input.attribute_combinations
          ? input.attribute_combinations.map((entry) => attributeFrom(entry))
          : (old?.attribute_combinations ?? []),
        picture_ids: input.picture_ids ?? old?.picture_ids ?? item.pictures.map((entry) => entry.id),
        seller_custom_field: input.seller_custom_field ?? old?.seller_custom_field ?? null,
      };
    });
    if (item.variations.length) {
      item.available_quantity = item.variations.reduce((sum, entry) => sum + entry.available_quantity, 0);
    }
    variationsChanged = true;
    touch();
  }

  let next = { status: outcome.status, sub_status: outcome.sub_status };
  // Stock set through variations moves the status like a stock PUT would, unless the body chose a status itself.
  if (variationsChanged && body.status === undefined && body.available_quantity === undefined) {
    next = stockTransition({ ...item, status: next.status, sub_status: next.sub_status }, item.available_quantity);
  }
  if (applyStatus(sandbox, item, next)) touch();
  if (outcome.deleted && item.deleted !== 'true') {
    item.deleted = 'true';
    touch();
  }
  if (summary.price || summary.other) item.last_updated = sandbox.nowIso();
  return summary;
}

/** Sends the notifications a change calls for. */
export function notifyChange(sandbox: Sandbox, item: SandboxItem, summary: ChangeSummary): void {
  const resource = `/items/${item.id}`;
  if (summary.price) sandbox.notify({ topic: 'items_prices', resource, user_id: item.seller_id });
  if (summary.other) sandbox.notify({ topic: 'items', resource, user_id: item.seller_id });
}
