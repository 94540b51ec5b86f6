// Which charts a view needs and what each draws, without the DOM: one chart per unit (money, counts, ratios never
// share an axis; money also per currency), one line per series the attribution switch shows. Point shape says the
// metric, a dash says touch point, and colour says the metric, or the campaign when a second one is compared.

import type { AttributionModel, MetricsView, SeriesUnit } from '../../src/model/metricsProtocol';
import type { Attribution } from './state';

export type PointShape = 'circle' | 'triangle' | 'rect' | 'rectRot' | 'star' | 'crossRot';
const SHAPES: readonly PointShape[] = ['circle', 'triangle', 'rect', 'rectRot', 'star', 'crossRot'];
/** The shapes as text, for the legend beside the canvas. */
export const SHAPE_GLYPHS: Record<PointShape, string> = {
  circle: '●',
  triangle: '▲',
  rect: '■',
  rectRot: '◆',
  star: '✶',
  crossRot: '✕',
};

/** Metrics drawn at first (the rest are a legend click away); a chart without any shows its first three. */
const SHOWN_FIRST = new Set(['consumed_budget', 'direct_amount', 'prints', 'clicks', 'units_quantity', 'roas', 'ctr']);
const FIRST_OF_OTHERS = 3;

export interface LinePlan {
  /** `campaignId:key`. */
  id: string;
  /** `campaignId:metric`: the legend item, shared by both models of a metric. */
  legendId: string;
  label: string;
  attribution: AttributionModel | null;
  values: (number | null)[];
  colour: number;
  shape: PointShape;
  dashed: boolean;
}

export interface LegendPlan {
  id: string;
  label: string;
  colour: number;
  shape: PointShape;
  /** The line styles drawn for it: solid (event time or none), dashed (touch point). */
  dashes: boolean[];
  shownByDefault: boolean;
}

export interface ChartPlan {
  /** `money-ARS`, `count`, `ratio`. */
  id: string;
  unit: SeriesUnit;
  currency: string;
  title: string;
  /** The y axis' title. */
  axis: string;
  lines: LinePlan[];
  legend: LegendPlan[];
}

const UNIT_ORDER: SeriesUnit[] = ['money', 'count', 'ratio'];

/** The metric a key measures, whatever its model: `touch_point.roas` → `roas`. */
export const metricOf = (key: string): string => key.replace(/^(event_time|touch_point)\./, '');

/** A label without its model, for a legend item that stands for both: "ROAS (event time)" → "ROAS". */
const withoutModel = (label: string): string =>
  label
    .replace(/\s*\((event[ _]time|touch[ _]point)\)/i, '')
    .replace(/,\s*(event[ _]time|touch[ _]point)\)/i, ')')
    .trim();

/** Whether the attribution switch shows a series. */
export const showsModel = (choice: Attribution, model: AttributionModel | null): boolean =>
  model === null || choice === 'both' || choice === model;

export function planCharts(view: MetricsView, choice: Attribution): ChartPlan[] {
  const comparing = view.campaigns.length > 1;
  const charts = new Map<string, ChartPlan>();
  const metricsOf = new Map<string, string[]>();
  for (const [campaignIndex, campaign] of view.campaigns.entries()) {
    for (const series of campaign.series) {
      if (!showsModel(choice, series.attribution)) continue;
      const id = series.unit === 'money' ? `money-${campaign.currency || 'money'}` : series.unit;
      let chart = charts.get(id);
      if (!chart) {
        chart = {
          id,
          unit: series.unit,
          currency: series.unit === 'money' ? campaign.currency : '',
          title: titleOf(series.unit, campaign.currency),
          axis: series.unit === 'money' ? campaign.currency : series.unit === 'count' ? 'Count' : 'Ratio',
          lines: [],
          legend: [],
        };
        charts.set(id, chart);
        metricsOf.set(id, []);
      }
      const metrics = metricsOf.get(id) ?? [];
      const metric = metricOf(series.key);
      if (!metrics.includes(metric)) metrics.push(metric);
      const rank = metrics.indexOf(metric);
      const line: LinePlan = {
        id: `${campaign.campaignId}:${series.key}`,
        legendId: `${campaign.campaignId}:${metric}`,
        label: comparing ? `${campaign.name}: ${series.label}` : series.label,
        attribution: series.attribution,
        values: series.values,
        colour: comparing ? campaignIndex : rank,
        shape: SHAPES[rank % SHAPES.length] ?? 'circle',
        dashed: series.attribution === 'touch_point',
      };
      chart.lines.push(line);
      const item = chart.legend.find((entry) => entry.id === line.legendId);
      if (item) item.dashes.push(line.dashed);
      else {
        const name = choice === 'both' ? withoutModel(series.label) : series.label;
        chart.legend.push({
          id: line.legendId,
          label: comparing ? `${campaign.name}: ${name}` : name,
          colour: line.colour,
          shape: line.shape,
          dashes: [line.dashed],
          shownByDefault: false,
        });
      }
    }
  }
  for (const chart of charts.values()) {
    const metrics = metricsOf.get(chart.id) ?? [];
    const anyFirst = metrics.some((metric) => SHOWN_FIRST.has(metric));
    for (const item of chart.legend) {
      const metric = item.id.slice(item.id.indexOf(':') + 1);
      item.shownByDefault = anyFirst ? SHOWN_FIRST.has(metric) : metrics.indexOf(metric) < FIRST_OF_OTHERS;
    }
  }
  return [...charts.values()].sort(
    (a, b) => UNIT_ORDER.indexOf(a.unit) - UNIT_ORDER.indexOf(b.unit) || chartRank(view, a) - chartRank(view, b),
  );
}

/** Money charts in the order of their campaigns (the panel's own currency first). */
const chartRank = (view: MetricsView, chart: ChartPlan): number =>
  view.campaigns.findIndex((campaign) => campaign.currency === chart.currency);

function titleOf(unit: SeriesUnit, currency: string): string {
  if (unit === 'money') return currency ? `Money (${currency})` : 'Money';
  return unit === 'count' ? 'Counts' : 'Ratios';
}
