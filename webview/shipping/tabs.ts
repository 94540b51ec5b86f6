// The mode tabs: one view per mode with its form, and switching between them (from a tab, or from a failure's
// "Go to" button).

import * as l10n from '@vscode/l10n';
import { QUOTE_MODES, type QuoteMode } from '../../src/model/protocols/shipping';
import { component } from '../shared/dom';
import { refresh } from './checks';
import { form } from './forms';
import { modeInfo } from './labels';
import { keepInputs, state } from './state';

let panels: HTMLElement | undefined;

/** The tabs `#modes` (`#tab-<mode>`, `#view-<mode>`), on the shown mode. */
export function modeTabs(): HTMLElement {
  panels = component('vscode-panels', {
    id: 'modes',
    activeid: `tab-${state.mode}`,
    'aria-label': l10n.t('Quote modes'),
  });
  for (const entry of QUOTE_MODES) {
    panels.append(component('vscode-panel-tab', { id: `tab-${entry}` }, modeInfo(entry).tab));
  }
  for (const entry of QUOTE_MODES) {
    panels.append(component('vscode-panel-view', { id: `view-${entry}` }, form(entry)));
  }
  panels.addEventListener('change', (event) => {
    // Form controls inside the views send `change` too: only the tabs' own event switches the mode.
    if (event.target !== panels) return;
    // The event carries the new tab; the `activeid` attribute is reflected only on the next frame.
    const tab = (event as CustomEvent<unknown>).detail;
    const activeId = tab instanceof HTMLElement ? tab.id : (panels as HTMLElement & { activeid?: string }).activeid;
    const chosen = QUOTE_MODES.find((entry) => `tab-${entry}` === activeId);
    if (chosen && chosen !== state.mode) showMode(chosen, false);
  });
  return panels;
}

/** Switches to a mode (from the tabs, or from a failure's "Go to the field"). */
export function showMode(target: QuoteMode, selectTab: boolean): void {
  state.mode = target;
  if (selectTab) panels?.setAttribute('activeid', `tab-${target}`);
  keepInputs(target);
  refresh(target);
}
