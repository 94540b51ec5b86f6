import { RESERVATION_SITES } from '../../model/site';
import { type MandatoryFlowDecision, mandatoryPaymentFlow } from '../../rules/payments';
import { badRequest, forbidden, notFound } from '../http';
import { readItem } from '../items/lookup';
import type { SandboxItem } from '../items/state';
import { ownRecord } from '../records';
import type { Sandbox } from '../sandbox';
import type { SandboxState } from '../state';
import type { SandboxUser } from '../users/state';
import type { OrdersSlice } from './state';

/** Who reserves what, and whether the order enters the mandatory integrated payment flow. */
export interface ReservationPlan {
  item: SandboxItem;
  seller: SandboxUser;
  buyer: SandboxUser;
  flow: MandatoryFlowDecision;
}

/**
 * Checks that a listing can be reserved, as `POST /_sandbox/orders` does before looking at the buyer: a vehicle
 * (vertical automobiles) on a reservation site, active, with stock, of a seller who is not prohibited. Throws the
 * route's answers (404 for an unknown item or seller, 400 otherwise); changes nothing.
 */
export function reservableListing(sandbox: Sandbox, itemId: string): { item: SandboxItem; seller: SandboxUser } {
  const item = readItem(sandbox.state, itemId);
  if (!item) throw notFound(`Item with id ${itemId} not found`);
  const problem = vehicleListingProblem(sandbox.state, item);
  if (problem) throw badRequest(problem);
  if (item.status !== 'active')
    throw badRequest(`The listing ${item.id} is ${item.status}: only active listings can be reserved.`);
  if (item.available_quantity < 1) throw badRequest(`The listing ${item.id} has no stock left to reserve.`);
  const seller = sandbox.userById(item.seller_id);
  if (!seller) throw notFound(`User ${item.seller_id} not found`);
  if (sandbox.state.orders.prohibitedSellers.includes(seller.id)) {
    throw badRequest(`The seller ${seller.id} is prohibited on the site: their listings cannot be reserved.`);
  }
  return { item, seller };
}

/**
 * Why a listing can hold no reservation order at all, whatever its state: it is not a vehicle (vertical
 * automobiles), or not on a site with reservations. Undefined when it can.
 */
export function vehicleListingProblem(state: SandboxState, item: SandboxItem): string | undefined {
  const category = ownRecord(state.items.categories, item.category_id);
  if (category?.vertical !== 'automobiles') {
    return `Reservations are made on vehicle listings (vertical automobiles); ${item.id} is in ${category?.name ?? item.category_id}.`;
  }
  if (!(RESERVATION_SITES as readonly string[]).includes(item.site_id)) {
    return `Reservation orders exist only on ${RESERVATION_SITES.join(', ')}; ${item.id} is on ${item.site_id}.`;
  }
  return undefined;
}

/** Whether a reservation of `buyer` on `item` enters the mandatory integrated payment flow, and by which cases. */
export function reservationFlow(
  slice: OrdersSlice,
  item: SandboxItem,
  seller: SandboxUser,
  buyer: SandboxUser,
): MandatoryFlowDecision {
  return mandatoryPaymentFlow({
    site: ownRecord(slice.sites, item.site_id) ?? { id: item.site_id, payment_method_ids: [] },
    item,
    platformOnlyCategory: slice.platformOnlyCategories.includes(item.category_id),
    seller,
    buyer,
  });
}

/**
 * Checks that a buyer may start a reservation on a listing, as `POST /_sandbox/orders` does, and decides its payment
 * flow; changes nothing. Throws the route's answers: those of `reservableListing`, 404 for an unknown buyer, 403 for
 * a buyer in the seller's order blacklist, 400 for a seller reserving their own listing.
 */
export function planReservation(sandbox: Sandbox, itemId: string, buyerId: number): ReservationPlan {
  const { item, seller } = reservableListing(sandbox, itemId);
  const slice = sandbox.state.orders;
  const buyer = sandbox.userById(buyerId);
  if (!buyer) throw notFound(`User ${buyerId} not found`);
  if (buyer.id === seller.id) throw badRequest('A seller cannot reserve their own listing.');
  const blocked = ownRecord(slice.blacklists, String(seller.id)) ?? [];
  if (blocked.some((entry) => entry.user_id === buyer.id)) {
    throw forbidden(`The seller barred user ${buyer.id} from bidding on their listings (order blacklist).`);
  }
  return { item, seller, buyer, flow: reservationFlow(slice, item, seller, buyer) };
}
