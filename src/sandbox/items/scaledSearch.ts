/**
 * The seller's items search at scale: the stored items that match (seeded, created, materialized) merged, in the
 * search's order, with the generated listings that match. The generated side is walked in a precomputed sort order
 * with statuses read from a typed array, and totals come from counts by status: no generated listing is built.
 */

import { ITEM_STATUSES } from '../../model/item';
import type { ItemsSlice, ScrollRecord, SyntheticScroll } from './state';
import {
  type ItemsIndex,
  type SyntheticSortField,
  syntheticItemId,
  syntheticItemIndex,
  syntheticSkuIndex,
} from './synthetic';

/** A stored item that matches, with its sort key. */
export interface StoredMatch {
  id: string;
  key: number;
}

/** The filters of a search as the generated side reads them. */
export interface ScaledFilters {
  statuses: string[] | undefined;
  sku: string | null;
}

/** A sort of the search: its id (`stop_time_asc`) and direction. */
export interface ScaledSort {
  id: string;
  direction: 1 | -1;
}

const fieldOf = (sort: ScaledSort) => sort.id.replace(/_(asc|desc)$/, '') as SyntheticSortField;

/** Generated listings that are stored (materialized): the stored copy is the one searched. */
function storedIndexes(slice: ItemsSlice, index: ItemsIndex): Set<number> {
  const found = new Set<number>();
  for (const id of Object.keys(slice.items)) {
    const at = syntheticItemIndex(index.count, id);
    if (at !== undefined) found.add(at);
  }
  return found;
}

/** Which generated listings a walk accepts, and how many there are. */
interface Acceptor {
  accept(at: number): boolean;
  total: number;
}

function acceptor(
  index: ItemsIndex,
  statuses: readonly string[] | null,
  skuIndex: number | null,
  exclude: Set<number>,
) {
  const allowed = statuses ? ITEM_STATUSES.map((status) => statuses.includes(status)) : undefined;
  const accept = (at: number) =>
    (skuIndex === null || at === skuIndex) && (!allowed || allowed[index.status[at]!] === true) && !exclude.has(at);
  let total: number;
  if (skuIndex !== null) total = skuIndex >= 0 && accept(skuIndex) ? 1 : 0;
  else {
    total = 0;
    index.statusCounts.forEach((count, code) => {
      if (!allowed || allowed[code]) total += count;
    });
    for (const at of exclude) if (!allowed || allowed[index.status[at]!]) total--;
  }
  return { accept, total } satisfies Acceptor;
}

interface WalkState {
  storedPosition: number;
  syntheticPosition: number;
  /** Generated listings not walked yet. */
  syntheticLeft: number;
}

/**
 * Walks the merge of stored matches and generated listings in the search's order from `state`, skipping `skip`
 * results, then returning up to `take` ids; `state` moves along. Ties break by id, ascending, as the search does.
 */
function walk(
  stored: readonly StoredMatch[],
  index: ItemsIndex,
  sort: ScaledSort,
  acceptance: Acceptor,
  state: WalkState,
  skip: number,
  take: number,
): string[] {
  const field = fieldOf(sort);
  const order = index.order(field, sort.direction);
  const out: string[] = [];
  const seek = () => {
    if (state.syntheticLeft <= 0) return undefined;
    while (state.syntheticPosition < order.length && !acceptance.accept(order[state.syntheticPosition]!)) {
      state.syntheticPosition++;
    }
    return state.syntheticPosition < order.length ? order[state.syntheticPosition] : undefined;
  };
  let next = seek();
  while (out.length < take) {
    const entry = stored[state.storedPosition];
    if (entry === undefined && next === undefined) break;
    let id: string;
    const fromStored =
      next === undefined ||
      (entry !== undefined && compare(entry, { id: syntheticItemId(next), key: index.key(field, next) }, sort) < 0);
    if (fromStored) {
      id = entry!.id;
      state.storedPosition++;
    } else {
      id = syntheticItemId(next!);
      state.syntheticPosition++;
      state.syntheticLeft--;
      next = seek();
    }
    if (skip > 0) skip--;
    else out.push(id);
  }
  return out;
}

function compare(a: StoredMatch, b: StoredMatch, sort: ScaledSort): number {
  return (a.key - b.key) * sort.direction || a.id.localeCompare(b.id);
}

function skuIndexOf(index: ItemsIndex, sku: string | null): number | null {
  if (!sku) return null;
  return syntheticSkuIndex(index.count, sku) ?? -1;
}

/** An offset page at scale: the total and the page's ids. */
export function scaledPage(
  slice: ItemsSlice,
  index: ItemsIndex,
  stored: readonly StoredMatch[],
  filters: ScaledFilters,
  sort: ScaledSort,
  offset: number,
  limit: number,
): { total: number; ids: string[] } {
  const acceptance = acceptor(
    index,
    filters.statuses ?? null,
    skuIndexOf(index, filters.sku),
    storedIndexes(slice, index),
  );
  const state = { storedPosition: 0, syntheticPosition: 0, syntheticLeft: acceptance.total };
  const ids = walk(stored, index, sort, acceptance, state, offset, limit);
  return { total: stored.length + acceptance.total, ids };
}

/** A scan at scale, frozen at its first call: the stored matches as they are now, the generated ones by position. */
export function scaledScroll(
  slice: ItemsSlice,
  index: ItemsIndex,
  stored: readonly StoredMatch[],
  filters: ScaledFilters,
  sort: ScaledSort,
): Pick<ScrollRecord, 'ids' | 'synthetic'> {
  const exclude = storedIndexes(slice, index);
  const skuIndex = skuIndexOf(index, filters.sku);
  const statuses = filters.statuses ?? null;
  const { total } = acceptor(index, statuses, skuIndex, exclude);
  return {
    ids: stored.map((entry) => entry.id),
    synthetic: {
      sort: sort.id,
      statuses,
      sku_index: skuIndex,
      keys: stored.map((entry) => entry.key),
      exclude: [...exclude],
      stored_position: 0,
      synthetic_position: 0,
      total: stored.length + total,
    },
  };
}

/** The next page of a scan at scale; the scroll moves along. */
export function nextScaledPage(
  index: ItemsIndex,
  scroll: ScrollRecord & { synthetic: SyntheticScroll },
  limit: number,
) {
  const frozen = scroll.synthetic;
  const sort: ScaledSort = { id: frozen.sort, direction: frozen.sort.endsWith('_desc') ? -1 : 1 };
  const acceptance = acceptor(index, frozen.statuses, frozen.sku_index, new Set(frozen.exclude));
  const stored = scroll.ids.map((id, at) => ({ id, key: frozen.keys[at]! }));
  const walkedSynthetic = scroll.position - frozen.stored_position;
  const state: WalkState = {
    storedPosition: frozen.stored_position,
    syntheticPosition: frozen.synthetic_position,
    syntheticLeft: frozen.total - stored.length - walkedSynthetic,
  };
  const ids = walk(stored, index, sort, acceptance, state, 0, limit);
  frozen.stored_position = state.storedPosition;
  frozen.synthetic_position = state.syntheticPosition;
  return ids;
}
