// A size chart's item list is replaced whole by `PUT /size_charts/{id}/items`: what a new list keeps, adds and
// removes from the current one, and the sentence that says it before anything is sent. The send of a
// `CHART.chart-items.json` file and the Associate Items action both ask with it.
import { formatNumber } from './numberFormat';

/** How a new item list of a size chart changes the current one. */
export interface ChartItemsChange {
  current: string[];
  next: string[];
  added: string[];
  removed: string[];
  kept: string[];
}

/** Compares a chart's current item list (every page) with the list about to replace it. */
export function chartItemsChange(current: readonly string[], next: readonly string[]): ChartItemsChange {
  const currentSet = new Set(current);
  const nextSet = new Set(next);
  // Each new id once, in its first place; sets keep this linear in the lists' lengths.
  const added = new Set<string>();
  for (const id of next) if (!currentSet.has(id)) added.add(id);
  return {
    current: [...current],
    next: [...next],
    added: [...added],
    removed: current.filter((id) => !nextSet.has(id)),
    kept: current.filter((id) => nextSet.has(id)),
  };
}

/** The chart id of a `CHART.chart-items.json` path (`/size_charts/ID/items`). */
export function chartIdOfPath(path: string | undefined): number | undefined {
  const match = path ? /^\/size_charts\/(\d+)\/items$/.exec(path) : null;
  return match ? Number(match[1]) : undefined;
}

/** One line saying what replacing the list does: `12 stay, 2 added, 1 removed (MLA…)`. */
export function describeChartItemsChange(change: ChartItemsChange): string {
  const count = (list: readonly string[]) => formatNumber(list.length);
  const parts = [`${count(change.kept)} stay`, `${count(change.added)} added`, `${count(change.removed)} removed`];
  const removed = change.removed.length
    ? ` Removed: ${change.removed.slice(0, 10).join(', ')}${change.removed.length > 10 ? `, and ${formatNumber(change.removed.length - 10)} more` : ''}.`
    : '';
  return `${parts.join(', ')}.${removed}`;
}
