import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { getMissedFeeds } from '../../../../src/api/notifications';
import { missedFeedIncoming, NotificationFeed } from '../../../../src/features/notifications/feed';
import { entryDescription } from '../../../../src/features/notifications/feedFormat';
import { RETRY_SCHEDULE_MINUTES } from '../../../../src/sandbox/notifications/notifier';
import { useSandbox, useTempDir } from '../../support/sandbox';

type Records = { records: { _id: string; resource: string; attempts: number; acknowledged: boolean }[] };

/** A loopback port nobody listens on (taken, then freed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('pulled notifications show the attempts the marketplace recorded', () => {
  const h = useSandbox();
  const temp = useTempDir('mi-pulled-');
  let counter = 0;

  /** Pulls the missed feeds of the sandbox's application into a new feed, as Pull Missed Notifications does. */
  async function pull(): Promise<NotificationFeed> {
    const { application_id: appId } = await h.admin<{ application_id: number }>('GET', '/_sandbox');
    const answer = await getMissedFeeds(h.client, { appId: String(appId), limit: 50 });
    const feed = new NotificationFeed(join(temp.path, `feed-${++counter}`, 'feed.json'));
    await feed.add(answer.messages.map((message) => missedFeedIncoming(message)));
    return feed;
  }

  it('a notification produced while nothing listened was never attempted: its row says 0 attempts', async () => {
    // The receiver stopped: the sandbox has no callback URL and keeps what happens for the missed feeds.
    await h.admin('PUT', '/_sandbox/notifications', { callback_url: null });
    const outcome = await h.admin<{ resource: string }>('POST', '/_sandbox/scenarios/pause_item', {});
    await h.sandbox.settle();
    const { records } = await h.admin<Records>('GET', '/_sandbox/notifications');
    const record = records.find((candidate) => candidate.resource === outcome.resource);
    assert.equal(record?.attempts, 0, 'the sandbox recorded no attempt');

    const entry = (await (await pull()).list()).find((candidate) => candidate.resource === outcome.resource);
    assert.ok(entry, 'pulled');
    assert.equal(entry.source, 'pulled');
    assert.equal(entry.attempts, record.attempts, 'the row shows the attempts the sandbox recorded');
    assert.match(entryDescription(entry, new Date()), /^0 attempts · /);
  });

  it('one the marketplace tried to deliver shows each attempt it made, not one more', async () => {
    await h.admin('PUT', '/_sandbox/notifications', { callback_url: `http://127.0.0.1:${await closedPort()}/hook` });
    const outcome = await h.admin<{ resource: string }>('POST', '/_sandbox/scenarios/pause_item', {});
    // The first attempt and its five retries (scaled down: the hour takes under two seconds), then no more.
    const every = RETRY_SCHEDULE_MINUTES.length + 1;
    let record: Records['records'][number] | undefined;
    for (let wait = 0; wait < 300 && record?.attempts !== every; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      await h.sandbox.settle();
      const { records } = await h.admin<Records>('GET', '/_sandbox/notifications');
      record = records.find((candidate) => candidate.resource === outcome.resource);
    }
    assert.ok(record?.attempts === every && !record.acknowledged, JSON.stringify(record));
    const entry = (await (await pull()).list()).find((candidate) => candidate.resource === outcome.resource);
    assert.equal(entry?.attempts, every);
    assert.match(entryDescription(entry, new Date()), new RegExp(`^${every} attempts · `));
  });
});
