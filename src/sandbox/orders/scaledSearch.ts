/**
 * The order searches at scale: the generated orders that match, counted and paged without building them, merged
 * with the stored ones. For the seller's searches (the explorer's) the generated orders are walked in index order,
 * which is their sort order; totals come from counts by category over blocks of indexes, and only the few orders
 * whose reservation date lies near a threshold (retention, the view's 30 days, the date filters) are looked at one by
 * one. A buyer's search, or one with `q`, looks at every generated order once.
 */
import type { OrderSearchView } from '../../rules/orderSearch';
import { syntheticItemId, vehicleTemplateOf, vehicleTitle } from '../items/synthetic';
import type { SandboxState } from '../state';
import { EXPIRATION_DAYS, UNPAID_STATUSES } from './engine';
import type { SandboxOrder } from './state';
import {
  BLOCK,
  buildSyntheticOrder,
  CATEGORY_COUNT,
  type CategoryLook,
  MAX_PAYMENT_DELAY_MS,
  type OrdersIndex,
  orderItemIndex,
  syntheticOrderId,
  syntheticOrderIndex,
} from './synthetic';
import { syntheticOrdersOf } from './syntheticSeed';

const DAY = 86_400_000;

/** What a search asks of the generated orders. */
export interface ScaledOrderQuery {
  role: 'seller' | 'buyer';
  userId: number;
  view: OrderSearchView;
  /** date_created bounds (ms, inclusive), at hour resolution already. */
  from?: number;
  to?: number;
  /** Lower-cased text of `q`. */
  q?: string;
  tags: readonly string[];
  status?: string;
  now: number;
  /** Orders older than this (ms) are no longer returned. */
  retentionMs: number;
}

/** The generated side of one search. */
export interface ScaledOrders {
  /** Generated orders matching everything but the status filter, with this status. */
  statusCount(status: string): number;
  /** Generated orders matching (status filter included) that carry this tag. */
  tagCount(tag: string): number;
  /** Generated orders matching. */
  total: number;
  /**
   * A page of the merge of `stored` (the stored matches, in the search's order) with the generated matches: `dateOf`
   * is the stored order's sort date, `direction` 1 for date_asc and -1 for date_desc; ties break by id, ascending.
   * A generated order is built for the page alone (`generated`).
   */
  page(
    stored: readonly SandboxOrder[],
    dateOf: (order: SandboxOrder) => number,
    direction: 1 | -1,
    offset: number,
    limit: number,
  ): { order: SandboxOrder; generated: boolean }[];
}

/** The generated side of a search, or undefined when the caller has no generated orders. */
export function scaledOrders(state: SandboxState, query: ScaledOrderQuery): ScaledOrders | undefined {
  const index = syntheticOrdersOf(state);
  if (!index) return undefined;
  const buyer = query.role === 'buyer' ? index.source.buyers.findIndex((user) => user.id === query.userId) : -1;
  if (query.role === 'seller' ? query.userId !== index.source.seller.id : buyer < 0) return undefined;
  const exclude = new Set<number>();
  for (const id of Object.keys(state.orders.orders)) {
    const at = syntheticOrderIndex(index.count, Number(id));
    if (at !== undefined) exclude.add(at);
  }
  const search = new Search(index, query, buyer, exclude);
  return search.run();
}

/** How a reservation date compares with the search's thresholds. */
interface Sides {
  retained: boolean;
  afterFrom: boolean;
  beforeTo: boolean;
  unexpired: boolean;
}

class Search {
  private readonly expirationMs = EXPIRATION_DAYS * DAY;
  /** Generated orders matching everything but the status filter, by category. */
  private readonly counts = new Float64Array(CATEGORY_COUNT);
  /** With `q` or for a buyer: the matches, in the search's order by date (ascending). */
  private listed: number[] | undefined;
  /** Whether `q` is in a listing's id or title, by listing index (0: not looked at yet, 1: no, 2: yes). */
  private itemHits: Uint8Array | undefined;
  /** What `q` is made of. */
  private readonly qHasSpace: boolean;
  private readonly qDigits: boolean;
  /** The sides of the order being judged (one object, reused). */
  private readonly scratch: Sides = { retained: false, afterFrom: false, beforeTo: false, unexpired: false };
  /** Ranges of indexes where every reservation date is on one side of every threshold (`sides`), or not (fringes). */
  private segments: { start: number; end: number; sides?: Sides }[] = [];

  constructor(
    private readonly index: OrdersIndex,
    private readonly query: ScaledOrderQuery,
    private readonly buyer: number,
    private readonly exclude: Set<number>,
  ) {
    this.qHasSpace = query.q?.includes(' ') ?? false;
    this.qDigits = /^\d+$/.test(query.q ?? '');
  }

  run(): ScaledOrders {
    if (this.query.role === 'seller' && !this.query.q) this.countBySegments();
    else this.countOneByOne();
    for (const at of this.exclude) if (this.eligible(at)) this.counts[this.index.category[at]!]!--;
    const looks = this.index.looks;
    const sum = (keep: (look: CategoryLook) => boolean) => {
      let total = 0;
      looks.forEach((look, category) => {
        if (look && keep(look)) total += this.counts[category]!;
      });
      return total;
    };
    const status = this.query.status;
    const statusOk = (look: CategoryLook) => !status || look.status === status;
    return {
      statusCount: (value) => sum((look) => look.status === value),
      tagCount: (tag) => sum((look) => statusOk(look) && look.tags.includes(tag)),
      total: sum(statusOk),
      page: (stored, dateOf, direction, offset, limit) => this.page(stored, dateOf, direction, offset, limit),
    };
  }

  private sidesOf(created: number): Sides {
    const { now, from, to, retentionMs } = this.query;
    const sides = this.scratch;
    sides.retained = created >= now - retentionMs;
    sides.afterFrom = from === undefined || created >= from;
    sides.beforeTo = to === undefined || created <= to;
    sides.unexpired = created + this.expirationMs > now;
    return sides;
  }

  /** The search's filters on an order's category and reservation date (not the status filter). */
  private accepts(look: CategoryLook | undefined, sides: Sides): boolean {
    if (!look || look.status === 'payment_required') return false;
    if (this.query.role === 'seller' && !look.visible) return false;
    if (!sides.retained || !sides.afterFrom || !sides.beforeTo) return false;
    for (const tag of this.query.tags) if (!look.tags.includes(tag)) return false;
    switch (this.query.view) {
      case 'recent':
        return sides.unexpired && !look.tags.includes('delivered');
      case 'archived':
        return sides.unexpired || look.rated;
      case 'pending':
        return (
          (UNPAID_STATUSES as readonly string[]).includes(look.status) || (look.status === 'paid' && !look.released)
        );
      default:
        return true;
    }
  }

  /** Whether generated order k matches everything but the status filter (stored or not). */
  private eligible(at: number): boolean {
    const index = this.index;
    if (this.buyer >= 0 && index.buyer[at] !== this.buyer) return false;
    if (!this.accepts(index.looks[index.category[at]!], this.sidesOf(index.createdMs(at)))) return false;
    return !this.query.q || this.textMatches(at, this.query.q);
  }

  /**
   * Whether `q` is in what it searches: the order id, the item id and its title, joined by spaces. Without a space
   * in `q` it can only be inside one of them: the order id is checked only for digits, the listing once per listing.
   */
  private textMatches(at: number, q: string): boolean {
    const itemIndex = orderItemIndex(this.index.source, at);
    if (this.qHasSpace) return `${syntheticOrderId(at)} ${this.itemText(itemIndex)}`.includes(q);
    this.itemHits ??= new Uint8Array(this.index.source.items.count);
    if (this.itemHits[itemIndex] === 0) this.itemHits[itemIndex] = this.itemText(itemIndex).includes(q) ? 2 : 1;
    return this.itemHits[itemIndex] === 2 || (this.qDigits && String(syntheticOrderId(at)).includes(q));
  }

  private itemText(itemIndex: number): string {
    const items = this.index.source.items;
    return `${syntheticItemId(itemIndex)} ${vehicleTitle(vehicleTemplateOf(items, itemIndex))}`.toLowerCase();
  }

  private matches(at: number): boolean {
    if (this.exclude.has(at) || !this.eligible(at)) return false;
    const status = this.query.status;
    return !status || this.index.looks[this.index.category[at]!]?.status === status;
  }

  /**
   * Counts the seller's matches without looking at each order: the reservation dates only matter near the
   * thresholds (an order's date_created is at most 30 hours before its sort date), so between them whole ranges
   * of indexes match or not by category, and are counted from the block counts.
   */
  private countBySegments(): void {
    const { now, from, to, retentionMs } = this.query;
    const index = this.index;
    const thresholds = [now - retentionMs, now - this.expirationMs];
    if (from !== undefined) thresholds.push(from);
    if (to !== undefined) thresholds.push(to);
    // Orders before `below` were reserved before the threshold, orders from `above` on after it.
    const fringes = thresholds.map((at) => ({
      at,
      below: index.firstKeyAtOrAfter(at),
      above: index.firstKeyAtOrAfter(at + MAX_PAYMENT_DELAY_MS + 1),
    }));
    const points = [...new Set([0, index.count, ...fringes.flatMap((fringe) => [fringe.below, fringe.above])])].sort(
      (a, b) => a - b,
    );
    for (let segment = 0; segment + 1 < points.length; segment++) {
      const start = points[segment]!;
      const end = points[segment + 1]!;
      if (start >= end) continue;
      if (fringes.some((fringe) => fringe.below <= start && start < fringe.above)) {
        this.segments.push({ start, end });
        continue;
      }
      const after = (at: number) => start >= fringes.find((fringe) => fringe.at === at)!.above;
      this.segments.push({
        start,
        end,
        sides: {
          retained: after(now - retentionMs),
          afterFrom: from === undefined || after(from),
          beforeTo: to === undefined || !after(to),
          unexpired: after(now - this.expirationMs),
        },
      });
    }
    const range = new Float64Array(CATEGORY_COUNT);
    for (const { start, end, sides } of this.segments) {
      if (!sides) {
        for (let at = start; at < end; at++) if (this.eligible(at)) this.counts[index.category[at]!]!++;
        continue;
      }
      range.fill(0);
      this.rangeCounts(start, end, range);
      index.looks.forEach((look, category) => {
        if (this.accepts(look, sides)) this.counts[category]! += range[category]!;
      });
    }
  }

  /** Generated orders that match (status filter included, stored ones left out) with index in [start, end). */
  private countMatches(start: number, end: number): number {
    const index = this.index;
    const status = this.query.status;
    const range = new Float64Array(CATEGORY_COUNT);
    let total = 0;
    for (const segment of this.segments) {
      const from = Math.max(start, segment.start);
      const to = Math.min(end, segment.end);
      if (from >= to) continue;
      const sides = segment.sides;
      if (!sides) {
        for (let at = from; at < to; at++) if (this.matches(at)) total++;
        continue;
      }
      this.rangeCounts(from, to, range);
      index.looks.forEach((look, category) => {
        if (this.accepts(look, sides) && (!status || look?.status === status)) total += range[category]!;
        range[category] = 0;
      });
      for (const at of this.exclude) {
        if (
          at >= from &&
          at < to &&
          this.eligible(at) &&
          (!status || index.looks[index.category[at]!]?.status === status)
        ) {
          total--;
        }
      }
    }
    return total;
  }

  /** Orders per category with index in [start, end), from the block counts and the edges. */
  private rangeCounts(start: number, end: number, out: Float64Array): void {
    const { category, cumulative } = this.index;
    const firstBlock = Math.ceil(start / BLOCK);
    const lastBlock = Math.floor(end / BLOCK);
    if (firstBlock >= lastBlock) {
      for (let at = start; at < end; at++) out[category[at]!]!++;
      return;
    }
    for (let at = start; at < firstBlock * BLOCK; at++) out[category[at]!]!++;
    for (let c = 0; c < CATEGORY_COUNT; c++) {
      out[c]! += cumulative[lastBlock * CATEGORY_COUNT + c]! - cumulative[firstBlock * CATEGORY_COUNT + c]!;
    }
    for (let at = lastBlock * BLOCK; at < end; at++) out[category[at]!]!++;
  }

  /** Counts (and lists) the matches by looking at every generated order: a buyer's search, or one with `q`. */
  private countOneByOne(): void {
    const index = this.index;
    const listed: number[] = [];
    const status = this.query.status;
    for (let at = 0; at < index.count; at++) {
      if (!this.eligible(at)) continue;
      this.counts[index.category[at]!]!++;
      if (this.exclude.has(at)) continue;
      if (!status || index.looks[index.category[at]!]?.status === status) listed.push(at);
    }
    // A buyer's search sorts by date_created, which is not the index order.
    if (this.query.role === 'buyer') {
      listed.sort((a, b) => index.createdMs(a) - index.createdMs(b) || a - b);
    }
    this.listed = listed;
  }

  /** The sort date of generated order k for this search's role. */
  private dateOf(at: number): number {
    return this.query.role === 'seller' ? this.index.keyMs(at) : this.index.createdMs(at);
  }

  private page(
    stored: readonly SandboxOrder[],
    dateOf: (order: SandboxOrder) => number,
    direction: 1 | -1,
    offset: number,
    limit: number,
  ): { order: SandboxOrder; generated: boolean }[] {
    const walker = this.listed ? this.listWalker(direction) : this.indexWalker(direction);
    const out: (SandboxOrder | number)[] = [];
    let storedAt = 0;
    let skip = offset;
    while (out.length < limit) {
      const order = stored[storedAt];
      // Generated matches before the next stored order are skipped in bulk (counted, not looked at one by one).
      if (skip > 0 && walker.skipBefore) {
        const bound = order && this.index.firstKeyAtOrAfter(dateOf(order) + (direction === 1 ? 0 : 1));
        skip -= walker.skipBefore(skip, bound);
      }
      const generated = walker.peek();
      if (order === undefined && generated === undefined) break;
      const storedFirst =
        generated === undefined ||
        (order !== undefined &&
          (direction * (dateOf(order) - this.dateOf(generated)) || order.data.id - syntheticOrderId(generated)) < 0);
      let entry: SandboxOrder | number;
      if (storedFirst) {
        entry = order!;
        storedAt++;
      } else {
        entry = generated!;
        walker.take();
      }
      if (skip > 0) skip--;
      else out.push(entry);
    }
    return out.map((entry) =>
      typeof entry === 'number'
        ? { order: buildSyntheticOrder(this.index.source, entry).order, generated: true }
        : { order: entry, generated: false },
    );
  }

  /** The listed matches (a buyer's search, or one with `q`) in the search's order. */
  private listWalker(direction: 1 | -1): Walker {
    const listed = this.listed!;
    // Ties (same date) stay by id ascending in both directions.
    const ordered = direction === 1 ? listed : [...listed].sort((a, b) => this.dateOf(b) - this.dateOf(a) || a - b);
    let position = 0;
    return { peek: () => ordered[position], take: () => position++ };
  }

  /**
   * The seller's matches in index order (the sort order), found block by block: a block of BLOCK indexes without a
   * match is passed over from the counts, and so is a block of matches that an offset skips.
   */
  private indexWalker(direction: 1 | -1): Walker {
    const count = this.index.count;
    let position = direction === 1 ? 0 : count - 1;
    let peeked: number | undefined;
    /** The block starting at `position` in the walk's direction, when `position` starts one: [start, end). */
    const blockAt = (at: number): [number, number] | undefined => {
      if (direction === 1) return at % BLOCK === 0 ? [at, Math.min(at + BLOCK, count)] : undefined;
      return (at + 1) % BLOCK === 0 || at === count - 1 ? [at - (at % BLOCK), at + 1] : undefined;
    };
    const inside = (at: number) => at >= 0 && at < count;
    return {
      peek: () => {
        while (peeked === undefined && inside(position)) {
          const block = blockAt(position);
          if (block && this.countMatches(block[0], block[1]) === 0) {
            position = direction === 1 ? block[1] : block[0] - 1;
            continue;
          }
          if (this.matches(position)) peeked = position;
          else position += direction;
        }
        return peeked;
      },
      take: () => {
        position = peeked! + direction;
        peeked = undefined;
      },
      skipBefore: (wanted, bound) => {
        if (peeked !== undefined) {
          position = peeked;
          peeked = undefined;
        }
        const before = (at: number) => bound === undefined || (direction === 1 ? at < bound : at >= bound);
        let skipped = 0;
        while (skipped < wanted && inside(position) && before(position)) {
          const block = blockAt(position);
          if (block && before(direction === 1 ? block[1] - 1 : block[0])) {
            const matches = this.countMatches(block[0], block[1]);
            if (skipped + matches <= wanted) {
              skipped += matches;
              position = direction === 1 ? block[1] : block[0] - 1;
              continue;
            }
          }
          if (this.matches(position)) skipped++;
          position += direction;
        }
        return skipped;
      },
    };
  }
}

/** The generated matches of a page walk, in the search's order. */
interface Walker {
  /** The next match, not taken yet (undefined at the end). */
  peek(): number | undefined;
  take(): void;
  /** Skips up to `wanted` matches placed before index `bound` in the walk (all, without a bound); how many it did. */
  skipBefore?(wanted: number, bound: number | undefined): number;
}
