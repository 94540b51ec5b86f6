// The words of the API's state codes as the explorer shows them: each known code is one whole message of the bundles
// (in English, the code with spaces: `out_of_stock` → `out of stock`); a code the API adds later reads humanized.
// Where a code means different things (an item's `active`, a campaign's `active`), a comment keeps the keys apart,
// since Spanish and Portuguese agree the word with its noun.
import * as l10n from '@vscode/l10n';

/** `out_of_stock` → `out of stock`. */
export const humanize = (code: string): string => code.replace(/_/g, ' ');

/** Words of a listing's status (the words agree with "listing": publicación, anúncio). */
export function itemStatusWords(status: string): string {
  switch (status) {
    case 'active':
      return l10n.t('active');
    case 'paused':
      return l10n.t('paused');
    case 'under_review':
      return l10n.t('under review');
    case 'payment_required':
      return l10n.t('payment required');
    case 'closed':
      return l10n.t('closed');
    case 'inactive':
      return l10n.t('inactive');
    default:
      return humanize(status);
  }
}

/** Words of a listing's sub-status. */
export function itemSubStatusWords(subStatus: string): string {
  switch (subStatus) {
    case 'warning':
      return l10n.t('warning');
    case 'waiting_for_patch':
      return l10n.t('waiting for patch');
    case 'held':
      return l10n.t('held');
    case 'pending_documentation':
      return l10n.t('pending documentation');
    case 'forbidden':
      return l10n.t('forbidden');
    case 'out_of_stock':
      return l10n.t('out of stock');
    case 'picture_download_pending':
      return l10n.t('picture download pending');
    case 'expired':
      return l10n.t('expired');
    case 'deleted':
      return l10n.t('deleted');
    case 'suspended':
      return l10n.t('suspended');
    case 'freezed':
      return l10n.t('freezed');
    default:
      return humanize(subStatus);
  }
}

/** Words of an order's status (they agree with "order": orden, pedido). */
export function orderStatusWords(status: string): string {
  switch (status) {
    case 'paid':
      return l10n.t('paid');
    case 'payment_in_process':
      return l10n.t('payment in process');
    case 'partially_paid':
      return l10n.t('partially paid');
    case 'payment_required':
      return l10n.t('payment required');
    case 'cancelled':
      return l10n.t('cancelled');
    default:
      return humanize(status);
  }
}

/** Words of an order's tag. */
export function orderTagWords(tag: string): string {
  switch (tag) {
    case 'reservation':
      return l10n.t('reservation');
    case 'paid':
      return l10n.t('paid');
    case 'delivered':
      return l10n.t('delivered');
    case 'not_delivered':
      return l10n.t('not delivered');
    case 'fraud_risk_detected':
      return l10n.t('fraud risk detected');
    default:
      return humanize(tag);
  }
}

/** Words of a cancelled order's `status_detail.code`. */
export function cancelReasonWords(code: string): string {
  switch (code) {
    case 'feedback':
      return l10n.t('returned by the seller');
    case 'buyer':
      return l10n.t('not received by the buyer');
    case 'expired_order':
      return l10n.t({ message: 'expired', comment: ['order cancelled because it expired'] });
    case 'not_paid':
      return l10n.t('not paid in time');
    case 'seller_prohibited':
      return l10n.t('seller prohibited');
    default:
      return humanize(code);
  }
}

/** Words of a payment's status (they agree with "payment": pago, pagamento). */
export function paymentStatusWords(status: string): string {
  switch (status) {
    case 'approved':
      return l10n.t({ message: 'approved', comment: ['payment status'] });
    case 'accredited':
      return l10n.t({ message: 'accredited', comment: ['payment status'] });
    case 'pending':
      return l10n.t({ message: 'pending', comment: ['payment status'] });
    case 'in_process':
      return l10n.t({ message: 'in process', comment: ['payment status'] });
    case 'authorized':
      return l10n.t({ message: 'authorized', comment: ['payment status'] });
    case 'rejected':
      return l10n.t({ message: 'rejected', comment: ['payment status'] });
    case 'refunded':
      return l10n.t({ message: 'refunded', comment: ['payment status'] });
    case 'charged_back':
      return l10n.t({ message: 'charged back', comment: ['payment status'] });
    case 'cancelled':
      return l10n.t({ message: 'cancelled', comment: ['payment status'] });
    default:
      return humanize(status);
  }
}

/** Words of a display campaign's status (they agree with "campaign": campaña, campanha). */
export function campaignStatusWords(status: string): string {
  switch (status) {
    case 'active':
      return l10n.t({ message: 'active', comment: ['campaign status'] });
    case 'paused':
      return l10n.t({ message: 'paused', comment: ['campaign status'] });
    case 'finished':
      return l10n.t({ message: 'finished', comment: ['campaign status'] });
    default:
      return humanize(status);
  }
}

/** Words of a feedback rating (they agree with "feedback": calificación, qualificação). */
export function ratingWords(rating: string): string {
  switch (rating) {
    case 'positive':
      return l10n.t('positive');
    case 'neutral':
      return l10n.t('neutral');
    case 'negative':
      return l10n.t('negative');
    default:
      return humanize(rating);
  }
}
