import * as l10n from '@vscode/l10n';
import { ORDER_STATUSES, type OrderCancelCode, type OrderStatus } from '../model/orderValues';
import { type Finding, finding } from './finding';

/** What the feedback and transition rules need to know of an order. */
export interface OrderStateContext {
  status: string;
  expiration_date?: string | null;
  tags?: readonly string[] | null;
  feedback?: {
    sale?: { fulfilled?: boolean | null } | null;
    purchase?: { fulfilled?: boolean | null } | null;
  } | null;
}

/** The events that move an order, one per row group of the spec's order status table. */
export type OrderEvent =
  /** Payments changed: amounts credited (approved) and pending (not yet credited), against the deposit. */
  | { type: 'payment'; credited: number; pending: number; deposit: number }
  /** The waiting time for payment ran out. */
  | { type: 'unpaid_timeout' }
  /** The seller's feedback: fulfilled=true confirms delivery, fulfilled=false returns the reservation. */
  | { type: 'seller_feedback'; fulfilled: boolean }
  /** The buyer's answer after the seller's delivery: received (true) or not received (false). */
  | { type: 'buyer_feedback'; fulfilled: boolean }
  /** The expiration date passed. */
  | { type: 'expiration' }
  /** The seller became prohibited on the site. */
  | { type: 'seller_prohibited' }
  /** The purchase was found fraudulent. */
  | { type: 'fraud_detected' };

/** What a transition does besides the status change. */
export interface OrderTransition {
  from: OrderStatus;
  to: OrderStatus;
  /** Set on cancellation; null otherwise. */
  statusDetail: { code: OrderCancelCode; description: string } | null;
  /** Approved payments are refunded automatically. */
  refund: boolean;
  /** The reservation money is released to the seller. */
  releaseMoney: boolean;
  addTags: string[];
  /** First time paid: date_closed set, stock discounted, counterpart data added, `orders` notifications start. */
  firstPaid: boolean;
}

export type TransitionResult = { ok: true; transition: OrderTransition } | { ok: false; findings: Finding[] };

/** Amounts are money: within half a cent counts as equal. */
const CENT = 0.005;

const UNPAID: readonly OrderStatus[] = ['payment_required', 'payment_in_process', 'partially_paid'];

const cancelDescriptions = (): Record<OrderCancelCode, string> => ({
  feedback: l10n.t('The seller returned the reservation; the payment was refunded to the buyer.'),
  buyer: l10n.t('The buyer did not receive the vehicle; the payment was refunded to the buyer.'),
  expired_order: l10n.t('The order expired without a confirmed delivery; the payment was refunded to the buyer.'),
  not_paid: l10n.t('The reservation was not paid in time.'),
  seller_prohibited: l10n.t('The seller was prohibited on the site; any payment was refunded to the buyer.'),
});

function refused(order: OrderStateContext, event: OrderEvent, why: string): TransitionResult {
  return {
    ok: false,
    findings: [
      finding(
        'order.transition.not_allowed',
        ['status'],
        l10n.t('An order in {0} cannot take {1}: {2}', order.status, event.type.replace(/_/g, ' '), why),
      ),
    ],
  };
}

function move(
  from: OrderStatus,
  to: OrderStatus,
  extra: Partial<Omit<OrderTransition, 'from' | 'to' | 'statusDetail'>> & { cancel?: OrderCancelCode } = {},
): TransitionResult {
  const { cancel, ...rest } = extra;
  return {
    ok: true,
    transition: {
      from,
      to,
      statusDetail: cancel ? { code: cancel, description: cancelDescriptions()[cancel] } : null,
      refund: false,
      releaseMoney: false,
      addTags: [],
      firstPaid: false,
      ...rest,
    },
  };
}

/**
 * The spec's order status table as a function: where an order in a state goes on an event, or why it cannot.
 * payment_required → paid when the deposit is credited (→ payment_in_process / partially_paid on pending or short
 * payments), unpaid orders → cancelled (not_paid) when the waiting time runs out, paid → cancelled with feedback
 * (seller returns), buyer (seller delivered, buyer says not received) or expired_order (expires without a confirmed
 * delivery), any → cancelled when the seller becomes prohibited, paid + delivered + buyer confirms → paid with the
 * money released.
 */
export function orderTransition(order: OrderStateContext, event: OrderEvent): TransitionResult {
  const from = order.status as OrderStatus;
  if (!(ORDER_STATUSES as readonly string[]).includes(from)) {
    return refused(order, event, l10n.t('{0} is not an order state of the spec.', String(order.status)));
  }
  const delivered = order.feedback?.sale?.fulfilled === true;
  switch (event.type) {
    case 'payment': {
      if (!UNPAID.includes(from)) return refused(order, event, l10n.t('only unpaid orders take payments.'));
      if (event.credited > event.deposit + CENT) {
        return {
          ok: false,
          findings: [
            finding(
              'order.payment.over_deposit',
              ['paid_amount'],
              l10n.t(
                'A reservation is paid with its deposit ({0}), not the full item price; {1} was credited.',
                event.deposit,
                event.credited,
              ),
            ),
          ],
        };
      }
      if (event.deposit > 0 && event.credited >= event.deposit - CENT) {
        return move(from, 'paid', { firstPaid: true, addTags: ['paid'] });
      }
      if (event.credited > 0) return move(from, 'partially_paid');
      if (event.pending > 0) return move(from, 'payment_in_process');
      return move(from, from);
    }
    case 'unpaid_timeout':
      if (!UNPAID.includes(from)) return refused(order, event, l10n.t('only unpaid orders wait for payment.'));
      return move(from, 'cancelled', { cancel: 'not_paid', refund: true });
    case 'seller_feedback':
      if (from !== 'paid') return refused(order, event, l10n.t('feedback is accepted on paid orders only.'));
      return event.fulfilled
        ? move(from, 'paid', { addTags: ['delivered'] })
        : move(from, 'cancelled', { cancel: 'feedback', refund: true });
    case 'buyer_feedback':
      if (from !== 'paid') return refused(order, event, l10n.t('feedback is accepted on paid orders only.'));
      if (!delivered) return refused(order, event, l10n.t('the seller has not confirmed the delivery yet.'));
      return event.fulfilled
        ? move(from, 'paid', { releaseMoney: true })
        : move(from, 'cancelled', { cancel: 'buyer', refund: true, addTags: ['not_delivered'] });
    case 'expiration':
      if (from !== 'paid') return refused(order, event, l10n.t('only paid orders expire.'));
      if (order.feedback?.purchase?.fulfilled === true) return move(from, 'paid');
      // A delivery the buyer did not dispute by the deadline counts as confirmed: the money is released.
      return delivered
        ? move(from, 'paid', { releaseMoney: true })
        : move(from, 'cancelled', { cancel: 'expired_order', refund: true });
    case 'seller_prohibited':
      if (from === 'cancelled') return refused(order, event, l10n.t('the order is already cancelled.'));
      return move(from, 'cancelled', { cancel: 'seller_prohibited', refund: true });
    case 'fraud_detected':
      return move(from, from, { addTags: ['fraud_risk_detected'] });
  }
}
