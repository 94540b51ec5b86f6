import { ok } from '../http';
import type { Route } from '../router';
import { SIZE_CHART_SITES, siteMeasurementIds } from './measurements';

/** `/_sandbox/size_charts`: every chart with its owner and full item list, and which sites offer which measurements. */
export const sizeChartAdminRoutes: Route[] = [
  {
    method: 'GET',
    path: '/_sandbox/size_charts',
    auth: 'none',
    handler: (_request, sandbox) =>
      ok({
        sites: Object.fromEntries(SIZE_CHART_SITES.map((site) => [site, siteMeasurementIds(site)])),
        charts: Object.values(sandbox.state.sizeCharts.charts)
          .sort((a, b) => a.id - b.id)
          .map((chart) => ({
            id: chart.id,
            name: chart.name,
            site_id: chart.site_id,
            owner_id: chart.owner_id,
            items: chart.items,
            date_created: chart.date_created,
            last_updated: chart.last_updated,
          })),
      }),
  },
];
