// The results region `#results`, the only part of the page that announces changes: a placeholder, the quote in
// progress, the failure block or the result blocks.

import * as l10n from '@vscode/l10n';
import { component, el } from '../shared/dom';
import { failureView } from './failure';
import { modeInfo } from './labels';
import { resultView } from './results';
import { post, state } from './state';

let resultsRegion: HTMLElement | undefined;

/** A new, empty results region; `renderOutcome` fills it. */
export function outcomeRegion(): HTMLElement {
  resultsRegion = el('section', 'results');
  resultsRegion.id = 'results';
  resultsRegion.setAttribute('aria-live', 'polite');
  resultsRegion.setAttribute('aria-labelledby', 'results-title');
  return resultsRegion;
}

export function renderOutcome(): void {
  const region = resultsRegion;
  if (!region) return;
  region.setAttribute('aria-busy', String(state.outcome?.kind === 'loading'));
  const title = el('h2', 'results-title', l10n.t('Results'));
  title.id = 'results-title';
  if (!state.outcome) {
    region.replaceChildren(
      title,
      el(
        'p',
        'placeholder',
        l10n.t('Fill in a form and choose Quote (or press Enter in a field) to see the shipping options.'),
      ),
    );
    return;
  }
  if (state.outcome.kind === 'loading') {
    region.replaceChildren(
      title,
      el(
        'div',
        'loading',
        component('vscode-progress-ring', { 'aria-label': l10n.t('Quoting') }),
        el(
          'p',
          'loading-text',
          l10n.t('Quoting {0}: ', modeInfo(state.outcome.mode).tab),
          el('code', 'request', `GET ${state.outcome.path}`),
        ),
      ),
    );
    return;
  }
  if (state.outcome.kind === 'failure') {
    region.replaceChildren(title, failureView(state.outcome.failure));
    return;
  }
  region.replaceChildren(title, ...resultView(state.outcome.result));
  // Told once the rows are on screen: the bench times a quote from the command to here.
  requestAnimationFrame(() =>
    post({ type: 'rendered', path: state.outcome?.kind === 'result' ? state.outcome.result.path : '' }),
  );
}
