import type { Family } from '../sandbox';

export const advertisingFamily: Family<'advertising'> = {
  key: 'advertising',
  seed: () => ({}),
  routes: [],
};
