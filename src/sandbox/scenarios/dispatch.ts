import { FAMILIES } from '../families';
import { type Route, Router } from '../router';
import type { NotificationEvent, Sandbox } from '../sandbox';
import type { SandboxUser } from '../users/state';

let familyRouter: Router | undefined;

/** Every API and admin route of the families, matched as the server matches them. */
function router(): Router {
  familyRouter ??= new Router(FAMILIES.flatMap((family) => [...family.routes, ...(family.adminRoutes ?? [])]));
  return familyRouter;
}

/**
 * Calls a family's route in-process, as a client would over HTTP: `user` is the signed-in caller of an API route
 * (the token is taken as checked). The route's refusals throw the `HttpError` it would answer with; the answer's body
 * is returned.
 */
export async function callRoute<T = unknown>(
  sandbox: Sandbox,
  method: Route['method'],
  path: string,
  body?: unknown,
  user?: SandboxUser,
): Promise<T> {
  const match = router().match(method, path);
  if (match === undefined || match === 'method') throw new Error(`The sandbox has no route ${method} ${path}.`);
  const reply = await match.route.handler(
    { method, path, params: match.params, query: new URLSearchParams(), headers: {}, body, user },
    sandbox,
  );
  return reply.body as T;
}

/** Runs the families' time-based transitions up to now, as the server does before every API request. */
export function advanceAll(sandbox: Sandbox): void {
  for (const family of FAMILIES) family.advance?.(sandbox);
}

/** A view of the sandbox that records every notification produced through it, and still sends it. */
export function recording(sandbox: Sandbox): { sandbox: Sandbox; events: NotificationEvent[] } {
  const events: NotificationEvent[] = [];
  const view: Sandbox = {
    get state() {
      return sandbox.state;
    },
    now: () => sandbox.now(),
    nowIso: () => sandbox.nowIso(),
    nextId: (kind, start) => sandbox.nextId(kind, start),
    notify: (event) => {
      events.push(event);
      sandbox.notify(event);
    },
    userById: (id) => sandbox.userById(id),
    startToken: (userId) => sandbox.startToken(userId),
  };
  return { sandbox: view, events };
}

/** The recorded notifications the application is subscribed to: the ones really sent (or kept as missed feeds). */
export function sentEvents(sandbox: Sandbox, events: readonly NotificationEvent[]): NotificationEvent[] {
  const topics = sandbox.state.notifications.topics;
  return events.filter((event) => topics.includes(event.topic));
}

/** "created_orders was notified", "payments, items, orders and orders_v2 were notified", "nothing was notified". */
export function notifiedWords(events: readonly NotificationEvent[]): string {
  const topics = events.map((event) => event.topic);
  if (topics.length === 0) return 'nothing was notified';
  if (topics.length === 1) return `${topics[0]} was notified`;
  return `${topics.slice(0, -1).join(', ')} and ${topics.at(-1)} were notified`;
}
