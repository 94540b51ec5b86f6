import type { Family } from '../family';
import { badRequest, intQuery, ok, optionalObjectBody, requiredQuery } from '../http';
import type { NotificationEvent } from '../sandbox';
import { SELLER_ID } from '../users/ids';
import { ALL_TOPICS, type NotificationRecord } from './state';

const KEEP_MS = 2 * 24 * 3600_000;

function feedEntry(record: NotificationRecord) {
  const { created_ms: _created, acknowledged: _acknowledged, ...rest } = record;
  return rest;
}

export const notificationsFamily: Family<'notifications'> = {
  key: 'notifications',
  seed: () => ({ callback_url: null, topics: [...ALL_TOPICS], records: [] }),
  routes: [
    {
      method: 'GET',
      path: '/missed_feeds',
      auth: 'required',
      handler: (request, sandbox) => {
        const appId = requiredQuery(request, 'app_id');
        if (appId !== String(sandbox.state.users.app.application_id)) throw badRequest(`Unknown application ${appId}`);
        const topic = request.query.get('topic');
        const offset = intQuery(request, 'offset', 0, 0, 10_000);
        const limit = intQuery(request, 'limit', 50, 1, 100);
        const now = sandbox.now().getTime();
        const missed = sandbox.state.notifications.records.filter(
          (record) =>
            !record.acknowledged &&
            now - record.created_ms < KEEP_MS &&
            record.user_id === request.user!.id &&
            (!topic || record.topic === topic),
        );
        return ok({
          messages: missed.slice(offset, offset + limit).map(feedEntry),
          paging: { total: missed.length, offset, limit },
        });
      },
    },
  ],
  adminRoutes: [
    {
      // Sends a notification on demand, to try a receiver without changing any resource.
      method: 'POST',
      path: '/_sandbox/notifications/emit',
      auth: 'none',
      handler: (request, sandbox) => {
        const body = optionalObjectBody(request);
        if (typeof body.topic !== 'string' || !ALL_TOPICS.includes(body.topic)) {
          throw badRequest(`topic must be one of ${ALL_TOPICS.join(', ')}`);
        }
        if (typeof body.resource !== 'string' || !body.resource.startsWith('/'))
          throw badRequest('resource must be a path such as /orders/123');
        const userId = typeof body.user_id === 'number' ? body.user_id : SELLER_ID;
        sandbox.notify({ topic: body.topic as NotificationEvent['topic'], resource: body.resource, user_id: userId });
        return { status: 202, body: { queued: true } };
      },
    },
    {
      method: 'GET',
      path: '/_sandbox/notifications',
      auth: 'none',
      handler: (_request, sandbox) => {
        const slice = sandbox.state.notifications;
        return ok({ callback_url: slice.callback_url, topics: slice.topics, records: slice.records });
      },
    },
    {
      method: 'PUT',
      path: '/_sandbox/notifications',
      auth: 'none',
      handler: (request, sandbox) => {
        const slice = sandbox.state.notifications;
        const body = optionalObjectBody(request);
        if (Object.hasOwn(body, 'callback_url')) {
          const url = body.callback_url;
          if (url !== null && (typeof url !== 'string' || !/^https?:\/\//.test(url))) {
            throw badRequest('callback_url must be an http(s) URL or null');
          }
          slice.callback_url = url as string | null;
        }
        if (Object.hasOwn(body, 'topics')) {
          const topics = body.topics;
          if (
            !Array.isArray(topics) ||
            topics.some((topic) => typeof topic !== 'string' || !ALL_TOPICS.includes(topic))
          ) {
            throw badRequest(`topics must be a list drawn from ${ALL_TOPICS.join(', ')}`);
          }
          slice.topics = topics as string[];
        }
        return ok({ callback_url: slice.callback_url, topics: slice.topics });
      },
    },
  ],
};
