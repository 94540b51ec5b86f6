// What the item and order pickers show, without VS Code: how listings and orders become entries, the entry of an
// id typed in, and the placeholder of each state (reading, listed, none yet, could not read). Unit-tested in Node;
// the words come from the bundles through @vscode/l10n (configured with VS Code's at activation).
import * as l10n from '@vscode/l10n';
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
  /** The description of the entry of an id typed in: `the item id you typed`. */
  typedDescription: string;
  /** Signed out, an input box asks for the id: its prompt, an example and the message for a malformed one. */
  prompt: string;
  example: string;
  malformed: string;
  /** The id typed in, as the API writes it; undefined when it is no id of this kind. */
  typed(value: string): string | undefined;
}

/** The item picker's words, in the display language. */
export function itemWords(): PickerWords {
  return {
    reading: l10n.t('Reading your newest listings… (or type an item id)'),
    listed: l10n.t('Pick one of your listings, or type an item id'),
    none: l10n.t('You have no listings yet: type an item id, or write one with New Item Payload…'),
    failed: l10n.t('Could not list your listings; type an item id'),
    typedDescription: l10n.t('the item id you typed'),
    prompt: l10n.t('The id of the item, as in its permalink: the site prefix and digits.'),
    example: 'MLA1234567890',
    malformed: l10n.t('An item id is a site prefix of three capital letters and digits, e.g. {0}.', 'MLA1234567890'),
    typed: (value) => {
      const id = value.trim().toUpperCase();
      return ITEM_ID.test(id) ? id : undefined;
    },
  };
}

/** The order picker's words, in the display language. */
export function orderWords(): PickerWords {
  return {
    reading: l10n.t('Reading your newest orders… (or type an order id)'),
    listed: l10n.t('Pick one of your orders, or type an order id'),
    none: l10n.t('You have no orders yet: type an order id (digits)'),
    failed: l10n.t('Could not list your orders; type an order id'),
    typedDescription: l10n.t('the order id you typed'),
    prompt: l10n.t('The id of the order (digits).'),
    example: '2000001234',
    malformed: l10n.t('An order id is digits only.'),
    typed: (value) => {
      const id = value.trim();
      return NUMERIC_ID.test(id) ? id : undefined;
    },
  };
}

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
  return [{ label: `$(edit) ${id}`, description: words.typedDescription, id, alwaysShow: true }];
}

/** The placeholder once the list is read (`undefined`: it could not be). */
export function listedPlaceholder(listed: readonly IdPick[] | undefined, words: PickerWords): string {
  if (!listed) return words.failed;
  return listed.length ? words.listed : words.none;
}
