// What the item and order pickers show, without VS Code: how listings and orders become entries, the entry of an
// id typed in, and the placeholder of each state (reading, listed, none yet, could not read). Unit-tested in Node.

import type { Order } from '../../model/order';
import { ITEM_ID, NUMERIC_ID } from '../../model/payloadFiles';
import { itemDescription } from '../explorer/format/items';
import { orderDescription, orderLabel } from '../explorer/format/orders';
import type { ItemFields } from './sellerItems';

/** A quick pick entry that answers with an id. */
export interface IdPick {
  label: string;
  description: string;
  id: string;
  /** Shown whatever the filter (the id typed in). */
  alwaysShow?: boolean;
}

/** The wording of one picker: what it lists, and how an id typed in is read and checked. */
export interface PickerWords {
  /** While the list is read. */
  reading: string;
  /** Once it is shown. */
  listed: string;
  /** When there is nothing to list: what to do instead. */
  none: string;
  /** When the list could not be read. */
  failed: string;
  /** What an id of this kind is called: `item id`, `order id`. */
  noun: string;
  /** Signed out, an input box asks for the id: its prompt, an example and the message for a malformed one. */
  prompt: string;
  example: string;
  malformed: string;
  /** The id typed in, as the API writes it; undefined when it is no id of this kind. */
  typed(value: string): string | undefined;
}

export const ITEM_WORDS: PickerWords = {
  reading: 'Reading your newest listings… (or type an item id)',
  listed: 'Pick one of your listings, or type an item id',
  none: 'You have no listings yet: type an item id, or write one with New Item Payload…',
  failed: 'Could not list your listings; type an item id',
  noun: 'item id',
  prompt: 'The id of the item, as in its permalink: the site prefix and digits.',
  example: 'MLA1234567890',
  malformed: 'An item id is a site prefix of three capital letters and digits, e.g. MLA1234567890.',
  typed: (value) => {
    const id = value.trim().toUpperCase();
    return ITEM_ID.test(id) ? id : undefined;
  },
};

export const ORDER_WORDS: PickerWords = {
  reading: 'Reading your newest orders… (or type an order id)',
  listed: 'Pick one of your orders, or type an order id',
  none: 'You have no orders yet: type an order id (digits)',
  failed: 'Could not list your orders; type an order id',
  noun: 'order id',
  prompt: 'The id of the order (digits).',
  example: '2000001234',
  malformed: 'An order id is digits only.',
  typed: (value) => {
    const id = value.trim();
    return NUMERIC_ID.test(id) ? id : undefined;
  },
};

/** Listings as entries: the title (or the id), then price, stock, status and id. */
export function itemPicks(items: readonly ItemFields[], locale: string): IdPick[] {
  return items.map((item) => ({
    label: item.title ?? item.id,
    description: itemDescription(item, locale),
    id: item.id,
  }));
}

/** Orders as entries: `#id · buyer`, then total, status and tags. */
export function orderPicks(orders: readonly Order[], locale: string): IdPick[] {
  return orders.map((order) => ({
    label: orderLabel(order),
    description: orderDescription(order, locale),
    id: String(order.id),
  }));
}

/** The entry of the id being typed, first, when it is a well-formed id the list does not hold already. */
export function typedPick(value: string, listed: readonly IdPick[], words: PickerWords): IdPick[] {
  const id = words.typed(value);
  if (id === undefined || listed.some((entry) => entry.id === id)) return [];
  return [{ label: `$(edit) ${id}`, description: `the ${words.noun} you typed`, id, alwaysShow: true }];
}

/** The placeholder once the list is read (`undefined`: it could not be). */
export function listedPlaceholder(listed: readonly IdPick[] | undefined, words: PickerWords): string {
  if (!listed) return words.failed;
  return listed.length ? words.listed : words.none;
}
