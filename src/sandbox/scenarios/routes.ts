import { badRequest, notFound, objectBody, ok, type SandboxRequest } from '../http';
import type { Route } from '../router';
import { advanceAll, notifiedWords, recording, sentEvents } from './dispatch';
import { SCENARIOS, type Scenario } from './scenarios';
import type { ScenarioInput } from './targets';

/** A scenario as `GET /_sandbox/scenarios` lists it (everything but how it runs). */
function listed(scenario: Scenario) {
  return {
    id: scenario.id,
    title: scenario.title,
    detail: scenario.detail,
    topics: [...scenario.topics],
    ...(scenario.target ? { target: { ...scenario.target } } : {}),
  };
}

/** `{target?: string, buyer_id?: number}`, or 400 saying what is wrong; no body is no choice. */
function scenarioInput(request: SandboxRequest): ScenarioInput {
  if (request.body === undefined) return {};
  const body = objectBody(request);
  const input: ScenarioInput = {};
  if (body.target !== undefined && body.target !== null) {
    const target = typeof body.target === 'number' ? String(body.target) : body.target;
    if (typeof target !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(target)) {
      throw badRequest('target must be an item id (MLA1400000101) or an order id (2195100112).');
    }
    input.target = target;
  }
  if (body.buyer_id !== undefined && body.buyer_id !== null) {
    const raw = body.buyer_id;
    const buyerId = typeof raw === 'string' && /^\d{1,20}$/.test(raw) ? Number(raw) : raw;
    if (typeof buyerId !== 'number' || !Number.isSafeInteger(buyerId) || buyerId <= 0) {
      throw badRequest('buyer_id must be the user id of a buyer, such as 7000000001.');
    }
    input.buyerId = buyerId;
  }
  return input;
}

/**
 * The trigger scenarios of the admin surface: `GET /_sandbox/scenarios` lists them for the editor's quick pick, and
 * `POST /_sandbox/scenarios/{id}` performs one through the families' own routes and engine, so the notifications
 * that follow are the ones the API would send. The answer names what really was sent (subscribed topics only).
 */
export const scenarioRoutes: Route[] = [
  {
    method: 'GET',
    path: '/_sandbox/scenarios',
    auth: 'none',
    handler: () => ok({ scenarios: SCENARIOS.map(listed) }),
  },
  {
    method: 'POST',
    path: '/_sandbox/scenarios/:scenario_id',
    auth: 'none',
    handler: async (request, sandbox) => {
      const id = request.params.scenario_id ?? '';
      const scenario = SCENARIOS.find((candidate) => candidate.id === id);
      if (!scenario) {
        throw notFound(`Scenario ${id} not found: use one of ${SCENARIOS.map((entry) => entry.id).join(', ')}.`);
      }
      const input = scenarioInput(request);
      // Time-based transitions first, as before any API request, so that they are not counted as the scenario's.
      advanceAll(sandbox);
      const { sandbox: view, events } = recording(sandbox);
      const outcome = await scenario.run({
        ...input,
        sandbox: view,
        produced: () => events.length,
        notified: (mark = 0) => notifiedWords(sentEvents(sandbox, events.slice(mark))),
      });
      const sent = sentEvents(sandbox, events);
      return ok({
        scenario: scenario.id,
        summary: outcome.summary,
        resource: outcome.resource,
        ...(outcome.order_id === undefined ? {} : { order_id: outcome.order_id }),
        ...(outcome.item_id === undefined ? {} : { item_id: outcome.item_id }),
        topics: sent.map((event) => event.topic),
        notifications: sent.map((event) => ({ topic: event.topic, resource: event.resource })),
      });
    },
  },
];
