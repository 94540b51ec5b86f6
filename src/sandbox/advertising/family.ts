import type { Family } from '../family';
import { advertisingAdminRoutes } from './admin';
import { advertisingRoutes } from './routes';
import { seedAdvertising } from './seed';

/** Display advertising: advertisers, campaigns and daily metrics generated deterministically from the seed. */
export const advertisingFamily: Family<'advertising'> = {
  key: 'advertising',
  seed: seedAdvertising,
  routes: advertisingRoutes,
  adminRoutes: advertisingAdminRoutes,
};
