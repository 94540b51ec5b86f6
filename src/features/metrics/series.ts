// Campaign metrics as the panel draws them: the API's daily rows turned into one series per metric, a value per
// calendar day of the range, and the table view's formatted text. Pure: no `vscode`, tested in plain Node; its words
// come from @vscode/l10n (configured with VS Code's bundle at activation) and its figures follow the locale given.

import * as l10n from '@vscode/l10n';
import type { Attribution, MetricsRow } from '../../model/advertising';
import type {
  AttributionModel,
  CampaignSeries,
  DateRange,
  MetricSeries,
  MetricsView,
  SeriesUnit,
  TableRow,
} from '../../model/protocols/metrics';
import { addDays, isCalendarDate } from '../../rules/advertising';

/** How a value reads: `percent` is a share (ctr 0.0123) written as a percentage ("1.23 %"). */
export type MetricDisplay = 'money' | 'count' | 'ratio' | 'percent';

/** A metric of the spec's daily rows and summary. */
export interface MetricDefinition {
  /** `prints`, `event_time.roas`: the series key. */
  key: string;
  /** The field inside the row or the attribution block. */
  field: string;
  label: string;
  unit: SeriesUnit;
  display: MetricDisplay;
  attribution: AttributionModel | null;
}

/** A metric's words: a function, so each is asked of the display language's bundle when a label is made. */
type Words = () => string;

type DeliveryField = 'prints' | 'clicks' | 'reach' | 'ctr' | 'consumed_budget' | 'cpm' | 'cpc' | 'average_frequency';
type AttributionField = keyof Attribution & string;

/** Delivery metrics, in the order the panel lists them. `ctr` is a share of prints (the spec; 0.0123 = 1.23 %). */
const DELIVERY: readonly { field: DeliveryField; label: Words; display: MetricDisplay }[] = [
  { field: 'prints', label: () => l10n.t('Prints'), display: 'count' },
  { field: 'clicks', label: () => l10n.t('Clicks'), display: 'count' },
  { field: 'reach', label: () => l10n.t('Reach'), display: 'count' },
  { field: 'ctr', label: () => l10n.t('CTR (share)'), display: 'percent' },
  { field: 'consumed_budget', label: () => l10n.t('Consumed budget'), display: 'money' },
  // l10n: not translated (the metric's name, the same in the marketplace's Spanish and Portuguese pages)
  { field: 'cpm', label: () => 'CPM', display: 'money' },
  // l10n: not translated (the metric's name, the same in the marketplace's Spanish and Portuguese pages)
  { field: 'cpc', label: () => 'CPC', display: 'money' },
  { field: 'average_frequency', label: () => l10n.t('Average frequency'), display: 'ratio' },
];

/** The fields of each attribution block. */
const ATTRIBUTED: readonly { field: AttributionField; label: Words; display: MetricDisplay }[] = [
  // l10n: not translated (the metric's name, the same in the marketplace's Spanish and Portuguese pages)
  { field: 'roas', label: () => 'ROAS', display: 'ratio' },
  { field: 'direct_amount', label: () => l10n.t('Direct amount'), display: 'money' },
  { field: 'direct_item_quantity', label: () => l10n.t('Direct item quantity'), display: 'count' },
  { field: 'units_quantity', label: () => l10n.t('Units'), display: 'count' },
  { field: 'cpa_order', label: () => l10n.t('CPA per order'), display: 'money' },
  { field: 'cpa_ppv', label: () => l10n.t('CPA per product page view'), display: 'money' },
  { field: 'attribution_ppv', label: () => l10n.t('Product page views'), display: 'count' },
  { field: 'attribution_add_to_cart', label: () => l10n.t('Add to cart'), display: 'count' },
  { field: 'attribution_bookmark', label: () => l10n.t('Bookmarks'), display: 'count' },
  { field: 'attribution_checkout', label: () => l10n.t('Checkouts'), display: 'count' },
];

export const ATTRIBUTION_MODELS: readonly AttributionModel[] = ['event_time', 'touch_point'];
/** An attribution model as a label names it ("ROAS (event time)"). */
const modelWords = (model: AttributionModel): string =>
  model === 'event_time' ? l10n.t('event time') : l10n.t('touch point');

const unitOf = (display: MetricDisplay): SeriesUnit =>
  display === 'money' ? 'money' : display === 'count' ? 'count' : 'ratio';

/**
 * Every metric the panel charts: the eight delivery metrics, then the ten of each attribution model. Money labels
 * name the currency ("Consumed budget (ARS)", "Direct amount (ARS, event time)"); attribution labels name the model
 * ("ROAS (event time)").
 */
export function metricDefinitions(currency = ''): MetricDefinition[] {
  const money = (display: MetricDisplay) => (display === 'money' && currency ? [currency] : []);
  const label = (base: string, words: string[]) => (words.length ? l10n.t('{0} ({1})', base, words.join(', ')) : base);
  return [
    ...DELIVERY.map(({ field, label: base, display }) => ({
      key: field,
      field,
      label: label(base(), money(display)),
      unit: unitOf(display),
      display,
      attribution: null,
    })),
    ...ATTRIBUTION_MODELS.flatMap((model) =>
      ATTRIBUTED.map(({ field, label: base, display }) => ({
        key: `${model}.${field}`,
        field,
        label: label(base(), [...money(display), modelWords(model)]),
        unit: unitOf(display),
        display,
        attribution: model,
      })),
    ),
  ];
}

/** The definition of a series key, whatever the currency in its label. */
export function definitionOf(key: string): MetricDefinition | undefined {
  return metricDefinitions().find((definition) => definition.key === key);
}

/** A metric's value in a row or the summary: null when its block or field is missing or not a finite number. */
export function metricValue(
  entry: Partial<Record<DeliveryField, number | null>> & {
    event_time?: Attribution | null;
    touch_point?: Attribution | null;
  },
  definition: Pick<MetricDefinition, 'field' | 'attribution'>,
): number | null {
  const holder: Record<string, unknown> | null | undefined = definition.attribution
    ? entry[definition.attribution]
    : (entry as Record<string, unknown>);
  const value = holder?.[definition.field];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Every calendar day from `range.from` to `range.to`, both included (none when they are not dates in order). */
export function daysOf(range: DateRange): string[] {
  if (!isCalendarDate(range.from) || !isCalendarDate(range.to)) return [];
  const days: string[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) days.push(day);
  return days;
}

/**
 * One campaign's series over the range: a value per day in date order, whatever the rows' order (the API answers
 * newest first), null on a day without a row (days after today, a row the API left out) and for a missing block or
 * field. The currency comes from the rows (the campaign object has none), else the one given.
 */
export function campaignSeries(
  campaign: { id: number; name?: string | null },
  rows: readonly MetricsRow[],
  range: DateRange,
  currency?: string,
): CampaignSeries {
  const days = daysOf(range);
  const byDay = new Map<string, MetricsRow>();
  for (const row of rows) if (!byDay.has(row.date)) byDay.set(row.date, row);
  const money = rows.find((row) => row.currency)?.currency ?? currency ?? '';
  const series: MetricSeries[] = metricDefinitions(money).map((definition) => ({
    key: definition.key,
    label: definition.label,
    unit: definition.unit,
    attribution: definition.attribution,
    values: days.map((day) => {
      const row = byDay.get(day);
      return row ? metricValue(row, definition) : null;
    }),
  }));
  return {
    campaignId: campaign.id,
    name: campaign.name || l10n.t('Campaign {0}', campaign.id),
    currency: money,
    series,
  };
}

// Formatting for reading (cards, table) in the display language's locale (the host passes `displayLocale()`; en-US
// when none is given, the figures the English text was written with), as the webview's tooltips.

/** The locale the figures follow when none is given. */
export const DEFAULT_LOCALE = 'en-US';
/** Currencies of the marketplace's sites written without decimals (ISO 4217 gives PYG none; COP is written so). */
const WHOLE_CURRENCIES = new Set(['CLP', 'COP', 'PYG']);
/** What a missing value reads as (the webview sorts it last). */
export const NO_VALUE = '—';

/** Decimals a currency's amounts are written with: none for CLP and COP, two otherwise. */
export const currencyDecimals = (currency: string): number => (WHOLE_CURRENCIES.has(currency.toUpperCase()) ? 0 : 2);

const formats = new Map<string, Intl.NumberFormat>();
function grouped(minimum: number, maximum: number, locale: string): Intl.NumberFormat {
  const id = `${locale}:${minimum}:${maximum}`;
  let format = formats.get(id);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: minimum, maximumFractionDigits: maximum });
    formats.set(id, format);
  }
  return format;
}

/** "ARS 1,234.50", "CLP 1,235"; in es "ARS 1234,50", "ARS 12.345,50" (the currency code first in every locale). */
export function formatMoney(value: number, currency: string, locale = DEFAULT_LOCALE): string {
  const decimals = currencyDecimals(currency);
  return `${currency} ${grouped(decimals, decimals, locale).format(value)}`.trim();
}

/** "45,120" (a fraction, which counts should not have, keeps up to two decimals); "45.120" in es and pt-BR. */
export const formatCount = (value: number, locale = DEFAULT_LOCALE): string => grouped(0, 2, locale).format(value);

/** "3.45", "1,148.98": ROAS and average frequency; "3,45" in es and pt-BR. */
export const formatRatio = (value: number, locale = DEFAULT_LOCALE): string => grouped(2, 2, locale).format(value);

/** A share as a percentage: 0.0123 → "1.23 %" ("1,23 %" in es and pt-BR). */
export const formatShare = (value: number, locale = DEFAULT_LOCALE): string =>
  `${grouped(2, 2, locale).format(value * 100)} %`;

/** A metric's value for reading in `locale`; a missing one is "—". */
export function formatMetric(
  value: number | null | undefined,
  display: MetricDisplay,
  currency: string,
  locale = DEFAULT_LOCALE,
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NO_VALUE;
  switch (display) {
    case 'money':
      return formatMoney(value, currency, locale);
    case 'count':
      return formatCount(value, locale);
    case 'percent':
      return formatShare(value, locale);
    case 'ratio':
      return formatRatio(value, locale);
  }
}

/** How a series reads: by its key's definition, else by its unit. */
const displayOf = (series: Pick<MetricSeries, 'key' | 'unit'>): MetricDisplay => {
  const defined = definitionOf(series.key)?.display;
  return defined ?? (series.unit === 'money' ? 'money' : series.unit === 'count' ? 'count' : 'ratio');
};

/** A series' column key in the table (and the CSV export): its key, or `campaignId:key` when campaigns are compared. */
export const tableKey = (
  campaign: Pick<CampaignSeries, 'campaignId'>,
  series: Pick<MetricSeries, 'key'>,
  comparing: boolean,
): string => (comparing ? `${campaign.campaignId}:${series.key}` : series.key);

/**
 * The table view: a date column, then one column per series of each campaign (keyed by the series key, or
 * `campaignId:key` with the campaign's name in the label when several are compared), and one row per day with
 * every value formatted for reading ("—" for a day without a value).
 */
export function tableOf(
  seriesList: readonly CampaignSeries[],
  days: readonly string[],
  locale = DEFAULT_LOCALE,
): MetricsView['table'] {
  const comparing = seriesList.length > 1;
  const columns = [{ key: 'date', label: l10n.t('Date') }];
  const cells: { key: string; values: (number | null)[]; display: MetricDisplay; currency: string }[] = [];
  for (const campaign of seriesList) {
    for (const series of campaign.series) {
      const key = tableKey(campaign, series, comparing);
      columns.push({ key, label: comparing ? l10n.t('{0} · {1}', campaign.name, series.label) : series.label });
      cells.push({ key, values: series.values, display: displayOf(series), currency: campaign.currency });
    }
  }
  const rows: TableRow[] = days.map((date, index) => ({
    date,
    values: Object.fromEntries(
      cells.map((cell) => [cell.key, formatMetric(cell.values[index], cell.display, cell.currency, locale)]),
    ),
  }));
  return { columns, rows };
}
