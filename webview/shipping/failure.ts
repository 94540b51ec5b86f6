// The failure block: a refused or failed quote in the API's words, its causes and next step, a way to the field it
// names, and the host's word kept on that field until it changes.

import * as l10n from '@vscode/l10n';
import { fieldOfParameter, type QuoteFailure } from '../../src/model/protocols/shipping';
import { el } from '../shared/dom';
import { controls } from './controls';
import { shortLabel } from './labels';
import { curlButton, requestLine } from './results';
import { type Field, serverErrors } from './state';
import { showMode } from './tabs';

export function noteServerError(failure: QuoteFailure): void {
  const field = fieldOfFailure(failure);
  if (field) serverErrors.set(`${failure.mode}:${field}`, failure.message);
}

function fieldOfFailure(failure: QuoteFailure): Field | undefined {
  return failure.field ? fieldOfParameter(failure.field) : undefined;
}

export function failureView(failure: QuoteFailure): HTMLElement {
  const block = el('section', 'failure');
  block.id = 'failure';
  block.setAttribute('aria-labelledby', 'failure-title');
  const status = [failure.status, failure.error].filter(Boolean).join(' ');
  const title = el(
    'h3',
    'failure-title',
    ...(status ? [el('span', 'failure-status', status), ' '] : []),
    el('span', 'failure-message', failure.message),
  );
  title.id = 'failure-title';
  block.append(title);
  if (failure.path) block.append(requestLine(failure.mode, failure.path));
  if (failure.causes.length) {
    block.append(
      el(
        'ul',
        'causes',
        ...failure.causes.map((cause) =>
          el(
            'li',
            'cause',
            ...(cause.code ? [el('code', 'cause-code', cause.code), ' '] : []),
            el('span', 'cause-message', cause.message),
          ),
        ),
      ),
    );
  }
  if (failure.next)
    block.append(el('p', 'failure-next', el('span', 'failure-next-label', l10n.t('Next step: ')), failure.next));
  const buttons = el('div', 'toolbar');
  const field = fieldOfFailure(failure);
  if (field && controls.has(`${failure.mode}:${field}`)) {
    const go = el('button', 'button', l10n.t('Go to {0}', shortLabel(field)));
    go.type = 'button';
    go.id = 'failure-go-to-field';
    go.addEventListener('click', () => {
      showMode(failure.mode, true);
      controls.get(`${failure.mode}:${field}`)?.focus();
    });
    buttons.append(go);
  }
  if (failure.path) buttons.append(curlButton());
  if (buttons.childElementCount) block.append(buttons);
  return block;
}
