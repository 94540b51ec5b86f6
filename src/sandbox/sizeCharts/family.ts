import type { Family } from '../family';
import { sizeChartAdminRoutes } from './admin';
import { sizeChartRoutes } from './routes';
import { seedSizeCharts } from './seed';

/** Size charts: measurements per site, charts of sellers and their item associations. */
export const sizeChartsFamily: Family<'sizeCharts'> = {
  key: 'sizeCharts',
  seed: seedSizeCharts,
  routes: sizeChartRoutes,
  adminRoutes: sizeChartAdminRoutes,
};
