// Which charts a view needs and what each draws, without the DOM. Small multiples: one chart per metric (money also
// per currency), each with its own y scale, so that no series lies flat beside a bigger one (Clicks, hundreds, beside
// Prints, tens of thousands; CTR, a share, beside ROAS). On a chart, one line per campaign and attribution model the
// switch shows: colour and point shape say the campaign, the same on every chart; a dash says touch point. Compared
// campaigns share their chart's scale so that they compare; one whose peak is below a fifth of the largest would lie
// flat, and gets the right-hand axis instead.

import * as l10n from '@vscode/l10n';
import type { AttributionChoice, AttributionModel, MetricsView, SeriesUnit } from '../../src/model/protocols/metrics';

export type PointShape = 'circle' | 'triangle' | 'rect' | 'rectRot' | 'star' | 'crossRot';
/** Point shapes by campaign: with colour, a second cue that tells the campaigns apart. */
const SHAPES: readonly PointShape[] = ['circle', 'triangle', 'rect', 'rectRot', 'star', 'crossRot'];
/** The shapes as text, for the key beside the canvases. */
export const SHAPE_GLYPHS: Record<PointShape, string> = {
  circle: '●',
  triangle: '▲',
  rect: '■',
  rectRot: '◆',
  star: '✶',
  crossRot: '✕',
};

/** Metrics charted at first; the others are a tick away in the Metrics chooser. */
const SHOWN_FIRST = new Set(['consumed_budget', 'direct_amount', 'prints', 'clicks', 'units_quantity', 'roas', 'ctr']);

/**
 * What a line must reach to read: its peak at least this share of its axis' top (the axis starts at 0). A campaign
 * whose lines peak lower moves to the right-hand axis.
 */
export const READABLE_SHARE = 0.2;

export type AxisId = 'y' | 'y1';

export interface LinePlan {
  /** `campaignId:key`. */
  id: string;
  campaignId: number;
  label: string;
  attribution: AttributionModel | null;
  values: (number | null)[];
  /** The campaign's index: its colour in the theme's palette. */
  colour: number;
  shape: PointShape;
  dashed: boolean;
  axis: AxisId;
}

export interface ChartPlan {
  /** `prints`, `roas`, `consumed_budget-ARS` (money per currency). */
  id: string;
  /** The metric whatever its model: `roas` for `event_time.roas`; the Metrics chooser's key. */
  metric: string;
  unit: SeriesUnit;
  currency: string;
  title: string;
  lines: LinePlan[];
  /** The campaigns on the right-hand axis, by name; undefined when every line shares the left one. */
  rightAxis: string | undefined;
  shownByDefault: boolean;
}

/** The key above the charts: who each colour and shape is, and whether dashes mean touch point. */
export interface KeyPlan {
  campaigns: { campaignId: number; name: string; colour: number; shape: PointShape }[];
  dashes: boolean;
}

/** The metric a key measures, whatever its model: `touch_point.roas` → `roas`. */
export const metricOf = (key: string): string => key.replace(/^(event_time|touch_point)\./, '');

/** The models' words as a label may hold them: the API's, the English ones and the display language's. */
function modelWords(): string {
  const said = [l10n.t('event time'), l10n.t('touch point')].map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return ['event[ _]time', 'touch[ _]point', ...said].join('|');
}

/** A label without its model, for a chart that draws both: "ROAS (event time)" → "ROAS". */
const withoutModel = (label: string): string => {
  const words = modelWords();
  return label
    .replace(new RegExp(`\\s*\\((${words})\\)`, 'i'), '')
    .replace(new RegExp(`,\\s*(${words})\\)`, 'i'), ')')
    .trim();
};

/** Whether the attribution switch shows a series. */
export const showsModel = (choice: AttributionChoice, model: AttributionModel | null): boolean =>
  model === null || choice === 'both' || choice === model;

const shapeOf = (campaign: number): PointShape => SHAPES[campaign % SHAPES.length] ?? 'circle';

/** Every chart the view can draw, in the order of the first campaign's metrics. */
export function planCharts(view: MetricsView, choice: AttributionChoice): ChartPlan[] {
  const comparing = view.campaigns.length > 1;
  const charts = new Map<string, ChartPlan>();
  for (const [campaignIndex, campaign] of view.campaigns.entries()) {
    for (const series of campaign.series) {
      if (!showsModel(choice, series.attribution)) continue;
      const metric = metricOf(series.key);
      const id = series.unit === 'money' ? `${metric}-${campaign.currency || 'money'}` : metric;
      let chart = charts.get(id);
      if (!chart) {
        chart = {
          id,
          metric,
          unit: series.unit,
          currency: series.unit === 'money' ? campaign.currency : '',
          title: choice === 'both' ? withoutModel(series.label) : series.label,
          lines: [],
          rightAxis: undefined,
          shownByDefault: SHOWN_FIRST.has(metric),
        };
        charts.set(id, chart);
      }
      chart.lines.push({
        id: `${campaign.campaignId}:${series.key}`,
        campaignId: campaign.campaignId,
        label: comparing ? l10n.t('{0}: {1}', campaign.name, series.label) : series.label,
        attribution: series.attribution,
        values: series.values,
        colour: campaignIndex,
        shape: shapeOf(campaignIndex),
        dashed: series.attribution === 'touch_point',
        axis: 'y',
      });
    }
  }
  for (const chart of charts.values()) placeOnAxes(chart, view);
  return [...charts.values()];
}

/** The largest absolute value of some lines (0 when they have none). */
function peakOf(lines: readonly LinePlan[]): number {
  let peak = 0;
  for (const line of lines) for (const value of line.values) if (value !== null) peak = Math.max(peak, Math.abs(value));
  return peak;
}

/**
 * The left axis for the campaigns whose lines reach `READABLE_SHARE` of the largest peak (and those that are 0 every
 * day: they are flat because they are 0); the right axis for the others, named. A campaign's lines stay together.
 */
function placeOnAxes(chart: ChartPlan, view: MetricsView): void {
  const byCampaign = new Map<number, LinePlan[]>();
  for (const line of chart.lines) byCampaign.set(line.campaignId, [...(byCampaign.get(line.campaignId) ?? []), line]);
  const top = peakOf(chart.lines);
  const right: number[] = [];
  for (const [campaignId, lines] of byCampaign) {
    const peak = peakOf(lines);
    if (peak === 0 || peak >= top * READABLE_SHARE) continue;
    for (const line of lines) line.axis = 'y1';
    right.push(campaignId);
  }
  if (!right.length) return;
  const names = right.map((id) => view.campaigns.find((campaign) => campaign.campaignId === id)?.name ?? String(id));
  chart.rightAxis = names.join(', ');
}

/** The key: every campaign with its colour and shape, and whether both models are drawn. */
export function planKey(view: MetricsView, choice: AttributionChoice): KeyPlan {
  return {
    campaigns: view.campaigns.map((campaign, index) => ({
      campaignId: campaign.campaignId,
      name: campaign.name,
      colour: index,
      shape: shapeOf(index),
    })),
    dashes: choice === 'both',
  };
}
