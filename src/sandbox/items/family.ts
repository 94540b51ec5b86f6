import type { Family } from '../family';
import { itemAdminRoutes } from './admin';
import { advanceItems, itemDueAt, scrollDueAt } from './advance';
import { listingTypeRoutes } from './listingTypes';
import { itemRoutes } from './routes';
import { seedItems } from './seed';
import { withSyntheticItems } from './syntheticSeed';

/** Items, categories and their sale terms: listings, their state machine, the seller's search and multi-get. */
export const itemsFamily: Family<'items'> = {
  key: 'items',
  seed: (context) => withSyntheticItems(seedItems(context), context),
  routes: [...itemRoutes, ...listingTypeRoutes],
  adminRoutes: itemAdminRoutes,
  advance: advanceItems,
  dueAt: { items: itemDueAt, scrolls: scrollDueAt, categories: null },
};
