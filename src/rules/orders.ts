import {
  FEEDBACK_MESSAGE_LIMIT,
  NOTE_MAX_LENGTH,
  ORDER_SORTS,
  ORDER_STATUSES,
  type OrderCancelCode,
  type OrderStatus,
  RATINGS,
} from '../model/orderValues';
import { isRecord } from '../model/records';
import { type Finding, finding } from './finding';
import { unknownFieldMessage } from './shape';

/** Characters as a person counts them (code points), so an emoji is one character, not two. */
const characters = (text: string): number => [...text].length;

/** Fields outside the spec's body are hints (Information): the real API may know them. */
function unknownFields(
  body: Record<string, unknown>,
  allowed: readonly string[],
  code: string,
  where: string,
): Finding[] {
  return Object.keys(body)
    .filter((key) => !allowed.includes(key))
    .map((key) =>
      finding(code, [key], `${unknownFieldMessage(key, where)} The spec's body has ${allowed.join(', ')}.`, 'info'),
    );
}

/** A note body `{note}`: required, not empty, at most 300 characters (the spec's order note limit). */
export function noteFindings(body: unknown): Finding[] {
  if (!isRecord(body)) return [finding('order.note.body', [], 'Send a JSON object {"note": "…"}.')];
  const findings = unknownFields(body, ['note'], 'order.note.unknown_field', 'an order note');
  const note = body.note;
  if (note === undefined || note === null) {
    findings.push(finding('order.note.required', ['note'], 'The field note is required: the text of the note.'));
  } else if (typeof note !== 'string') {
    findings.push(finding('order.note.type', ['note'], 'note must be a text.'));
  } else if (note.trim() === '') {
    findings.push(finding('order.note.empty', ['note'], 'A note cannot be empty; write its text or delete the note.'));
  } else {
    const length = characters(note);
    if (length > NOTE_MAX_LENGTH) {
      findings.push(
        finding(
          'order.note.too_long',
          ['note'],
          `An order note holds at most ${NOTE_MAX_LENGTH} characters; this one has ${length}. Shorten it by ${length - NOTE_MAX_LENGTH}.`,
        ),
      );
    }
  }
  return findings;
}

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
    return [finding('order.feedback.body', [], 'Send a JSON object {"fulfilled": true|false, "rating": "…"}.')];
  }
  const findings = unknownFields(
    body,
    ['fulfilled', 'rating', 'message', 'reason', 'restock_item'],
    'order.feedback.unknown_field',
    'a feedback',
  );
  const { fulfilled, rating, message, reason, restock_item } = body;
  if (fulfilled === undefined || fulfilled === null) {
    findings.push(
      finding(
        'order.feedback.fulfilled_required',
        ['fulfilled'],
        'fulfilled is required: true when the vehicle was delivered, false when the reservation is returned.',
      ),
    );
  } else if (typeof fulfilled !== 'boolean') {
    findings.push(finding('order.feedback.fulfilled_type', ['fulfilled'], 'fulfilled must be true or false.'));
  }
  if (rating === undefined || rating === null) {
    findings.push(
      finding(
        'order.feedback.rating_required',
        ['rating'],
        'rating is required: positive with fulfilled=true, neutral with fulfilled=false.',
      ),
    );
  } else if (typeof rating !== 'string' || ratingOf(rating) === undefined) {
    findings.push(finding('order.feedback.rating_invalid', ['rating'], `rating must be one of ${RATINGS.join(', ')}.`));
  } else if (fulfilled === true && ratingOf(rating) !== 'positive') {
    findings.push(
      finding(
        'order.feedback.rating_mismatch',
        ['rating'],
        `A delivered reservation (fulfilled=true) is rated positive, not ${rating}.`,
      ),
    );
  } else if (fulfilled === false && ratingOf(rating) !== 'neutral') {
    findings.push(
      finding(
        'order.feedback.rating_mismatch',
        ['rating'],
        `A returned reservation (fulfilled=false) is rated neutral, not ${rating}.`,
      ),
    );
  }
  if (message !== undefined) {
    if (typeof message !== 'string') {
      findings.push(finding('order.feedback.message_type', ['message'], 'message must be a text.'));
    } else if (characters(message) >= FEEDBACK_MESSAGE_LIMIT) {
      findings.push(
        finding(
          'order.feedback.message_too_long',
          ['message'],
          `The message must be under ${FEEDBACK_MESSAGE_LIMIT} characters; it has ${characters(message)}.`,
        ),
      );
    }
  }
  if (reason !== undefined && typeof reason !== 'string') {
    findings.push(finding('order.feedback.reason_type', ['reason'], 'reason must be a text.'));
  }
  if (restock_item !== undefined && typeof restock_item !== 'boolean') {
    findings.push(finding('order.feedback.restock_item_type', ['restock_item'], 'restock_item must be true or false.'));
  }
  return findings;
}

/** Who rates: the seller rates the sale (`feedback.sale`), the buyer the purchase (`feedback.purchase`). */
export type FeedbackRole = 'seller' | 'buyer';

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
        `The ${role} already rated this order; feedback is sent once.`,
      ),
    );
  }
  if (order.status !== 'paid') {
    findings.push(
      finding(
        'order.feedback.not_paid',
        ['status'],
        `Feedback is accepted on paid orders only; this order is ${order.status}.`,
      ),
    );
  } else if (order.expiration_date && now.getTime() >= Date.parse(order.expiration_date)) {
    findings.push(
      finding(
        'order.feedback.deadline_passed',
        ['expiration_date'],
        `The rating deadline (expiration_date ${order.expiration_date}) has passed.`,
      ),
    );
  } else if (role === 'buyer' && order.feedback?.sale?.fulfilled !== true) {
    findings.push(
      finding(
        'order.feedback.delivery_not_confirmed',
        ['feedback', 'sale'],
        'The buyer confirms or denies receipt after the seller confirms delivery (fulfilled=true, rating=positive).',
      ),
    );
  }
  return findings;
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

const CANCEL_DESCRIPTIONS: Record<OrderCancelCode, string> = {
  feedback: 'The seller returned the reservation; the payment was refunded to the buyer.',
  buyer: 'The buyer did not receive the vehicle; the payment was refunded to the buyer.',
  expired_order: 'The order expired without a confirmed delivery; the payment was refunded to the buyer.',
  not_paid: 'The reservation was not paid in time.',
  seller_prohibited: 'The seller was prohibited on the site; any payment was refunded to the buyer.',
};

function refused(order: OrderStateContext, event: OrderEvent, why: string): TransitionResult {
  return {
    ok: false,
    findings: [
      finding(
        'order.transition.not_allowed',
        ['status'],
        `An order in ${order.status} cannot take ${event.type.replace(/_/g, ' ')}: ${why}`,
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
      statusDetail: cancel ? { code: cancel, description: CANCEL_DESCRIPTIONS[cancel] } : null,
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
    return refused(order, event, `${order.status} is not an order state of the spec.`);
  }
  const delivered = order.feedback?.sale?.fulfilled === true;
  switch (event.type) {
    case 'payment': {
      if (!UNPAID.includes(from)) return refused(order, event, 'only unpaid orders take payments.');
      if (event.credited > event.deposit + CENT) {
        return {
          ok: false,
          findings: [
            finding(
              'order.payment.over_deposit',
              ['paid_amount'],
              `A reservation is paid with its deposit (${event.deposit}), not the full item price; ${event.credited} was credited.`,
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
      if (!UNPAID.includes(from)) return refused(order, event, 'only unpaid orders wait for payment.');
      return move(from, 'cancelled', { cancel: 'not_paid', refund: true });
    case 'seller_feedback':
      if (from !== 'paid') return refused(order, event, 'feedback is accepted on paid orders only.');
      return event.fulfilled
        ? move(from, 'paid', { addTags: ['delivered'] })
        : move(from, 'cancelled', { cancel: 'feedback', refund: true });
    case 'buyer_feedback':
      if (from !== 'paid') return refused(order, event, 'feedback is accepted on paid orders only.');
      if (!delivered) return refused(order, event, 'the seller has not confirmed the delivery yet.');
      return event.fulfilled
        ? move(from, 'paid', { releaseMoney: true })
        : move(from, 'cancelled', { cancel: 'buyer', refund: true, addTags: ['not_delivered'] });
    case 'expiration':
      if (from !== 'paid') return refused(order, event, 'only paid orders expire.');
      if (order.feedback?.purchase?.fulfilled === true) return move(from, 'paid');
      // A delivery the buyer did not dispute by the deadline counts as confirmed: the money is released.
      return delivered
        ? move(from, 'paid', { releaseMoney: true })
        : move(from, 'cancelled', { cancel: 'expired_order', refund: true });
    case 'seller_prohibited':
      if (from === 'cancelled') return refused(order, event, 'the order is already cancelled.');
      return move(from, 'cancelled', { cancel: 'seller_prohibited', refund: true });
    case 'fraud_detected':
      return move(from, from, { addTags: ['fraud_risk_detected'] });
  }
}

/** An instant kept to the hour, as the order search date filter reads it. */
export interface HourInstant {
  date: Date;
  /** The timestamp with minutes, seconds and milliseconds set to zero, in the offset it was written with. */
  text: string;
}

const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2})(?::(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * `order.date_created.from/to` keep only the hour: minutes, seconds and milliseconds are discarded, in the offset the
 * timestamp was written with (no offset means UTC). Undefined when the text is not an ISO 8601 timestamp.
 */
export function hourResolution(value: string): HourInstant | undefined {
  const match = TIMESTAMP.exec(value.trim());
  if (!match) return undefined;
  const [, year, month, day, hour = '00', , , , zone = 'Z'] = match;
  const offsetMinutes =
    zone === 'Z' ? 0 : (zone.startsWith('-') ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(-2)));
  const utc = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour));
  const check = new Date(utc);
  if (
    check.getUTCFullYear() !== Number(year) ||
    check.getUTCMonth() !== Number(month) - 1 ||
    check.getUTCDate() !== Number(day) ||
    check.getUTCHours() !== Number(hour)
  ) {
    return undefined;
  }
  const zoneText = zone === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  return {
    date: new Date(utc - offsetMinutes * 60_000),
    text: `${year}-${month}-${day}T${hour}:00:00.000${zoneText}`,
  };
}

/** Which order search is asked: the main one or its recent, archived and pending views. */
export type OrderSearchView = 'search' | 'recent' | 'archived' | 'pending';

const ORDER_SEARCH_PARAMS = [
  'seller',
  'buyer',
  'order.status',
  'order.date_created.from',
  'order.date_created.to',
  'sort',
  'offset',
  'limit',
  'q',
  'tags',
  'access_token',
];

/**
 * The query of an order search: exactly one of seller or buyer (a user id), a known order.status, ISO timestamps for
 * the date filter, a known sort, and non-negative offset and positive limit. Unknown parameters are warned about.
 */
export function orderSearchFindings(query: Readonly<Record<string, string | undefined>>): Finding[] {
  const findings: Finding[] = [];
  const seller = query.seller;
  const buyer = query.buyer;
  if (seller === undefined && buyer === undefined) {
    findings.push(
      finding('order.search.party_required', ['seller'], 'Send seller={your user id} or buyer={your user id}.'),
    );
  } else if (seller !== undefined && buyer !== undefined) {
    findings.push(
      finding('order.search.one_party', ['buyer'], 'Send either seller or buyer, not both: search one side at a time.'),
    );
  }
  for (const name of ['seller', 'buyer'] as const) {
    const value = query[name];
    if (value !== undefined && !/^\d+$/.test(value)) {
      findings.push(finding('order.search.user_id', [name], `${name} must be a user id (a whole number).`));
    }
  }
  const status = query['order.status'];
  if (status !== undefined && !(ORDER_STATUSES as readonly string[]).includes(status)) {
    findings.push(
      finding('order.search.status', ['order.status'], `order.status must be one of ${ORDER_STATUSES.join(', ')}.`),
    );
  }
  for (const name of ['order.date_created.from', 'order.date_created.to'] as const) {
    const value = query[name];
    if (value !== undefined && !hourResolution(value)) {
      findings.push(
        finding(
          'order.search.date',
          [name],
          `${name} must be an ISO 8601 timestamp such as 2024-05-01T10:00:00.000-04:00 (only the hour is used).`,
        ),
      );
    }
  }
  const from = query['order.date_created.from'];
  const to = query['order.date_created.to'];
  const fromHour = from === undefined ? undefined : hourResolution(from);
  const toHour = to === undefined ? undefined : hourResolution(to);
  if (fromHour && toHour && fromHour.date > toHour.date) {
    findings.push(
      finding(
        'order.search.date_range',
        ['order.date_created.to'],
        'order.date_created.to is before order.date_created.from (compared by the hour).',
      ),
    );
  }
  const sort = query.sort;
  if (sort !== undefined && !(ORDER_SORTS as readonly string[]).includes(sort)) {
    findings.push(finding('order.search.sort', ['sort'], `sort must be one of ${ORDER_SORTS.join(', ')}.`));
  }
  if (query.offset !== undefined && !/^\d+$/.test(query.offset)) {
    findings.push(finding('order.search.offset', ['offset'], 'offset must be a whole number, 0 or more.'));
  }
  if (query.limit !== undefined && (!/^\d+$/.test(query.limit) || Number(query.limit) < 1)) {
    findings.push(finding('order.search.limit', ['limit'], 'limit must be a whole number, 1 or more.'));
  }
  for (const name of Object.keys(query)) {
    if (!ORDER_SEARCH_PARAMS.includes(name)) {
      findings.push(
        finding('order.search.unknown_parameter', [name], `Unknown parameter ${name}; it is ignored.`, 'warning'),
      );
    }
  }
  return findings;
}

/** A blacklist body `{user_id}`: a user id other than the owner's own. */
export function blacklistFindings(body: unknown, ownerId: number): Finding[] {
  if (!isRecord(body))
    return [finding('blacklist.body', [], 'Send a JSON object {"user_id": <id of the user to block>}.')];
  const findings = unknownFields(body, ['user_id'], 'blacklist.unknown_field', 'a blacklist entry');
  const userId = body.user_id;
  if (userId === undefined || userId === null) {
    findings.push(
      finding('blacklist.user_id_required', ['user_id'], 'user_id is required: the id of the user to block.'),
    );
  } else if (typeof userId !== 'number' || !Number.isSafeInteger(userId) || userId <= 0) {
    findings.push(
      finding('blacklist.user_id_type', ['user_id'], 'user_id must be a user id (a positive whole number).'),
    );
  } else if (userId === ownerId) {
    findings.push(
      finding('blacklist.self', ['user_id'], 'You cannot block yourself from bidding on your own listings.'),
    );
  }
  return findings;
}
