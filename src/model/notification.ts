import * as z from 'zod';
import { answer, Paging, Timestamp, UserId } from './common';

/**
 * The body of a push notification POSTed to the application's callback URL. Real bodies are not tidy: `user_id` as
 * text on some topics, `recieved` for `received`, no `application_id` in older ones, nanosecond timestamps, 19-digit application ids. A
 * receiver keeps what it gets, so only `resource` and `topic` (what a notification is about) are required.
 */
export const Notification = answer({
  _id: z.string().optional(),
  user_id: z.union([UserId, z.string()]).optional(),
  resource: z.string(),
  topic: z.string(),
  received: Timestamp.optional(),
  recieved: Timestamp.optional(),
  sent: Timestamp.optional(),
  // A 19-digit id is past 2^53: taken as the number JSON.parse made of it, or as its digits when read with
  // parseJsonKeepingBigIds (model/bigIds, as the receiver reads bodies); never refused.
  application_id: z.union([z.number(), z.string()]).optional(),
  attempts: z.number().int().optional(),
  actions: z.array(z.string()).optional(),
});
export type Notification = z.infer<typeof Notification>;

/** One entry of `/missed_feeds`: the notification plus what was sent and what the receiver answered. */
export const MissedFeed = Notification.extend({
  request: answer({
    url: z.string().nullish(),
    headers: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    data: z.unknown().optional(),
  }).optional(),
  response: answer({
    req_time: z.number().optional(),
    http_code: z.number().int().optional(),
    body: z.unknown().optional(),
    headers: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  }).nullish(),
});
export type MissedFeed = z.infer<typeof MissedFeed>;

/** `GET /missed_feeds` answer. */
export const MissedFeeds = answer({ messages: z.array(MissedFeed), paging: Paging.optional() });
export type MissedFeeds = z.infer<typeof MissedFeeds>;
