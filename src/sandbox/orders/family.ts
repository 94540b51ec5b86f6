import type { Family } from '../sandbox';

export const ordersFamily: Family<'orders'> = {
  key: 'orders',
  seed: () => ({}),
  routes: [],
};
