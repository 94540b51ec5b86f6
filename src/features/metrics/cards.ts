// The summary cards: the API's `summary` of the range, formatted, never re-derived from the rows. Where the days'
// rows do not add up to it, a note says which figure the API reports. Pure: no `vscode`; figures in the locale given,
// words from @vscode/l10n.

import * as l10n from '@vscode/l10n';
import type { MetricsRow, MetricsSummary } from '../../model/advertising';
import type { SummaryCard } from '../../model/protocols/metrics';
import {
  DEFAULT_LOCALE,
  formatCount,
  formatMetric,
  formatRatio,
  type MetricDefinition,
  metricDefinitions,
  metricValue,
} from './series';

/** The metrics the cards show, in order: delivery first, then the outcome of each attribution model. */
export const CARD_KEYS: readonly string[] = [
  'prints',
  'clicks',
  'reach',
  'ctr',
  'consumed_budget',
  'cpm',
  'cpc',
  'average_frequency',
  ...['event_time', 'touch_point'].flatMap((model) =>
    ['roas', 'direct_amount', 'units_quantity', 'cpa_order'].map((field) => `${model}.${field}`),
  ),
];

/** Metrics whose range figure is the sum of the days' (counts and money spent or earned). */
const ADDITIVE = new Set([
  'prints',
  'clicks',
  'consumed_budget',
  'direct_amount',
  'direct_item_quantity',
  'units_quantity',
  'attribution_ppv',
  'attribution_add_to_cart',
  'attribution_bookmark',
  'attribution_checkout',
]);

/** What a sum of rows may differ from the summary by: half a unit for counts, a cent per row (and one) for money. */
const tolerance = (definition: MetricDefinition, rows: number): number =>
  definition.display === 'money' ? 0.005 * Math.max(rows, 1) + 0.01 : 0.5;

/**
 * One card per metric of `CARD_KEYS`, its value the API's summary (formatted; "—" when the summary lacks it). Notes:
 * reach is unique users over the whole range, so never the sum of the days'; average frequency is prints per unique
 * user of the range, so never the days' average; any additive metric whose rows' total differs from the summary by
 * more than rounding says both figures.
 */
export function summaryCards(
  summary: MetricsSummary,
  rows: readonly MetricsRow[],
  currency: string,
  locale = DEFAULT_LOCALE,
): SummaryCard[] {
  const definitions = new Map(metricDefinitions(currency).map((definition) => [definition.key, definition]));
  const cards: SummaryCard[] = [];
  for (const key of CARD_KEYS) {
    const definition = definitions.get(key);
    if (!definition) continue;
    const reported = metricValue(summary, definition);
    const card: SummaryCard = {
      key,
      label: definition.label,
      unit: definition.unit,
      value: formatMetric(reported, definition.display, currency, locale),
    };
    const note = noteOf(definition, reported, rows, currency, locale);
    if (note) card.note = note;
    cards.push(card);
  }
  return cards;
}

function noteOf(
  definition: MetricDefinition,
  reported: number | null,
  rows: readonly MetricsRow[],
  currency: string,
  locale: string,
): string | undefined {
  const values = rows.map((row) => metricValue(row, definition)).filter((value): value is number => value !== null);
  if (reported === null || values.length === 0) return undefined;
  const total = values.reduce((sum, value) => sum + value, 0);
  const single = rows.length === 1 && values.length === 1 && values[0] === reported;
  if (definition.key === 'reach') {
    if (single) return undefined;
    return l10n.t(
      "The API reports reach over the whole range: unique users are not the sum of the days' ({0}).",
      formatCount(total, locale),
    );
  }
  if (definition.key === 'average_frequency') {
    if (single) return undefined;
    // The days the campaign delivered: a day without prints has no frequency to average.
    const delivering = rows
      .filter((row) => (row.prints ?? 1) > 0)
      .map((row) => metricValue(row, definition))
      .filter((value): value is number => value !== null);
    const mean = delivering.length ? delivering.reduce((sum, value) => sum + value, 0) / delivering.length : 0;
    return l10n.t(
      "The API reports average frequency over the whole range (prints per unique user of the range), not the average of the days' ({0}).",
      formatRatio(mean, locale),
    );
  }
  if (!ADDITIVE.has(definition.field) || Math.abs(total - reported) <= tolerance(definition, values.length))
    return undefined;
  const said = formatMetric(reported, definition.display, currency, locale);
  const added = formatMetric(total, definition.display, currency, locale);
  return values.length === 1
    ? l10n.t('The API reports {0} for the whole range; the 1 daily row it answered adds up to {1}.', said, added)
    : l10n.t(
        'The API reports {0} for the whole range; the {1} daily rows it answered add up to {2}.',
        said,
        values.length,
        added,
      );
}
