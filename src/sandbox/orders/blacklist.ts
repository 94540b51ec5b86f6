import { kindFindings } from '../../rules/byKind';
import { errorsOf } from '../../rules/finding';
import { badRequest, forbidden, noContent, notFound, ok, type SandboxRequest } from '../http';
import { ownRecord } from '../records';
import type { Route } from '../router';
import { refuse } from './world';

function ownPath(request: SandboxRequest, what: string): number {
  const raw = request.params.cust_id ?? '';
  if (!/^\d+$/.test(raw)) throw badRequest(`The user id in the path must be a number; got ${raw}.`);
  const id = Number(raw);
  if (id !== request.user!.id) {
    throw forbidden(
      `The path id must be your own user id (${request.user!.id}): you can only ${what} your own blacklist.`,
    );
  }
  return id;
}

/** The caller's order blacklist: the buyers whose orders the seller refuses. */
export const blacklistRoutes: Route[] = [
  {
    method: 'GET',
    path: '/users/:cust_id/order_blacklist',
    auth: 'required',
    handler: (request, sandbox) => {
      const owner = ownPath(request, 'read');
      const entries = ownRecord(sandbox.state.orders.blacklists, String(owner)) ?? [];
      return ok(entries.map((entry) => ({ user: { id: entry.user_id, blocked: true } })));
    },
  },
  {
    method: 'POST',
    path: '/users/:cust_id/order_blacklist',
    auth: 'required',
    handler: (request, sandbox) => {
      const owner = ownPath(request, 'change');
      const findings = kindFindings('blacklist', request.body, { userId: owner });
      if (errorsOf(findings).length) throw refuse(findings, 'blacklist');
      const userId = (request.body as { user_id: number }).user_id;
      if (!sandbox.userById(userId)) throw notFound(`User ${userId} not found`);
      const key = String(owner);
      const entries = ownRecord(sandbox.state.orders.blacklists, key) ?? [];
      // Blocking a user twice keeps one entry: the call is idempotent.
      if (!entries.some((entry) => entry.user_id === userId)) {
        sandbox.state.orders.blacklists[key] = [...entries, { user_id: userId, date_created: sandbox.nowIso() }];
      }
      return ok({ user: { id: userId, blocked: true } });
    },
  },
  {
    method: 'DELETE',
    path: '/users/:cust_id/order_blacklist/:user_id',
    auth: 'required',
    handler: (request, sandbox) => {
      const owner = ownPath(request, 'change');
      const raw = request.params.user_id ?? '';
      if (!/^\d+$/.test(raw)) throw badRequest(`The id of the user to unblock must be a number; got ${raw}.`);
      const userId = Number(raw);
      const key = String(owner);
      const entries = ownRecord(sandbox.state.orders.blacklists, key) ?? [];
      if (!entries.some((entry) => entry.user_id === userId)) {
        throw notFound(`User ${userId} is not in your order blacklist`);
      }
      sandbox.state.orders.blacklists[key] = entries.filter((entry) => entry.user_id !== userId);
      return noContent();
    },
  },
];
