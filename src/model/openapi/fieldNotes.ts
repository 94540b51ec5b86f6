import { CAMPAIGN_STATUSES, CAMPAIGN_TYPES } from '../advertising';
import {
  ITEM_STATUSES,
  ITEM_SUB_STATUSES,
  KNOWN_BUYING_MODES,
  KNOWN_CONDITIONS,
  KNOWN_LISTING_TYPES,
  SALE_TERM_VALUE_TYPES,
  SPEC_LISTING_TYPES,
} from '../item';
import { ORDER_CANCEL_CODES, ORDER_STATUSES, ORDER_TAGS } from '../orderValues';
import { COST_TYPES, DELIVERY_TIME_TYPES, DISPLAY_VALUES, TRACKING_VALUES } from '../shipping';
import { MEASUREMENT_IDS } from '../sizeChartValues';

/**
 * Values the spec gives as "values used", "for example" or "values named", by component and field path (`a.b`,
 * `a[]` for an array's items): the document shows them as `examples`, never as a closed `enum`, because the models
 * keep these fields open (a value the API adds later must not break a client generated from the document).
 */
export const FIELD_EXAMPLES: Readonly<Record<string, Readonly<Record<string, readonly unknown[]>>>> = {
  Item: {
    buying_mode: Object.keys(KNOWN_BUYING_MODES),
    listing_type_id: [...new Set([...SPEC_LISTING_TYPES, ...Object.keys(KNOWN_LISTING_TYPES)])],
    condition: Object.keys(KNOWN_CONDITIONS),
    status: ITEM_STATUSES,
    'sub_status[]': ITEM_SUB_STATUSES,
    'tags[]': ['dragged_visits', 'incomplete_compatibilities'],
  },
  ItemCreate: {
    buying_mode: Object.keys(KNOWN_BUYING_MODES),
    listing_type_id: [...new Set([...SPEC_LISTING_TYPES, ...Object.keys(KNOWN_LISTING_TYPES)])],
    condition: Object.keys(KNOWN_CONDITIONS),
    'tags[]': ['immediate_payment'],
  },
  SaleTermInput: { id: ['MANUFACTURING_TIME', 'PURCHASE_MAX_QUANTITY', 'WARRANTY_TYPE'], value_name: ['30 días', '5'] },
  SaleTermDefinition: { value_type: SALE_TERM_VALUE_TYPES },
  Order: {
    status: ORDER_STATUSES,
    'status_detail.code': ORDER_CANCEL_CODES,
    'tags[]': ORDER_TAGS,
    'shipping.status': ['to_be_agreed'],
  },
  FeedbackRequest: { rating: ['positive', 'neutral'] },
  Notification: { topic: ['created_orders', 'orders', 'orders_v2', 'items_prices'] },
  MeasurementAttribute: { id: MEASUREMENT_IDS },
  ShippingOption: { tracks_shipments_status: TRACKING_VALUES, display: DISPLAY_VALUES },
  EstimatedDeliveryTime: { type: DELIVERY_TIME_TYPES, unit: ['hour'] },
  LeadTime: { cost_type: COST_TYPES },
  Campaign: { type: CAMPAIGN_TYPES, status: CAMPAIGN_STATUSES },
};
