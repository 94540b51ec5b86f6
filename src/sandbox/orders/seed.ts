import { mandatoryPaymentFlow } from '../../rules/payments';
import type { SeedContext } from '../family';
import type { SandboxItem } from '../items/state';
import type { Rng } from '../random';
import { apiTimestamp } from '../sandbox';
import { BUYER_BASE_ID, buyerIds, SELLER_ID } from '../users/ids';
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
import { seedPaymentMethods, seedSites, siteMethodOfType } from './sites';
import type { OrdersSlice, SandboxOrder } from './state';
import { recordBuyerVerdict, recordDelivery, recordReturn, seedNotes } from './stories';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** Categories where the integrated platform is the only payment option (case 4): pick-up trucks in the sandbox. */
export const PLATFORM_ONLY_CATEGORIES = ['MLA1745'];
/** A buyer the seller barred from bidding in the seeded data. */
export const SEEDED_BLACKLISTED_BUYER = BUYER_BASE_ID + 23;

type Scenario =
  | 'payment_required'
  | 'in_process'
  | 'partially_paid'
  | 'paid_open'
  | 'delivered_waiting'
  | 'completed'
  | 'released_by_deadline'
  | 'returned'
  | 'not_received'
  | 'expired'
  | 'unpaid_cancelled';

/** How many orders of each life story, and how old they are (hours): every state and cancel code appears. */
const PLAN: [Scenario, number, number, number][] = [
  ['payment_required', 6, 1, 40],
  ['in_process', 6, 1, 40],
  ['partially_paid', 5, 2, 40],
  ['paid_open', 20, 48, 27 * 24],
  ['delivered_waiting', 12, 4 * 24, 27 * 24],
  ['completed', 38, 5 * 24, 330 * 24],
  // Older than the 12 months searches keep: readable by id, never returned by a search.
  ['completed', 2, 380 * 24, 400 * 24],
  ['released_by_deadline', 8, 32 * 24, 300 * 24],
  ['returned', 10, 3 * 24, 300 * 24],
  ['not_received', 6, 5 * 24, 300 * 24],
  ['expired', 8, 32 * 24, 300 * 24],
  ['unpaid_cancelled', 6, 3 * 24, 300 * 24],
];

/** Scenarios that must enter the mandatory flow (they start in payment_required or pay in parts). */
const NEEDS_MANDATORY: Scenario[] = ['payment_required', 'partially_paid'];
/** Scenarios still open today: they use vehicles that are active with stock. */
const OPEN: Scenario[] = ['payment_required', 'in_process', 'partially_paid', 'paid_open', 'delivered_waiting'];

interface SeedPlanEntry {
  scenario: Scenario;
  created: number;
  index: number;
}

/** The orders family's seeded state: sites, payment methods and 130 reservation orders of the seller. */
export function seedOrders(context: SeedContext): OrdersSlice {
  const sites = seedSites();
  const slice: OrdersSlice = {
    orders: {},
    notes: {},
    blacklists: {
      [String(SELLER_ID)]: [
        { user_id: SEEDED_BLACKLISTED_BUYER, date_created: apiTimestamp(new Date(context.now.getTime() - 20 * DAY)) },
      ],
    },
    sites,
    paymentMethods: seedPaymentMethods(sites),
    platformOnlyCategories: [...PLATFORM_ONLY_CATEGORIES],
    prohibitedSellers: [],
  };
  const users = context.state.users?.users ?? [];
  const seller = users.find((user) => user.id === SELLER_ID);
  const items = context.state.items?.items ?? {};
  const categories = context.state.items?.categories ?? {};
  const vehicles = Object.values(items).filter(
    (item) => item.seller_id === SELLER_ID && categories[item.category_id]?.vertical === 'automobiles',
  );
  const reservable = vehicles.filter((item) => item.status === 'active' && item.available_quantity > 0);
  if (!seller || reservable.length === 0) {
    throw new Error('The orders seed needs the seller and active vehicle listings of the users and items seeds.');
  }
  const buyers = buyerIds()
    .map((id) => users.find((user) => user.id === id))
    .filter((user): user is SandboxUser => user !== undefined);

  const meta = context.state.meta;
  let clock = context.now;
  const world: OrderWorld = {
    slice,
    now: () => clock,
    nextId: (kind, start) => {
      if (!meta) throw new Error('The orders seed runs after the meta slice.');
      const next = Math.max(meta.counters[kind] ?? start, start) + 1;
      meta.counters[kind] = next;
      return next;
    },
    // History is not notified, and the items seed already counts its own sales.
    notify: () => {},
    adjustStock: () => {},
  };
  const rng = context.rng;
  const nowMs = context.now.getTime();

  const plan: SeedPlanEntry[] = [];
  for (const [scenario, count, minHours, maxHours] of PLAN) {
    for (let index = 0; index < count; index++) {
      plan.push({ scenario, created: nowMs - rng.int(minHours * 60, maxHours * 60) * 60_000, index });
    }
  }
  // Ids grow with date_created, as on the real API.
  plan.sort((a, b) => a.created - b.created);

  const flowOf = (item: SandboxItem, buyer: SandboxUser) =>
    mandatoryPaymentFlow({
      site: slice.sites[item.site_id] ?? { id: item.site_id, payment_method_ids: [] },
      item,
      platformOnlyCategory: slice.platformOnlyCategories.includes(item.category_id),
      seller,
      buyer,
    });

  let twoPaymentOrders = 0;
  let coupons = 0;
  for (const entry of plan) {
    const { scenario } = entry;
    const pool = OPEN.includes(scenario) ? reservable : vehicles;
    const mandatoryNeeded = NEEDS_MANDATORY.includes(scenario) || (scenario === 'paid_open' && twoPaymentOrders === 0);
    let item = rng.pick(pool);
    let buyer = rng.pick(buyers);
    for (let attempt = 0; mandatoryNeeded && !flowOf(item, buyer).applies && attempt < 50; attempt++) {
      item = rng.pick(pool);
      buyer = rng.pick(buyers);
    }
    const flow = flowOf(item, buyer);
    if (mandatoryNeeded && !flow.applies) throw new Error(`The orders seed found no vehicle in the mandatory flow.`);
    const coupon =
      scenario === 'completed' && coupons < 3 && rng.chance(0.2) ? { amount: 50, id: 'RESERVA-50' } : undefined;
    if (coupon) coupons++;
    clock = new Date(entry.created);
    const order = createReservation(world, {
      item,
      buyer,
      seller,
      deposit: depositFor(item.price, item.currency_id),
      flow,
      coupon: item.currency_id === 'USD' ? coupon : undefined,
    });
    const created = entry.created;
    const expiration = created + EXPIRATION_DAYS * DAY;
    const latest = nowMs - 10 * 60_000;
    /** A random instant after `after`, before now and before the rating deadline. */
    const next = (after: number, minHours: number, maxHours: number) => {
      const upper = Math.min(after + maxHours * HOUR, latest, expiration - HOUR);
      const lower = Math.min(after + minHours * HOUR, upper);
      return lower + rng.next() * (upper - lower);
    };

    if (scenario === 'payment_required' || scenario === 'unpaid_cancelled') continue;
    if (scenario === 'in_process') {
      if (flow.applies) {
        clock = new Date(next(created, 0.1, 2));
        addPayment(world, order, {
          amount: order.data.total_amount,
          outcome: 'pending',
          methodId: ticketOf(world, order),
        });
      }
      continue;
    }
    if (scenario === 'partially_paid') {
      clock = new Date(next(created, 0.2, 1.5));
      addPayment(world, order, {
        amount: Math.round(order.data.total_amount * 0.4),
        outcome: 'approved',
        methodId: 'visa',
      });
      continue;
    }

    // Every other story starts with the deposit paid within 30 hours.
    const paidAt = next(created, 0.2, 30);
    clock = new Date(paidAt);
    if (flow.applies) {
      if (
        twoPaymentOrders < 3 &&
        (scenario === 'paid_open' || scenario === 'completed') &&
        rng.chance(twoPaymentOrders === 0 ? 1 : 0.2)
      ) {
        twoPaymentOrders++;
        addPayment(world, order, { amount: order.data.total_amount, outcome: 'rejected', methodId: 'master' });
        clock = new Date(paidAt + 5 * 60_000);
      }
      addPayment(world, order, {
        amount: order.data.total_amount,
        outcome: 'approved',
        methodId: rng.pick(['visa', 'master', 'account_money']),
      });
    } else {
      creditPending(world, order);
    }
    if (scenario === 'paid_open' && (entry.index === 1 || entry.index === 2)) {
      clock = new Date(next(paidAt, 1, 24));
      tagFraud(world, order);
    }
    addNotes(world, rng, order, paidAt, latest);

    if (scenario === 'paid_open' || scenario === 'expired') continue;
    if (scenario === 'returned') {
      const returnedAt = next(paidAt, 24, 20 * 24);
      clock = new Date(returnedAt);
      recordReturn(world, order);
      if (entry.index === 0) {
        clock = new Date(returnedAt + HOUR);
        tagFraud(world, order);
      }
      continue;
    }
    const deliveredAt = next(paidAt, 24, 15 * 24);
    clock = new Date(deliveredAt);
    recordDelivery(world, order);
    if (scenario === 'delivered_waiting' || scenario === 'released_by_deadline') continue;
    clock = new Date(next(deliveredAt, 2, 72));
    recordBuyerVerdict(world, order, scenario === 'completed');
  }
  // Deadlines that passed during the seeded history (unpaid cancellations, expirations) take effect now.
  clock = context.now;
  advanceOrders(world);
  return slice;
}

function ticketOf(world: OrderWorld, order: SandboxOrder): string {
  const site = world.slice.sites[order.data.site_id];
  return (site && siteMethodOfType(site, world.slice.paymentMethods, 'ticket')) ?? 'account_money';
}

/** About a quarter of the orders the seller sees carry one to three notes. */
function addNotes(world: OrderWorld, rng: Rng, order: SandboxOrder, after: number, latest: number): void {
  const notes = seedNotes(rng, after, latest, () => noteId(world));
  if (notes) world.slice.notes[String(order.data.id)] = notes;
}

/** Note ids are opaque 24-character hex strings, like the real API's. */
export function noteId(world: Pick<OrderWorld, 'nextId'>): string {
  return `65a0${world.nextId('note', 0).toString(16).padStart(20, '0')}`;
}
