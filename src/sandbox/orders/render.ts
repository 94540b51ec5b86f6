import { untracked } from '../store/tracking';
import type { SandboxFeedback, SandboxOrder, SandboxParty, SandboxPayment } from './state';

/** Who looks at an order: the role decides which contact data is shown. */
export type Viewer = { id: number; role: 'seller' | 'buyer' };

/** The role of a user in an order, or undefined when the user is neither its seller nor its buyer. */
export function roleIn(order: SandboxOrder, userId: number): Viewer['role'] | undefined {
  if (order.data.seller.id === userId) return 'seller';
  if (order.data.buyer.id === userId) return 'buyer';
  return undefined;
}

/** Before the counterpart data is added a party shows only its id and nickname. */
function withoutContact(party: SandboxParty): { id: number; nickname: string } {
  return { id: party.id, nickname: party.nickname };
}

/** A feedback entry with its visibility: hidden until the expiration date, then active. */
export function renderFeedback(entry: SandboxFeedback | null, now: Date) {
  if (!entry) return null;
  return { ...entry, status: now.getTime() >= Date.parse(entry.visibility_date) ? 'active' : 'hidden' };
}

/** A payment as the API shows it. */
export function renderPayment(payment: SandboxPayment): SandboxPayment {
  return structuredClone(untracked(payment));
}

/**
 * An order as its seller or buyer sees it: the counterpart's contact data only once it was added. `owned`: the order
 * was built for this answer alone (a generated one at scale), so it is not copied first.
 */
export function renderOrder(order: SandboxOrder, viewer: Viewer, now: Date, owned = false) {
  const {
    site_id: _site,
    buyer,
    seller,
    payments,
    feedback,
    ...rest
  } = owned ? order.data : structuredClone(untracked(order.data));
  const hide = !order.counterpart_visible;
  return {
    ...rest,
    buyer: hide && viewer.role === 'seller' ? withoutContact(buyer) : buyer,
    seller: hide && viewer.role === 'buyer' ? withoutContact(seller) : seller,
    payments: owned ? payments : payments.map(renderPayment),
    feedback: { sale: renderFeedback(feedback.sale, now), purchase: renderFeedback(feedback.purchase, now) },
  };
}
