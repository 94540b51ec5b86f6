// The results region `#results`, the part of the page that announces changes: the load in progress, the failure with
// its next step, the empty state, or the view (summary cards, the toolbar, the charts and the table).

import type { AttributionChoice, MetricsDisplay, MetricsFailure, MetricsView } from '../../src/model/protocols/metrics';
import { el } from '../shared/dom';
import { cardsView } from './cards';
import { destroyCharts, drawCharts } from './charts';
import { submitRange } from './rangeForm';
import { keep, post, state } from './state';
import { shownTable, tableView } from './table';

let region: HTMLElement | undefined;
let chartsBox: HTMLElement | undefined;
let tableBox: HTMLElement | undefined;

const ATTRIBUTIONS: [AttributionChoice, string, string][] = [
  ['event_time', 'Event time', 'Conversions on the day they happened'],
  ['touch_point', 'Touch point', 'Conversions on the day of the ad interaction that led to them'],
  ['both', 'Both', 'Both models overlaid: solid event time, dashed touch point'],
];
const DISPLAYS: [MetricsDisplay, string][] = [
  ['charts', 'Charts'],
  ['table', 'Table'],
];

/** A new, empty results region; `renderOutcome` fills it. */
export function resultsRegion(): HTMLElement {
  region = el('section', 'results');
  region.id = 'results';
  region.setAttribute('aria-live', 'polite');
  region.setAttribute('aria-labelledby', 'results-title');
  return region;
}

export function renderOutcome(): void {
  if (!region) return;
  const outcome = state.outcome;
  region.setAttribute('aria-busy', String(outcome?.kind === 'loading'));
  destroyCharts();
  chartsBox = undefined;
  tableBox = undefined;
  if (!outcome) {
    region.replaceChildren(title('Metrics'), el('p', 'placeholder', 'Choose a range to see the campaign’s metrics.'));
    return;
  }
  if (outcome.kind === 'loading') {
    const progress = el('progress', 'progress');
    progress.setAttribute('aria-label', 'Loading metrics');
    const loading = el(
      'div',
      'loading',
      progress,
      el('p', 'loading-text', `Loading metrics from ${outcome.range.from} to ${outcome.range.to}${comparedText()}…`),
    );
    loading.id = 'loading';
    region.replaceChildren(title('Metrics'), loading);
    return;
  }
  if (outcome.kind === 'failure') {
    region.replaceChildren(title('Metrics'), failureView(outcome.failure));
    return;
  }
  const { view } = outcome;
  const names = view.campaigns.map((campaign) => campaign.name);
  region.replaceChildren(
    title(`Metrics from ${view.range.from} to ${view.range.to}${names.length > 1 ? `: ${names.join(' vs ')}` : ''}`),
  );
  if (view.rowCount === 0) {
    region.append(emptyView(view));
    // Nothing to draw: the host still hears the view is on screen.
    requestAnimationFrame(() => post({ type: 'drawn', charts: 0 }));
    return;
  }
  chartsBox = el('div', 'charts');
  chartsBox.id = 'charts';
  tableBox = el('div', 'table-view');
  tableBox.id = 'table-view';
  region.append(cardsView(view.cards, view.campaigns[0]?.name ?? 'the campaign'), toolbar(), chartsBox, tableBox);
  showDisplay();
  draw(view);
}

const title = (text: string): HTMLElement => {
  const heading = el('h2', 'results-title', text);
  heading.id = 'results-title';
  return heading;
};

function comparedText(): string {
  const others = state.init?.others.filter((other) => state.compareWith.includes(other.id)) ?? [];
  return others.length ? `, compared with ${others.map((other) => other.name).join(', ')}` : '';
}

/** Draws the charts and the table of the view under the current attribution, then tells the host. */
function draw(view: MetricsView): void {
  if (!chartsBox || !tableBox) return;
  const count = drawCharts(chartsBox, view);
  tableBox.replaceChildren(tableView(view));
  // Told once the charts are on screen: the bench times the command to here.
  requestAnimationFrame(() => post({ type: 'drawn', charts: count }));
}

function toolbar(): HTMLElement {
  const attribution = toggleGroup('Attribution', ATTRIBUTIONS, state.attribution, 'attribution', (value) => {
    state.attribution = value;
    keep();
    if (state.outcome?.kind === 'view') draw(state.outcome.view);
  });
  const display = toggleGroup(
    'View',
    DISPLAYS.map(([value, text]) => [
      value,
      text,
      value === 'table' ? 'Every value, day by day' : 'One small chart per metric, each on its own scale',
    ]),
    state.display,
    'view',
    (value) => {
      state.display = value;
      keep();
      showDisplay();
    },
  );
  const exportButton = el('button', 'button button-secondary', 'Export CSV');
  exportButton.type = 'button';
  exportButton.id = 'export-csv';
  exportButton.title = 'Save the table as it shows (its columns, its rows in its sort order) as a CSV file';
  exportButton.addEventListener('click', () => {
    const table = shownTable();
    post({ type: 'exportCsv', attribution: state.attribution, ...(table ? { table } : {}) });
  });
  return el('div', 'toolbar', attribution, display, exportButton);
}

function toggleGroup<T extends string>(
  label: string,
  choices: [T, string, string][],
  current: T,
  prefix: string,
  choose: (value: T) => void,
): HTMLElement {
  const group = el('div', 'toggle-group', el('span', 'group-label', label));
  group.setAttribute('role', 'group');
  group.setAttribute('aria-label', label);
  const buttons = choices.map(([value, text, hint]) => {
    const button = el('button', 'button toggle', text);
    button.type = 'button';
    button.id = `${prefix}-${value}`;
    button.title = hint;
    button.setAttribute('aria-pressed', String(value === current));
    button.addEventListener('click', () => {
      for (const other of buttons) other.setAttribute('aria-pressed', String(other === button));
      choose(value);
    });
    return button;
  });
  group.append(...buttons);
  return group;
}

function showDisplay(): void {
  if (chartsBox) chartsBox.hidden = state.display !== 'charts';
  if (tableBox) tableBox.hidden = state.display !== 'table';
}

function emptyView(view: MetricsView): HTMLElement {
  const campaign = state.init?.campaign;
  const dates =
    campaign?.startDate || campaign?.endDate
      ? ` The campaign runs ${campaign.startDate ? `from ${campaign.startDate}` : ''}${campaign.endDate ? ` to ${campaign.endDate}` : ''}.`
      : '';
  const block = el(
    'div',
    'empty',
    el('p', 'empty-title', 'No rows in this range.'),
    el(
      'p',
      'empty-next',
      `The API has no metrics for ${view.campaigns[0]?.name ?? 'this campaign'} from ${view.range.from} to ${view.range.to}.${dates} Try a longer preset or another range.`,
    ),
  );
  block.id = 'empty';
  return block;
}

function failureView(failure: MetricsFailure): HTMLElement {
  const status = [failure.status, failure.error].filter((part) => part !== undefined && part !== '').join(' ');
  const heading = el(
    'h3',
    'failure-title',
    ...(status ? [el('span', 'failure-status', status), ' '] : []),
    el('span', 'failure-message', failure.message),
  );
  heading.id = 'failure-title';
  const block = el('div', 'failure', heading);
  block.id = 'failure';
  block.setAttribute('role', 'alert');
  if (failure.next)
    block.append(el('p', 'failure-next', el('span', 'failure-next-label', 'Next step: '), failure.next));
  const retry = el('button', 'button', 'Load again');
  retry.type = 'button';
  retry.id = 'retry';
  retry.addEventListener('click', () => submitRange());
  block.append(el('div', 'toolbar', retry));
  return block;
}
