// The table view, the charts' text alternative: one row per day, one column per series the attribution switch
// shows, sortable by any column (buttons in the headers, aria-sort on the sorted one).

import type { AttributionModel, MetricsView, TableRow } from '../../src/model/metricsProtocol';
import { el } from '../shared/dom';
import { type Attribution, state } from './state';

type Direction = 'ascending' | 'descending';
const DATE = 'date';

let sortKey = DATE;
let direction: Direction = 'ascending';

const ATTRIBUTION_WORDS: Record<Attribution, string> = {
  event_time: 'event time attribution',
  touch_point: 'touch point attribution',
  both: 'both attribution models',
};

/** `#table` (`.metrics-table`) in its scrolling frame. */
export function tableView(view: MetricsView): HTMLElement {
  const columns = [
    { key: DATE, label: 'Date' },
    ...view.table.columns.filter((column) => column.key !== DATE && shows(view, column.key)),
  ];
  if (!columns.some((column) => column.key === sortKey)) {
    sortKey = DATE;
    direction = 'ascending';
  }
  const table = el('table', 'metrics-table');
  table.id = 'table';
  const caption = el(
    'caption',
    'table-caption',
    `Daily metrics from ${view.range.from} to ${view.range.to}, ${ATTRIBUTION_WORDS[state.attribution]}`,
  );
  const headRow = el('tr');
  const body = el('tbody');
  const headers = columns.map((column) => {
    const button = el('button', 'sort-button', el('span', 'sort-label', column.label), el('span', 'sort-icon'));
    button.type = 'button';
    button.dataset.key = column.key;
    const cell = el('th', column.key === DATE ? 'date-column' : 'value-column', button);
    cell.scope = 'col';
    button.addEventListener('click', () => {
      direction = sortKey === column.key && direction === 'ascending' ? 'descending' : 'ascending';
      sortKey = column.key;
      paint();
    });
    return { cell, button, key: column.key };
  });
  headRow.append(...headers.map((header) => header.cell));
  table.append(caption, el('thead', '', headRow), body);

  const paint = () => {
    for (const header of headers) {
      const sorted = header.key === sortKey;
      if (sorted) header.cell.setAttribute('aria-sort', direction);
      else header.cell.removeAttribute('aria-sort');
      const icon = header.button.querySelector('.sort-icon');
      if (icon) icon.textContent = sorted ? (direction === 'ascending' ? ' ▲' : ' ▼') : ' ↕';
      header.button.title = `Sort by ${header.button.textContent?.replace(/[▲▼↕]/g, '').trim()}`;
    }
    body.replaceChildren(...sortedRows(view.table.rows).map((row) => rowOf(row, columns)));
  };
  paint();
  const frame = el('div', 'table-wrap', table);
  frame.tabIndex = 0;
  frame.setAttribute('role', 'region');
  frame.setAttribute('aria-label', 'Daily metrics table');
  return frame;
}

function rowOf(row: TableRow, columns: { key: string }[]): HTMLElement {
  const [, ...values] = columns;
  const date = el('th', 'date-cell', row.date);
  date.scope = 'row';
  return el('tr', '', date, ...values.map((column) => el('td', 'value-cell', row.values[column.key] ?? '')));
}

function sortedRows(rows: TableRow[]): TableRow[] {
  const keyOf = (row: TableRow) => (sortKey === DATE ? row.date : sortValue(row.values[sortKey] ?? ''));
  const sign = direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const left = keyOf(a);
    const right = keyOf(b);
    // Days without a value go last either way.
    if (left === null || right === null) return left === right ? 0 : left === null ? 1 : -1;
    if (typeof left === 'number' && typeof right === 'number')
      return (left - right) * sign || a.date.localeCompare(b.date);
    return String(left).localeCompare(String(right)) * sign || a.date.localeCompare(b.date);
  });
}

/** A formatted value as a number where it is one ("ARS 1,234.50" → 1234.5, "12.3 %" → 12.3). */
function sortValue(text: string): number | string | null {
  const trimmed = text.trim();
  if (!trimmed || /^[—–-]$/.test(trimmed)) return null;
  const numeric = trimmed.replace(/[^\d.,-]/g, '').replace(/,/g, '');
  return /^-?\d+(\.\d+)?$/.test(numeric) ? Number(numeric) : trimmed.toLowerCase();
}

/** Whether the attribution switch shows a column: by its series' model, or by the model its key names. */
function shows(view: MetricsView, key: string): boolean {
  if (state.attribution === 'both') return true;
  const model = modelOf(view, key);
  return model === null || model === state.attribution;
}

function modelOf(view: MetricsView, key: string): AttributionModel | null {
  for (const campaign of view.campaigns) {
    const series = campaign.series.find((entry) => entry.key === key);
    if (series) return series.attribution;
  }
  const named = /(?:^|[^a-z])(event_time|touch_point)(?:[^a-z]|$)/.exec(key)?.[1];
  return named === 'event_time' || named === 'touch_point' ? named : null;
}
