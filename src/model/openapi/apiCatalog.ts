import * as z from 'zod';
import {
  ADVERTISER_SORTS,
  ADVERTISING_PRODUCTS,
  AdvertisersAnswer,
  CAMPAIGN_SORTS,
  CampaignsAnswer,
  MetricsAnswer,
  SORT_ORDERS,
} from '../advertising';
import { IsoDate } from '../common';
import { AdvertisingErrorBody, SizeChartErrorBody } from '../error';
import { LeadTime, ShippingOptionsByCity, ShippingOptionsResult } from '../shipping';
import {
  CHART_ITEMS_PAGE_LIMIT,
  ItemsAssociation,
  MeasurementAttributes,
  SizeChart,
  SizeChartAssociation,
  SizeChartCreate,
  SizeChartItems,
  SizeChartSummaries,
  SizeChartUpdate,
} from '../sizeChart';
import { empty, errorOf, errors, json, type OperationSpec, queryParam } from './operation';
import {
  ADVERTISER_ID,
  API_VERSION,
  CAMPAIGN_ID,
  DIMENSIONS,
  ITEM_ID,
  limit,
  OFFSET,
  SHIPMENT_ID,
  SITE_ID,
  SIZE_CHART_ID,
  USER_ID,
} from './parameters';

// The endpoint table, part three: size charts, shipping costs and display advertising.

const SIZE_CHART_400 = errorOf(
  400,
  'A size chart error: MEASUREMENT_NOT_FOUND, DUPLICATE_MEASUREMENT_VALIDATION (with errors[]), MEASUREMENT_NOT_ALLOWED (1 to 5 measurement attributes) or DUPLICATE_SIZE_VALIDATION; or the generic bad request.',
  SizeChartErrorBody,
);
const SIZE_CHART_403 = errorOf(
  403,
  'VALIDATION_SITE: the user does not belong to a site with size charts; or the chart is another user’s.',
  SizeChartErrorBody,
);
const ADVERTISING_400 = errorOf(
  400,
  'bad_request: a required parameter (or Api-Version) is missing or invalid.',
  AdvertisingErrorBody,
);
const ADVERTISING_404 = errorOf(
  404,
  'not_found: no campaigns exist for the advertiser id, or the campaign id sent does not exist.',
  AdvertisingErrorBody,
);

const sortOrder = queryParam('sort_order', 'asc or desc (default desc).', z.enum(SORT_ORDERS));
const campaignSort = queryParam('sort_by', 'id, name, start_date or end_date (default id).', z.enum(CAMPAIGN_SORTS));
const QUOTE = json('The options to the destination.', ShippingOptionsResult);
const QUOTES = json(
  'A quote per destination, keyed by city id (the city-based forms).',
  z.union([ShippingOptionsResult, ShippingOptionsByCity]),
);

export const CATALOG_OPERATIONS: OperationSpec[] = [
  {
    method: 'get',
    path: '/size_charts/measurements',
    operationId: 'getMeasurements',
    tag: 'size-charts',
    summary: 'The measurement attributes a site’s charts may use',
    security: 'none',
    parameters: [queryParam('site_id', 'The site.', SITE_ID.schema, true)],
    answers: {
      200: json('The measurement attributes.', MeasurementAttributes),
      ...errors(400, 404),
      ...SIZE_CHART_403,
    },
  },
  {
    method: 'post',
    path: '/size_charts',
    operationId: 'createSizeChart',
    tag: 'size-charts',
    summary: 'Create a size chart',
    description: 'From 1 to 5 measurement attributes; the creator must belong to the site.',
    security: 'token',
    body: { model: SizeChartCreate, description: 'The chart: name and sizes with their measurements.' },
    answers: { 201: json('The chart (id, name, columns, sizes).', SizeChart), ...SIZE_CHART_400, ...SIZE_CHART_403 },
  },
  {
    method: 'get',
    path: '/size_charts',
    operationId: 'listSizeCharts',
    tag: 'size-charts',
    summary: 'The caller’s size charts',
    security: 'token',
    answers: { 200: json('`{id, name}` of each chart.', SizeChartSummaries), ...SIZE_CHART_403 },
  },
  {
    method: 'get',
    path: '/size_charts/{size_chart_id}',
    operationId: 'getSizeChart',
    tag: 'size-charts',
    summary: 'A size chart (no token needed)',
    security: 'none',
    parameters: [SIZE_CHART_ID],
    answers: { 200: json('The chart.', SizeChart), ...errors(400, 404) },
  },
  {
    method: 'put',
    path: '/size_charts/{size_chart_id}',
    operationId: 'updateSizeChart',
    tag: 'size-charts',
    summary: 'Replace a size chart',
    description: 'The complete chart, including the parts that do not change.',
    security: 'token',
    parameters: [SIZE_CHART_ID],
    body: { model: SizeChartUpdate, description: 'The complete chart.' },
    answers: {
      200: json('The chart (the spec does not show it).', SizeChart),
      ...SIZE_CHART_400,
      ...SIZE_CHART_403,
      ...errors(404),
    },
  },
  {
    method: 'delete',
    path: '/size_charts/{size_chart_id}',
    operationId: 'deleteSizeChart',
    tag: 'size-charts',
    summary: 'Delete a size chart',
    security: 'token',
    parameters: [SIZE_CHART_ID],
    answers: { 204: empty('Deleted.'), ...errors(400, 404), ...SIZE_CHART_403 },
  },
  {
    method: 'get',
    path: '/size_charts/{size_chart_id}/items',
    operationId: 'getSizeChartItems',
    tag: 'size-charts',
    summary: 'The items associated with a chart',
    security: 'token',
    parameters: [SIZE_CHART_ID, OFFSET, limit(CHART_ITEMS_PAGE_LIMIT, `Page size, at most ${CHART_ITEMS_PAGE_LIMIT}.`)],
    answers: { 200: json('A page of item ids.', SizeChartItems), ...errors(400, 404), ...SIZE_CHART_403 },
  },
  {
    method: 'put',
    path: '/size_charts/{size_chart_id}/items',
    operationId: 'setSizeChartItems',
    tag: 'size-charts',
    summary: 'Associate items with a chart',
    description:
      'Replaces the full list: send every item to keep. An item can be associated only if its SIZE attribute is complete; any listing of the chart’s creator.',
    security: 'token',
    parameters: [SIZE_CHART_ID],
    body: { model: ItemsAssociation, description: 'The whole list of items to keep.' },
    answers: {
      200: json('The chart id and its list (the spec does not show it).', SizeChartAssociation),
      ...SIZE_CHART_400,
      ...SIZE_CHART_403,
      ...errors(404),
    },
  },
  {
    method: 'get',
    path: '/sites/{site_id}/shipping_options',
    operationId: 'getSiteShippingOptions',
    tag: 'shipping',
    summary: 'Shipping options between two postal codes, or (MCO) from a city to cities',
    description:
      'Postal-code based (zip_code_from, zip_code_to), or city based on MCO (city_from, city_to): then the answer is keyed by city id.',
    security: 'optionalToken',
    parameters: [
      SITE_ID,
      queryParam('zip_code_from', 'Origin postal code.'),
      queryParam('zip_code_to', 'Destination postal code.'),
      queryParam('city_from', 'Origin city id (city-based sites such as MCO).'),
      queryParam('city_to', 'Destination city ids, comma-separated (city-based sites such as MCO).'),
      { ...DIMENSIONS, required: true },
    ],
    answers: { 200: QUOTES, ...errors(400, 404) },
  },
  {
    method: 'get',
    path: '/users/{user_id}/shipping_options',
    operationId: 'getUserShippingOptions',
    tag: 'shipping',
    summary: 'Shipping options from a seller to a postal code or to cities',
    security: 'optionalToken',
    parameters: [
      USER_ID,
      queryParam('zip_code', 'Destination postal code.'),
      queryParam('city_to', 'Destination city ids, comma-separated.'),
      DIMENSIONS,
    ],
    answers: { 200: QUOTES, ...errors(400, 404) },
  },
  {
    method: 'get',
    path: '/items/{item_id}/shipping_options',
    operationId: 'getItemShippingOptions',
    tag: 'shipping',
    summary: 'Shipping options of a listing to a city (or postal code)',
    security: 'optionalToken',
    parameters: [
      ITEM_ID,
      queryParam('city_to', 'The destination city id.'),
      queryParam('zip_code', 'Destination postal code.'),
    ],
    answers: { 200: QUOTE, ...errors(400, 404) },
  },
  {
    method: 'get',
    path: '/shipments/{shipment_id}/lead_time',
    operationId: 'getLeadTime',
    tag: 'shipping',
    summary: 'The delivery promise of a shipment',
    security: 'token',
    parameters: [SHIPMENT_ID],
    answers: { 200: json('The promise with estimated_delivery_time.', LeadTime), ...errors(400, 403, 404) },
  },
  {
    method: 'get',
    path: '/advertising/advertisers',
    operationId: 'getAdvertisers',
    tag: 'advertising',
    summary: 'The advertisers the user can act for',
    security: 'token',
    parameters: [
      API_VERSION,
      queryParam('product_id', 'DISPLAY or BADS.', z.enum(ADVERTISING_PRODUCTS), true),
      queryParam('sort_by', 'advertiser_id or site_id (default advertiser_id).', z.enum(ADVERTISER_SORTS)),
      sortOrder,
    ],
    answers: { 200: json('The advertisers.', AdvertisersAnswer), ...ADVERTISING_400, ...ADVERTISING_404 },
  },
  {
    method: 'get',
    path: '/advertising/advertisers/{advertiser_id}/display/campaigns',
    operationId: 'getCampaigns',
    tag: 'advertising',
    summary: 'The advertiser’s display campaigns',
    security: 'token',
    parameters: [API_VERSION, ADVERTISER_ID, campaignSort, sortOrder],
    answers: { 200: json('The campaigns.', CampaignsAnswer), ...ADVERTISING_400, ...ADVERTISING_404 },
  },
  {
    method: 'get',
    path: '/advertising/advertisers/{advertiser_id}/display/campaigns/{campaign_id}/metrics',
    operationId: 'getCampaignMetrics',
    tag: 'advertising',
    summary: 'Daily metrics and a summary of a campaign',
    description: 'Up to 90 days back, with 2022-09-01 as the earliest date.',
    security: 'token',
    parameters: [
      API_VERSION,
      ADVERTISER_ID,
      CAMPAIGN_ID,
      queryParam('date_from', 'First day, YYYY-MM-DD.', IsoDate, true),
      queryParam('date_to', 'Last day, YYYY-MM-DD.', IsoDate, true),
      campaignSort,
      sortOrder,
    ],
    answers: {
      200: json('A row per day and the summary of the range.', MetricsAnswer),
      ...ADVERTISING_400,
      ...ADVERTISING_404,
    },
  },
];
