import { formatMoney } from '../../model/numberFormat';
import { badRequest, HttpError, notFound } from '../http';
import { itemOr404 } from '../items/routes';
import type { SandboxItem } from '../items/state';
import { planReservation, type ReservationPlan, reservableListing } from '../orders/reservation';
import { findOrder } from '../orders/routes';
import type { SandboxOrder } from '../orders/state';
import { ownRecord } from '../records';
import type { Sandbox } from '../sandbox';
import { SELLER_ID } from '../users/ids';
import type { SandboxUser } from '../users/state';

/** What a scenario was asked to act on: an item or order id, and the buyer who acts. */
export interface ScenarioInput {
  target?: string;
  buyerId?: number;
}

/** "MLA1400000101 (Toyota Corolla 2.0 XEI CVT 0km)". */
export const itemWords = (item: Pick<SandboxItem, 'id' | 'title'>) => `${item.id} (${item.title})`;

/** An amount as every surface writes it (`USD 185,000`): the explorer's formatter, `src/model/numberFormat.ts`. */
export const money = (currency: string, amount: number) => formatMoney(amount, currency);

/** The signed-in seller's listings (the account the editor uses), by id. */
export function sellerListings(sandbox: Sandbox): SandboxItem[] {
  return Object.values(sandbox.state.items.items)
    .filter((item) => item.seller_id === SELLER_ID)
    .sort((a, b) => a.id.localeCompare(b.id));
}

const isVehicle = (sandbox: Sandbox, item: SandboxItem) =>
  ownRecord(sandbox.state.items.categories, item.category_id)?.vertical === 'automobiles';

/**
 * The item a listing scenario acts on: the target when given (404 when unknown), else the seller's first active
 * listing without variations that `fits`, vehicles left out so that reservations keep their listings.
 */
export function listingTarget(
  sandbox: Sandbox,
  input: ScenarioInput,
  fits: (item: SandboxItem) => boolean,
  none: string,
): SandboxItem {
  if (input.target !== undefined) return itemOr404(sandbox, input.target);
  const found = sellerListings(sandbox).find(
    (item) => item.status === 'active' && item.variations.length === 0 && !isVehicle(sandbox, item) && fits(item),
  );
  if (!found) throw badRequest(none);
  return found;
}

/** The user a listing's `PUT /items/{id}` is sent as: its seller. */
export function sellerOf(sandbox: Sandbox, item: SandboxItem): SandboxUser {
  const seller = sandbox.userById(item.seller_id);
  if (!seller) throw notFound(`User ${item.seller_id} not found`);
  return seller;
}

/**
 * The order an order scenario acts on: the target when given (400 for an id that is not a number, 404 when unknown),
 * else the newest order that `fits` (of `buyerId` when given) by the date `dateOf` reads, ties by id.
 */
export function orderTarget(
  sandbox: Sandbox,
  input: ScenarioInput,
  fits: (order: SandboxOrder) => boolean,
  dateOf: (order: SandboxOrder) => string,
): SandboxOrder | undefined {
  if (input.target !== undefined) return findOrder(sandbox, input.target);
  const time = (order: SandboxOrder) => Date.parse(dateOf(order));
  return Object.values(sandbox.state.orders.orders)
    .filter((order) => fits(order) && (input.buyerId === undefined || order.data.buyer.id === input.buyerId))
    .sort((a, b) => time(b) - time(a) || b.data.id - a.data.id)[0];
}

function buyerIds(sandbox: Sandbox): number[] {
  return sandbox.state.users.users
    .filter((user) => user.role === 'buyer')
    .map((user) => user.id)
    .sort((a, b) => a - b);
}

/**
 * A listing and a buyer for a reservation in the mandatory payment flow, decided by the same checks and flow rule as
 * `POST /_sandbox/orders`: the target (or the seller's first reservable vehicle listing, by id) and `buyerId` (or the
 * first seeded buyer, by id, who may reserve it and for whom the flow applies). The route's refusals of an explicit
 * target or buyer are answered as they are; a pair outside the flow is refused with what to choose instead.
 */
export function chooseReservation(sandbox: Sandbox, input: ScenarioInput): ReservationPlan {
  const listings =
    input.target !== undefined
      ? [reservableListing(sandbox, input.target).item]
      : sellerListings(sandbox).filter((item) => {
          try {
            reservableListing(sandbox, item.id);
            return true;
          } catch (failure) {
            if (failure instanceof HttpError) return false;
            throw failure;
          }
        });
  if (listings.length === 0) {
    throw badRequest(
      'No vehicle listing of the seller can be reserved (an active vehicle listing with stock): reactivate or restock one, or reset the sandbox, first.',
    );
  }
  const buyers = input.buyerId !== undefined ? [input.buyerId] : buyerIds(sandbox);
  let outside: ReservationPlan | undefined;
  for (const item of listings) {
    for (const buyerId of buyers) {
      let plan: ReservationPlan;
      try {
        plan = planReservation(sandbox, item.id, buyerId);
      } catch (failure) {
        // An explicit buyer's refusal (unknown, blacklisted, the seller) is the answer; a seeded one is skipped.
        if (input.buyerId !== undefined || !(failure instanceof HttpError)) throw failure;
        continue;
      }
      if (plan.flow.applies) return plan;
      outside ??= plan;
    }
  }
  if (outside) {
    throw badRequest(
      `A reservation of ${outside.item.id} by buyer ${outside.buyer.id} would not enter the mandatory payment flow (it would start in payment_in_process and notify orders at once): choose a listing in condition new, or a buyer flagged immediate_payment.`,
    );
  }
  throw badRequest('No seeded buyer may reserve these listings: pass buyer_id, or reset the sandbox, first.');
}
