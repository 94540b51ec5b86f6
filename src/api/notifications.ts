import * as z from 'zod';
import { MissedFeeds } from '../model/notification';
import type { MarketplaceClient } from './client';

export interface MissedFeedsQuery {
  appId: number | string;
  topic?: string;
  offset?: number;
  limit?: number;
}

/** `GET /missed_feeds`: notifications the callback did not acknowledge (kept two days). */
export function getMissedFeeds(client: MarketplaceClient, query: MissedFeedsQuery): Promise<MissedFeeds> {
  return client.get('/missed_feeds', {
    schema: MissedFeeds,
    query: { app_id: String(query.appId), topic: query.topic, offset: query.offset, limit: query.limit },
  });
}

/** `GET` of the path a notification names (`/orders/…`, `/items/…`, `/collections/…`), as the API returns it. */
export function getNotifiedResource(client: MarketplaceClient, resource: string): Promise<unknown> {
  if (!/^\/[\w.-][\w/.-]*(\?.*)?$/.test(resource)) {
    return Promise.reject(new Error(`"${resource}" is not a resource path of the API.`));
  }
  const [path = '', query = ''] = resource.split('?', 2);
  return client.get(path, { schema: z.unknown(), query: Object.fromEntries(new URLSearchParams(query)) });
}
