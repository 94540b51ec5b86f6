// The bodies of the size chart requests as a whole: `POST /size_charts` / `PUT /size_charts/{id}` (a chart) and
// `PUT /size_charts/{id}/items` (the association), read from untyped JSON as the editor and the sandbox receive them.
import * as l10n from '@vscode/l10n';
import { ITEM_ID } from '../model/payloadFiles';
import { isRecord } from '../model/records';
import { ItemsAssociation, SizeChartCreate } from '../model/sizeChart';
import { type Finding, finding } from './finding';
import { shapeFindings } from './shape';
import { CHART_ITEMS_SHAPE, type ChartDraft, chartItemIdsRule, SIZE_CHART_SHAPE, sizeChartRules } from './sizeCharts';

/** A chart draft with only well-typed parts (the rules expect strings and arrays); positions are kept. */
export function chartDraft(value: unknown): ChartDraft {
  if (!isRecord(value)) return {};
  const sizes = Array.isArray(value.sizes)
    ? value.sizes.map((size) => {
        if (!isRecord(size)) return {};
        const measurements = Array.isArray(size.measurements)
          ? size.measurements.map((entry) =>
              isRecord(entry)
                ? {
                    id: typeof entry.id === 'string' ? entry.id : undefined,
                    value: typeof entry.value === 'string' ? entry.value : undefined,
                  }
                : {},
            )
          : undefined;
        return { name: typeof size.name === 'string' ? size.name : undefined, measurements };
      })
    : undefined;
  return { name: typeof value.name === 'string' ? value.name : undefined, sizes };
}

/**
 * A chart body: every size chart rule (the existence of measurements when the site's are known), then the shape of
 * the request model, once per path a rule has not already spoken of.
 */
export function sizeChartBodyFindings(
  value: unknown,
  site?: { siteId: string; measurementIds: readonly string[] },
): Finding[] {
  if (!isRecord(value)) {
    return [
      finding(
        'size_chart.body',
        [],
        l10n.t(
          'Send a JSON object {"name": "…", "sizes": [{"name": "M", "measurements": [{"id": "CHEST_CIRCUMFERENCE", "value": "92"}]}]}.',
        ),
      ),
    ];
  }
  const findings = sizeChartRules(chartDraft(value), site);
  const reported = new Set(findings.map((entry) => entry.path.join('.')));
  const shape = shapeFindings(SizeChartCreate, value, (path) => reported.has(path.join('.')), SIZE_CHART_SHAPE);
  return [...findings, ...shape];
}

/**
 * An association body `{items: [...]}`: an object with the list (the call replaces the whole list), its shape, item
 * ids, and each item listed once (a repeat is a Warning).
 */
export function chartItemsBodyFindings(body: unknown): Finding[] {
  if (!isRecord(body)) {
    return [
      finding(
        'chart_items.body',
        [],
        l10n.t(
          'Send a JSON object {"items": ["MLA1234567890", …]}: the full list of items to keep associated with the chart.',
        ),
      ),
    ];
  }
  const shape = shapeFindings(ItemsAssociation, body, () => false, CHART_ITEMS_SHAPE);
  if (!Array.isArray(body.items) && body.items !== undefined) return shape;
  if (!Array.isArray(body.items)) {
    return [
      finding(
        'chart_items.items_required',
        ['items'],
        l10n.t(
          'items is required: the full list of item ids to keep associated with the chart (the call replaces the whole list).',
        ),
      ),
    ];
  }
  const findings: Finding[] = [...shape, ...chartItemIdsRule(body.items)];
  const seen = new Map<string, number>();
  body.items.forEach((id, index) => {
    if (typeof id !== 'string' || !ITEM_ID.test(id)) return;
    const previous = seen.get(id);
    if (previous !== undefined) {
      findings.push(
        finding(
          'chart_items.duplicated',
          ['items', index],
          l10n.t('Item {0} is listed twice (also at position {1}); list each item once.', id, previous),
          'warning', // l10n: not translated (a severity, not a word)
        ),
      );
    } else seen.set(id, index);
  });
  return findings;
}

/** The item ids of a well-formed association body, each once with the position it is first listed at. */
export function chartItemPositions(body: unknown): Map<string, number> {
  const seen = new Map<string, number>();
  if (!isRecord(body) || !Array.isArray(body.items)) return seen;
  body.items.forEach((id, index) => {
    if (typeof id === 'string' && ITEM_ID.test(id) && !seen.has(id)) seen.set(id, index);
  });
  return seen;
}
