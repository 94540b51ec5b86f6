import * as l10n from '@vscode/l10n';
import { FEEDBACK_MESSAGE_LIMIT, RATINGS } from '../model/orderValues';
import { isRecord } from '../model/records';
import { type Finding, finding } from './finding';
import { characters, unknownFields } from './orderBodyFields';
import type { OrderStateContext } from './orderStatus';

/** A rating as public examples write it (`positive`, `NEGATIVE`…): the API reads it in any case. */
export function ratingOf(text: string): (typeof RATINGS)[number] | undefined {
  const lower = text.toLowerCase();
  return (RATINGS as readonly string[]).includes(lower) ? (lower as (typeof RATINGS)[number]) : undefined;
}

/**
 * A feedback body: fulfilled and rating are required; a delivered reservation (fulfilled=true) is rated positive and
 * a returned one (fulfilled=false) neutral; the message must be under 160 characters.
 */
export function feedbackFindings(body: unknown): Finding[] {
  if (!isRecord(body)) {
    return [finding('order.feedback.body', [], l10n.t('Send a JSON object {"fulfilled": true|false, "rating": "…"}.'))];
  }
  const findings = unknownFields(
    body,
    ['fulfilled', 'rating', 'message', 'reason', 'restock_item'],
    'order.feedback.unknown_field',
    (key) => l10n.t('{0} is not a field of a feedback in the spec; the API may ignore it or refuse it.', key),
  );
  const { fulfilled, rating, message, reason, restock_item } = body;
  if (fulfilled === undefined || fulfilled === null) {
    findings.push(
      finding(
        'order.feedback.fulfilled_required',
        ['fulfilled'],
        l10n.t('fulfilled is required: true when the vehicle was delivered, false when the reservation is returned.'),
      ),
    );
  } else if (typeof fulfilled !== 'boolean') {
    findings.push(finding('order.feedback.fulfilled_type', ['fulfilled'], l10n.t('fulfilled must be true or false.')));
  }
  if (rating === undefined || rating === null) {
    findings.push(
      finding(
        'order.feedback.rating_required',
        ['rating'],
        l10n.t('rating is required: positive with fulfilled=true, neutral with fulfilled=false.'),
      ),
    );
  } else if (typeof rating !== 'string' || ratingOf(rating) === undefined) {
    findings.push(
      finding('order.feedback.rating_invalid', ['rating'], l10n.t('rating must be one of {0}.', RATINGS.join(', '))),
    );
  } else if (fulfilled === true && ratingOf(rating) !== 'positive') {
    findings.push(
      finding(
        'order.feedback.rating_mismatch',
        ['rating'],
        l10n.t('A delivered reservation (fulfilled=true) is rated positive, not {0}.', rating),
      ),
    );
  } else if (fulfilled === false && ratingOf(rating) !== 'neutral') {
    findings.push(
      finding(
        'order.feedback.rating_mismatch',
        ['rating'],
        l10n.t('A returned reservation (fulfilled=false) is rated neutral, not {0}.', rating),
      ),
    );
  }
  if (message !== undefined) {
    if (typeof message !== 'string') {
      findings.push(finding('order.feedback.message_type', ['message'], l10n.t('message must be a text.')));
    } else if (characters(message) >= FEEDBACK_MESSAGE_LIMIT) {
      findings.push(
        finding(
          'order.feedback.message_too_long',
          ['message'],
          l10n.t('The message must be under {0} characters; it has {1}.', FEEDBACK_MESSAGE_LIMIT, characters(message)),
        ),
      );
    }
  }
  if (reason !== undefined && typeof reason !== 'string') {
    findings.push(finding('order.feedback.reason_type', ['reason'], l10n.t('reason must be a text.')));
  }
  if (restock_item !== undefined && typeof restock_item !== 'boolean') {
    findings.push(
      finding('order.feedback.restock_item_type', ['restock_item'], l10n.t('restock_item must be true or false.')),
    );
  }
  return findings;
}

/** Who rates: the seller rates the sale (`feedback.sale`), the buyer the purchase (`feedback.purchase`). */
export type FeedbackRole = 'seller' | 'buyer';

/**
 * Whether a party may rate the order now: only paid orders take feedback, each party rates once (a repeated POST is
 * refused), before the expiration date (the rating deadline), and the buyer only after the seller confirmed delivery.
 */
export function feedbackAllowedFindings(order: OrderStateContext, role: FeedbackRole, now: Date): Finding[] {
  const findings: Finding[] = [];
  const side = role === 'seller' ? 'sale' : 'purchase';
  if (order.feedback?.[side]) {
    findings.push(
      finding(
        'order.feedback.already_sent',
        ['feedback', side],
        l10n.t('The {0} already rated this order; feedback is sent once.', role),
      ),
    );
  }
  if (order.status !== 'paid') {
    findings.push(
      finding(
        'order.feedback.not_paid',
        ['status'],
        l10n.t('Feedback is accepted on paid orders only; this order is {0}.', order.status),
      ),
    );
  } else if (order.expiration_date && now.getTime() >= Date.parse(order.expiration_date)) {
    findings.push(
      finding(
        'order.feedback.deadline_passed',
        ['expiration_date'],
        l10n.t('The rating deadline (expiration_date {0}) has passed.', order.expiration_date),
      ),
    );
  } else if (role === 'buyer' && order.feedback?.sale?.fulfilled !== true) {
    findings.push(
      finding(
        'order.feedback.delivery_not_confirmed',
        ['feedback', 'sale'],
        l10n.t(
          'The buyer confirms or denies receipt after the seller confirms delivery (fulfilled=true, rating=positive).',
        ),
      ),
    );
  }
  return findings;
}
