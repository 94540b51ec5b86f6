import type { SeedContext } from '../family';
import { ORDERS_PER_LISTING } from '../scale';
import type { SandboxState } from '../state';
import type { OrdersSlice } from './state';
import { type OrdersIndex, ordersIndex } from './synthetic';

/**
 * At `--scale N` the seeded slice also records 10·N generated orders (dates laid out from the seeding instant) and
 * builds their index at once, so the first search does not pay for it. The default seed is left as it is.
 */
export function withSyntheticOrders(slice: OrdersSlice, context: SeedContext): OrdersSlice {
  const scale = context.state.meta?.scale ?? 0;
  const items = context.state.items?.synthetic;
  if (scale <= 0 || !items) return slice;
  slice.synthetic = { count: scale * ORDERS_PER_LISTING, anchor_ms: context.now.getTime() };
  ordersIndex(context.state.meta!.seed, slice.synthetic, items, context.state.users?.users ?? [], slice);
  return slice;
}

/** The generated orders of a state seeded at scale, or undefined. */
export function syntheticOrdersOf(state: SandboxState): OrdersIndex | undefined {
  const synthetic = state.orders.synthetic;
  const items = state.items.synthetic;
  if (!synthetic || !items || synthetic.count <= 0) return undefined;
  return ordersIndex(state.meta.seed, synthetic, items, state.users.users, state.orders);
}
