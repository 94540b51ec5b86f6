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
