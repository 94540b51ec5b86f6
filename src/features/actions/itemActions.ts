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
import { displayLocale } from '../../platform/displayLanguage';
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
  else id = await pickItemId(session, { title: vscode.l10n.t('Which item?'), output: deps.output });
  if (!id) return undefined;
  return { session, item: await getItem(session.client, id), node };
}

async function ask(options: vscode.InputBoxOptions): Promise<string | undefined> {
  return vscode.window.showInputBox({ ignoreFocusOut: true, ...options });
}

/** How a change is named: when the rules refuse it (`Cannot … of MLA1`), and in the question asked outside the sandbox. */
interface ChangeWords {
  refusal: string;
  request: string;
}

export function itemActions(deps: ActionDeps): CommandEntry[] {
  /** Checks the change against the live item, asks outside the sandbox, sends, reports and refreshes. */
  async function send(
    target: Target,
    payload: Record<string, unknown>,
    words: ChangeWords,
    options: ActionOptions,
    run: () => Promise<unknown>,
    message: string,
  ): Promise<boolean> {
    refuseOn(kindFindings('itemUpdate', payload, { liveItem: target.item }), words.refusal);
    if (!(await confirmOutsideSandbox(target.session, words.request, options))) return false;
    await run();
    done(deps, message);
    await refreshAfter(deps, target.node, true);
    return true;
  }

  /** Pausing and activating: what each says, as whole sentences. */
  const statusWords = (status: 'paused' | 'active', id: string): ChangeWords & { done: string } =>
    status === 'paused'
      ? {
          refusal: vscode.l10n.t('Cannot pause {0}', id),
          request: vscode.l10n.t('the pausing of {0}', id),
          done: vscode.l10n.t('{0} is now paused.', id),
        }
      : {
          refusal: vscode.l10n.t('Cannot activate {0}', id),
          request: vscode.l10n.t('the activation of {0}', id),
          done: vscode.l10n.t('{0} is now active.', id),
        };

  const statusChange =
    (status: 'paused' | 'active', call: typeof pauseItem) =>
    async (node?: unknown, options: ItemActionOptions = {}) => {
      const target = await resolve(deps, node);
      if (!target) return false;
      const id = target.item.id;
      const words = statusWords(status, id);
      return send(target, { status }, words, options, () => call(target.session.client, id), words.done);
    };

  async function close(node?: unknown, options: ItemActionOptions = {}) {
    const target = await resolve(deps, node);
    if (!target) return false;
    const id = target.item.id;
    const refusal = vscode.l10n.t('Cannot close {0}', id);
    refuseOn(kindFindings('itemUpdate', { status: 'closed' }, { liveItem: target.item }), refusal);
    const ok = await confirmModal(
      vscode.l10n.t('Close {0}?', id),
      vscode.l10n.t('Closing ends the listing for good: it cannot be reactivated, only relisted.'),
      vscode.l10n.t('Close Listing'),
      options,
    );
    if (!ok) return false;
    return send(
      target,
      { status: 'closed' },
      { refusal, request: vscode.l10n.t('the closing of {0}', id) },
      options,
      () => closeItem(target.session.client, id),
      vscode.l10n.t('{0} is closed.', id),
    );
  }

  async function remove(node?: unknown, options: ItemActionOptions = {}) {
    const target = await resolve(deps, node);
    if (!target) return false;
    const { item, session } = target;
    const { steps, findings } = itemDeletionSteps(item);
    const refusal = vscode.l10n.t('Cannot delete {0}', item.id);
    refuseOn(findings, refusal);
    // The first step is checked with every rule of an update (the state table alone decided the steps).
    refuseOn(kindFindings('itemUpdate', steps[0], { liveItem: item }), refusal);
    const needsClose = steps.length > 1;
    const title = item.title ?? item.id;
    const ok = await confirmModal(
      vscode.l10n.t('Delete {0}?', item.id),
      needsClose
        ? vscode.l10n.t('"{0}": closes the listing, then deletes it; this cannot be undone.', title)
        : vscode.l10n.t('"{0}": deletes the listing; this cannot be undone.', title),
      vscode.l10n.t('Delete'),
      options,
    );
    if (!ok) return false;
    if (!(await confirmOutsideSandbox(session, vscode.l10n.t('the deletion of {0}', item.id), options))) return false;
    if (needsClose) await closeItem(session.client, item.id);
    await markItemDeleted(session.client, item.id);
    done(deps, vscode.l10n.t('{0} is deleted.', item.id));
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
        title: vscode.l10n.t('Stock of {0}', item.id),
        prompt: vscode.l10n.t('Available quantity (0 pauses a new, non-free item: out_of_stock)'),
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
      {
        refusal: vscode.l10n.t('Cannot change the stock of {0}', item.id),
        request: vscode.l10n.t('the stock change of {0}', item.id),
      },
      options,
      () => setItemStock(target.session.client, item.id, quantity),
      stockSetText(item.id, quantity, displayLocale()),
    );
  }

  async function price(node?: unknown, options: ItemActionOptions = {}) {
    const target = await resolve(deps, node);
    if (!target) return false;
    const { item } = target;
    let value = options.price;
    if (value === undefined) {
      const text = await ask({
        title: vscode.l10n.t('Price of {0}', item.id),
        prompt: item.currency_id ? vscode.l10n.t('New price in {0}', item.currency_id) : vscode.l10n.t('New price'),
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
      {
        refusal: vscode.l10n.t('Cannot change the price of {0}', item.id),
        request: vscode.l10n.t('the price change of {0}', item.id),
      },
      options,
      () => setItemPrice(target.session.client, item.id, value),
      priceSetText(item.id, value, item.currency_id, displayLocale()),
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
        title: vscode.l10n.t('Manufacturing time of {0}', item.id),
        prompt: vscode.l10n.t('Days until the stock is available (1–{0})', MANUFACTURING_MAX_DAYS),
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
      {
        refusal: vscode.l10n.t('Cannot set MANUFACTURING_TIME on {0}', item.id),
        request: vscode.l10n.t('MANUFACTURING_TIME for {0}', item.id),
      },
      options,
      () => setManufacturingTime(target.session.client, item.id, days),
      // `días` is the value as the API stores it (`value_name`), whatever the display language.
      vscode.l10n.t('{0}: MANUFACTURING_TIME set to {1}.', item.id, `${days} días`),
    );
  }

  async function removeManufacturing(node?: unknown, options: ItemActionOptions = {}) {
    const target = await resolve(deps, node);
    if (!target) return false;
    const { item } = target;
    if (!item.sale_terms?.some((term) => term.id === 'MANUFACTURING_TIME'))
      throw new Error(vscode.l10n.t('{0} has no MANUFACTURING_TIME to remove.', item.id));
    return send(
      target,
      { sale_terms: [{ id: 'MANUFACTURING_TIME', value_id: null, value_name: null }] },
      {
        refusal: vscode.l10n.t('Cannot remove MANUFACTURING_TIME from {0}', item.id),
        request: vscode.l10n.t('the removal of MANUFACTURING_TIME from {0}', item.id),
      },
      options,
      () => removeManufacturingTime(target.session.client, item.id),
      vscode.l10n.t('{0}: MANUFACTURING_TIME removed.', item.id),
    );
  }

  async function maxQuantity(node?: unknown, options: ItemActionOptions = {}) {
    const target = await resolve(deps, node);
    if (!target) return false;
    const { item, session } = target;
    const terms = await getCategorySaleTerms(session.client, item.category_id);
    if (!terms.some((term) => term.id === 'PURCHASE_MAX_QUANTITY'))
      throw new Error(
        vscode.l10n.t(
          'Cannot set PURCHASE_MAX_QUANTITY on {0}: its category {1} does not list it among its sale terms.',
          item.id,
          item.category_id,
        ),
      );
    let value = options.maxQuantity;
    if (value === undefined) {
      const text = await ask({
        title: vscode.l10n.t('Maximum purchase quantity of {0}', item.id),
        prompt: vscode.l10n.t(
          'Units one buyer may purchase at once (at most {0} characters)',
          PURCHASE_MAX_QUANTITY_MAX_LENGTH,
        ),
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
      {
        refusal: vscode.l10n.t('Cannot set PURCHASE_MAX_QUANTITY on {0}', item.id),
        request: vscode.l10n.t('PURCHASE_MAX_QUANTITY for {0}', item.id),
      },
      options,
      () => setPurchaseMaxQuantity(session.client, item.id, quantity),
      vscode.l10n.t('{0}: PURCHASE_MAX_QUANTITY set to {1}.', item.id, quantity),
    );
  }

  async function customField(node?: unknown, options: ItemActionOptions = {}) {
    const target = await resolve(deps, node);
    if (!target) return false;
    const { item } = target;
    let value = options.value;
    if (value === undefined) {
      const text = await ask({
        title: vscode.l10n.t('Seller custom field of {0}', item.id),
        prompt: vscode.l10n.t('Your own reference for the item (typically its SKU)'),
        value: item.seller_custom_field ?? '',
      });
      if (text === undefined) return false;
      value = text.trim();
    }
    const sku = value;
    return send(
      target,
      { seller_custom_field: sku },
      {
        refusal: vscode.l10n.t('Cannot set seller_custom_field on {0}', item.id),
        request: vscode.l10n.t('seller_custom_field for {0}', item.id),
      },
      options,
      () => setSellerCustomField(target.session.client, item.id, sku),
      vscode.l10n.t('{0}: seller_custom_field set to "{1}".', item.id, sku),
    );
  }

  return [
    {
      id: COMMANDS.pauseItem,
      run: statusChange('paused', pauseItem),
      failure: vscode.l10n.t('Could not pause the item'),
    },
    {
      id: COMMANDS.activateItem,
      run: statusChange('active', activateItem),
      failure: vscode.l10n.t('Could not activate the item'),
    },
    { id: COMMANDS.closeItem, run: close, failure: vscode.l10n.t('Could not close the item') },
    { id: COMMANDS.deleteItem, run: remove, failure: vscode.l10n.t('Could not delete the item') },
    { id: COMMANDS.setItemStock, run: stock, failure: vscode.l10n.t('Could not change the stock') },
    { id: COMMANDS.setItemPrice, run: price, failure: vscode.l10n.t('Could not change the price') },
    {
      id: COMMANDS.setManufacturingTime,
      run: manufacturing,
      failure: vscode.l10n.t('Could not set MANUFACTURING_TIME'),
    },
    {
      id: COMMANDS.removeManufacturingTime,
      run: removeManufacturing,
      failure: vscode.l10n.t('Could not remove MANUFACTURING_TIME'),
    },
    {
      id: COMMANDS.setPurchaseMaxQuantity,
      run: maxQuantity,
      failure: vscode.l10n.t('Could not set PURCHASE_MAX_QUANTITY'),
    },
    {
      id: COMMANDS.setSellerCustomField,
      run: customField,
      failure: vscode.l10n.t('Could not set seller_custom_field'),
    },
  ];
}
