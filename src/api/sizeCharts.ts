import { type ChartItemsChange, chartItemsChange } from '../model/chartItemsChange';
import {
  type MeasurementAttribute,
  MeasurementAttributes,
  SizeChart,
  SizeChartAssociation,
  type SizeChartCreate,
  SizeChartItems,
  SizeChartSummaries,
  type SizeChartSummary,
  type SizeChartUpdate,
} from '../model/sizeChart';
import type { MarketplaceClient } from './client';

/** `GET /size_charts/measurements?site_id=`: the measurement attributes a site's charts may use. */
export function getMeasurements(client: MarketplaceClient, siteId: string): Promise<MeasurementAttribute[]> {
  return client.get('/size_charts/measurements', { schema: MeasurementAttributes, query: { site_id: siteId } });
}

/** `POST /size_charts`: creates a chart for the caller's site (201 with id, name, columns and sizes). */
export function createSizeChart(client: MarketplaceClient, chart: SizeChartCreate): Promise<SizeChart> {
  return client.post('/size_charts', { schema: SizeChart, json: chart });
}

/** `PUT /size_charts/{id}`: replaces the chart; send it complete, including the parts that do not change. */
export function updateSizeChart(
  client: MarketplaceClient,
  chartId: number,
  chart: SizeChartUpdate,
): Promise<SizeChart> {
  return client.put(`/size_charts/${chartId}`, { schema: SizeChart, json: chart });
}

/** `PUT /size_charts/{id}/items`: replaces the full list of associated items with `itemIds`. */
export function setSizeChartItems(
  client: MarketplaceClient,
  chartId: number,
  itemIds: readonly string[],
): Promise<SizeChartAssociation> {
  return client.put(`/size_charts/${chartId}/items`, { schema: SizeChartAssociation, json: { items: itemIds } });
}

/** `GET /size_charts/{id}`: one chart (the API needs no token for it). */
export function getSizeChart(client: MarketplaceClient, chartId: number): Promise<SizeChart> {
  return client.get(`/size_charts/${chartId}`, { schema: SizeChart });
}

/** `GET /size_charts`: the caller's charts as `{id, name}`. */
export function listSizeCharts(client: MarketplaceClient): Promise<SizeChartSummary[]> {
  return client.get('/size_charts', { schema: SizeChartSummaries });
}

/** `GET /size_charts/{id}/items`: one page (at most 50) of the chart's item ids. */
export function getSizeChartItems(
  client: MarketplaceClient,
  chartId: number,
  page: { offset?: number; limit?: number } = {},
): Promise<SizeChartItems> {
  return client.get(`/size_charts/${chartId}/items`, {
    schema: SizeChartItems,
    query: { offset: page.offset, limit: page.limit },
  });
}

/** Every item id of a chart, following the API's own offset paging until `paging.total` is reached. */
export async function getAllChartItems(client: MarketplaceClient, chartId: number): Promise<string[]> {
  const all: string[] = [];
  let offset = 0;
  for (;;) {
    const page = await getSizeChartItems(client, chartId, { offset });
    // One by one: spreading a page passes each id as an argument, which overflows the stack past about 100,000.
    for (const id of page.items) all.push(id);
    offset += page.items.length;
    // An empty page ends the walk even if total disagrees, so a shrinking list never loops forever.
    if (page.items.length === 0 || offset >= page.paging.total) return all;
  }
}

/** Loads every page of the chart's current items and compares them with the new list. */
export async function loadChartItemsChange(
  client: MarketplaceClient,
  chartId: number,
  next: readonly string[],
): Promise<ChartItemsChange> {
  return chartItemsChange(await getAllChartItems(client, chartId), next);
}

/** `DELETE /size_charts/{id}`: deletes the caller's chart (its item associations go with it). */
export function deleteSizeChart(client: MarketplaceClient, chartId: number): Promise<void> {
  return client.delete(`/size_charts/${chartId}`);
}
