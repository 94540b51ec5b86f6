// What the explorer says about size charts: their summary, columns, sizes and listings.
import * as l10n from '@vscode/l10n';
import type { TrimmedItem } from '../../../model/item';
import type { SizeChart, SizeChartSummary } from '../../../model/sizeChart';
import { itemDescription } from './items';
import { formatNumber } from './words';

// ---------------------------------------------------------------------------------------------------------------
// Size charts

/** A chart's label: its name, or its id. */
export const sizeChartLabel = (chart: SizeChartSummary | SizeChart) => chart.name ?? l10n.t('Size chart {0}', chart.id);

/** `510001 · 5 sizes · 3 measurements` once the chart is loaded, the id before. */
export function sizeChartDescription(chart: SizeChartSummary | SizeChart, locale = 'en-US'): string {
  const full = chart as SizeChart;
  const parts = [String(chart.id)];
  if (full.sizes) {
    const count = formatNumber(full.sizes.length, locale);
    parts.push(full.sizes.length === 1 ? l10n.t('{0} size', count) : l10n.t('{0} sizes', count));
  }
  if (full.columns) {
    const count = formatNumber(full.columns.length, locale);
    parts.push(full.columns.length === 1 ? l10n.t('{0} measurement', count) : l10n.t('{0} measurements', count));
  }
  return parts.join(' · ');
}

/** Names of a chart's measurement columns by id (`CHEST_CIRCUMFERENCE` → `Contorno de pecho`). */
export function columnNames(chart: SizeChart): Map<string, { name: string; unit: string }> {
  return new Map(
    (chart.columns ?? []).map((column) => [
      column.id,
      { name: column.name ?? column.id, unit: column.type?.default_unit ?? '' },
    ]),
  );
}

/** A measurement value with its column's unit: `98 cm`. */
export function measurementValue(value: string | null | undefined, unit: string): string {
  if (value === null || value === undefined || value === '') return '—';
  return unit ? `${value} ${unit}` : value;
}

/** A size's description: `Contorno de pecho 98 cm · Largo total 71 cm`. */
export function sizeDescription(
  size: NonNullable<SizeChart['sizes']>[number],
  columns: Map<string, { name: string; unit: string }>,
): string {
  return (size.measurements ?? [])
    .map((entry) => {
      const column = columns.get(entry.id);
      return `${column?.name ?? entry.id} ${measurementValue(entry.value, column?.unit ?? '')}`;
    })
    .join(' · ');
}

/** A chart item's description: `active · MLA1400000401`, or the multi-get's failure. */
export function chartItemDescription(item: TrimmedItem & { id: string }, locale = 'en-US'): string {
  return itemDescription(item, locale);
}
