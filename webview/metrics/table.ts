// The table view, the charts' text alternative: one row per day, one column per series the attribution switch
// shows, sortable by any column (buttons in the headers, aria-sort on the sorted one). What it shows, in its order,
// is what Export CSV writes (`shownTable`).

import * as l10n from '@vscode/l10n';
import type { AttributionChoice, MetricsView, TableRow } from '../../src/model/protocols/metrics';
import { el } from '../shared/dom';
import { pageLocale } from '../shared/words';
import { state } from './state';
import { BY_DATE, DATE, shownColumns, sortedRows, type TableSort } from './tableOrder';

let sort: TableSort = BY_DATE;
/** The days and columns last painted, in their order. */
let shown: { days: string[]; columns: string[] } | undefined;

/** The table's caption, which names the attribution the switch shows. */
function captionOf(range: MetricsView['range'], choice: AttributionChoice): string {
  switch (choice) {
    case 'event_time':
      return l10n.t('Daily metrics from {0} to {1}, event time attribution', range.from, range.to);
    case 'touch_point':
      return l10n.t('Daily metrics from {0} to {1}, touch point attribution', range.from, range.to);
    case 'both':
      return l10n.t('Daily metrics from {0} to {1}, both attribution models', range.from, range.to);
  }
}

/** The table as it shows now: its days top to bottom and its value columns left to right (the date column aside). */
export function shownTable(): { days: string[]; columns: string[] } | undefined {
  return shown && { days: [...shown.days], columns: [...shown.columns] };
}

/** `#table` (`.metrics-table`) in its scrolling frame. */
export function tableView(view: MetricsView): HTMLElement {
  const columns = shownColumns(view, state.attribution);
  if (!columns.some((column) => column.key === sort.key)) sort = BY_DATE;
  const table = el('table', 'metrics-table');
  table.id = 'table';
  const caption = el('caption', 'table-caption', captionOf(view.range, state.attribution));
  const headRow = el('tr');
  const body = el('tbody');
  const headers = columns.map((column) => {
    const button = el('button', 'sort-button', el('span', 'sort-label', column.label), el('span', 'sort-icon'));
    button.type = 'button';
    button.dataset.key = column.key;
    const cell = el('th', column.key === DATE ? 'date-column' : 'value-column', button);
    cell.scope = 'col';
    button.addEventListener('click', () => {
      const direction = sort.key === column.key && sort.direction === 'ascending' ? 'descending' : 'ascending';
      sort = { key: column.key, direction };
      paint();
    });
    return { cell, button, key: column.key };
  });
  headRow.append(...headers.map((header) => header.cell));
  table.append(caption, el('thead', '', headRow), body);

  const paint = () => {
    for (const header of headers) {
      const sorted = header.key === sort.key;
      if (sorted) header.cell.setAttribute('aria-sort', sort.direction);
      else header.cell.removeAttribute('aria-sort');
      const icon = header.button.querySelector('.sort-icon');
      if (icon) icon.textContent = sorted ? (sort.direction === 'ascending' ? ' ▲' : ' ▼') : ' ↕';
      header.button.title = l10n.t('Sort by {0}', header.button.textContent?.replace(/[▲▼↕]/g, '').trim() ?? '');
    }
    const rows = sortedRows(view.table.rows, sort, pageLocale());
    shown = { days: rows.map((row) => row.date), columns: columns.slice(1).map((column) => column.key) };
    body.replaceChildren(...rows.map((row) => rowOf(row, columns)));
  };
  paint();
  const frame = el('div', 'table-wrap', table);
  frame.tabIndex = 0;
  frame.setAttribute('role', 'region');
  frame.setAttribute('aria-label', l10n.t('Daily metrics table'));
  return frame;
}

function rowOf(row: TableRow, columns: { key: string }[]): HTMLElement {
  const [, ...values] = columns;
  const date = el('th', 'date-cell', row.date);
  date.scope = 'row';
  return el('tr', '', date, ...values.map((column) => el('td', 'value-cell', row.values[column.key] ?? '')));
}
