// Routes marked `readOnly` read the raw state, outside the tracking view: a write there would never reach the journal.
// This suite runs every such route, on requests that take each of its paths (found, not found, refused, trimmed), by
// every kind of caller, through a tracking view, and requires that nothing was reported changed.
import assert from 'node:assert/strict';
import { FAMILIES } from '../../../src/sandbox/families';
import { HttpError, type SandboxRequest } from '../../../src/sandbox/http';
import { ITEM } from '../../../src/sandbox/items/ids';
import { type Route, Router } from '../../../src/sandbox/router';
import { seedState } from '../../../src/sandbox/runtime';
import { apiTimestamp, type Sandbox } from '../../../src/sandbox/sandbox';
import { scenarioRoutes } from '../../../src/sandbox/scenarios/routes';
import type { SandboxState } from '../../../src/sandbox/state';
import { TrackedState } from '../../../src/sandbox/store';
import { SECOND_USER_ID, SELLER_ID } from '../../../src/sandbox/users/ids';

const NOW = new Date('2026-03-02T15:00:00.000Z');

const ROUTES: Route[] = [
  ...FAMILIES.flatMap((family) => [...family.routes, ...(family.adminRoutes ?? [])]),
  ...scenarioRoutes,
];

/** Requests of each read-only route, by `METHOD /pattern`. Orders are picked from the seeded state. */
function samples(state: SandboxState): Record<string, string[]> {
  const orders = Object.values(state.orders.orders);
  const seller = orders.filter((order) => order.data.seller.id === SELLER_ID);
  const picked = [
    seller.find((order) => order.visible_to_seller && order.data.status === 'paid'),
    seller.find((order) => !order.visible_to_seller),
    seller.find((order) => order.data.status === 'cancelled'),
    orders.find((order) => order.data.seller.id !== SELLER_ID),
  ].filter((order) => order !== undefined);
  return {
    'GET /items/:item_id': [
      `/items/${ITEM.PHONE_NO_SALES}`,
      `/items/${ITEM.CAR_CLOSED_EXPIRED}`,
      `/items/${ITEM.TSHIRT_VARIATIONS}?attributes=id,price,variations`,
      '/items/MLA1',
    ],
    'GET /items': [
      `/items?ids=${ITEM.PHONE_NO_SALES},${ITEM.CAR_PAUSED},MLA1`,
      `/items?ids=${ITEM.TSHIRT_M}&attributes=price`,
      '/items?ids=',
      `/items?ids=${Array.from({ length: 21 }, () => ITEM.TSHIRT_M).join(',')}`,
    ],
    'GET /orders/:order_id': [...picked.map((order) => `/orders/${order.data.id}`), '/orders/1', '/orders/abc'],
  };
}

describe('read-only routes change nothing', () => {
  it('every route marked readOnly is a GET with requests to prove it by', () => {
    const marked = ROUTES.filter((route) => route.readOnly);
    assert.ok(marked.length > 0);
    const table = samples(seedState('read-only', NOW));
    for (const route of marked) {
      assert.equal(route.method, 'GET', `${route.path} is marked readOnly`);
      assert.ok(table[`GET ${route.path}`]?.length, `GET ${route.path} has requests in this suite`);
    }
  });

  it('runs each of them through a tracking view, as the seller, a buyer and another user: no change reported', async () => {
    const state = seedState('read-only', NOW);
    const changes: string[] = [];
    const tracked = new TrackedState(
      () => state,
      [{ changed: (unit) => changes.push(unit.join('/')), replaced: () => changes.push('(replaced)') }],
    );
    const sandbox: Sandbox = {
      get state() {
        return tracked.view;
      },
      now: () => NOW,
      nowIso: () => apiTimestamp(NOW),
      nextId: (kind) => {
        changes.push(`nextId ${kind}`);
        return 0;
      },
      notify: (event) => {
        changes.push(`notify ${event.topic}`);
      },
      userById: (id) => tracked.view.users.users.find((user) => user.id === id),
      startToken: () => undefined,
    };
    const router = new Router(ROUTES);
    const buyer = Object.values(state.orders.orders).find((order) => order.data.seller.id === SELLER_ID)?.data.buyer.id;
    const callers = [SELLER_ID, buyer, SECOND_USER_ID].map((id) => state.users.users.find((user) => user.id === id));
    let answered = 0;
    for (const [name, paths] of Object.entries(samples(state))) {
      for (const path of paths) {
        for (const user of callers) {
          const url = new URL(path, 'http://127.0.0.1');
          const match = router.match('GET', url.pathname);
          assert.ok(match && match !== 'method' && `GET ${match.route.path}` === name, `${path} is ${name}`);
          assert.ok(match.route.readOnly, `${name} is marked readOnly`);
          const request: SandboxRequest = {
            method: 'GET',
            path: url.pathname,
            params: match.params,
            query: url.searchParams,
            headers: {},
            body: undefined,
            user,
          };
          try {
            const reply = await match.route.handler(request, sandbox);
            assert.ok(reply.status < 300, `${path}: ${reply.status}`);
            answered++;
          } catch (failure) {
            if (!(failure instanceof HttpError)) throw failure;
          }
          assert.deepEqual(changes, [], `GET ${path} as user ${user?.id} changed nothing`);
        }
      }
    }
    assert.ok(answered > 10, `${answered} requests were answered 2xx, not only refused`);
  });
});
