import * as z from 'zod';
import { Campaign, MetricsAnswer } from '../advertising';
import { SandboxFixtures } from '../fixtures';
import { Item } from '../item';
import {
  BulkItemsAnswer,
  BulkItemsRequest,
  CampaignStatusRequest,
  ClockAdvanceRequest,
  ClockAnswer,
  EmitAnswer,
  EmitRequest,
  Fault,
  FaultInput,
  Faults,
  FraudAnswer,
  NotificationSettings,
  NotificationSettingsChange,
  OpenApiDocumentAnswer,
  OrderPaymentsAnswer,
  PayRequest,
  ProhibitAnswer,
  ReadyAnswer,
  ReceiptAnswer,
  ReceiptRequest,
  ReservationAnswer,
  ReservationRequest,
  ResetAnswer,
  ResetRequest,
  ReviewRequest,
  SandboxAdvertising,
  SandboxCities,
  SandboxInfo,
  SandboxItems,
  SandboxOrder,
  SandboxOrders,
  SandboxShipping,
  SandboxSizeCharts,
  SandboxUsers,
  ScenarioAnswer,
  ScenarioRequest,
  Scenarios,
  ShippingProfile,
  ShippingProfileChange,
  StockRequest,
  UserFlagsRequest,
} from '../sandboxAdmin';
import { Me } from '../user';
import {
  type AnswerSpec,
  type BodySpec,
  empty,
  errors,
  json,
  type Method,
  type OperationSpec,
  type ParameterSpec,
  pathParam,
  queryParam,
} from './operation';
import { ITEM_ID, ORDER_ID, USER_ID } from './parameters';

// The local sandbox's admin routes (`/_sandbox/…`): no token, loopback only, for tests, demos and CI. The real API
// has none of them; the document tags them `sandbox-admin` and marks them `x-sandbox-only`.

export const ADMIN_TAG = 'sandbox-admin';

function admin(
  method: Method,
  path: string,
  operationId: string,
  summary: string,
  answers: Record<number, AnswerSpec>,
  extra: { parameters?: ParameterSpec[]; body?: BodySpec; description?: string } = {},
): OperationSpec {
  return { method, path, operationId, tag: ADMIN_TAG, summary, security: 'none', answers, sandboxOnly: true, ...extra };
}

const optionalBody = (model: z.ZodType, description: string): BodySpec => ({ model, description, required: false });
const ITEM_CHANGED = json('The item as the API now answers it.', Item);
const ORDER_ANSWERS = (model: z.ZodType, description: string) => ({
  200: json(description, model),
  ...errors(400, 404, 409),
});
const CAMPAIGN = pathParam('campaign_id', 'The campaign id.', z.number().int().nonnegative());

export const ADMIN_OPERATIONS: OperationSpec[] = [
  admin(
    'get',
    '/openapi.json',
    'openApiDocument',
    'This OpenAPI document, with the local sandbox first among its servers',
    { 200: json('The document.', OpenApiDocumentAnswer) },
  ),
  admin('get', '/_sandbox', 'sandboxInfo', 'The running sandbox: seed, clock, seller, application, scale', {
    200: json('The sandbox.', SandboxInfo),
  }),
  admin(
    'get',
    '/_sandbox/ready',
    'sandboxReady',
    'Readiness for CI: answers only once the sandbox is ready',
    { 200: json('Ready.', ReadyAnswer) },
    {
      description:
        'The server listens only once its data is seeded or loaded (fixtures checked) and stored: until then the port refuses connections, so any answer means ready. No token.',
    },
  ),
  admin(
    'post',
    '/_sandbox/reset',
    'sandboxReset',
    'Back to the seeded data (or the fixtures); faults cleared',
    { 200: json('Reset.', ResetAnswer), ...errors(400) },
    { body: optionalBody(ResetRequest, '`scale` seeds anew at that scale.') },
  ),
  admin(
    'post',
    '/_sandbox/clock/advance',
    'sandboxAdvanceClock',
    'Move the sandbox clock forward (time-based transitions follow)',
    { 200: json('The new time.', ClockAnswer), ...errors(400) },
    { body: { model: ClockAdvanceRequest, description: 'days, hours and minutes: a positive amount of time.' } },
  ),
  admin('get', '/_sandbox/faults', 'sandboxListFaults', 'The injected faults', { 200: json('The faults.', Faults) }),
  admin(
    'post',
    '/_sandbox/faults',
    'sandboxAddFault',
    'Inject a fault on matching API requests (status, latency, HTML page, cut body)',
    { 201: json('The fault.', Fault), ...errors(400) },
    { body: { model: FaultInput, description: 'What to match and what to answer.' } },
  ),
  admin('delete', '/_sandbox/faults', 'sandboxClearFaults', 'Remove every fault', { 204: empty('Cleared.') }),
  admin('get', '/_sandbox/users', 'sandboxListUsers', 'The seeded users with their start tokens', {
    200: json('The users.', SandboxUsers),
  }),
  admin(
    'post',
    '/_sandbox/users/{user_id}/flags',
    'sandboxSetUserFlags',
    'Flag a user immediate_payment or auto (the mandatory payment flow)',
    { 200: json('The user’s profile.', Me), ...errors(400, 404) },
    { parameters: [USER_ID], body: optionalBody(UserFlagsRequest, 'The flags to set.') },
  ),
  admin(
    'get',
    '/_sandbox/items',
    'sandboxListItems',
    'Every listing in short',
    { 200: json('The listings.', SandboxItems) },
    { parameters: [queryParam('seller_id', 'Only this seller’s.'), queryParam('status', 'Only this status.')] },
  ),
  admin(
    'get',
    '/_sandbox/items/{item_id}',
    'sandboxGetItem',
    'A listing, with no token',
    { 200: json('The item.', Item), ...errors(400, 404) },
    { parameters: [ITEM_ID] },
  ),
  ...(
    [
      ['pay', 'sandboxPayItem', 'A payment_required listing is paid: it becomes active'],
      ['review', 'sandboxReviewItem', 'Put a listing under review'],
      ['review/approve', 'sandboxApproveItem', 'Approve a listing under review: it becomes active'],
      ['pictures/pending', 'sandboxPicturesPending', 'Pause a listing for picture downloading pending'],
      ['pictures/downloaded', 'sandboxPicturesDownloaded', 'Its pictures downloaded: the listing is active again'],
    ] as const
  ).map(([action, operationId, summary]) =>
    admin(
      'post',
      `/_sandbox/items/{item_id}/${action}`,
      operationId,
      summary,
      { 200: ITEM_CHANGED, ...errors(400, 404, 409) },
      {
        parameters: [ITEM_ID],
        ...(action === 'review' ? { body: optionalBody(ReviewRequest, 'The under-review reason.') } : {}),
      },
    ),
  ),
  admin(
    'post',
    '/_sandbox/items/{item_id}/stock',
    'sandboxAdjustStock',
    'Sell or give back units (stock transitions follow)',
    { 200: ITEM_CHANGED, ...errors(400, 404, 409) },
    {
      parameters: [ITEM_ID],
      body: { model: StockRequest, description: 'delta: negative sells, positive gives back.' },
    },
  ),
  admin(
    'post',
    '/_sandbox/items/bulk',
    'sandboxBulkItems',
    'Create many listings at once',
    { 201: json('How many, the first and the last id.', BulkItemsAnswer), ...errors(400) },
    { body: { model: BulkItemsRequest, description: 'count, and a template item to copy.' } },
  ),
  admin(
    'get',
    '/_sandbox/orders',
    'sandboxListOrders',
    'Every order in short, with the sandbox’s flags',
    { 200: json('The orders.', SandboxOrders) },
    {
      parameters: [
        queryParam('status', 'Only this status.'),
        queryParam('seller', 'Only this seller’s.'),
        queryParam('buyer', 'Only this buyer’s.'),
      ],
    },
  ),
  admin(
    'get',
    '/_sandbox/orders/{order_id}',
    'sandboxGetOrder',
    'A stored order with its notes',
    { 200: json('The order.', SandboxOrder), ...errors(400, 404) },
    { parameters: [ORDER_ID] },
  ),
  admin(
    'post',
    '/_sandbox/orders',
    'sandboxReserve',
    'A buyer reserves a vehicle listing (a reservation order in payment_required)',
    {
      201: json('The order as its buyer sees it, and whether the mandatory flow applies.', ReservationAnswer),
      ...errors(400, 403, 404, 409),
    },
    { body: { model: ReservationRequest, description: 'item_id, buyer_id and the deposit.' } },
  ),
  admin(
    'post',
    '/_sandbox/orders/{order_id}/pay',
    'sandboxPayOrder',
    'The buyer pays the deposit (or part of it, or a payment in process)',
    ORDER_ANSWERS(OrderPaymentsAnswer, 'The order and its payments.'),
    {
      parameters: [ORDER_ID],
      body: optionalBody(PayRequest, 'amount, pending, payment_method_id, reject_first_card.'),
    },
  ),
  admin(
    'post',
    '/_sandbox/orders/{order_id}/credit',
    'sandboxCreditOrder',
    'A payment in process is credited',
    ORDER_ANSWERS(OrderPaymentsAnswer, 'The order and the credited payments.'),
    {
      parameters: [ORDER_ID],
    },
  ),
  admin(
    'post',
    '/_sandbox/orders/{order_id}/receipt',
    'sandboxOrderReceipt',
    'The buyer confirms (or denies) receipt after the seller’s delivery feedback',
    ORDER_ANSWERS(ReceiptAnswer, 'The order and the buyer’s rating.'),
    { parameters: [ORDER_ID], body: { model: ReceiptRequest, description: 'received, and a message.' } },
  ),
  admin(
    'post',
    '/_sandbox/orders/{order_id}/fraud',
    'sandboxOrderFraud',
    'Tag an order fraud_risk_detected',
    ORDER_ANSWERS(FraudAnswer, 'The order and whether it was notified.'),
    {
      parameters: [ORDER_ID],
    },
  ),
  admin(
    'post',
    '/_sandbox/orders/sellers/{seller_id}/prohibit',
    'sandboxProhibitSeller',
    'The seller becomes prohibited on the site: its orders are cancelled',
    { 200: json('The cancelled orders.', ProhibitAnswer), ...errors(400, 404) },
    { parameters: [pathParam('seller_id', 'The seller.', z.number().int().nonnegative())] },
  ),
  admin(
    'get',
    '/_sandbox/size_charts',
    'sandboxListSizeCharts',
    'Every chart with its owner and items, and each site’s measurements',
    {
      200: json('The charts.', SandboxSizeCharts),
    },
  ),
  admin(
    'get',
    '/_sandbox/shipping/cities',
    'sandboxShippingCities',
    'The city catalogue of each site',
    { 200: json('By site.', SandboxCities), ...errors(404) },
    { parameters: [queryParam('site_id', 'Only this site.')] },
  ),
  admin('get', '/_sandbox/shipping', 'sandboxShipping', 'The sellers’ shipping profiles and the shipments', {
    200: json('Profiles and shipments.', SandboxShipping),
  }),
  admin(
    'put',
    '/_sandbox/shipping/profiles/{user_id}',
    'sandboxSetShippingProfile',
    'Change a seller’s shipping profile',
    { 200: json('The profile.', ShippingProfile), ...errors(400, 404) },
    { parameters: [USER_ID], body: { model: ShippingProfileChange, description: 'The fields to change.' } },
  ),
  admin(
    'get',
    '/_sandbox/advertising',
    'sandboxAdvertising',
    'The metrics window of today, every advertiser and campaign',
    {
      200: json('Advertising.', SandboxAdvertising),
    },
  ),
  admin(
    'put',
    '/_sandbox/advertising/campaigns/{campaign_id}',
    'sandboxSetCampaignStatus',
    'Change a campaign’s status',
    { 200: json('The campaign.', Campaign), ...errors(400, 404) },
    { parameters: [CAMPAIGN], body: { model: CampaignStatusRequest, description: 'active, paused or finished.' } },
  ),
  admin(
    'get',
    '/_sandbox/advertising/campaigns/{campaign_id}/metrics',
    'sandboxPreviewMetrics',
    'The generated daily metrics of any range (outside the API’s 90-day window too)',
    { 200: json('Rows and summary.', MetricsAnswer), ...errors(400, 404) },
    {
      parameters: [
        CAMPAIGN,
        queryParam('date_from', 'First day, YYYY-MM-DD.', z.string(), true),
        queryParam('date_to', 'Last day, YYYY-MM-DD.', z.string(), true),
      ],
    },
  ),
  admin(
    'post',
    '/_sandbox/notifications/emit',
    'sandboxEmitNotification',
    'Queue a notification to the callback',
    { 202: json('Queued.', EmitAnswer), ...errors(400) },
    { body: { model: EmitRequest, description: 'topic, resource and user_id.' } },
  ),
  admin(
    'get',
    '/_sandbox/notifications',
    'sandboxNotifications',
    'The callback, the topics and every notification with its attempts',
    {
      200: json('Settings and records.', NotificationSettings),
    },
  ),
  admin(
    'put',
    '/_sandbox/notifications',
    'sandboxSetNotifications',
    'Set the callback URL and the topics',
    { 200: json('The settings.', NotificationSettings), ...errors(400) },
    { body: optionalBody(NotificationSettingsChange, 'callback_url (or null) and topics.') },
  ),
  admin(
    'get',
    '/_sandbox/fixtures',
    'sandboxExportFixtures',
    'The current state as a fixtures document (`--fixtures FILE` starts a sandbox that answers the same)',
    { 200: json('The fixtures document.', SandboxFixtures) },
  ),
  admin('get', '/_sandbox/scenarios', 'sandboxScenarios', 'The trigger scenarios', {
    200: json('The scenarios.', Scenarios),
  }),
  admin(
    'post',
    '/_sandbox/scenarios/{scenario_id}',
    'sandboxRunScenario',
    'Run a trigger scenario (a reservation, a payment, a price change…) through the API’s own rules',
    { 200: json('What happened and which notifications were sent.', ScenarioAnswer), ...errors(400, 403, 404, 409) },
    {
      parameters: [pathParam('scenario_id', 'The scenario, as GET /_sandbox/scenarios lists them.')],
      body: optionalBody(ScenarioRequest, 'target (an item or order id) and buyer_id.'),
    },
  ),
];
