import type { Family } from '../sandbox';

export const shippingFamily: Family<'shipping'> = {
  key: 'shipping',
  seed: () => ({}),
  routes: [],
};
