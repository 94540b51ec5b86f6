import * as vscode from 'vscode';
import {
  activateItem,
  closeItem,
  getCategorySaleTerms,
  getItem,
  markItemDeleted,
  pauseItem,
  removeManufacturingTime,
  setItemPrice,
  setItemStock,
  setManufacturingTime,
  setPurchaseMaxQuantity,
  setSellerCustomField,
} from '../../api/items';
import { COMMANDS } from '../../constants';
import type { Item } from '../../model/item';
import type { CommandEntry } from '../../platform/commandTable';
import { kindFindings } from '../../rules/byKind';
import { itemDeletionSteps } from '../../rules/itemStatus';
import type { Session } from '../auth/session';
import { confirmOutsideSandbox, requireSession } from '../auth/sessionGuards';
import type { ExplorerNode } from '../explorer/nodes';
import { pickItemId } from '../pickers/items';
import { MANUFACTURING_MAX_DAYS, PURCHASE_MAX_QUANTITY_MAX_LENGTH, validate } from './checks';
import { type ActionDeps, type ActionOptions, confirmModal, done, nodeOf, refreshAfter, refuseOn } from './common';
import { priceSetText, stockSetText } from './doneWords';

/** Options that skip the prompts (tests, other commands). */
export interface ItemActionOptions extends ActionOptions {
  quantity?: number;
  price?: number;
  days?: number;
  maxQuantity?: string;
  value?: string;
}

interface Target {
  session: Session;
  item: Item;
  node: ExplorerNode | undefined;
}

/** The item of a tree node, an id, or one picked from the seller's items; always fetched fresh. */
async function resolve(deps: ActionDeps, target: unknown): Promise<Target | undefined> {
  const session = requireSession(deps);
  const node = nodeOf(target, 'item', 'chartItem');
  let id: string | undefined;
  if (node) id = (node.data as { id: string }).id;
  else if (typeof target === 'string') id = target;
  else id = await pickItemId(session, { title: 'Which item?', output: deps.output });
  if (!id) return undefined;
  return { session, item: await getItem(session.client, id), node };
}

async function ask(options: vscode.InputBoxOptions): Promise<string | undefined> {
  return vscode.window.showInputBox({ ignoreFocusOut: true, ...options });
}

export function itemActions(deps: ActionDeps): CommandEntry[] {
  /** Checks the change against the live item, asks outside the sandbox, sends, reports and refreshes. */
  async function send(
    target: Target,
    payload: Record<string, unknown>,
    what: string,
    options: ActionOptions,
    run: () => Promise<unknown>,
    message: string,
  ): Promise<boolean> {
    refuseOn(kindFindings('itemUpdate', payload, { liveItem: target.item }), `Cannot ${what} ${target.item.id}`);
    if (!(await confirmOutsideSandbox(target.session, `${what} of ${target.item.id}`, options))) return false;
    await run();
    done(deps, message);
    await refreshAfter(deps, target.node, true);
    return true;
  }

  const statusChange =
    (status: 'paused' | 'active', verb: string, call: typeof pauseItem) =>
    async (node?: unknown, options: ItemActionOptions = {}) => {
      const target = await resolve(deps, node);
      if (!target) return false;
      const id = target.item.id;
      return send(target, { status }, verb, options, () => call(target.session.client, id), `${id} is now ${status}.`);
    };

  async function close(node?: unknown, options: ItemActionOptions = {}) {
    const target = await resolve(deps, node);
    if (!target) return false;
    const id = target.item.id;
    refuseOn(kindFindings('itemUpdate', { status: 'closed' }, { liveItem: target.item }), `Cannot close ${id}`);
    const ok = await confirmModal(
      `Close ${id}?`,
      'Closing ends the listing for good: it cannot be reactivated, only relisted.',
      'Close Listing',
      options,
    );
    if (!ok) return false;
    return send(
      target,
      { status: 'closed' },
      'close',
      options,
      () => closeItem(target.session.client, id),
      `${id} is closed.`,
    );
  }

  async function remove(node?: unknown, options: ItemActionOptions = {}) {
    const target = await resolve(deps, node);
    if (!target) return false;
    const { item, session } = target;
    const { steps, findings } = itemDeletionSteps(item);
    refuseOn(findings, `Cannot delete ${item.id}`);
    // The first step is checked with every rule of an update (the state table alone decided the steps).
    refuseOn(kindFindings('itemUpdate', steps[0], { liveItem: item }), `Cannot delete ${item.id}`);
    const needsClose = steps.length > 1;
    const ok = await confirmModal(
      `Delete ${item.id}?`,
      `"${item.title ?? item.id}": ${needsClose ? 'closes the listing, then deletes it' : 'deletes the listing'}; this cannot be undone.`,
      'Delete',
      options,
    );
    if (!ok) return false;
    if (!(await confirmOutsideSandbox(session, `the deletion of ${item.id}`, options))) return false;
    if (needsClose) await closeItem(session.client, item.id);
    await markItemDeleted(session.client, item.id);
    done(deps, `${item.id} is deleted.`);
    await refreshAfter(deps, target.node);
    return true;
  }

  async function stock(node?: unknown, options: ItemActionOptions = {}) {
    const target = await resolve(deps, node);
    if (!target) return false;
    const { item } = target;
    let quantity = options.quantity;
    if (quantity === undefined) {
      const text = await ask({
        title: `Stock of ${item.id}`,
        prompt: 'Available quantity (0 pauses a new, non-free item: out_of_stock)',
        value: String(item.available_quantity ?? ''),
        validateInput: validate.stock,
      });
      if (text === undefined) return false;
      quantity = Number(text.trim());
    }
    if (validate.stock(String(quantity))) throw new Error(validate.stock(String(quantity)));
    return send(
      target,
      { available_quantity: quantity },
      'change the stock',
      options,
      () => setItemStock(target.session.client, item.id, quantity),
      stockSetText(item.id, quantity),
    );
  }

  async function price(node?: unknown, options: ItemActionOptions = {}) {
    const target = await resolve(deps, node);
    if (!target) return false;
    const { item } = target;
    let value = options.price;
    if (value === undefined) {
      const text = await ask({
        title: `Price of ${item.id}`,
        prompt: `New price${item.currency_id ? ` in ${item.currency_id}` : ''}`,
        value: item.price === undefined || item.price === null ? '' : String(item.price),
        validateInput: validate.price,
      });
      if (text === undefined) return false;
      value = Number(text.trim());
    }
    if (validate.price(String(value))) throw new Error(validate.price(String(value)));
    return send(
      target,
      { price: value },
      'change the price',
      options,
      () => setItemPrice(target.session.client, item.id, value),
      priceSetText(item.id, value, item.currency_id),
    );
  }

  async function manufacturing(node?: unknown, options: ItemActionOptions = {}) {
    const target = await resolve(deps, node);
    if (!target) return false;
    const { item } = target;
    let days = options.days;
    if (days === undefined) {
      const current = item.sale_terms?.find((term) => term.id === 'MANUFACTURING_TIME')?.value_name ?? '';
      const text = await ask({
        title: `Manufacturing time of ${item.id}`,
        prompt: `Days until the stock is available (1–${MANUFACTURING_MAX_DAYS})`,
        value: String(current).replace(/\D+/g, ''),
        validateInput: validate.days,
      });
      if (text === undefined) return false;
      days = Number(text.trim());
    }
    if (validate.days(String(days))) throw new Error(validate.days(String(days)));
    return send(
      target,
      { sale_terms: [{ id: 'MANUFACTURING_TIME', value_name: `${days} días` }] },
      'set MANUFACTURING_TIME',
      options,
      () => setManufacturingTime(target.session.client, item.id, days),
      `${item.id}: MANUFACTURING_TIME set to ${days} días.`,
    );
  }

  async function removeManufacturing(node?: unknown, options: ItemActionOptions = {}) {
    const target = await resolve(deps, node);
    if (!target) return false;
    const { item } = target;
    if (!item.sale_terms?.some((term) => term.id === 'MANUFACTURING_TIME'))
      throw new Error(`${item.id} has no MANUFACTURING_TIME to remove.`);
    return send(
      target,
      { sale_terms: [{ id: 'MANUFACTURING_TIME', value_id: null, value_name: null }] },
      'remove MANUFACTURING_TIME',
      options,
      () => removeManufacturingTime(target.session.client, item.id),
      `${item.id}: MANUFACTURING_TIME removed.`,
    );
  }

  async function maxQuantity(node?: unknown, options: ItemActionOptions = {}) {
    const target = await resolve(deps, node);
    if (!target) return false;
    const { item, session } = target;
    const terms = await getCategorySaleTerms(session.client, item.category_id);
    if (!terms.some((term) => term.id === 'PURCHASE_MAX_QUANTITY'))
      throw new Error(
        `Cannot set PURCHASE_MAX_QUANTITY on ${item.id}: its category ${item.category_id} does not list it among its sale terms.`,
      );
    let value = options.maxQuantity;
    if (value === undefined) {
      const text = await ask({
        title: `Maximum purchase quantity of ${item.id}`,
        prompt: `Units one buyer may purchase at once (at most ${PURCHASE_MAX_QUANTITY_MAX_LENGTH} characters)`,
        validateInput: validate.maxQuantity,
      });
      if (text === undefined) return false;
      value = text.trim();
    }
    const invalid = validate.maxQuantity(value);
    if (invalid) throw new Error(invalid);
    const quantity = value;
    return send(
      target,
      { sale_terms: [{ id: 'PURCHASE_MAX_QUANTITY', value_name: quantity }] },
      'set PURCHASE_MAX_QUANTITY',
      options,
      () => setPurchaseMaxQuantity(session.client, item.id, quantity),
      `${item.id}: PURCHASE_MAX_QUANTITY set to ${quantity}.`,
    );
  }

  async function customField(node?: unknown, options: ItemActionOptions = {}) {
    const target = await resolve(deps, node);
    if (!target) return false;
    const { item } = target;
    let value = options.value;
    if (value === undefined) {
      const text = await ask({
        title: `Seller custom field of ${item.id}`,
        prompt: 'Your own reference for the item (typically its SKU)',
        value: item.seller_custom_field ?? '',
      });
      if (text === undefined) return false;
      value = text.trim();
    }
    const sku = value;
    return send(
      target,
      { seller_custom_field: sku },
      'set seller_custom_field',
      options,
      () => setSellerCustomField(target.session.client, item.id, sku),
      `${item.id}: seller_custom_field set to "${sku}".`,
    );
  }

  return [
    { id: COMMANDS.pauseItem, run: statusChange('paused', 'pause', pauseItem), failure: 'Could not pause the item' },
    {
      id: COMMANDS.activateItem,
      run: statusChange('active', 'activate', activateItem),
      failure: 'Could not activate the item',
    },
    { id: COMMANDS.closeItem, run: close, failure: 'Could not close the item' },
    { id: COMMANDS.deleteItem, run: remove, failure: 'Could not delete the item' },
    { id: COMMANDS.setItemStock, run: stock, failure: 'Could not change the stock' },
    { id: COMMANDS.setItemPrice, run: price, failure: 'Could not change the price' },
    { id: COMMANDS.setManufacturingTime, run: manufacturing, failure: 'Could not set MANUFACTURING_TIME' },
    {
      id: COMMANDS.removeManufacturingTime,
      run: removeManufacturing,
      failure: 'Could not remove MANUFACTURING_TIME',
    },
    { id: COMMANDS.setPurchaseMaxQuantity, run: maxQuantity, failure: 'Could not set PURCHASE_MAX_QUANTITY' },
    { id: COMMANDS.setSellerCustomField, run: customField, failure: 'Could not set seller_custom_field' },
  ];
}
