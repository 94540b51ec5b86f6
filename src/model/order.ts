import * as l10n from '@vscode/l10n';
import * as z from 'zod';
import { answer, Paging, request, Timestamp, UserId } from './common';

// The spec's values (states, codes, limits) live in orderValues.ts, which builds no schema: rules and views that need
// only them do not pay for building the schemas below.
export * from './orderValues';

import { FEEDBACK_MESSAGE_LIMIT, NOTE_MAX_LENGTH, type OrderSort, type OrderStatus, RATINGS } from './orderValues';

/** `status_detail` of an order: set on cancellation. */
export const OrderStatusDetail = answer({
  code: z.string().nullish(),
  description: z.string().nullish(),
});
export type OrderStatusDetail = z.infer<typeof OrderStatusDetail>;

/** A phone of a buyer or seller. */
export const Phone = answer({
  area_code: z.string().nullish(),
  number: z.string().nullish(),
  extension: z.string().nullish(),
});
export type Phone = z.infer<typeof Phone>;

/** `variation_attributes[]` of an ordered item. */
export const VariationAttribute = answer({
  id: z.string().nullish(),
  name: z.string().nullish(),
  value_id: z.string().nullish(),
  value_name: z.string().nullish(),
});

/** The item of an order line. */
export const OrderItemRef = answer({
  id: z.string(),
  title: z.string().nullish(),
  category_id: z.string().nullish(),
  variation_id: z.union([z.number(), z.string()]).nullish(),
  variation_attributes: z.array(VariationAttribute).nullish(),
});

/** One order line: `unit_price` is the reservation price (deposit), `full_unit_price` the full item price. */
export const OrderItem = answer({
  item: OrderItemRef,
  quantity: z.number().int(),
  unit_price: z.number(),
  full_unit_price: z.number().nullish(),
  currency_id: z.string().nullish(),
});
export type OrderItem = z.infer<typeof OrderItem>;

/** Billing document of the buyer. */
export const BillingInfo = answer({
  doc_type: z.string().nullish(),
  doc_number: z.string().nullish(),
});

/** The seller of an order; contact fields are absent until the counterpart data is added. */
export const OrderSeller = answer({
  id: UserId,
  nickname: z.string().nullish(),
  email: z.string().nullish(),
  phone: Phone.nullish(),
  alternative_phone: Phone.nullish(),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
});
export type OrderSeller = z.infer<typeof OrderSeller>;

/** The buyer of an order: the seller's fields plus billing_info. */
export const OrderBuyer = OrderSeller.extend({ billing_info: BillingInfo.nullish() });
export type OrderBuyer = z.infer<typeof OrderBuyer>;

/** A payment, inside an order or from `/payments` and `/collections/{id}`: every field the spec lists. */
export const Payment = answer({
  id: z.number().int(),
  order_id: z.number().int().nullish(),
  payer_id: UserId.nullish(),
  collector: answer({ id: UserId }).nullish(),
  status: z.string(),
  status_detail: z.string().nullish(),
  status_code: z.union([z.string(), z.number()]).nullish(),
  operation_type: z.string().nullish(),
  payment_method_id: z.string().nullish(),
  payment_type: z.string().nullish(),
  transaction_amount: z.number().nullish(),
  total_paid_amount: z.number().nullish(),
  shipping_cost: z.number().nullish(),
  overpaid_amount: z.number().nullish(),
  coupon_amount: z.number().nullish(),
  coupon_id: z.union([z.string(), z.number()]).nullish(),
  currency_id: z.string().nullish(),
  installments: z.number().int().nullish(),
  issuer_id: z.union([z.string(), z.number()]).nullish(),
  card_id: z.union([z.string(), z.number()]).nullish(),
  activation_uri: z.string().nullish(),
  atm_transfer_reference: answer({
    company_id: z.union([z.string(), z.number()]).nullish(),
    transaction_id: z.union([z.string(), z.number()]).nullish(),
  }).nullish(),
  available_actions: z.array(z.string()).nullish(),
  date_created: Timestamp.nullish(),
  date_last_modified: Timestamp.nullish(),
  reason: z.string().nullish(),
  site_id: z.string().nullish(),
});
export type Payment = z.infer<typeof Payment>;

/** A rating given on an order (by the seller: `sale`; by the buyer: `purchase`). */
export const FeedbackEntry = answer({
  id: z.number().int().nullish(),
  fulfilled: z.boolean(),
  rating: z.string(),
  message: z.string().nullish(),
  reason: z.string().nullish(),
  restock_item: z.boolean().nullish(),
  role: z.string().nullish(),
  from: answer({ id: UserId }).nullish(),
  to: answer({ id: UserId }).nullish(),
  order_id: z.number().int().nullish(),
  date_created: Timestamp.nullish(),
  visibility_date: Timestamp.nullish(),
  status: z.string().nullish(),
});
export type FeedbackEntry = z.infer<typeof FeedbackEntry>;

/** `feedback` of an order and the answer of `GET /orders/{id}/feedback`: each side null until rated. */
export const OrderFeedback = answer({
  sale: FeedbackEntry.nullish(),
  purchase: FeedbackEntry.nullish(),
});
export type OrderFeedback = z.infer<typeof OrderFeedback>;

/** A reservation order: every field of the spec's Order table. */
export const Order = answer({
  id: z.number().int(),
  status: z.string(),
  status_detail: OrderStatusDetail.nullish(),
  date_created: Timestamp,
  date_closed: Timestamp.nullish(),
  expiration_date: Timestamp.nullish(),
  last_updated: Timestamp.nullish(),
  order_items: z.array(OrderItem),
  total_amount: z.number(),
  paid_amount: z.number().nullish(),
  total_amount_with_shipping: z.number().nullish(),
  currency_id: z.string(),
  buyer: OrderBuyer,
  seller: OrderSeller,
  payments: z.array(Payment).nullish(),
  feedback: OrderFeedback.nullish(),
  shipping: answer({ id: z.union([z.number(), z.string()]).nullish(), status: z.string().nullish() }).nullish(),
  tags: z.array(z.string()).nullish(),
  coupon: answer({ amount: z.number().nullish(), id: z.union([z.string(), z.number()]).nullish() }).nullish(),
  mediations: z.array(z.unknown()).nullish(),
});
export type Order = z.infer<typeof Order>;

/** `{id, name}` of a sort or filter value. */
const SearchOption = answer({ id: z.string(), name: z.string().nullish(), results: z.number().int().nullish() });

/** A filter of a search answer (`filters[]` applied, `available_filters[]` offered). */
export const SearchFilter = answer({
  id: z.string(),
  name: z.string().nullish(),
  type: z.string().nullish(),
  values: z.array(SearchOption).nullish(),
});

/** `GET /orders/search` (and its recent, archived and pending views). */
export const OrderSearchResult = answer({
  query: z.string().nullish(),
  results: z.array(Order),
  sort: SearchOption.nullish(),
  available_sorts: z.array(SearchOption).nullish(),
  filters: z.array(SearchFilter).nullish(),
  available_filters: z.array(SearchFilter).nullish(),
  paging: Paging,
  display: z.string().nullish(),
});
export type OrderSearchResult = z.infer<typeof OrderSearchResult>;

/** An order note (the documented pack-note shape). Ids are opaque strings. */
export const OrderNote = answer({
  id: z.union([z.string(), z.number()]),
  note: z.string(),
  date_created: Timestamp.nullish(),
  date_last_updated: Timestamp.nullish(),
});
export type OrderNote = z.infer<typeof OrderNote>;

/** `GET /orders/{id}/notes`: one `{order_id, results}` entry per order asked for. */
export const OrderNotesAnswer = z.array(
  answer({
    order_id: z.union([z.string(), z.number()]),
    results: z.array(OrderNote),
  }),
);
export type OrderNotesAnswer = z.infer<typeof OrderNotesAnswer>;

/** A blacklist entry as `GET /users/{id}/order_blacklist` lists it. */
export const BlacklistEntry = answer({
  user: answer({ id: UserId, blocked: z.boolean().nullish() }),
});
export type BlacklistEntry = z.infer<typeof BlacklistEntry>;

/** `GET /users/{id}/order_blacklist`. */
export const Blacklist = z.array(BlacklistEntry);
export type Blacklist = z.infer<typeof Blacklist>;

/** `GET /payments`: the payments of the buyer owning the token. */
export const PaymentsSearchResult = answer({
  paging: Paging,
  results: z.array(Payment),
});
export type PaymentsSearchResult = z.infer<typeof PaymentsSearchResult>;

/** `POST`/`PUT /orders/{id}/notes`: at most 300 characters (the rule `noteFindings` says why a note is refused). */
export const NoteRequest = request({
  note: z
    .string()
    .min(1, { error: () => l10n.t('A note cannot be empty.') })
    .max(NOTE_MAX_LENGTH, { error: () => l10n.t('A note holds at most {0} characters.', NOTE_MAX_LENGTH) }),
});
export type NoteRequest = z.infer<typeof NoteRequest>;

/** `POST /orders/{id}/feedback`: fulfilled and rating are required (the pairs are checked by `feedbackFindings`). */
export const FeedbackRequest = request({
  fulfilled: z.boolean(),
  // In any case: public examples send "NEGATIVE" as well as "positive" (`ratingOf` in src/rules/orders.ts reads it).
  rating: z.string().refine((text) => (RATINGS as readonly string[]).includes(text.toLowerCase()), {
    error: () => l10n.t('rating is one of {0}', RATINGS.join(', ')),
  }),
  message: z
    .string()
    .max(FEEDBACK_MESSAGE_LIMIT - 1, {
      error: () => l10n.t('The message must be under {0} characters.', FEEDBACK_MESSAGE_LIMIT),
    })
    .optional(),
  reason: z.string().optional(),
  restock_item: z.boolean().optional(),
});
export type FeedbackRequest = z.infer<typeof FeedbackRequest>;

/** `POST /users/{id}/order_blacklist`. */
export const BlacklistRequest = request({ user_id: UserId });
export type BlacklistRequest = z.infer<typeof BlacklistRequest>;

/** The query of `GET /orders/search` as the client builds it. */
export interface OrderSearchQuery {
  seller?: number;
  buyer?: number;
  /** Filter `order.status`, e.g. `paid`. */
  status?: OrderStatus;
  /** `order.date_created.from`; only the hour is used. */
  dateFrom?: string;
  /** `order.date_created.to`; only the hour is used. */
  dateTo?: string;
  sort?: OrderSort;
  offset?: number;
  limit?: number;
  q?: string;
  tags?: string;
}
