/**
 * Reading and changing items by id when some are generated (`--scale`): the stored item wins; a generated listing is
 * built for a read and stored (materialized) only when something changes it.
 */
import { ownRecord } from '../records';
import type { SandboxState } from '../state';
import type { SandboxItem } from './state';
import { buildSyntheticItem, syntheticItemIndex, syntheticItemsOf } from './synthetic';

/** The item with this id to read: the stored one, else a generated listing built for the answer (not stored). */
export function readItem(state: SandboxState, id: string): SandboxItem | undefined {
  const stored = ownRecord(state.items.items, id);
  if (stored) return stored;
  const synthetic = syntheticItemsOf(state.items, state.meta.seed);
  if (!synthetic) return undefined;
  const index = syntheticItemIndex(synthetic.count, id);
  return index === undefined ? undefined : buildSyntheticItem(synthetic.source, index, state.items.categories);
}

/** Stores an item read with `readItem` that is being changed (a generated one is materialized; a stored one stays). */
export function keepItem(state: SandboxState, item: SandboxItem): SandboxItem {
  const stored = ownRecord(state.items.items, item.id);
  if (stored) return stored;
  state.items.items[item.id] = item;
  // Read back: through the server's tracking view, later changes to it are seen as changes of the stored item.
  return ownRecord(state.items.items, item.id)!;
}

/** The item with this id to change: a generated listing is materialized first, so the change sticks. */
export function itemToChange(state: SandboxState, id: string): SandboxItem | undefined {
  const item = readItem(state, id);
  return item && keepItem(state, item);
}

/** Whether an item with this id exists, stored or generated. */
export function itemExists(state: SandboxState, id: string): boolean {
  if (ownRecord(state.items.items, id)) return true;
  const synthetic = syntheticItemsOf(state.items, state.meta.seed);
  return synthetic !== undefined && syntheticItemIndex(synthetic.count, id) !== undefined;
}
