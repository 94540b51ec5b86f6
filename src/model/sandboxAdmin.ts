import * as z from 'zod';
import { answer, SiteId, Timestamp, UserId } from './common';
import { Item } from './item';
import { FeedbackEntry, Order, Payment } from './order';

// The local sandbox's admin surface (`/_sandbox/…`, no token, loopback only): the bodies it takes and answers, as the
// OpenAPI document describes them (tag `sandbox-admin`). The real API has none of these routes. Answers are loose
// (`answer`): the sandbox may add fields; the fields named here are what tests and the editor read.

/** `GET /_sandbox`: the running sandbox. */
export const SandboxInfo = answer({
  seed: z.string(),
  now: Timestamp,
  clock_offset_ms: z.number(),
  seller_id: UserId,
  application_id: z.number().int(),
  client_id: z.string(),
  persisted: z.boolean(),
  scale: z.number().int().nonnegative(),
});

/** `GET /_sandbox/ready`: readiness (the server listens only once ready, so any answer says so). */
export const ReadyAnswer = answer({ ready: z.literal(true) });

/** `POST /_sandbox/reset` body: `scale` seeds anew at that scale; without it the scale stays. */
export const ResetRequest = answer({ scale: z.number().int().nonnegative().optional() });
export const ResetAnswer = answer({ reset: z.literal(true), now: Timestamp, scale: z.number().int().nonnegative() });

/** `POST /_sandbox/clock/advance` body: a positive amount of time. */
export const ClockAdvanceRequest = answer({
  days: z.number().optional(),
  hours: z.number().optional(),
  minutes: z.number().optional(),
});
export const ClockAnswer = answer({ now: Timestamp, clock_offset_ms: z.number() });

/** An injected fault (`/_sandbox/faults`): matching API requests get this status, delay, HTML page or cut body. */
export const FaultInput = answer({
  method: z.string().optional(),
  path: z.string().meta({ description: 'The path to match; `*` matches any run of characters (`/items/*`).' }),
  status: z.number().int().optional(),
  retry_after: z.number().optional(),
  latency_ms: z.number().optional(),
  truncate: z.boolean().optional(),
  html: z.boolean().optional(),
  times: z.number().int().optional(),
});
export const Fault = FaultInput.extend({ id: z.number().int(), hits: z.number().int() });
export const Faults = z.array(Fault);

/** `GET /_sandbox/users`: the seeded users with their start tokens (the sandbox's own test tokens). */
export const SandboxUsers = z.array(
  answer({
    id: UserId,
    nickname: z.string(),
    site_id: SiteId,
    role: z.string(),
    token: z.string().nullish(),
  }),
);
export const UserFlagsRequest = answer({ immediate_payment: z.boolean().optional(), auto: z.boolean().optional() });

/** `GET /_sandbox/items`: every listing in short. */
export const SandboxItems = z.array(
  answer({
    id: z.string(),
    seller_id: UserId,
    title: z.string(),
    category_id: z.string(),
    status: z.string(),
    sub_status: z.array(z.string()).nullish(),
    available_quantity: z.number().int().nullish(),
    sold_quantity: z.number().int().nullish(),
    listing_type_id: z.string().nullish(),
    condition: z.string().nullish(),
  }),
);
/** The sandbox's stored listing (the public item and the sandbox's own bookkeeping). */
export const SandboxItem = Item;
export const ReviewRequest = answer({
  sub_status: z.string().optional().meta({ description: 'The under-review reason; warning when absent.' }),
});
export const StockRequest = answer({ delta: z.number().int() });
export const BulkItemsRequest = answer({ count: z.number().int().min(1), template: z.string().optional() });
export const BulkItemsAnswer = answer({
  created: z.number().int(),
  first: z.string().optional(),
  last: z.string().optional(),
});

/** Whether an order entered the mandatory integrated payment flow, and by which of the spec's numbered cases (1 to 6). */
export const MandatoryFlow = answer({ applies: z.boolean(), cases: z.array(z.number().int()) });

/** The same decision as a reservation makes it: each case with its code and the spec's reason. */
export const MandatoryFlowDecision = answer({
  applies: z.boolean(),
  cases: z.array(answer({ case: z.number().int(), code: z.string(), reason: z.string() })),
});

/** `GET /_sandbox/orders`: every order in short, with the sandbox's own flags. */
export const SandboxOrders = answer({
  total: z.number().int(),
  orders: z.array(
    answer({
      id: z.number().int(),
      status: z.string(),
      seller_id: UserId,
      buyer_id: UserId,
      item_id: z.string().optional(),
      tags: z.array(z.string()).nullish(),
      payments: z.number().int(),
      notes: z.number().int(),
      mandatory_flow: MandatoryFlow,
      visible_to_seller: z.boolean(),
      money_released: z.boolean(),
    }),
  ),
});
/** `GET /_sandbox/orders/{order_id}`: the stored order (`data` is the order as the API renders it) and its notes. */
export const SandboxOrder = answer({
  data: answer({ id: z.number().int(), status: z.string() }),
  notes: z.array(z.unknown()),
});
export const ReservationRequest = answer({
  item_id: z.string(),
  buyer_id: UserId,
  deposit: z.number().optional(),
});
export const ReservationAnswer = answer({ order: Order, mandatory_flow: MandatoryFlowDecision });
export const PayRequest = answer({
  amount: z.number().optional(),
  pending: z.boolean().optional(),
  payment_method_id: z.string().optional(),
  reject_first_card: z.boolean().optional(),
});
export const OrderPaymentsAnswer = answer({ order: Order, payments: z.array(Payment) });
export const ReceiptRequest = answer({ received: z.boolean(), message: z.string().optional() });
export const ReceiptAnswer = answer({ order: Order, feedback: FeedbackEntry });
export const FraudAnswer = answer({ order: Order, notified: z.boolean() });
export const ProhibitAnswer = answer({
  seller_id: UserId,
  prohibited: z.literal(true),
  cancelled_orders: z.array(z.number().int()),
});

/** `GET /_sandbox/size_charts`: the sites' measurements and every chart with its owner and items. */
export const SandboxSizeCharts = answer({
  sites: z.record(z.string(), z.array(z.string())),
  charts: z.array(
    answer({
      id: z.number().int(),
      name: z.string(),
      site_id: z.string(),
      owner_id: UserId,
      items: z.array(z.string()),
    }),
  ),
});

/** `GET /_sandbox/shipping/cities`: by site, whether quotes are by postal code and the city catalogue. */
export const SandboxCities = z.record(
  z.string(),
  answer({ zip_based: z.boolean(), zip_length: z.number().int().nullish(), cities: z.array(z.unknown()) }),
);
export const SandboxShipping = answer({ profiles: z.array(z.unknown()), shipments: z.array(z.unknown()) });
export const ShippingProfileChange = answer({
  handling_hours: z.number().int().nonnegative().nullable().optional(),
  free_shipping_max_weight_g: z.number().int().nonnegative().nullable().optional(),
  allow_add_cost: z.boolean().optional(),
  own_carrier: z.boolean().optional(),
});
export const ShippingProfile = answer({ user_id: UserId });

/** `GET /_sandbox/advertising`: the metrics window of today, every advertiser and campaign. */
export const SandboxAdvertising = answer({
  today: z.string(),
  earliest_date_from: z.string(),
  advertisers: z.array(z.unknown()),
  campaigns: z.array(z.unknown()),
});
export const CampaignStatusRequest = answer({ status: z.string() });

/** `POST /_sandbox/notifications/emit` body. */
export const EmitRequest = answer({ topic: z.string(), resource: z.string(), user_id: UserId.optional() });
export const EmitAnswer = answer({ queued: z.literal(true) });
/** `/_sandbox/notifications`: where notifications go, which topics, and (GET) every record with its attempts. */
export const NotificationSettings = answer({
  callback_url: z.string().nullable(),
  topics: z.array(z.string()),
  records: z.array(z.unknown()).optional(),
});
export const NotificationSettingsChange = answer({
  callback_url: z.string().nullable().optional(),
  topics: z.array(z.string()).optional(),
});

/** `GET /_sandbox/scenarios`: the trigger scenarios. */
export const Scenarios = answer({
  scenarios: z.array(answer({ id: z.string(), title: z.string(), detail: z.string(), topics: z.array(z.string()) })),
});
export const ScenarioRequest = answer({
  target: z.union([z.string(), z.number()]).optional(),
  buyer_id: z.union([UserId, z.string()]).optional(),
});
export const ScenarioAnswer = answer({
  scenario: z.string(),
  summary: z.string(),
  resource: z.string().nullish(),
  order_id: z.number().int().optional(),
  item_id: z.string().optional(),
  topics: z.array(z.string()),
});

/** `GET /openapi.json`: this document, with the sandbox first among its servers. */
export const OpenApiDocumentAnswer = answer({
  openapi: z.string(),
  info: answer({ title: z.string(), version: z.string() }),
  servers: z.array(answer({ url: z.string() })),
  paths: z.record(z.string(), z.unknown()),
});
