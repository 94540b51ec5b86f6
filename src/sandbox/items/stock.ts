import { stockTransition } from '../../rules/itemStatus';
import { badRequest, notFound } from '../http';
import type { Sandbox } from '../sandbox';
import { keepItem, readItem } from './lookup';
import type { SandboxItem } from './state';

/** Applies a status/sub_status change and stamps last_updated; true when something changed. */
export function applyStatus(
  sandbox: Sandbox,
  item: SandboxItem,
  next: { status: SandboxItem['status']; sub_status: string[] },
): boolean {
  const changed = item.status !== next.status || item.sub_status.join(',') !== next.sub_status.join(',');
  if (!changed) return false;
  item.status = next.status;
  item.sub_status = next.sub_status;
  item._since_ms = sandbox.now().getTime();
  return true;
}

/**
 * Moves an item's stock by `delta`: negative when units are sold (sold_quantity rises), positive when an order gives
 * them back (sold_quantity falls). The item then
 * takes the transition the status table implies (active at 0 → paused/out_of_stock, or closed when condition is not
 * new or the listing is free; paused/out_of_stock restocked → active) and an `items` notification goes out.
 * Used by the orders family when a reservation is paid, and by returns that put a unit back.
 */
export function adjustStock(sandbox: Sandbox, itemId: string, delta: number): void {
  const found = readItem(sandbox.state, itemId);
  if (!found) throw notFound(`Item with id ${itemId} not found`);
  if (!Number.isInteger(delta)) throw badRequest('The stock change must be a whole number of units.');
  if (delta === 0) return;
  if (delta < 0 && found.available_quantity + delta < 0) {
    throw badRequest(`Item ${itemId} has ${found.available_quantity} units available; ${-delta} cannot be discounted.`);
  }
  // A generated listing (at scale) is stored from its first change on.
  const item = keepItem(sandbox.state, found);
  item.available_quantity += delta;
  // Units coming back (a cancelled or returned order) were counted as sold: they stop being sold.
  item.sold_quantity = Math.max(0, item.sold_quantity - delta);
  applyStatus(sandbox, item, stockTransition(item, item.available_quantity));
  item.last_updated = sandbox.nowIso();
  sandbox.notify({ topic: 'items', resource: `/items/${item.id}`, user_id: item.seller_id });
}
