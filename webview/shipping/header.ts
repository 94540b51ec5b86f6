// The panel's header: its title, the environment and the signed-in account.

import { el } from '../shared/dom';
import { state } from './state';

export function header(): HTMLElement {
  const facts = el('p', 'facts', fact('Environment', state.environment || 'unknown'));
  facts.append(
    fact(
      'Account',
      state.account
        ? `${state.account.nickname} · ${state.account.siteId} · user ${state.account.userId}`
        : 'nobody is signed in',
    ),
  );
  return el('header', 'panel-header', el('h1', 'panel-title', 'Shipping quotes'), facts);
}

function fact(label: string, value: string): HTMLElement {
  return el('span', 'fact', el('span', 'fact-label', `${label}: `), el('span', 'fact-value', value));
}
