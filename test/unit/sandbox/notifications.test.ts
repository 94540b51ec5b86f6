import assert from 'node:assert/strict';
import { ApiError } from '../../../src/api/errors';
import { getMissedFeeds } from '../../../src/api/notifications';
import { Notification } from '../../../src/model/notification';
import { RETRY_SCHEDULE_MINUTES } from '../../../src/sandbox/notifications/notifier';
import { APP_ID, SELLER_ID } from '../../../src/sandbox/users/ids';
import { type Receiver, startReceiver } from '../support/receiver';
import { useSandbox } from '../support/sandbox';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('push notifications', () => {
  // 0.0005 real seconds per sandbox second: the one-hour retry window takes 1.8 s.
  const h = useSandbox({ notificationTimeScale: 0.0005 });
  let receiver: Receiver;

  afterEach(() => receiver?.close());

  async function emit(topic: string, resource: string): Promise<void> {
    await h.admin('POST', '/_sandbox/notifications/emit', { topic, resource });
  }

  it('POSTs the documented body to the callback and, once acknowledged, leaves nothing missed', async () => {
    receiver = await startReceiver();
    await h.admin('PUT', '/_sandbox/notifications', { callback_url: receiver.url });
    await emit('orders_v2', '/orders/2000000123');
    await h.sandbox.settle();
    assert.equal(receiver.received.length, 1);
    const body = Notification.parse(receiver.received[0]?.body);
    assert.equal(body.topic, 'orders_v2');
    assert.equal(body.resource, '/orders/2000000123');
    assert.equal(body.user_id, SELLER_ID);
    assert.equal(body.application_id, APP_ID);
    assert.equal(body.attempts, 1);
    const missed = await getMissedFeeds(h.client, { appId: APP_ID });
    assert.equal(missed.messages.length, 0);
  });

  it('retries a non-200 answer five times within the (scaled) hour, then lists it in /missed_feeds', async () => {
    receiver = await startReceiver(() => 500);
    await h.admin('PUT', '/_sandbox/notifications', { callback_url: receiver.url });
    const started = Date.now();
    await emit('orders', '/orders/2000000456');
    const hour = 3600 * 1000 * 0.0005;
    for (let spent = 0; receiver.received.length < 6 && spent < hour * 3; spent += 50) await wait(50);
    await h.sandbox.settle();
    assert.equal(receiver.received.length, 6, 'the first delivery and 5 retries');
    assert.deepEqual(
      receiver.received.map((entry) => entry.body.attempts),
      [1, 2, 3, 4, 5, 6],
    );
    const lastAt = receiver.received.at(-1)!.at - started;
    const expectedLast = RETRY_SCHEDULE_MINUTES.at(-1)! * 60_000 * 0.0005;
    assert.ok(lastAt >= expectedLast * 0.9 && lastAt <= expectedLast + 1500, `last retry after ${lastAt} ms`);
    await wait(hour / 2);
    assert.equal(receiver.received.length, 6, 'no retry after the fifth');

    const missed = await getMissedFeeds(h.client, { appId: APP_ID });
    assert.equal(missed.messages.length, 1);
    const feed = missed.messages[0]!;
    assert.equal(feed.resource, '/orders/2000000456');
    assert.equal(feed.attempts, 6);
    assert.equal(feed.response?.http_code, 500);
    assert.equal(feed.request?.url, receiver.url);
  });

  it('stops retrying once the receiver answers 200', async () => {
    receiver = await startReceiver((index) => (index < 2 ? 503 : 200));
    await h.admin('PUT', '/_sandbox/notifications', { callback_url: receiver.url });
    await emit('items', '/items/MLA1');
    for (let spent = 0; receiver.received.length < 3 && spent < 4000; spent += 50) await wait(50);
    await h.sandbox.settle();
    await wait(600);
    assert.equal(receiver.received.length, 3);
    assert.equal((await getMissedFeeds(h.client, { appId: APP_ID })).messages.length, 0);
  });

  it('without a callback every notification waits in /missed_feeds, filterable by topic, for two days', async () => {
    await emit('items', '/items/MLA1');
    await emit('items_prices', '/items/MLA1');
    const all = await getMissedFeeds(h.client, { appId: APP_ID });
    assert.equal(all.messages.length, 2);
    const prices = await getMissedFeeds(h.client, { appId: APP_ID, topic: 'items_prices' });
    assert.deepEqual(
      prices.messages.map((message) => message.topic),
      ['items_prices'],
    );
    await h.admin('POST', '/_sandbox/clock/advance', { days: 2, minutes: 1 });
    // Time passing makes other notifications (expired listings…); the two sent above must be gone.
    const later = await getMissedFeeds(h.client, { appId: APP_ID, limit: 100 });
    assert.equal(later.messages.filter((message) => message.resource === '/items/MLA1').length, 0);
  });

  it('only subscribed topics are produced', async () => {
    await h.admin('PUT', '/_sandbox/notifications', { topics: ['orders_v2'] });
    await emit('items', '/items/MLA1');
    await emit('orders_v2', '/orders/1');
    const missed = await getMissedFeeds(h.client, { appId: APP_ID });
    assert.deepEqual(
      missed.messages.map((message) => message.topic),
      ['orders_v2'],
    );
  });

  it('/missed_feeds needs app_id and the right application', async () => {
    const missing = await h.raw('GET', '/missed_feeds');
    assert.equal(missing.status, 400);
    const failure = await getMissedFeeds(h.client, { appId: 42 }).catch((error: unknown) => error);
    assert.ok(failure instanceof ApiError && failure.status === 400);
  });
});
