import * as z from 'zod';
import { ORDER_SORTS, ORDER_STATUSES } from '../orderValues';
import { type ParameterSpec, pathParam, queryParam } from './operation';

// The parameters several operations share, each with its zod schema (the constraints the spec and api-facts state).

const positiveId = z.number().int().nonnegative();

export const ITEM_ID = pathParam(
  'item_id',
  'The item id: the site id prefix followed by the public number.',
  z
    .string()
    .regex(/^[A-Z]{3}\d+$/)
    .meta({ examples: ['MLA1400000401'] }),
);
export const USER_ID = pathParam('user_id', 'A user id (user ids exceed 32 bits).', positiveId);
export const CUST_ID = pathParam('cust_id', 'The caller’s own user id.', positiveId);
export const ORDER_ID = pathParam('order_id', 'The order id.', positiveId.meta({ examples: [2195100001] }));
export const NOTE_ID = pathParam('note_id', 'The note id.');
export const SITE_ID = pathParam(
  'site_id',
  'The country site id (MLA, MLB, MLM, MCO, MLC, MPE, MLU…).',
  z
    .string()
    .regex(/^M[A-Z]{2}$/)
    .meta({ examples: ['MLA', 'MLB', 'MCO'] }),
);
export const CATEGORY_ID = pathParam('category_id', 'A category id.', z.string().meta({ examples: ['MLA1577'] }));
export const SIZE_CHART_ID = pathParam('size_chart_id', 'The size chart id.', positiveId);
export const SHIPMENT_ID = pathParam('shipment_id', 'The shipment id.', positiveId);
export const ADVERTISER_ID = pathParam('advertiser_id', 'The advertiser id.', positiveId);
export const CAMPAIGN_ID = pathParam('campaign_id', 'The campaign id.', positiveId);

export const OFFSET = queryParam('offset', 'Paging: how many results to skip.', z.number().int().nonnegative());

/** `limit` with the page bounds an operation allows. */
export const limit = (max: number | undefined, description: string): ParameterSpec =>
  queryParam('limit', description, max === undefined ? z.number().int().min(1) : z.number().int().min(1).max(max));

/** `seller` or `buyer` of the order searches. */
export const ORDER_SEARCH_PARAMS: ParameterSpec[] = [
  queryParam('seller', 'The seller’s user id (send seller or buyer).', positiveId),
  queryParam('buyer', 'The buyer’s user id (send seller or buyer).', positiveId),
  queryParam('order.status', 'Filter by order status, e.g. paid.', z.enum(ORDER_STATUSES)),
  queryParam(
    'order.date_created.from',
    'Created from this timestamp; only the hour is used (minutes, seconds and milliseconds are discarded).',
    z.string().meta({ format: 'date-time' }),
  ),
  queryParam(
    'order.date_created.to',
    'Created up to this timestamp; only the hour is used (minutes, seconds and milliseconds are discarded).',
    z.string().meta({ format: 'date-time' }),
  ),
  queryParam(
    'sort',
    'date_asc (the default) or date_desc; by date_closed for sellers and date_created for buyers.',
    z.enum(ORDER_SORTS),
  ),
  OFFSET,
  limit(undefined, 'Page size (default 50; a cap of 51 was observed on the real API).'),
  queryParam('q', 'Free text search (api-facts).'),
  queryParam('tags', 'Filter by order tags (api-facts).'),
];

/** `dimensions`: height x width x length joined by x, a comma and the weight. */
export const DIMENSIONS = queryParam(
  'dimensions',
  'Height x width x length joined by x, then a comma and the weight (centimetres and grams in the public examples).',
  z
    .string()
    .regex(/^\d+(\.\d+)?x\d+(\.\d+)?x\d+(\.\d+)?,\d+(\.\d+)?$/)
    .meta({ examples: ['10x10x20,500'] }),
);

/** `Api-Version: 1`, carried by every advertising call. */
export const API_VERSION: ParameterSpec = {
  name: 'Api-Version',
  in: 'header',
  required: true,
  description: 'Every advertising call carries Api-Version with value 1.',
  schema: z.enum(['1']),
};
