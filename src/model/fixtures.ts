import * as z from 'zod';
import { CAMPAIGN_STATUSES, CAMPAIGN_TYPES } from './advertising';
import { request, UserId } from './common';
import { ITEM_STATUSES, ITEM_SUB_STATUSES, Item, ItemCreate, VariationInput } from './item';
import { FeedbackRequest, NoteRequest } from './order';
import { ORDER_CANCEL_CODES, ORDER_STATUSES, ORDER_TAGS } from './orderValues';
import { SizeChartCreate } from './sizeChart';

// The sandbox's fixtures file (`--fixtures FILE`, `*.fixtures.json`): the integrator's own listings, orders, size
// charts, blacklist and campaigns, written by hand in the API's own shape and field names. An item is a creation body
// (`POST /items`) plus, optionally, what the marketplace sets on a listing that exists (its id, status, sales, dates);
// an order names its vehicle by id and tells its story by its status, payments and feedback. The sandbox checks the
// file with the same models and rules as the API (src/sandbox/fixtures/) and fills the rest the way its own creation
// paths do. `schemas/sandbox-fixtures.schema.json` is generated from these models (npm run schemas).

/** How the fixtures stand to the sandbox's default data. */
export const DEFAULT_DATA_MODES = ['none', 'include'] as const;
export type DefaultDataMode = (typeof DEFAULT_DATA_MODES)[number];

/** Payment statuses a fixture may give: as made (approved, pending, rejected) or as the order's end left them. */
export const FIXTURE_PAYMENT_STATUSES = ['approved', 'pending', 'rejected', 'refunded', 'cancelled'] as const;

/** The text of an unknown value of a closed list: `"delivered" is not an order status`. */
const notA = (what: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? `${what} is required` : `${JSON.stringify(issue.input)} is not ${what}`;

/** An ISO 8601 timestamp with a zone, as the API writes them (`2026-03-01T10:00:00.000-04:00`). */
export const FixtureTimestamp = z
  .string({ message: 'a date must be an ISO 8601 timestamp such as 2026-03-01T10:00:00.000-04:00' })
  .refine(
    (text) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text) && !Number.isNaN(Date.parse(text)),
    'a date must be an ISO 8601 timestamp such as 2026-03-01T10:00:00.000-04:00',
  );

/** A campaign date: a timestamp without a zone, as the advertising API writes them (`2026-01-05T00:00:00`). */
export const CampaignDate = z
  .string({ message: 'a campaign date is a timestamp without zone such as 2026-01-05T00:00:00' })
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/,
    'a campaign date is a timestamp without zone such as 2026-01-05T00:00:00',
  );

/** An item id: the site id and the listing's number (`MLA1500000001`). */
export const FixtureItemId = z
  .string({ message: 'an item id is text such as MLA1500000001' })
  .regex(/^M[A-Z]{2}\d{1,15}$/, 'an item id is the site id followed by the listing number, such as MLA1500000001');

/** A variation in a fixture: a creation's variation, with the units it already sold. */
export const FixtureVariation = VariationInput.extend({
  sold_quantity: z.number().int().nonnegative().optional(),
});

/** A listing: a creation body plus what the marketplace sets on a listing that exists (all optional). */
export const FixtureItem = ItemCreate.extend({
  id: FixtureItemId.optional(),
  seller_id: UserId.optional(),
  status: z.enum(ITEM_STATUSES, { error: notA('an item status') }).optional(),
  sub_status: z.array(z.string()).optional(),
  sold_quantity: z.number().int().nonnegative().optional(),
  initial_quantity: z.number().int().nonnegative().optional(),
  base_price: z.number().positive().optional(),
  date_created: FixtureTimestamp.optional(),
  last_updated: FixtureTimestamp.optional(),
  start_time: FixtureTimestamp.optional(),
  stop_time: FixtureTimestamp.optional(),
  permalink: z.string().optional(),
  thumbnail: z.string().optional(),
  secure_thumbnail: z.string().optional(),
  descriptions: z.array(request({ id: z.string() })).optional(),
  seller_address: Item.shape.seller_address.optional(),
  geolocation: Item.shape.geolocation.optional(),
  warnings: z.array(z.unknown()).optional(),
  listing_source: z.string().optional(),
  parent_item_id: z.string().nullable().optional(),
  deal_ids: z.array(z.unknown()).optional(),
  deleted: z
    .literal('true', { message: 'deleted is the text "true" (a closed listing the seller deleted)' })
    .optional(),
  variations: z.array(FixtureVariation).optional(),
});
export type FixtureItem = z.infer<typeof FixtureItem>;

/** A payment of a fixture order: how much, by which means, and how it stands. */
export const FixturePayment = request({
  id: z.number().int().positive().optional(),
  status: z.enum(FIXTURE_PAYMENT_STATUSES, { error: notA('a payment status') }),
  transaction_amount: z.number().positive().optional(),
  payment_method_id: z.string().min(1).optional(),
  date_created: FixtureTimestamp.optional(),
  date_approved: FixtureTimestamp.nullable().optional(),
  /** As the API last stamped it (an export's): kept; by default the story's. */
  date_last_modified: FixtureTimestamp.optional(),
  money_release_date: FixtureTimestamp.nullable().optional(),
});
export type FixturePayment = z.infer<typeof FixturePayment>;

/** A rating of a fixture order: the body of `POST /orders/{id}/feedback`, with its id and date. */
export const FixtureFeedback = FeedbackRequest.extend({
  id: z.number().int().positive().optional(),
  date_created: FixtureTimestamp.optional(),
});
export type FixtureFeedback = z.infer<typeof FixtureFeedback>;

/** A seller's note on a fixture order: the body of `POST /orders/{id}/notes`, with its id and dates. */
export const FixtureNote = NoteRequest.extend({
  id: z
    .string()
    .regex(/^[0-9a-f]{24}$/, 'a note id is 24 hexadecimal characters, such as 65a000000000000000000001')
    .optional(),
  date_created: FixtureTimestamp.optional(),
  date_last_updated: FixtureTimestamp.optional(),
});
export type FixtureNote = z.infer<typeof FixtureNote>;

/** The line of a reservation order: the vehicle, and the deposit when not the sandbox's. */
export const FixtureOrderLine = request({
  item: request({ id: FixtureItemId }),
  quantity: z.literal(1, { message: 'a reservation holds one vehicle: quantity is 1' }).optional(),
  unit_price: z.number().positive().optional(),
});

/** A reservation order in any state the spec allows, with its payments, feedback and notes. */
export const FixtureOrder = request({
  id: z.number().int().positive().optional(),
  status: z.enum(ORDER_STATUSES, { error: notA('an order status') }).optional(),
  status_detail: request({
    code: z.enum(ORDER_CANCEL_CODES, { error: notA('a cancellation code') }),
    description: z.string().optional(),
  })
    .nullable()
    .optional(),
  date_created: FixtureTimestamp.optional(),
  /** When the order last changed (a fraud tag's date, say); by default the last step of its story. */
  last_updated: FixtureTimestamp.optional(),
  /** When the deposit was first credited (an export's): kept; by default the story's. */
  date_closed: FixtureTimestamp.nullable().optional(),
  order_items: z
    .array(FixtureOrderLine)
    .min(1, 'an order names its vehicle: [{"item": {"id": "MLA…"}}]')
    .max(1, 'a reservation order holds one vehicle'),
  buyer: request({ id: UserId }).optional(),
  payments: z.array(FixturePayment).optional(),
  feedback: request({
    sale: FixtureFeedback.nullable().optional(),
    purchase: FixtureFeedback.nullable().optional(),
  }).optional(),
  notes: z.array(FixtureNote).optional(),
  tags: z.array(z.string()).optional(),
  coupon: request({ amount: z.number().nonnegative(), id: z.string().nullable() }).optional(),
});
export type FixtureOrder = z.infer<typeof FixtureOrder>;

/** A size chart: the body of `POST /size_charts`, with its id, its seller and the listings it serves. */
export const FixtureSizeChart = SizeChartCreate.extend({
  id: z.number().int().positive().optional(),
  seller_id: UserId.optional(),
  items: z.array(FixtureItemId).optional(),
  date_created: FixtureTimestamp.optional(),
  last_updated: FixtureTimestamp.optional(),
});
export type FixtureSizeChart = z.infer<typeof FixtureSizeChart>;

/** A user barred from bidding: the body of `POST /users/{me}/order_blacklist`, with its owner and date. */
export const FixtureBlacklistEntry = request({
  user_id: UserId,
  seller_id: UserId.optional(),
  date_created: FixtureTimestamp.optional(),
});
export type FixtureBlacklistEntry = z.infer<typeof FixtureBlacklistEntry>;

/** A display campaign, with the figures its daily metrics are generated from (each optional). */
export const FixtureCampaign = request({
  id: z.number().int().positive().optional(),
  advertiser_id: z.number().int().positive().optional(),
  name: z.string().min(1, 'a campaign needs a name'),
  type: z.string().min(1).optional(),
  status: z.string().min(1).optional(),
  goal: z.string().min(1).optional(),
  start_date: CampaignDate,
  end_date: CampaignDate,
  daily_prints: z.number().int().nonnegative().optional(),
  base_ctr: z.number().min(0).max(1).optional(),
  rate: z.number().nonnegative().optional(),
  average_ticket: z.number().nonnegative().optional(),
  video: z.boolean().optional(),
  budget: z.number().nonnegative().nullable().optional(),
  pauses: z
    .array(
      request({
        from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
        until: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/)
          .nullable(),
      }),
    )
    .optional(),
});
export type FixtureCampaign = z.infer<typeof FixtureCampaign>;

/** The whole fixtures document. */
export const SandboxFixtures = request({
  $schema: z.string().optional(),
  default_data: z.enum(DEFAULT_DATA_MODES, { error: notA('a default_data mode (none or include)') }).optional(),
  clock_start: FixtureTimestamp.optional(),
  /** What an export says about itself (e.g. that generated listings were left out); ignored when loading. */
  note: z.string().optional(),
  items: z.array(FixtureItem).optional(),
  orders: z.array(FixtureOrder).optional(),
  size_charts: z.array(FixtureSizeChart).optional(),
  blacklist: z.array(FixtureBlacklistEntry).optional(),
  campaigns: z.array(FixtureCampaign).optional(),
});
export type SandboxFixtures = z.infer<typeof SandboxFixtures>;

/** Known values offered as suggestions in the schema (the spec's lists; open ones stay open). */
export const FIXTURE_KNOWN_VALUES = {
  itemSubStatuses: ITEM_SUB_STATUSES,
  orderTags: ORDER_TAGS,
  campaignTypes: CAMPAIGN_TYPES,
  campaignStatuses: CAMPAIGN_STATUSES,
} as const;
