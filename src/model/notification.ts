import * as z from 'zod';
import { answer, Paging, Timestamp, UserId } from './common';

/** The body of a push notification POSTed to the application's callback URL. */
export const Notification = answer({
  _id: z.string().optional(),
  user_id: UserId,
  resource: z.string(),
  topic: z.string(),
  received: Timestamp,
  sent: Timestamp,
  application_id: z.number().int(),
  attempts: z.number().int(),
  actions: z.array(z.string()).optional(),
});
export type Notification = z.infer<typeof Notification>;

/** One entry of `/missed_feeds`: the notification plus what was sent and what the receiver answered. */
export const MissedFeed = Notification.extend({
  request: answer({
    url: z.string().nullish(),
    headers: z.record(z.string(), z.string()).optional(),
    data: z.unknown().optional(),
  }).optional(),
  response: answer({
    req_time: z.number().optional(),
    http_code: z.number().int().optional(),
    body: z.unknown().optional(),
    headers: z.record(z.string(), z.string()).optional(),
  }).nullish(),
});
export type MissedFeed = z.infer<typeof MissedFeed>;

/** `GET /missed_feeds` answer. */
export const MissedFeeds = answer({ messages: z.array(MissedFeed), paging: Paging.optional() });
export type MissedFeeds = z.infer<typeof MissedFeeds>;
