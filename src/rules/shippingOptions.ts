import { type DeliveryTimeLike, type PromiseSpan, promiseSpan } from './deliveryPromise';

// Which shipping options a buyer sees, following the spec's `display`: `always` must be shown, `optional` may be
// hidden when a faster and cheaper method exists, `recommended` is highlighted.
//
// "Faster" is decided by the promise (`promiseSpan`): by the last promised day when both options give dates
// (`offset.date`, else `date`), else by the last promised hour counted from the quote, `shipping + offset.shipping`
// plus `handling` when it is known. Options whose promises are not on the same footing (one with dates, one with
// hours only, or no promise at all) are never called faster than each other.
// "Cheaper" is decided by `cost` (what the buyer pays), never `list_cost`. An option without a cost is not compared.
// An optional option is folded when another option is strictly faster and costs no more: the same test the
// sandbox uses to mark options optional, so every option it marks optional is folded.

/** The fields of a shipping option read here. */
export interface OptionLike {
  cost?: number | null;
  display?: string | null;
  estimated_delivery_time?: DeliveryTimeLike | null;
}

export type SortBy = 'cost' | 'speed';

export interface ArrangedOption<T extends OptionLike = OptionLike> {
  option: T;
  /** Position in the answer's `options`. */
  index: number;
  /** `display: recommended`. */
  highlighted: boolean;
  /** Index of the option that is faster and no dearer, when this optional one is folded. */
  foldedBy: number | undefined;
  /** Among the shown options: the lowest cost, the earliest promise (ties all marked). */
  cheapest: boolean;
  fastest: boolean;
}

export interface Arrangement<T extends OptionLike = OptionLike> {
  /** The options shown, in the chosen order. */
  shown: ArrangedOption<T>[];
  /** The options behind "Show all options", in the chosen order. */
  folded: ArrangedOption<T>[];
  /** The recommended option (the first one when the answer recommends several), if shown. */
  highlighted: ArrangedOption<T> | undefined;
}

const costOf = (option: OptionLike): number | undefined =>
  typeof option.cost === 'number' && Number.isFinite(option.cost) ? option.cost : undefined;

/** Whether span `a` ends strictly before span `b` (same basis only). */
function endsBefore(a: PromiseSpan | undefined, b: PromiseSpan | undefined): boolean {
  if (!a || !b || a.basis !== b.basis) return false;
  return a.last < b.last;
}

/** Whether `a` is faster than `b` (see the comment at the top). */
export const isFaster = (a: OptionLike, b: OptionLike): boolean =>
  endsBefore(promiseSpan(a.estimated_delivery_time), promiseSpan(b.estimated_delivery_time));

/** The index of an option that is faster than `options[index]` and costs no more, or undefined. */
export function dominatorOf(options: readonly OptionLike[], index: number): number | undefined {
  const option = options[index]!;
  const cost = costOf(option);
  if (cost === undefined) return undefined;
  const found = options.findIndex((other, at) => {
    if (at === index) return false;
    const otherCost = costOf(other);
    return otherCost !== undefined && otherCost <= cost && isFaster(other, option);
  });
  return found < 0 ? undefined : found;
}

/** Sort key of a promise: dates before hours before nothing, then the last and first promised day or hour. */
function speedKey(option: OptionLike): [number, string | number, string | number] {
  const span = promiseSpan(option.estimated_delivery_time);
  if (!span) return [2, 0, 0];
  return [span.basis === 'date' ? 0 : 1, span.last, span.first];
}

const compare = (a: string | number, b: string | number): number => (a < b ? -1 : a > b ? 1 : 0);

function bySpeed(a: OptionLike, b: OptionLike): number {
  const [ka, kb] = [speedKey(a), speedKey(b)];
  return compare(ka[0], kb[0]) || compare(ka[1], kb[1]) || compare(ka[2], kb[2]);
}

function byCost(a: OptionLike, b: OptionLike): number {
  const [ca, cb] = [costOf(a), costOf(b)];
  if (ca === undefined || cb === undefined) return ca === cb ? 0 : ca === undefined ? 1 : -1;
  return ca - cb;
}

/** Indexes of the entries sharing the lowest cost, and of those sharing the earliest promise (same basis). */
function bestOf(entries: readonly OptionLike[]): { cheapest: number[]; fastest: number[] } {
  const costs = entries.map(costOf);
  const lowest = Math.min(...costs.filter((cost): cost is number => cost !== undefined));
  const cheapest = costs.flatMap((cost, index) => (cost !== undefined && cost === lowest ? [index] : []));
  const keys = entries.map((entry) => speedKey(entry));
  const best = [...keys].sort((a, b) => compare(a[0], b[0]) || compare(a[1], b[1]))[0];
  const fastest =
    best && best[0] < 2 ? keys.flatMap((key, index) => (key[0] === best[0] && key[1] === best[1] ? [index] : [])) : [];
  return { cheapest, fastest };
}

/**
 * Arranges the options of one quote: optional options beaten by a faster and no dearer one are folded behind
 * "Show all options", the recommended one is highlighted, and the rest are sorted by cost (then speed) or by speed
 * (then cost), the answer's order breaking ties. `always` and `recommended` options are never folded.
 */
export function arrangeOptions<T extends OptionLike>(options: readonly T[], sort: SortBy): Arrangement<T> {
  const arranged: ArrangedOption<T>[] = options.map((option, index) => ({
    option,
    index,
    highlighted: option.display === 'recommended',
    foldedBy: option.display === 'optional' ? dominatorOf(options, index) : undefined,
    cheapest: false,
    fastest: false,
  }));
  const order = (a: ArrangedOption<T>, b: ArrangedOption<T>) =>
    (sort === 'cost'
      ? byCost(a.option, b.option) || bySpeed(a.option, b.option)
      : bySpeed(a.option, b.option) || byCost(a.option, b.option)) || a.index - b.index;
  const shown = arranged.filter((entry) => entry.foldedBy === undefined).sort(order);
  const folded = arranged.filter((entry) => entry.foldedBy !== undefined).sort(order);
  const best = bestOf(shown.map((entry) => entry.option));
  for (const at of best.cheapest) shown[at]!.cheapest = true;
  for (const at of best.fastest) shown[at]!.fastest = true;
  return { shown, folded, highlighted: shown.find((entry) => entry.highlighted) };
}

/** An option of a quote keyed by destination: the key (a city id) and the option's index in that result. */
export interface OptionRef {
  key: string;
  index: number;
}

export interface ArrangedResults<T extends OptionLike = OptionLike> {
  /** Each destination's arrangement, keyed as the answer keys it. */
  byKey: Record<string, Arrangement<T>>;
  /** The shown options with the lowest cost across every destination (ties all listed). */
  cheapest: OptionRef[];
  /** The shown options with the earliest promise across every destination (ties all listed). */
  fastest: OptionRef[];
}

/**
 * Arranges a city-keyed answer (several destinations, e.g. MCO's `city_to=a,b`) and marks the cheapest and the
 * fastest shown options across all of them. Each arrangement's own `cheapest`/`fastest` stay per destination.
 */
export function arrangeResults<T extends OptionLike>(
  results: Readonly<Record<string, { options: readonly T[] }>>,
  sort: SortBy,
): ArrangedResults<T> {
  const byKey: Record<string, Arrangement<T>> = {};
  const refs: OptionRef[] = [];
  const entries: T[] = [];
  for (const [key, result] of Object.entries(results)) {
    const arrangement = arrangeOptions(result.options ?? [], sort);
    byKey[key] = arrangement;
    for (const shown of arrangement.shown) {
      refs.push({ key, index: shown.index });
      entries.push(shown.option);
    }
  }
  const best = bestOf(entries);
  return {
    byKey,
    cheapest: best.cheapest.map((at) => refs[at]!),
    fastest: best.fastest.map((at) => refs[at]!),
  };
}
