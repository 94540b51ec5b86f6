import type { Family } from '../sandbox';

export const itemsFamily: Family<'items'> = {
  key: 'items',
  seed: () => ({}),
  routes: [],
};
