import type { Family } from '../family';
import { orderAdminRoutes } from './admin';
import { blacklistRoutes } from './blacklist';
import { advanceOrders, orderDueAt } from './engine';
import { paymentRoutes } from './payments';
import { orderRoutes } from './routes';
import { seedOrders } from './seed';
import { withSyntheticOrders } from './syntheticSeed';
import { worldOf } from './world';

/** Orders and payments: reservations of vehicles, their state machine, notes, feedback, blacklists and collections. */
export const ordersFamily: Family<'orders'> = {
  key: 'orders',
  seed: (context) => withSyntheticOrders(seedOrders(context), context),
  routes: [...orderRoutes, ...blacklistRoutes, ...paymentRoutes],
  adminRoutes: orderAdminRoutes,
  advance: (sandbox) => advanceOrders(worldOf(sandbox)),
  dueAt: { orders: orderDueAt, notes: null, blacklists: null, sites: null, paymentMethods: null },
};
