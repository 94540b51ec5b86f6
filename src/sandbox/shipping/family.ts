import type { Family } from '../family';
import { shippingAdminRoutes } from './admin';
import { shippingRoutes } from './routes';
import { seedShipping } from './seed';

/** Shipping costs and promises: quotes by site, seller and item, and lead times of shipments. */
export const shippingFamily: Family<'shipping'> = {
  key: 'shipping',
  seed: seedShipping,
  routes: shippingRoutes,
  adminRoutes: shippingAdminRoutes,
};
