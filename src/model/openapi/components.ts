import type * as z from 'zod';
import {
  Advertiser,
  AdvertisersAnswer,
  Attribution,
  Campaign,
  CampaignsAnswer,
  MetricsAnswer,
  MetricsRow,
  MetricsSummary,
} from '../advertising';
import { IdName, Paging } from '../common';
import { AdvertisingErrorBody, ErrorBody, ErrorCause, ErrorEntry, SizeChartErrorBody } from '../error';
import {
  Item,
  ItemCreate,
  ItemsSearchResult,
  ItemUpdate,
  MultiGetEntry,
  Picture,
  SaleTerm,
  SaleTermDefinition,
  SaleTermInput,
  TrimmedItem,
  Variation,
} from '../item';
import { MissedFeed, MissedFeeds, Notification } from '../notification';
import {
  BlacklistEntry,
  BlacklistRequest,
  FeedbackEntry,
  FeedbackRequest,
  NoteRequest,
  Order,
  OrderBuyer,
  OrderFeedback,
  OrderItem,
  OrderNote,
  OrderSearchResult,
  OrderSeller,
  Payment,
  PaymentsSearchResult,
} from '../order';
import { Fault, SandboxInfo } from '../sandboxAdmin';
import { Destination, EstimatedDeliveryTime, LeadTime, ShippingOption, ShippingOptionsResult } from '../shipping';
import { ListingType, PaymentMethod, Site } from '../site';
import {
  ItemsAssociation,
  MeasurementAttribute,
  SizeChart,
  SizeChartCreate,
  SizeChartItems,
  SizeChartSummary,
} from '../sizeChart';
import { Me, OAuthToken, PublicUser } from '../user';

/**
 * The models the document names in `components/schemas` (and refers to with `$ref`), each with its description.
 * Models not named here are written inline where they are used.
 */
export const COMPONENTS: Readonly<Record<string, { model: z.ZodType; description: string }>> = {
  ErrorBody: {
    model: ErrorBody,
    description:
      'The generic error body: error (a code), message, status (the HTTP status), cause[]; errors[] for validation duplicates. A missing token answers {code, error, message, cause: null}; OAuth errors add error_description.',
  },
  ErrorCause: {
    model: ErrorCause,
    description:
      'One cause of an error (item validation: department, cause_id, type error or warning, code, references, message).',
  },
  ErrorEntry: { model: ErrorEntry, description: 'One entry of errors[] (size chart duplicates).' },
  SizeChartErrorBody: {
    model: SizeChartErrorBody,
    description:
      'A size chart error: the generic body whose error names the condition of the spec’s size chart errors.',
  },
  AdvertisingErrorBody: {
    model: AdvertisingErrorBody,
    description: 'An advertising error: bad_request (400) or not_found (404).',
  },
  Paging: { model: Paging, description: 'Offset paging of a search.' },
  IdName: { model: IdName, description: 'An id and a name (city, state, country, neighborhood…).' },
  Item: { model: Item, description: 'An item (listing) as the API answers it.' },
  TrimmedItem: { model: TrimmedItem, description: 'An item trimmed by attributes=: any subset of the fields.' },
  ItemCreate: { model: ItemCreate, description: 'Body of POST /items (and /items/validate).' },
  ItemUpdate: { model: ItemUpdate, description: 'Body of PUT /items/{item_id}: any subset of the editable fields.' },
  Picture: { model: Picture, description: 'A picture of an item.' },
  Variation: { model: Variation, description: 'A variation of an item.' },
  SaleTerm: { model: SaleTerm, description: 'A sale term on an item.' },
  SaleTermInput: {
    model: SaleTermInput,
    description: 'A sale term on input: {id, value_name} (and value_id when needed); both null remove it.',
  },
  SaleTermDefinition: { model: SaleTermDefinition, description: 'A sale term definition of a category.' },
  ItemsSearchResult: {
    model: ItemsSearchResult,
    description: 'The seller’s item ids with paging (or a scan scroll_id).',
  },
  MultiGetEntry: {
    model: MultiGetEntry,
    description: 'One entry of the multi-get: code 200 with the item, or the error status with its body.',
  },
  Order: { model: Order, description: 'A reservation order.' },
  OrderItem: {
    model: OrderItem,
    description: 'One order line: unit_price is the reservation price, full_unit_price the item’s.',
  },
  OrderBuyer: { model: OrderBuyer, description: 'The buyer of an order.' },
  OrderSeller: { model: OrderSeller, description: 'The seller of an order.' },
  Payment: { model: Payment, description: 'A payment (inside an order, or from /payments and /collections).' },
  PaymentsSearchResult: { model: PaymentsSearchResult, description: 'The payments of the buyer owning the token.' },
  FeedbackEntry: { model: FeedbackEntry, description: 'A rating given on an order.' },
  OrderFeedback: {
    model: OrderFeedback,
    description: 'The ratings of an order: sale and purchase, each null until rated.',
  },
  OrderSearchResult: { model: OrderSearchResult, description: 'An order search answer.' },
  OrderNote: { model: OrderNote, description: 'A seller’s note on an order.' },
  NoteRequest: { model: NoteRequest, description: 'Body of POST and PUT /orders/{order_id}/notes.' },
  FeedbackRequest: { model: FeedbackRequest, description: 'Body of POST /orders/{order_id}/feedback.' },
  BlacklistEntry: { model: BlacklistEntry, description: 'A user barred from bidding.' },
  BlacklistRequest: { model: BlacklistRequest, description: 'Body of POST /users/{cust_id}/order_blacklist.' },
  Notification: {
    model: Notification,
    description:
      'A push notification, POSTed as JSON to the application’s callback URL (answer 200 to acknowledge; retried 5 times within 1 hour).',
  },
  MissedFeed: {
    model: MissedFeed,
    description: 'A notification that was not acknowledged, with what was sent and answered.',
  },
  MissedFeeds: { model: MissedFeeds, description: 'The missed notifications.' },
  SizeChart: { model: SizeChart, description: 'A size chart.' },
  SizeChartCreate: {
    model: SizeChartCreate,
    description: 'Body of POST /size_charts and PUT /size_charts/{size_chart_id}.',
  },
  SizeChartSummary: { model: SizeChartSummary, description: 'A chart as GET /size_charts lists it.' },
  SizeChartItems: { model: SizeChartItems, description: 'A page of the item ids associated with a chart.' },
  ItemsAssociation: {
    model: ItemsAssociation,
    description: 'Body of PUT /size_charts/{size_chart_id}/items: the whole list of items to keep.',
  },
  MeasurementAttribute: {
    model: MeasurementAttribute,
    description: 'A measurement attribute (type NUMBER_UNIT, default unit cm).',
  },
  ShippingOptionsResult: { model: ShippingOptionsResult, description: 'Shipping options to one destination.' },
  ShippingOption: { model: ShippingOption, description: 'One available shipping method.' },
  Destination: { model: Destination, description: 'Where a quote delivers to.' },
  EstimatedDeliveryTime: {
    model: EstimatedDeliveryTime,
    description:
      'The delivery promise. The business-day range is [shipping, shipping + offset.shipping]; date and offset.date only when handling is known; time_frame only for carriers with delivery slots; pay_before only when the promise depends on the payment time.',
  },
  LeadTime: { model: LeadTime, description: 'The delivery promise of a shipment.' },
  Site: { model: Site, description: 'A country site.' },
  ListingType: { model: ListingType, description: 'A listing type of a site.' },
  PaymentMethod: { model: PaymentMethod, description: 'A payment method.' },
  Me: { model: Me, description: 'The caller’s own profile.' },
  PublicUser: { model: PublicUser, description: 'A user’s public profile.' },
  OAuthToken: { model: OAuthToken, description: 'The tokens of POST /oauth/token.' },
  Advertiser: { model: Advertiser, description: 'An advertiser.' },
  AdvertisersAnswer: { model: AdvertisersAnswer, description: 'The advertisers the user can act for.' },
  Campaign: { model: Campaign, description: 'A display campaign; dates are timestamps without a zone.' },
  CampaignsAnswer: { model: CampaignsAnswer, description: 'The advertiser’s campaigns.' },
  Attribution: {
    model: Attribution,
    description:
      'An attribution block: event_time (dated by the action) or touch_point (dated by the click or impression).',
  },
  MetricsRow: { model: MetricsRow, description: 'The metrics of one day.' },
  MetricsSummary: { model: MetricsSummary, description: 'The metrics of the whole range.' },
  MetricsAnswer: { model: MetricsAnswer, description: 'Daily rows and the summary.' },
  SandboxInfo: { model: SandboxInfo, description: 'Local sandbox only: the running sandbox.' },
  Fault: { model: Fault, description: 'Local sandbox only: an injected fault.' },
};
