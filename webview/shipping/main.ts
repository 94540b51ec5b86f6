// Browser side of the Shipping Quotes panel, on the shared webview layer (webview/shared/). It talks to its host only
// through the messages of src/model/protocols/shipping.ts, and checks every input with the rules the sandbox answers
// with (src/rules/shippingInputs.ts), so the form never posts a quote the API would refuse for its form. This module
// connects the bridge and answers the host's messages; the panel's parts live beside it.

import { ShippingHostMessage, type ShippingViewMessage, ShippingViewState } from '../../src/model/protocols/shipping';
import { connect } from '../shared/bridge';
import { useToolkit } from '../shared/toolkit';
import { refreshAll } from './checks';
import { clearControls } from './controls';
import { noteServerError } from './failure';
import { header } from './header';
import { outcomeRegion, renderOutcome } from './outcome';
import { payloadOf, previewPath } from './request';
import { unfolded } from './results';
import { defaultSites } from './sites';
import { attempted, cancelKeep, cloneInputs, serverErrors, state, touched, useBridge } from './state';
import { modeTabs } from './tabs';

/** The webview state wins only at the first `init` after a (re)load; later ones are the host's prefill. */
let firstInit = true;

const app = document.getElementById('app') as HTMLElement;
// The form lives in #app; only the results region announces changes.
app.removeAttribute('aria-live');

useToolkit();
const bridge = connect<ShippingHostMessage, ShippingViewMessage, ShippingViewState>(
  ShippingHostMessage,
  receive,
  ShippingViewState,
);
useBridge(bridge);

function receive(message: ShippingHostMessage): void {
  switch (message.type) {
    case 'init': {
      const kept = firstInit ? bridge.state() : undefined;
      firstInit = false;
      const sameAccount =
        state.environment === message.environment && JSON.stringify(state.account) === JSON.stringify(message.account);
      state.environment = message.environment;
      state.account = message.account;
      state.sites = message.sites;
      state.mode = kept?.mode ?? message.mode;
      state.inputs = cloneInputs(kept?.inputs ?? message.inputs);
      touched.clear();
      attempted.clear();
      serverErrors.clear();
      cancelKeep();
      if (!sameAccount) {
        state.outcome = undefined;
        unfolded.clear();
      }
      renderAll();
      bridge.keep({ mode: state.mode, inputs: state.inputs });
      return;
    }
    case 'loading':
      state.outcome = {
        kind: 'loading',
        mode: message.mode,
        path: previewPath(message.mode, payloadOf(message.mode)),
      };
      renderOutcome();
      refreshAll();
      return;
    case 'result':
      state.outcome = { kind: 'result', result: message.result };
      unfolded.clear();
      renderOutcome();
      refreshAll();
      return;
    case 'failure':
      state.outcome = { kind: 'failure', failure: message.failure };
      noteServerError(message.failure);
      renderOutcome();
      refreshAll();
      return;
  }
}

/** Builds the page again: the header, the mode tabs with their forms, and the results region. */
function renderAll(): void {
  clearControls();
  defaultSites();
  const panels = modeTabs();
  const resultsRegion = outcomeRegion();
  app.replaceChildren(header(), panels, resultsRegion);
  refreshAll();
  renderOutcome();
}
