import * as z from 'zod';

// Messages between the campaign metrics panel's host (src/features/metrics/) and its webview (webview/metrics/). Both
// sides validate what they receive with these schemas. The host makes every request and turns the API's rows into
// series with pure functions (src/features/metrics/series.ts); the webview draws them (Chart.js). No message carries
// the token.

/** What a series measures decides its axis: money, counts and ratios never share one. */
export const SeriesUnit = z.enum(['money', 'count', 'ratio']);
export type SeriesUnit = z.infer<typeof SeriesUnit>;

/** The two attribution models of the spec's metrics. */
export const AttributionModel = z.enum(['event_time', 'touch_point']);
export type AttributionModel = z.infer<typeof AttributionModel>;

/** The panel's attribution switch: one model, or both drawn together. */
export const AttributionChoice = z.enum(['event_time', 'touch_point', 'both']);
export type AttributionChoice = z.infer<typeof AttributionChoice>;

/** Charts or the table (the charts' text alternative). */
export const MetricsDisplay = z.enum(['charts', 'table']);
export type MetricsDisplay = z.infer<typeof MetricsDisplay>;

/** One metric of one campaign over the days of the range (null on a day without a row). */
export const MetricSeries = z.object({
  /** `prints`, `consumed_budget`, `event_time.roas`… */
  key: z.string(),
  /** "Prints", "Consumed budget (ARS)", "ROAS (event time)". */
  label: z.string(),
  unit: SeriesUnit,
  /** Null for the delivery metrics; the model for the attribution ones. */
  attribution: AttributionModel.nullable(),
  values: z.array(z.number().nullable()),
});
export type MetricSeries = z.infer<typeof MetricSeries>;

/** A campaign on the charts: its identity and its series, day by day over `days`. */
export const CampaignSeries = z.object({
  campaignId: z.number().int(),
  name: z.string(),
  currency: z.string(),
  series: z.array(MetricSeries),
});
export type CampaignSeries = z.infer<typeof CampaignSeries>;

/** A summary card: the API's `summary` value (never re-derived), and a note where the rows' total differs. */
export const SummaryCard = z.object({
  key: z.string(),
  label: z.string(),
  unit: SeriesUnit,
  /** The value as the API's summary reports it, formatted ("ARS 1,234.50", "12.3 %", "45,120"). */
  value: z.string(),
  /** Why the rows do not add up to it (reach and frequency are not additive), when they do not. */
  note: z.string().optional(),
});
export type SummaryCard = z.infer<typeof SummaryCard>;

/** One day of the table view, every metric formatted; `values` keyed by series key. */
export const TableRow = z.object({ date: z.string(), values: z.record(z.string(), z.string()) });
export type TableRow = z.infer<typeof TableRow>;

/** A campaign as the panel's header and pickers show it. */
export const CampaignInfo = z.object({
  id: z.number().int(),
  advertiserId: z.number().int(),
  name: z.string(),
  status: z.string(),
  siteId: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
});
export type CampaignInfo = z.infer<typeof CampaignInfo>;

/** A date range the form sends: YYYY-MM-DD, both required. */
export const DateRange = z.object({ from: z.string(), to: z.string() });
export type DateRange = z.infer<typeof DateRange>;

/** A preset the form offers (last 7, 30, 90 days), bounded by the window rule and the campaign's own dates. */
export const RangePreset = z.object({ label: z.string(), from: z.string(), to: z.string() });
export type RangePreset = z.infer<typeof RangePreset>;

/** What the panel shows for a range: the series of each campaign, the first one's summary cards, the table. */
export const MetricsView = z.object({
  range: DateRange,
  /** Every day of the range, the x axis. */
  days: z.array(z.string()),
  campaigns: z.array(CampaignSeries),
  cards: z.array(SummaryCard),
  table: z.object({ columns: z.array(z.object({ key: z.string(), label: z.string() })), rows: z.array(TableRow) }),
  /** How many rows the API answered (the first campaign's). */
  rowCount: z.number().int().nonnegative(),
});
export type MetricsView = z.infer<typeof MetricsView>;

/** A refused range or a failed request: the reason, in the rule's or the API's words, and the next step. */
export const MetricsFailure = z.object({
  status: z.number().int().optional(),
  error: z.string().optional(),
  message: z.string(),
  next: z.string().default(''),
});
export type MetricsFailure = z.infer<typeof MetricsFailure>;

/** Host → metrics webview. */
export const MetricsHostMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('init'),
    campaign: CampaignInfo,
    /** Campaigns of the same advertiser that can be added for comparison. */
    others: z.array(CampaignInfo),
    /** Today in the sites' clock, and the earliest date the window rule allows. */
    today: z.string(),
    earliest: z.string(),
    presets: z.array(RangePreset),
    range: DateRange,
  }),
  z.object({ type: z.literal('loading'), range: DateRange }),
  z.object({ type: z.literal('view'), view: MetricsView }),
  z.object({ type: z.literal('failure'), failure: MetricsFailure }),
]);
export type MetricsHostMessage = z.infer<typeof MetricsHostMessage>;

/** Metrics webview → host. */
export const MetricsViewMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  /** Load a range (the form checked it with the window rule first). */
  z.object({ type: z.literal('load'), range: DateRange, compareWith: z.array(z.number().int()).default([]) }),
  /**
   * Export what is shown: the host writes the CSV through VS Code's save dialog. `table` is the table view as it
   * shows (its days top to bottom, its value columns left to right); without it, the table's default order.
   */
  z.object({
    type: z.literal('exportCsv'),
    attribution: AttributionChoice,
    table: z.object({ days: z.array(z.string()), columns: z.array(z.string()) }).optional(),
  }),
  /** The charts are drawn (the bench's "first drawn chart"). */
  z.object({ type: z.literal('drawn'), charts: z.number().int().nonnegative() }),
]);
export type MetricsViewMessage = z.infer<typeof MetricsViewMessage>;

/** What the webview keeps across its own reloads (VS Code's webview state): the user's choices. */
export const MetricsViewState = z.object({
  attribution: AttributionChoice.catch('event_time'),
  display: MetricsDisplay.catch('charts'),
  compareWith: z.array(z.number().int()).catch([]),
  /** The Metrics chooser's ticks by metric (`prints`, `roas`). */
  shown: z.record(z.string(), z.boolean()).catch({}),
});
export type MetricsViewState = z.infer<typeof MetricsViewState>;
