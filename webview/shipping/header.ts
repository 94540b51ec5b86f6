// The panel's header: its title, the environment and the signed-in account.

import * as l10n from '@vscode/l10n';
import { el } from '../shared/dom';
import { state } from './state';

export function header(): HTMLElement {
  const facts = el('p', 'facts', fact(l10n.t('Environment'), state.environment || l10n.t('unknown')));
  facts.append(
    fact(
      l10n.t('Account'),
      state.account
        ? l10n.t('{0} · {1} · user {2}', state.account.nickname, state.account.siteId, state.account.userId)
        : l10n.t('nobody is signed in'),
    ),
  );
  return el('header', 'panel-header', el('h1', 'panel-title', l10n.t('Shipping quotes')), facts);
}

function fact(label: string, value: string): HTMLElement {
  return el('span', 'fact', el('span', 'fact-label', l10n.t('{0}: ', label)), el('span', 'fact-value', value));
}
