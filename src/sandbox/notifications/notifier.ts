import { randomUUID } from 'node:crypto';
import { apiTimestamp, type NotificationEvent } from '../sandbox';
import type { NotificationRecord, NotificationsSlice } from './state';

/** Minutes after the first attempt at which a non-200 answer is retried: 5 retries within one hour. */
export const RETRY_SCHEDULE_MINUTES = [1, 5, 15, 35, 60];
/** The receiver must answer within this time, as the real service expects. */
const ANSWER_TIMEOUT_MS = 500;
/** Missed feeds are kept two days (sandbox time). */
const KEEP_MS = 2 * 24 * 3600_000;

export interface NotifierOptions {
  applicationId: number;
  /** Real seconds per sandbox second for retry waits: 1 is real time, 0.001 turns the hour into 3.6 s. */
  timeScale: number;
  now: () => Date;
  /**
   * Called after every change of a record so the store can persist it: a delivery updates the record it keeps after
   * an await, outside the state's tracking view, so the store is told which one.
   */
  changed: (record: NotificationRecord) => void;
  log: (line: string) => void;
}

/**
 * Delivers push notifications: POSTs the documented body to the callback URL, retries a non-200 answer five times
 * within an hour (scaled), and leaves what was never acknowledged for `/missed_feeds`.
 */
export class Notifier {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly slice: () => NotificationsSlice,
    private readonly options: NotifierOptions,
  ) {}

  emit(event: NotificationEvent): void {
    const slice = this.slice();
    if (!slice.topics.includes(event.topic)) return;
    const now = this.options.now();
    const stamp = apiTimestamp(now);
    const record: NotificationRecord = {
      _id: randomUUID(),
      resource: event.resource,
      user_id: event.user_id,
      topic: event.topic,
      application_id: this.options.applicationId,
      attempts: 0,
      sent: stamp,
      received: stamp,
      created_ms: now.getTime(),
      acknowledged: false,
      request: { url: slice.callback_url, headers: { 'content-type': 'application/json' }, data: {} },
      response: null,
    };
    // Records are kept in the order they were made, so expired ones lead: the list is rebuilt only when the first one
    // expired, not on every notification (each rebuild is written whole).
    const first = slice.records[0];
    if (first !== undefined && now.getTime() - first.created_ms >= KEEP_MS) {
      slice.records = slice.records.filter((old) => now.getTime() - old.created_ms < KEEP_MS);
    }
    slice.records.push(record);
    this.options.changed(record);
    if (slice.callback_url) this.attempt(record, slice.callback_url, 0);
  }

  /** Unacknowledged notifications of the last two days, newest last. */
  missed(now: Date): NotificationRecord[] {
    return this.slice().records.filter((record) => !record.acknowledged && now.getTime() - record.created_ms < KEEP_MS);
  }

  /** Waits for deliveries under way (tests and shutdown). */
  async settle(): Promise<void> {
    while (this.inFlight.size) await Promise.all([...this.inFlight]);
  }

  /** Drops every scheduled retry (the state they belonged to was reset). */
  cancelPending(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  close(): void {
    this.closed = true;
    this.cancelPending();
  }

  private attempt(record: NotificationRecord, url: string, retryIndex: number): void {
    if (this.closed) return;
    const delivery = this.deliver(record, url).then((acknowledged) => {
      if (acknowledged || this.closed || retryIndex >= RETRY_SCHEDULE_MINUTES.length) return;
      const previous = retryIndex === 0 ? 0 : (RETRY_SCHEDULE_MINUTES[retryIndex - 1] ?? 0);
      const waitMinutes = (RETRY_SCHEDULE_MINUTES[retryIndex] ?? 60) - previous;
      const timer = setTimeout(
        () => {
          this.timers.delete(timer);
          this.attempt(record, url, retryIndex + 1);
        },
        waitMinutes * 60_000 * this.options.timeScale,
      );
      timer.unref();
      this.timers.add(timer);
    });
    this.inFlight.add(delivery);
    void delivery.finally(() => this.inFlight.delete(delivery));
  }

  private async deliver(record: NotificationRecord, url: string): Promise<boolean> {
    record.attempts += 1;
    record.sent = apiTimestamp(this.options.now());
    const data = {
      _id: record._id,
      resource: record.resource,
      user_id: record.user_id,
      topic: record.topic,
      application_id: record.application_id,
      attempts: record.attempts,
      sent: record.sent,
      received: record.received,
    };
    record.request = { url, headers: { 'content-type': 'application/json' }, data };
    const started = Date.now();
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(data),
        signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
      });
      const body = (await response.text()).slice(0, 2000);
      record.response = {
        req_time: Date.now() - started,
        http_code: response.status,
        body,
        headers: Object.fromEntries(response.headers),
      };
      record.acknowledged = response.status === 200;
    } catch (failure) {
      const reason = failure instanceof Error ? failure.message : String(failure);
      record.response = { req_time: Date.now() - started, http_code: 0, body: reason, headers: {} };
      record.acknowledged = false;
    }
    if (!record.acknowledged) {
      this.options.log(
        `notification ${record.topic} ${record.resource}: attempt ${record.attempts} got ${record.response.http_code}`,
      );
    }
    this.options.changed(record);
    return record.acknowledged;
  }
}
