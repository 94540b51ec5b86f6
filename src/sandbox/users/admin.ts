import { badRequest, notFound, ok, optionalObjectBody } from '../http';
import type { Route } from '../router';
import { privateProfile } from './profiles';

/** Admin routes of the users family (no token; for tests and demos): the users with their start tokens, their flags. */
export const userAdminRoutes: Route[] = [
  {
    method: 'GET',
    path: '/_sandbox/users',
    auth: 'none',
    handler: (_request, sandbox) =>
      ok(
        sandbox.state.users.users.map((account) => ({
          id: account.id,
          nickname: account.nickname,
          site_id: account.site_id,
          role: account.role,
          token: sandbox.startToken(account.id),
        })),
      ),
  },
  {
    method: 'POST',
    path: '/_sandbox/users/:user_id/flags',
    auth: 'none',
    handler: (request, sandbox) => {
      const account = sandbox.userById(Number(request.params.user_id));
      if (!account) throw notFound(`User ${request.params.user_id} not found`);
      const body = optionalObjectBody(request);
      for (const flag of ['immediate_payment', 'auto'] as const) {
        if (Object.hasOwn(body, flag)) {
          if (typeof body[flag] !== 'boolean') throw badRequest(`${flag} must be a boolean`);
          account[flag] = body[flag] as boolean;
        }
      }
      return ok(privateProfile(account));
    },
  },
];
