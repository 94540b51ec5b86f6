// The running sandbox's own admin routes (`/_sandbox`, its reset, its clock and its faults): no token, loopback only,
// for tests and demos. The families' admin routes (`/_sandbox/items`…) live beside their API routes.
import type { FaultInjector } from './faults';
import { badRequest, ok, optionalObjectBody } from './http';
import type { Route } from './router';
import type { Sandbox } from './sandbox';
import { MAX_SCALE, validScale } from './scale';
import type { SandboxState } from './state';
import { SELLER_ID } from './users/ids';

/** What the admin routes act on: the running sandbox's state, clock, faults and lifecycle. */
export interface AdminContext {
  /** The sandbox on the tracking view: what changes the state goes through it. */
  sandbox: Sandbox;
  /** The current state itself, for reads. */
  current(): SandboxState;
  /** Whether the state is kept in a data folder. */
  persisted: boolean;
  faults: FaultInjector;
  /** Replaces the state with a fresh seed at `scale` (pending notifications dropped, the callback URL kept). */
  reseed(scale: number): void;
  /** Runs the families' time-based transitions that are due. */
  advance(): void;
}

/** The admin routes of the running sandbox itself. */
export function sandboxAdminRoutes(context: AdminContext): Route[] {
  const { sandbox, current, faults } = context;
  return [
    {
      method: 'GET',
      path: '/_sandbox',
      auth: 'none',
      handler: () => {
        const state = current();
        return ok({
          seed: state.meta.seed,
          now: sandbox.nowIso(),
          clock_offset_ms: state.meta.clockOffsetMs,
          seller_id: SELLER_ID,
          application_id: state.users.app.application_id,
          client_id: state.users.app.client_id,
          persisted: context.persisted,
          scale: state.meta.scale ?? 0,
        });
      },
    },
    {
      // Readiness, for CI and containers: 200 {"ready": true}. It cannot answer before the sandbox is ready, since the
      // server listens only once the state is seeded or loaded (fixtures checked) and written to the data folder: until
      // then the port refuses connections, so any answer means ready. No token: a probe knows none.
      method: 'GET',
      path: '/_sandbox/ready',
      auth: 'none',
      handler: () => ok({ ready: true }),
    },
    {
      method: 'POST',
      path: '/_sandbox/reset',
      auth: 'none',
      handler: (request) => {
        // {scale} seeds anew at that scale; without it the scale stays what it is.
        const asked = optionalObjectBody(request).scale;
        const scale = asked === undefined ? (current().meta.scale ?? 0) : validScale(asked);
        if (scale === undefined) throw badRequest(`scale must be a whole number from 0 to ${MAX_SCALE}.`);
        context.reseed(scale);
        faults.clear();
        return ok({ reset: true, now: sandbox.nowIso(), scale });
      },
    },
    {
      method: 'POST',
      path: '/_sandbox/clock/advance',
      auth: 'none',
      handler: (request) => {
        const body = optionalObjectBody(request);
        const ms =
          (Number(body.days ?? 0) * 24 + Number(body.hours ?? 0)) * 3600_000 + Number(body.minutes ?? 0) * 60_000;
        if (!Number.isFinite(ms) || ms <= 0)
          throw badRequest('Send {days, hours or minutes}: a positive amount of time.');
        sandbox.state.meta.clockOffsetMs += ms;
        context.advance();
        return ok({ now: sandbox.nowIso(), clock_offset_ms: current().meta.clockOffsetMs });
      },
    },
    { method: 'GET', path: '/_sandbox/faults', auth: 'none', handler: () => ok(faults.list()) },
    {
      method: 'POST',
      path: '/_sandbox/faults',
      auth: 'none',
      handler: (request) => ({ status: 201, body: faults.add(request.body) }),
    },
    {
      method: 'DELETE',
      path: '/_sandbox/faults',
      auth: 'none',
      handler: () => {
        faults.clear();
        return { status: 204 };
      },
    },
  ];
}
