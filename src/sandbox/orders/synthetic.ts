/**
 * The orders of `--scale N`: 10·N reservation orders of the seller on its generated vehicle listings, generated on
 * demand from (seed, index) and never stored until something changes them. Each is built by the order engine itself
 * (createReservation, payments, feedback, the clock's deadlines), as the seed builds its orders, so the shapes are
 * the same. Every generated order ends in a state no deadline moves (paid with the money released, or cancelled).
 *
 * What the searches need is decided without building: the order's story, buyer and dates come from cheap per-index
 * facts kept in typed arrays; its status, tags and visibility come from its category, learnt once by building one
 * order of each category with the engine.
 */
import { mandatoryPaymentFlow } from '../../rules/payments';
import {
  type ItemsSource,
  itemSummary,
  itemsSource,
  VEHICLE_EVERY,
  VEHICLE_TEMPLATE_COUNT,
  vehicleTemplateOf,
} from '../items/synthetic';
import { hashString, Rng } from '../random';
import { DerivedCache, mix, type SyntheticRecords, unit } from '../scale';
import { buyerIds, SELLER_ID } from '../users/ids';
import type { SandboxUser } from '../users/state';
import {
  addPayment,
  advanceOrders,
  createReservation,
  creditPending,
  depositFor,
  EXPIRATION_DAYS,
  type OrderWorld,
  tagFraud,
} from './engine';
import type { OrdersSlice, SandboxNote, SandboxOrder } from './state';
import { recordBuyerVerdict, recordDelivery, recordReturn, seedNotes } from './stories';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Ids of generated orders, payments and feedback: below the counters' starts, so they never meet created ones. */
export const SYNTHETIC_ORDER_ID_START = 2_000_000_001;
const PAYMENT_ID_START = 40_000_000_000;
const FEEDBACK_ID_START = 9_000_000_000;
/** Payment and feedback ids reserved per order. */
const PAYMENTS_PER_ORDER = 4;
const FEEDBACK_PER_ORDER = 2;
/** The longest wait between a reservation and its payment (paid orders sort by date_closed, the payment). */
export const MAX_PAYMENT_DELAY_MS = 30 * HOUR;

const SALT = { story: 11, delay: 12, buyer: 13, item: 14, fraud: 15, build: 16 } as const;

/** How each generated order's life went; all end in a state no deadline moves. */
export const STORIES = [
  'completed',
  'released_by_deadline',
  'returned',
  'not_received',
  'expired',
  'unpaid_cancelled',
] as const;
type Story = (typeof STORIES)[number];
/** Shares of each story for orders older than a month, and for younger ones (not yet past the rating deadline). */
const OLD_SHARES = [0.6, 0.08, 0.08, 0.04, 0.08, 0.12];
const YOUNG_SHARES = [0.66, 0, 0.1, 0.06, 0, 0.18];
const bounds = (shares: number[]) => shares.map((_, at) => shares.slice(0, at + 1).reduce((a, b) => a + b, 0));
const OLD_BOUNDS = bounds(OLD_SHARES);
const YOUNG_BOUNDS = bounds(YOUNG_SHARES);

/** Categories: story × fraud tag × mandatory flow. */
export const CATEGORY_COUNT = STORIES.length * 4;
const categoryOf = (story: number, fraud: boolean, flow: boolean) => story * 4 + (fraud ? 2 : 0) + (flow ? 1 : 0);

/** What a generated order is, decided from (seed, index) alone. */
export interface OrderFacts {
  index: number;
  story: Story;
  fraud: boolean;
  /** Whether it entered the mandatory payment flow. */
  flow: boolean;
  category: number;
  itemIndex: number;
  buyer: number;
  /** The date it sorts by for its seller: date_closed (the payment) once paid, else date_created. */
  keyMs: number;
  createdMs: number;
}

/** What the generated orders derive from: the seed, the generated listings, the buyers, the sites. */
export interface OrdersSource {
  seedHash: number;
  count: number;
  anchorMs: number;
  items: ItemsSource;
  seller: SandboxUser;
  buyers: SandboxUser[];
  /** The orders slice's sites, payment methods and platform-only categories (the flow rule reads them). */
  world: Pick<OrdersSlice, 'sites' | 'paymentMethods' | 'platformOnlyCategories'>;
  /** Whether the flow applies, by vehicle template and buyer. */
  flows: boolean[][];
}

/** The sort date of generated order k: strictly growing with k, from 360 to 2 days before the anchor. */
export function keyMsOf(source: Pick<OrdersSource, 'anchorMs' | 'count'>, index: number): number {
  const anchorSec = Math.floor(source.anchorMs / 1000);
  const span = 358 * 86_400;
  return (anchorSec - 360 * 86_400 + Math.floor(((index + 1) * span) / (source.count + 1))) * 1000;
}

/** The generated vehicle listing that generated order k reserved. */
export function orderItemIndex(source: Pick<OrdersSource, 'seedHash' | 'items'>, index: number): number {
  const vehicles = Math.ceil(source.items.count / VEHICLE_EVERY);
  return VEHICLE_EVERY * (mix(source.seedHash, index, SALT.item) % vehicles);
}

/** The facts of generated order k. */
export function orderFactsAt(source: OrdersSource, index: number): OrderFacts {
  const keyMs = keyMsOf(source, index);
  const young = source.anchorMs - keyMs < 32 * DAY;
  const u = unit(mix(source.seedHash, index, SALT.story));
  const storyAt = (young ? YOUNG_BOUNDS : OLD_BOUNDS).findIndex((bound) => u < bound);
  const story = storyAt < 0 ? 0 : storyAt;
  const itemIndex = orderItemIndex(source, index);
  const buyer = mix(source.seedHash, index, SALT.buyer) % source.buyers.length;
  const flow = source.flows[vehicleTemplateOf(source.items, itemIndex)]![buyer]!;
  const fraud = STORIES[story] === 'returned' && mix(source.seedHash, index, SALT.fraud) % 20 === 0;
  const paid = STORIES[story] !== 'unpaid_cancelled';
  // Whole minutes, from 12 minutes to 30 hours.
  const delayMinutes = paid ? 12 + (mix(source.seedHash, index, SALT.delay) % (MAX_PAYMENT_DELAY_MS / MINUTE - 11)) : 0;
  return {
    index,
    story: STORIES[story]!,
    fraud,
    flow,
    category: categoryOf(story, fraud, flow),
    itemIndex,
    buyer,
    keyMs,
    createdMs: keyMs - delayMinutes * MINUTE,
  };
}

/** The id of generated order k, and back. */
export const syntheticOrderId = (index: number) => SYNTHETIC_ORDER_ID_START + index;
export function syntheticOrderIndex(count: number, id: number): number | undefined {
  const index = id - SYNTHETIC_ORDER_ID_START;
  return Number.isInteger(index) && index >= 0 && index < count ? index : undefined;
}
/** The generated order a payment id belongs to. */
export function syntheticPaymentOrder(count: number, paymentId: number): number | undefined {
  const index = Math.floor((paymentId - PAYMENT_ID_START) / PAYMENTS_PER_ORDER);
  return Number.isInteger(index) && index >= 0 && index < count ? index : undefined;
}

/** A generated order and its seller's notes. */
export interface BuiltOrder {
  order: SandboxOrder;
  notes: SandboxNote[];
}

/**
 * Plays an order's story through the engine on a slice of its own, with the clock at each step, exactly as the seed
 * plays its orders: the reservation at createdMs, the payment at keyMs (so date_closed is the sort date), then
 * delivery, feedback and the deadlines up to the anchor.
 */
function play(source: OrdersSource, facts: OrderFacts, rng: Rng): BuiltOrder {
  const item = itemSummary(source.items, facts.itemIndex);
  const buyer = source.buyers[facts.buyer]!;
  const seller = source.seller;
  let clock = new Date(facts.createdMs);
  let payments = 0;
  let feedback = 0;
  const slice: OrdersSlice = {
    orders: {},
    notes: {},
    blacklists: {},
    ...source.world,
    prohibitedSellers: [],
  };
  const world: OrderWorld = {
    slice,
    now: () => clock,
    nextId: (kind) => {
      if (kind === 'order') return syntheticOrderId(facts.index);
      if (kind === 'payment') return PAYMENT_ID_START + facts.index * PAYMENTS_PER_ORDER + payments++;
      if (kind === 'feedback') return FEEDBACK_ID_START + facts.index * FEEDBACK_PER_ORDER + feedback++;
      throw new Error(`A generated order has no ${kind} ids.`);
    },
    notify: () => {},
    adjustStock: () => {},
  };
  const flow = mandatoryPaymentFlow({
    site: source.world.sites[item.site_id] ?? { id: item.site_id, payment_method_ids: [] },
    item,
    platformOnlyCategory: source.world.platformOnlyCategories.includes(item.category_id),
    seller,
    buyer,
  });
  const coupon = facts.story === 'completed' && rng.chance(0.02) ? { amount: 50, id: 'RESERVA-50' } : undefined;
  const order = createReservation(world, {
    item,
    buyer,
    seller,
    deposit: depositFor(item.price, item.currency_id),
    flow,
    coupon: item.currency_id === 'USD' ? coupon : undefined,
  });
  const notes: SandboxNote[] = [];
  const expiration = facts.createdMs + EXPIRATION_DAYS * DAY;
  const latest = source.anchorMs - 10 * MINUTE;
  const next = (after: number, minHours: number, maxHours: number) => {
    const upper = Math.min(after + maxHours * HOUR, latest, expiration - HOUR);
    const lower = Math.min(after + minHours * HOUR, upper);
    return Math.round(lower + rng.next() * (upper - lower));
  };
  if (facts.story !== 'unpaid_cancelled') {
    const paidAt = facts.keyMs;
    if (flow.applies) {
      if (facts.story === 'completed' && rng.chance(0.05)) {
        clock = new Date(paidAt - 5 * MINUTE);
        addPayment(world, order, { amount: order.data.total_amount, outcome: 'rejected', methodId: 'master' });
      }
      clock = new Date(paidAt);
      addPayment(world, order, {
        amount: order.data.total_amount,
        outcome: 'approved',
        methodId: rng.pick(['visa', 'master', 'account_money']),
      });
    } else {
      clock = new Date(paidAt);
      creditPending(world, order);
    }
    notes.push(
      ...(seedNotes(rng, paidAt, latest, (n) => `65a1${(facts.index * 4 + n).toString(16).padStart(20, '0')}`) ?? []),
    );
    if (facts.story === 'returned') {
      const returnedAt = next(paidAt, 24, 20 * 24);
      clock = new Date(returnedAt);
      recordReturn(world, order);
      if (facts.fraud) {
        clock = new Date(returnedAt + HOUR);
        tagFraud(world, order);
      }
    } else if (facts.story !== 'expired') {
      const deliveredAt = next(paidAt, 24, 15 * 24);
      clock = new Date(deliveredAt);
      recordDelivery(world, order);
      if (facts.story !== 'released_by_deadline') {
        clock = new Date(next(deliveredAt, 2, 72));
        recordBuyerVerdict(world, order, facts.story === 'completed');
      }
    }
  }
  // Deadlines passed by the anchor (unpaid cancellations, expirations, releases) take effect.
  clock = new Date(source.anchorMs);
  advanceOrders(world);
  return { order, notes };
}

/** Generated order k in full, with its notes; new objects on each call. */
export function buildSyntheticOrder(source: OrdersSource, index: number): BuiltOrder {
  return play(source, orderFactsAt(source, index), new Rng(mix(source.seedHash, index, SALT.build)));
}

/** What every order of a category shows, learnt from one order of it built by the engine. */
export interface CategoryLook {
  status: string;
  tags: string[];
  visible: boolean;
  released: boolean;
  /** Both parties rated it. */
  rated: boolean;
}

/** The look of each category that occurs (undefined for combinations no order has, such as a flow no pair gives). */
function learnCategories(source: OrdersSource): (CategoryLook | undefined)[] {
  const looks: (CategoryLook | undefined)[] = [];
  const templates = source.flows.length;
  for (let category = 0; category < CATEGORY_COUNT; category++) {
    const story = Math.floor(category / 4);
    const fraud = (category & 2) !== 0;
    const flow = (category & 1) !== 0;
    if (fraud && STORIES[story] !== 'returned') continue;
    let pair: [number, number] | undefined;
    for (let template = 0; template < templates && !pair; template++) {
      const buyer = source.flows[template]!.indexOf(flow);
      if (buyer >= 0) pair = [template, buyer];
    }
    if (!pair) continue;
    const itemIndex = firstVehicleOf(source.items, pair[0]);
    if (itemIndex === undefined) continue;
    const keyMs = source.anchorMs - 100 * DAY;
    const facts: OrderFacts = {
      index: 0,
      story: STORIES[story]!,
      fraud,
      flow,
      category,
      itemIndex,
      buyer: pair[1],
      keyMs,
      createdMs: STORIES[story] === 'unpaid_cancelled' ? keyMs : keyMs - HOUR,
    };
    const { order } = play(source, facts, new Rng(category));
    looks[category] = {
      status: order.data.status,
      tags: [...order.data.tags],
      visible: order.visible_to_seller,
      released: order.money_released,
      rated: order.data.feedback.sale !== null && order.data.feedback.purchase !== null,
    };
  }
  return looks;
}

function firstVehicleOf(items: ItemsSource, template: number): number | undefined {
  for (let index = 0; index < items.count; index += VEHICLE_EVERY) {
    if (vehicleTemplateOf(items, index) === template) return index;
  }
  return undefined;
}

/** Typed arrays over every generated order: category, payment delay, buyer, and counts by block of indexes. */
export interface OrdersIndex {
  source: OrdersSource;
  count: number;
  category: Uint8Array;
  /** Minutes between the reservation and its payment (0 when never paid). */
  delayMinutes: Uint16Array;
  buyer: Uint8Array;
  looks: (CategoryLook | undefined)[];
  /** Orders per category before each block: `cumulative[block · CATEGORY_COUNT + category]`. */
  cumulative: Uint32Array;
  keyMs(index: number): number;
  createdMs(index: number): number;
  /** The first index whose sort date is at or after `ms` (count when none). */
  firstKeyAtOrAfter(ms: number): number;
}

/** Orders per block of the cumulative counts. */
export const BLOCK = 1024;
const INDEXES = new DerivedCache<OrdersIndex>();

/** The generated orders' index for a state seeded at scale (built once per seed, scale and anchor). */
export function ordersIndex(
  seed: string,
  synthetic: SyntheticRecords,
  items: SyntheticRecords,
  users: readonly SandboxUser[],
  world: OrdersSource['world'],
): OrdersIndex {
  return INDEXES.get(`${seed}|${synthetic.count}|${synthetic.anchor_ms}`, () =>
    createIndex(ordersSource(seed, synthetic, items, users, world)),
  );
}

function ordersSource(
  seed: string,
  synthetic: SyntheticRecords,
  items: SyntheticRecords,
  users: readonly SandboxUser[],
  world: OrdersSource['world'],
): OrdersSource {
  const seller = users.find((user) => user.id === SELLER_ID);
  const buyers = buyerIds()
    .map((id) => users.find((user) => user.id === id))
    .filter((user): user is SandboxUser => user !== undefined);
  if (!seller || buyers.length === 0) throw new Error('Generated orders need the seeded seller and buyers.');
  const itemsFrom = itemsSource(seed, items);
  const flows = Array.from({ length: VEHICLE_TEMPLATE_COUNT }, (_, template) => {
    const item = itemSummary(itemsFrom, firstVehicleOf(itemsFrom, template) ?? 0);
    return buyers.map(
      (buyer) =>
        mandatoryPaymentFlow({
          site: world.sites[item.site_id] ?? { id: item.site_id, payment_method_ids: [] },
          item,
          platformOnlyCategory: world.platformOnlyCategories.includes(item.category_id),
          seller,
          buyer,
        }).applies,
    );
  });
  return {
    seedHash: hashString(`${seed}:scale:orders`),
    count: synthetic.count,
    anchorMs: synthetic.anchor_ms,
    items: itemsFrom,
    seller,
    buyers,
    // Only what the engine reads: the index outlives the state it was built from.
    world: {
      sites: world.sites,
      paymentMethods: world.paymentMethods,
      platformOnlyCategories: world.platformOnlyCategories,
    },
    flows,
  };
}

function createIndex(source: OrdersSource): OrdersIndex {
  const count = source.count;
  const category = new Uint8Array(count);
  const delayMinutes = new Uint16Array(count);
  const buyer = new Uint8Array(count);
  const blocks = Math.ceil(count / BLOCK);
  const cumulative = new Uint32Array((blocks + 1) * CATEGORY_COUNT);
  const running = new Uint32Array(CATEGORY_COUNT);
  for (let index = 0; index < count; index++) {
    if (index % BLOCK === 0) cumulative.set(running, (index / BLOCK) * CATEGORY_COUNT);
    const facts = orderFactsAt(source, index);
    category[index] = facts.category;
    delayMinutes[index] = (facts.keyMs - facts.createdMs) / MINUTE;
    buyer[index] = facts.buyer;
    running[facts.category]!++;
  }
  cumulative.set(running, blocks * CATEGORY_COUNT);
  const keyMs = (index: number) => keyMsOf(source, index);
  return {
    source,
    count,
    category,
    delayMinutes,
    buyer,
    looks: learnCategories(source),
    cumulative,
    keyMs,
    createdMs: (index) => keyMs(index) - delayMinutes[index]! * MINUTE,
    firstKeyAtOrAfter: (ms) => {
      let low = 0;
      let high = count;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (keyMs(middle) < ms) low = middle + 1;
        else high = middle;
      }
      return low;
    },
  };
}
