// The order values of the spec: states, cancellation codes, tags, ratings, limits and sorts (no schema is built here).

/** Order states of the spec's "Order status" table. */
export const ORDER_STATUSES = [
  'payment_required',
  'payment_in_process',
  'partially_paid',
  'paid',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Whether a text is one of the spec's order states. */
export const isOrderStatus = (value: unknown): value is OrderStatus =>
  typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);

/**
 * `status_detail.code` values of a cancelled order. The spec names feedback, buyer and expired_order; the list is
 * "not shown" beyond them, so `not_paid` (unpaid in time) and `seller_prohibited` are the sandbox's own names.
 */
export const ORDER_CANCEL_CODES = ['feedback', 'buyer', 'expired_order', 'not_paid', 'seller_prohibited'] as const;
export type OrderCancelCode = (typeof ORDER_CANCEL_CODES)[number];

/** Order tags the spec names: `reservation` marks a reservation; the others follow delivery, payment and fraud. */
export const ORDER_TAGS = ['reservation', 'paid', 'delivered', 'not_delivered', 'fraud_risk_detected'] as const;

/** Feedback ratings. The reservation pairs are fulfilled=true with positive and fulfilled=false with neutral. */
export const RATINGS = ['positive', 'neutral', 'negative'] as const;
export type Rating = (typeof RATINGS)[number];

/** An order note holds at most this many characters. */
export const NOTE_MAX_LENGTH = 300;
/** A feedback message must be under this many characters (so at most 159). */
export const FEEDBACK_MESSAGE_LIMIT = 160;

/** Sorts of the order searches: date_asc is the default. */
export const ORDER_SORTS = ['date_asc', 'date_desc'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];
