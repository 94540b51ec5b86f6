import * as l10n from '@vscode/l10n';
import { ITEM_ID } from '../model/payloadFiles';
import { MAX_MEASUREMENTS_PER_CHART, MIN_MEASUREMENTS_PER_CHART } from '../model/sizeChart';
import { type Finding, finding } from './finding';
import type { ShapeFamily } from './shape';

/** Size chart bodies in shape findings: `size_chart.sizes.name.invalid`, paths as `size_chart.sizes[1]`. */
export const SIZE_CHART_SHAPE: ShapeFamily = {
  code: 'size_chart',
  root: 'size_chart',
  unknownAtTop: (key) =>
    l10n.t('{0} is not a field of the size chart in the spec; the API may ignore it or refuse it.', key),
};
/** The body of `PUT /size_charts/{id}/items` in shape findings. */
export const CHART_ITEMS_SHAPE: ShapeFamily = {
  code: 'chart_items',
  root: 'body',
  unknownAtTop: (key) =>
    l10n.t('{0} is not a field of the association in the spec; the API may ignore it or refuse it.', key),
};

/** A chart as far as the rules care; drafts in the editor may miss parts, so everything is optional. */
export interface ChartDraft {
  name?: string;
  sizes?: readonly {
    name?: string;
    measurements?: readonly { id?: string; value?: string }[];
  }[];
}

/** Codes the rules report; they are the API's own error codes, so the sandbox answers with them unchanged. */
export const SIZE_CHART_CODES = {
  notFound: 'MEASUREMENT_NOT_FOUND',
  duplicateMeasurement: 'DUPLICATE_MEASUREMENT_VALIDATION',
  countNotAllowed: 'MEASUREMENT_NOT_ALLOWED',
  duplicateSize: 'DUPLICATE_SIZE_VALIDATION',
  invalidValue: 'INVALID_MEASUREMENT_VALUE',
  sizeIncomplete: 'SIZE_ATTRIBUTE_INCOMPLETE',
} as const;

const NUMBER = String.raw`\d+(?:\.\d+)?`;
const FIGURE = new RegExp(`^${NUMBER}$`);
const RANGE = new RegExp(`^(${NUMBER})\\s*-\\s*(${NUMBER})$`);

/** Parses a measurement value: a figure (`92`) or a range written `a - b` (`90 - 94`); undefined when neither. */
export function parseMeasurementValue(value: string): { min: number; max: number } | undefined {
  const text = value.trim();
  if (FIGURE.test(text)) {
    const figure = Number(text);
    return figure > 0 ? { min: figure, max: figure } : undefined;
  }
  const range = RANGE.exec(text);
  if (!range) return undefined;
  const min = Number(range[1]);
  const max = Number(range[2]);
  return min > 0 && min < max ? { min, max } : undefined;
}

/**
 * The single figure a chart shows for a submitted value: a figure as is, a range as its midpoint rounded to one
 * decimal (`90 - 94` → `92`, `90 - 95` → `92.5`). The spec only says a range comes back as one figure.
 */
export function shownMeasurementValue(value: string): string {
  const parsed = parseMeasurementValue(value);
  if (!parsed) return value.trim();
  const middle = Math.round(((parsed.min + parsed.max) / 2) * 10) / 10;
  return String(middle);
}

/** The distinct measurement attribute ids of a chart, in the order they first appear. */
export function chartMeasurementIds(chart: ChartDraft): string[] {
  const ids = new Set<string>();
  for (const size of chart.sizes ?? []) for (const item of size.measurements ?? []) if (item.id) ids.add(item.id);
  return [...ids];
}

/** Between 1 and 5 distinct measurement attributes per chart (MEASUREMENT_NOT_ALLOWED otherwise). */
export function measurementCountRule(chart: ChartDraft): Finding[] {
  const count = chartMeasurementIds(chart).length;
  if (count >= MIN_MEASUREMENTS_PER_CHART && count <= MAX_MEASUREMENTS_PER_CHART) return [];
  return [
    finding(
      SIZE_CHART_CODES.countNotAllowed,
      ['sizes'],
      l10n.t(
        'Count not allowed. Max: {0}, Min: {1}. The chart uses {2} distinct measurement attributes; use between {1} and {0}.',
        MAX_MEASUREMENTS_PER_CHART,
        MIN_MEASUREMENTS_PER_CHART,
        count,
      ),
    ),
  ];
}

/** A measurement attribute appears at most once within a size. */
export function duplicateMeasurementRule(chart: ChartDraft): Finding[] {
  const findings: Finding[] = [];
  (chart.sizes ?? []).forEach((size, sizeIndex) => {
    const seen = new Set<string>();
    (size.measurements ?? []).forEach((item, index) => {
      if (!item.id) return;
      if (seen.has(item.id)) {
        findings.push(
          finding(
            SIZE_CHART_CODES.duplicateMeasurement,
            ['sizes', sizeIndex, 'measurements', index, 'id'],
            l10n.t(
              'Measurement {0} is repeated in size {1}; give each measurement attribute once per size.',
              item.id,
              size.name ?? `#${sizeIndex + 1}`,
            ),
          ),
        );
      }
      seen.add(item.id);
    });
  });
  return findings;
}

/** Size names are unique within a chart (compared trimmed and case-insensitively: `M` and `m` are the same size). */
export function duplicateSizeRule(chart: ChartDraft): Finding[] {
  const findings: Finding[] = [];
  const seen = new Set<string>();
  (chart.sizes ?? []).forEach((size, index) => {
    const key = size.name?.trim().toLowerCase();
    if (!key) return;
    if (seen.has(key)) {
      findings.push(
        finding(
          SIZE_CHART_CODES.duplicateSize,
          ['sizes', index, 'name'],
          l10n.t('Size duplicated: {0}. Each size of a chart needs its own name.', String(size.name?.trim())),
        ),
      );
    }
    seen.add(key);
  });
  return findings;
}

/** Every measurement id exists among the site's measurement attributes (MEASUREMENT_NOT_FOUND otherwise). */
export function measurementExistsRule(
  chart: ChartDraft,
  siteMeasurementIds: readonly string[],
  siteId: string,
): Finding[] {
  const known = new Set(siteMeasurementIds);
  const reported = new Set<string>();
  const findings: Finding[] = [];
  (chart.sizes ?? []).forEach((size, sizeIndex) => {
    (size.measurements ?? []).forEach((item, index) => {
      if (!item.id || known.has(item.id) || reported.has(item.id)) return;
      reported.add(item.id);
      findings.push(
        finding(
          SIZE_CHART_CODES.notFound,
          ['sizes', sizeIndex, 'measurements', index, 'id'],
          l10n.t(
            'Measurement {0} not found. Use a measurement attribute of site {1} (GET /size_charts/measurements?site_id={1} lists them).',
            item.id,
            siteId,
          ),
        ),
      );
    });
  });
  return findings;
}

/** Each value is a positive number or a range `a - b` with a below b. */
export function measurementValueRule(chart: ChartDraft): Finding[] {
  const findings: Finding[] = [];
  (chart.sizes ?? []).forEach((size, sizeIndex) => {
    (size.measurements ?? []).forEach((item, index) => {
      if (item.value === undefined || parseMeasurementValue(item.value)) return;
      findings.push(
        finding(
          SIZE_CHART_CODES.invalidValue,
          ['sizes', sizeIndex, 'measurements', index, 'value'],
          l10n.t(
            'Measurement {0} of size {1} has the value "{2}": write a positive number such as 92 or a range such as 90 - 94 (smaller figure first).',
            item.id ?? `#${index + 1}`,
            size.name ?? `#${sizeIndex + 1}`,
            item.value,
          ),
        ),
      );
    });
  });
  return findings;
}

/**
 * Every size chart rule, in the order the sandbox reports them: unknown measurement, repeated measurement,
 * repeated size, measurement count, value format. Without the site's measurements the existence rule is skipped.
 */
export function sizeChartRules(
  chart: ChartDraft,
  site?: { siteId: string; measurementIds: readonly string[] },
): Finding[] {
  return [
    ...(site ? measurementExistsRule(chart, site.measurementIds, site.siteId) : []),
    ...duplicateMeasurementRule(chart),
    ...duplicateSizeRule(chart),
    ...measurementCountRule(chart),
    ...measurementValueRule(chart),
  ];
}

/** An item's attributes as far as the association rule cares. */
export interface ItemWithAttributes {
  id?: string;
  attributes?: readonly { id?: string; value_name?: string | null }[] | null;
}

/** Each entry of a chart's item list is an item id (`MLA1400000401`): anything else names no listing. */
export function chartItemIdsRule(items: readonly unknown[]): Finding[] {
  return items.flatMap((id, index) =>
    typeof id === 'string' && !ITEM_ID.test(id)
      ? [
          finding(
            'chart_items.item_id.invalid',
            ['items', index],
            l10n.t('{0} is not an item id: an item id is the site id and the item’s number, e.g. MLA1400000401.', id),
          ),
        ]
      : [],
  );
}

/** An item can be associated with a chart only when its SIZE attribute is complete (it has a value_name). */
export function sizeAttributeRule(item: ItemWithAttributes): Finding[] {
  const attributes = item.attributes ?? [];
  const index = attributes.findIndex((attribute) => attribute.id === 'SIZE');
  const size = attributes[index];
  if (size?.value_name?.trim()) return [];
  const message = item.id
    ? size
      ? l10n.t(
          'Item {0} has a SIZE attribute without a value; set SIZE (for example value_name M) on the item before associating it with a size chart.',
          item.id,
        )
      : l10n.t(
          'Item {0} has no SIZE attribute; set SIZE (for example value_name M) on the item before associating it with a size chart.',
          item.id,
        )
    : size
      ? l10n.t(
          'The item has a SIZE attribute without a value; set SIZE (for example value_name M) on the item before associating it with a size chart.',
        )
      : l10n.t(
          'The item has no SIZE attribute; set SIZE (for example value_name M) on the item before associating it with a size chart.',
        );
  return [
    finding(
      SIZE_CHART_CODES.sizeIncomplete,
      index >= 0 ? ['attributes', index, 'value_name'] : ['attributes'],
      message,
    ),
  ];
}
