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
   * Called after every change of a record so the store can persist it: a delivery updates its record after an await,
   * outside the state's tracking view, so the store is told which one. Resolves true once the change is stored (at
   * once without a store), false when the store refused it and put the state back.
   */
  changed: (record: NotificationRecord) => Promise<boolean>;
  log: (line: string) => void;
}

/**
 * Delivers push notifications: POSTs the documented body to the callback URL, retries a non-200 answer five times
 * within an hour (scaled), and leaves what was never acknowledged for `/missed_feeds`. A notification is first sent
 * once its record is stored: a change the store refused (and undid) notifies nobody. A delivery finds its record by
 * id whenever it writes to it, as the state may have been put back to what is stored meanwhile.
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
    const stored = this.options.changed(record);
    const url = slice.callback_url;
    if (!url) return;
    const once = stored.then((kept) => {
      if (kept) this.attempt(record._id, url, 0);
    });
    this.inFlight.add(once);
    void once.finally(() => this.inFlight.delete(once));
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

  private attempt(id: string, url: string, retryIndex: number): void {
    if (this.closed) return;
    const delivery = this.deliver(id, url).then((acknowledged) => {
      if (acknowledged || this.closed || retryIndex >= RETRY_SCHEDULE_MINUTES.length) return;
      const previous = retryIndex === 0 ? 0 : (RETRY_SCHEDULE_MINUTES[retryIndex - 1] ?? 0);
      const waitMinutes = (RETRY_SCHEDULE_MINUTES[retryIndex] ?? 60) - previous;
      const timer = setTimeout(
        () => {
          this.timers.delete(timer);
          this.attempt(id, url, retryIndex + 1);
        },
        waitMinutes * 60_000 * this.options.timeScale,
      );
      timer.unref();
      this.timers.add(timer);
    });
    this.inFlight.add(delivery);
    void delivery.finally(() => this.inFlight.delete(delivery));
  }

  /** The record of a notification, newest first: undefined once a reset or an undone change removed it. */
  private find(id: string): NotificationRecord | undefined {
    const records = this.slice().records;
    for (let index = records.length - 1; index >= 0; index--) {
      if (records[index]?._id === id) return records[index];
    }
    return undefined;
  }

  /** One attempt; true when there is nothing more to do (acknowledged, or the record is gone). */
  private async deliver(id: string, url: string): Promise<boolean> {
    const record = this.find(id);
    if (record === undefined) return true;
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
    const request = { url, headers: { 'content-type': 'application/json' }, data };
    record.request = request;
    const started = Date.now();
    let response: NotificationRecord['response'];
    try {
      const answer = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(data),
        signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
      });
      const body = (await answer.text()).slice(0, 2000);
      response = {
        req_time: Date.now() - started,
        http_code: answer.status,
        body,
        headers: Object.fromEntries(answer.headers),
      };
    } catch (failure) {
      const reason = failure instanceof Error ? failure.message : String(failure);
      response = { req_time: Date.now() - started, http_code: 0, body: reason, headers: {} };
    }
    const acknowledged = response.http_code === 200;
    if (!acknowledged) {
      this.options.log(
        `notification ${record.topic} ${record.resource}: attempt ${data.attempts} got ${response.http_code}`,
      );
    }
    // The record as the state holds it now: the same one, unless the state was put back to what is stored meanwhile.
    const current = this.find(id);
    if (current === undefined) return true;
    Object.assign(current, { attempts: data.attempts, sent: data.sent, request, response, acknowledged });
    void this.options.changed(current);
    return acknowledged;
  }
}
