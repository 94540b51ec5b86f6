/** One notification the sandbox produced, with its delivery record (the shape `/missed_feeds` lists). */
export interface NotificationRecord {
  _id: string;
  resource: string;
  user_id: number;
  topic: string;
  application_id: number;
  attempts: number;
  sent: string;
  received: string;
  /** Sandbox-time ms when produced; feeds older than two days are dropped. */
  created_ms: number;
  acknowledged: boolean;
  request: { url: string | null; headers: Record<string, string>; data: Record<string, unknown> };
  response: { req_time: number; http_code: number; body: string; headers: Record<string, string> } | null;
}

export interface NotificationsSlice {
  /** Where notifications are POSTed; null keeps them all in the missed feeds. */
  callback_url: string | null;
  /** Topics the application subscribed to. */
  topics: string[];
  records: NotificationRecord[];
}

export const ALL_TOPICS = ['created_orders', 'orders', 'orders_v2', 'items', 'items_prices', 'payments', 'shipments'];
