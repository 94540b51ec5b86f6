import type { Family } from '../sandbox';

export const sizeChartsFamily: Family<'sizeCharts'> = {
  key: 'sizeCharts',
  seed: () => ({}),
  routes: [],
};
