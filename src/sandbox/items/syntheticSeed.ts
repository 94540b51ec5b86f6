import type { SeedContext } from '../family';
import type { ItemsSlice } from './state';
import { itemsIndex } from './synthetic';

/**
 * At `--scale N` the seeded slice also records N generated listings (dates laid out from the seeding instant) and
 * builds their index at once, so the first search does not pay for it. The default seed is left as it is.
 */
export function withSyntheticItems(slice: ItemsSlice, context: SeedContext): ItemsSlice {
  const count = context.state.meta?.scale ?? 0;
  if (count <= 0) return slice;
  slice.synthetic = { count, anchor_ms: context.now.getTime() };
  const index = itemsIndex(context.state.meta!.seed, slice.synthetic);
  index.order('start_time', -1);
  return slice;
}
