/**
 * Reading and changing orders by id when some are generated (`--scale`): the stored order wins; a generated order is
 * built for a read and stored (materialized, with its notes) only when something changes it.
 */
import { ownRecord } from '../records';
import type { SandboxState } from '../state';
import type { SandboxNote, SandboxOrder, SandboxPayment } from './state';
import { buildSyntheticOrder, syntheticOrderId, syntheticOrderIndex, syntheticPaymentOrder } from './synthetic';
import { syntheticOrdersOf } from './syntheticSeed';

/** The generated order with this id, built (not stored), when the id is one of them and not stored. */
function generated(state: SandboxState, id: string) {
  if (ownRecord(state.orders.orders, id)) return undefined;
  const index = syntheticOrdersOf(state);
  const at = index && syntheticOrderIndex(index.count, Number(id));
  return index && at !== undefined ? buildSyntheticOrder(index.source, at) : undefined;
}

/** The order with this id (a number as text) to read: the stored one, else a generated one built for the answer. */
export function readOrder(state: SandboxState, id: string): SandboxOrder | undefined {
  return ownRecord(state.orders.orders, id) ?? generated(state, id)?.order;
}

/**
 * Stores an order read with `readOrder` that is being changed; a generated one is stored with its notes (`notes`, when
 * the caller already holds them from `notesOf` and is about to change them).
 */
export function keepOrder(state: SandboxState, order: SandboxOrder, notes?: SandboxNote[]): SandboxOrder {
  const key = String(order.data.id);
  const stored = ownRecord(state.orders.orders, key);
  if (stored) return stored;
  if (ownRecord(state.orders.notes, key) === undefined) {
    const own = notes ?? generated(state, key)?.notes ?? [];
    if (own.length) state.orders.notes[key] = own;
  }
  state.orders.orders[key] = order;
  // Read back: through the server's tracking view, later changes to it are seen as changes of the stored order.
  return ownRecord(state.orders.orders, key)!;
}

/** The order with this id to change: a generated one is materialized first, so the change sticks. */
export function orderToChange(state: SandboxState, id: string): SandboxOrder | undefined {
  const order = readOrder(state, id);
  return order && keepOrder(state, order);
}

/** The seller's notes of an order: the stored ones, else a generated order's own. */
export function notesOf(state: SandboxState, id: string): SandboxNote[] {
  return ownRecord(state.orders.notes, id) ?? generated(state, id)?.notes ?? [];
}

/** A payment of a generated order (not stored) by its id, with its order. */
export function generatedPayment(
  state: SandboxState,
  paymentId: number,
): { order: SandboxOrder; payment: SandboxPayment } | undefined {
  const index = syntheticOrdersOf(state);
  const at = index && syntheticPaymentOrder(index.count, paymentId);
  if (!index || at === undefined) return undefined;
  const order = readOrder(state, String(syntheticOrderId(at)));
  const payment = order?.data.payments.find((entry) => entry.id === paymentId);
  return order && payment ? { order, payment } : undefined;
}
