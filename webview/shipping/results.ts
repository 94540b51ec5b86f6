// The result blocks: the request made, its toolbar (curl, JSON, sort), one block per destination with its rows,
// badges and folded options, and the lead time's summary.

import * as l10n from '@vscode/l10n';
import type { QuoteBlock, QuoteMode, QuoteResult, QuoteRow } from '../../src/model/protocols/shipping';
import { el } from '../shared/dom';
import { pageLocale } from '../shared/words';
import { modeInfo } from './labels';
import { sortable } from './resultFacts';
import { post } from './state';

type SortBy = 'api' | 'cost' | 'speed';

let sortBy: SortBy = 'api';
/** Blocks whose folded options are shown (by index in the current result). */
export const unfolded = new Set<number>();

export function requestLine(target: QuoteMode, path: string, durationMs?: number): HTMLElement {
  const line = el(
    'p',
    'request-line',
    el('span', 'mode-name', modeInfo(target).tab),
    ' ',
    el('code', 'request', el('span', 'method', 'GET '), path),
  );
  if (durationMs !== undefined) line.append(' ', el('span', 'duration', formatDuration(durationMs)));
  return line;
}

function formatDuration(ms: number): string {
  const locale = pageLocale();
  if (ms < 1000) return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(ms)} ms`;
  return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(ms / 1000)} s`;
}

export function curlButton(): HTMLButtonElement {
  const curl = el('button', 'button button-secondary', l10n.t('Copy as curl'));
  curl.type = 'button';
  curl.id = 'copy-curl';
  curl.title = l10n.t('The request as a curl command, with $MARKETPLACE_TOKEN in place of the token');
  curl.addEventListener('click', () => post({ type: 'copyAsCurl' }));
  return curl;
}

export function resultView(result: QuoteResult): HTMLElement[] {
  const open = el('button', 'button button-secondary', l10n.t('Open as JSON'));
  open.type = 'button';
  open.id = 'open-json';
  open.title = l10n.t("The API's answer in a JSON editor");
  open.addEventListener('click', () => post({ type: 'openAsJson' }));
  const toolbar = el('div', 'toolbar', curlButton(), open);
  const blocks = el('div', result.blocks.length > 1 ? 'blocks blocks-several' : 'blocks');
  blocks.id = 'blocks';
  // Sorting one option (a delivery promise, one method per destination) would change nothing: no buttons then.
  if (sortable(result)) toolbar.append(sortControls(() => blocks.replaceChildren(...blockViews(result))));
  blocks.append(...blockViews(result));
  const parts: HTMLElement[] = [requestLine(result.mode, result.path, result.durationMs), toolbar];
  if (result.summary.length) parts.push(definitionList('summary-list', result.summary));
  if (result.blocks.length) parts.push(blocks);
  else if (!result.summary.length) parts.push(el('p', 'empty', l10n.t('The answer has no shipping options.')));
  return parts;
}

function sortControls(resort: () => void): HTMLElement {
  const group = el('div', 'sort', el('span', 'sort-label', l10n.t('Sort by')));
  group.setAttribute('role', 'group');
  group.setAttribute('aria-label', l10n.t('Sort the options'));
  const choices: [SortBy, string, string][] = [
    ['api', l10n.t('API order'), l10n.t('The order of the answer')],
    ['cost', l10n.t('Cost'), l10n.t('Cheapest first; equal costs fastest first')],
    ['speed', l10n.t('Speed'), l10n.t('Fastest first; options without a promise last')],
  ];
  const buttons = choices.map(([value, text, title]) => {
    const button = el('button', 'button toggle', text);
    button.type = 'button';
    button.id = `sort-${value}`;
    button.title = title;
    button.addEventListener('click', () => {
      sortBy = value;
      for (const other of buttons) other.setAttribute('aria-pressed', String(other === button));
      resort();
    });
    return button;
  });
  for (const [index, [value]] of choices.entries())
    buttons[index]?.setAttribute('aria-pressed', String(value === sortBy));
  group.append(...buttons);
  return group;
}

/** Cheapest and fastest across blocks: the host's marks, or computed here when it sent none. */
function marksOf(result: QuoteResult): (row: QuoteRow) => { cheapest: boolean; fastest: boolean } {
  const all = result.blocks.flatMap((block) => [...block.rows, ...block.folded]);
  if (all.some((row) => row.cheapest || row.fastest))
    return (row) => ({ cheapest: row.cheapest, fastest: row.fastest });
  const shown = result.blocks.flatMap((block) => block.rows);
  if (shown.length < 2) return () => ({ cheapest: false, fastest: false });
  const lowest = Math.min(...shown.map((row) => row.costValue));
  const speeds = shown.map((row) => row.speedHours).filter((hours): hours is number => hours !== null);
  const quickest = speeds.length ? Math.min(...speeds) : undefined;
  return (row) => ({
    cheapest: shown.includes(row) && row.costValue === lowest,
    fastest: shown.includes(row) && quickest !== undefined && row.speedHours === quickest,
  });
}

function blockViews(result: QuoteResult): HTMLElement[] {
  const marks = marksOf(result);
  const several = result.blocks.length > 1;
  return result.blocks.map((block, index) => blockView(block, index, several, marks));
}

function blockView(
  block: QuoteBlock,
  index: number,
  several: boolean,
  marks: (row: QuoteRow) => { cheapest: boolean; fastest: boolean },
): HTMLElement {
  const section = el('section', 'quote-block');
  section.dataset.key = block.key;
  const titleId = `block-${index}-title`;
  section.setAttribute('aria-labelledby', titleId);
  const title = el(
    'h3',
    'block-title',
    several || block.destination ? block.destination || l10n.t('Destination') : l10n.t('Options'),
  );
  title.id = titleId;
  section.append(title);
  // With no option shown, the folded ones are all there is: show them rather than an empty table.
  const rows = block.rows.length ? block.rows : block.folded;
  const folded = block.rows.length ? block.folded : [];
  if (!rows.length) {
    section.append(el('p', 'empty', l10n.t('No shipping method reaches this destination.')));
  } else {
    const count = rows.length === 1 ? l10n.t('{0} option', rows.length) : l10n.t('{0} options', rows.length);
    section.append(
      el('p', 'block-count', folded.length ? l10n.t('{0}, {1} more folded', count, folded.length) : count),
    );
    const table = el('table', 'quote-table');
    table.setAttribute('aria-labelledby', titleId);
    table.append(
      el(
        'thead',
        '',
        el(
          'tr',
          '',
          ...[
            l10n.t('Method'),
            l10n.t('Cost'),
            l10n.t('Delivery promise'),
            l10n.t('Tracking'),
            l10n.t('Handling'),
            l10n.t('Transport'),
          ].map((text) => {
            const cell = el('th', '', text);
            cell.scope = 'col';
            return cell;
          }),
        ),
      ),
    );
    table.append(el('tbody', 'shown-rows', ...sortRows(rows).map((row) => rowView(row, marks(row), false))));
    if (folded.length) {
      const body = el('tbody', 'folded-rows', ...sortRows(folded).map((row) => rowView(row, marks(row), true)));
      body.id = `block-${index}-folded`;
      body.hidden = !unfolded.has(index);
      table.append(body);
      section.append(tableWrap(table), foldToggle(index, folded.length, body));
    } else {
      section.append(tableWrap(table));
    }
  }
  if (block.notes.length) section.append(el('ul', 'block-notes', ...block.notes.map((note) => el('li', '', note))));
  return section;
}

function tableWrap(table: HTMLElement): HTMLElement {
  return el('div', 'table-wrap', table);
}

function foldToggle(index: number, count: number, body: HTMLElement): HTMLElement {
  const toggle = el('button', 'button button-secondary show-folded');
  toggle.type = 'button';
  toggle.id = `block-${index}-show-all`;
  toggle.setAttribute('aria-controls', body.id);
  const label = () => {
    const open = unfolded.has(index);
    toggle.textContent = open
      ? count === 1
        ? l10n.t('Hide the {0} folded option', count)
        : l10n.t('Hide the {0} folded options', count)
      : l10n.t('Show all options ({0} more)', count);
    toggle.setAttribute('aria-expanded', String(open));
  };
  label();
  toggle.addEventListener('click', () => {
    if (unfolded.has(index)) unfolded.delete(index);
    else unfolded.add(index);
    body.hidden = !unfolded.has(index);
    label();
  });
  return toggle;
}

/** Rows in the chosen order: by cost or by speed (unknown last), the answer's order breaking ties. */
function sortRows(rows: QuoteRow[]): QuoteRow[] {
  if (sortBy === 'api') return rows;
  const compare = (a: number | null, b: number | null) => {
    if (a === b) return 0;
    if (a === null) return 1;
    if (b === null) return -1;
    return a - b;
  };
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => {
      const byCost = compare(a.row.costValue, b.row.costValue);
      const bySpeed = compare(a.row.speedHours, b.row.speedHours);
      const first = sortBy === 'cost' ? byCost || bySpeed : bySpeed || byCost;
      return first || a.index - b.index;
    })
    .map(({ row }) => row);
}

function rowView(row: QuoteRow, marks: { cheapest: boolean; fastest: boolean }, folded: boolean): HTMLElement {
  const tr = el('tr', 'quote-row');
  tr.dataset.name = row.name;
  tr.dataset.id = row.id;
  tr.classList.toggle('is-recommended', row.recommended);
  tr.classList.toggle('is-cheapest', marks.cheapest);
  tr.classList.toggle('is-fastest', marks.fastest);
  tr.classList.toggle('is-free', row.free);
  tr.classList.toggle('is-folded', folded);
  const name = el('th', 'method-name', el('span', 'name', row.name));
  name.scope = 'row';
  const badges: HTMLElement[] = [];
  if (row.recommended) badges.push(el('span', 'badge badge-recommended', l10n.t('Recommended')));
  if (marks.cheapest) badges.push(el('span', 'badge badge-cheapest', l10n.t('Cheapest')));
  if (marks.fastest) badges.push(el('span', 'badge badge-fastest', l10n.t('Fastest')));
  if (badges.length) name.append(el('span', 'badges', ...badges));
  tr.append(
    name,
    el('td', row.free ? 'cost cost-free' : 'cost', row.cost),
    el('td', 'promise', row.promise),
    el('td', 'tracking', row.tracking),
    el('td', 'handling', row.handling),
    el('td', 'transport', row.transport),
  );
  return tr;
}

function definitionList(className: string, pairs: { label: string; value: string }[]): HTMLElement {
  const list = el('dl', className);
  for (const pair of pairs) list.append(el('dt', '', pair.label), el('dd', '', pair.value));
  return list;
}
