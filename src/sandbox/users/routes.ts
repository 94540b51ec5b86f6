import { notFound, ok } from '../http';
import type { Route } from '../router';
import { privateProfile, publicProfile } from './profiles';

/** The users' API routes: the caller's own profile and any user's (public unless it is the caller's). */
export const userRoutes: Route[] = [
  {
    method: 'GET',
    path: '/users/me',
    auth: 'required',
    handler: (request) => ok(privateProfile(request.user!)),
  },
  {
    method: 'GET',
    path: '/users/:user_id',
    auth: 'optional',
    handler: (request, sandbox) => {
      const account = sandbox.userById(Number(request.params.user_id));
      if (!account) throw notFound(`User ${request.params.user_id} not found`);
      return ok(request.user?.id === account.id ? privateProfile(account) : publicProfile(account));
    },
  },
];
