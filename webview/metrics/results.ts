// The results region `#results`, the part of the page that announces changes: the load in progress, the failure with
// its next step, the empty state, or the view (summary cards, the toolbar, the charts and the table).

import * as l10n from '@vscode/l10n';
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

/** The attribution switch's choices: value, word and hint. */
const attributions = (): [AttributionChoice, string, string][] => [
  ['event_time', l10n.t('Event time'), l10n.t('Conversions on the day they happened')],
  ['touch_point', l10n.t('Touch point'), l10n.t('Conversions on the day of the ad interaction that led to them')],
  ['both', l10n.t('Both'), l10n.t('Both models overlaid: solid event time, dashed touch point')],
];
/** The view switch's choices: value, word and hint. */
const displays = (): [MetricsDisplay, string, string][] => [
  ['charts', l10n.t('Charts'), l10n.t('One small chart per metric, each on its own scale')],
  ['table', l10n.t('Table'), l10n.t('Every value, day by day')],
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
    region.replaceChildren(
      title(l10n.t('Metrics')),
      el('p', 'placeholder', l10n.t('Choose a range to see the campaign’s metrics.')),
    );
    return;
  }
  if (outcome.kind === 'loading') {
    const progress = el('progress', 'progress');
    progress.setAttribute('aria-label', l10n.t('Loading metrics'));
    const loading = el('div', 'loading', progress, el('p', 'loading-text', loadingText(outcome.range)));
    loading.id = 'loading';
    region.replaceChildren(title(l10n.t('Metrics')), loading);
    return;
  }
  if (outcome.kind === 'failure') {
    region.replaceChildren(title(l10n.t('Metrics')), failureView(outcome.failure));
    return;
  }
  const { view } = outcome;
  const names = view.campaigns.map((campaign) => campaign.name);
  region.replaceChildren(
    title(
      names.length > 1
        ? l10n.t('Metrics from {0} to {1}: {2}', view.range.from, view.range.to, names.join(l10n.t(' vs ')))
        : l10n.t('Metrics from {0} to {1}', view.range.from, view.range.to),
    ),
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
  region.append(
    cardsView(view.cards, view.campaigns[0]?.name ?? l10n.t('the campaign')),
    toolbar(),
    chartsBox,
    tableBox,
  );
  showDisplay();
  draw(view);
}

const title = (text: string): HTMLElement => {
  const heading = el('h2', 'results-title', text);
  heading.id = 'results-title';
  return heading;
};

/** "Loading metrics from … to …", naming the compared campaigns. */
function loadingText(range: MetricsView['range']): string {
  const others = state.init?.others.filter((other) => state.compareWith.includes(other.id)) ?? [];
  return others.length
    ? l10n.t(
        'Loading metrics from {0} to {1}, compared with {2}…',
        range.from,
        range.to,
        others.map((other) => other.name).join(', '),
      )
    : l10n.t('Loading metrics from {0} to {1}…', range.from, range.to);
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
  const attribution = toggleGroup(l10n.t('Attribution'), attributions(), state.attribution, 'attribution', (value) => {
    state.attribution = value;
    keep();
    if (state.outcome?.kind === 'view') draw(state.outcome.view);
  });
  const display = toggleGroup(l10n.t('View'), displays(), state.display, 'view', (value) => {
    state.display = value;
    keep();
    showDisplay();
  });
  const exportButton = el('button', 'button button-secondary', l10n.t('Export CSV'));
  exportButton.type = 'button';
  exportButton.id = 'export-csv';
  exportButton.title = l10n.t('Save the table as it shows (its columns, its rows in its sort order) as a CSV file');
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
  const start = campaign?.startDate;
  const end = campaign?.endDate;
  const dates =
    start && end
      ? l10n.t('The campaign runs from {0} to {1}.', start, end)
      : start
        ? l10n.t('The campaign runs from {0}.', start)
        : end
          ? l10n.t('The campaign runs to {0}.', end)
          : '';
  const name = view.campaigns[0]?.name ?? l10n.t('this campaign');
  const { from, to } = view.range;
  const block = el(
    'div',
    'empty',
    el('p', 'empty-title', l10n.t('No rows in this range.')),
    el(
      'p',
      'empty-next',
      dates
        ? l10n.t(
            'The API has no metrics for {0} from {1} to {2}. {3} Try a longer preset or another range.',
            name,
            from,
            to,
            dates,
          )
        : l10n.t(
            'The API has no metrics for {0} from {1} to {2}. Try a longer preset or another range.',
            name,
            from,
            to,
          ),
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
    block.append(el('p', 'failure-next', el('span', 'failure-next-label', l10n.t('Next step: ')), failure.next));
  const retry = el('button', 'button', l10n.t('Load again'));
  retry.type = 'button';
  retry.id = 'retry';
  retry.addEventListener('click', () => submitRange());
  block.append(el('div', 'toolbar', retry));
  return block;
}
