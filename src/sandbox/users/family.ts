import type { Family } from '../family';
import { userAdminRoutes } from './admin';
import { oauthRoutes } from './oauth';
import { userRoutes } from './routes';
import { seedUsers } from './seed';

/** Users and the OAuth application: profiles, sign-in (authorization codes, PKCE, refresh) and the start tokens. */
export const usersFamily: Family<'users'> = {
  key: 'users',
  seed: seedUsers,
  routes: [...userRoutes, ...oauthRoutes],
  adminRoutes: userAdminRoutes,
};
