// Browser side of the Campaign Metrics panel, on the shared webview layer (webview/shared/). It talks to its host only
// through the messages of src/model/protocols/metrics.ts: the host makes every request and builds the series, the
// cards and the table; this side checks ranges with the window rule (src/rules/advertising.ts) and draws. This module
// connects the bridge and answers the host's messages; the panel's parts live beside it.

import { MetricsHostMessage, type MetricsViewMessage, MetricsViewState } from '../../src/model/protocols/metrics';
import { connect } from '../shared/bridge';
import { restyleCharts } from './charts';
import { header } from './header';
import { rangeForm, syncCompare, syncRange } from './rangeForm';
import { renderOutcome, resultsRegion } from './results';
import { keep, requestLoad, restore, state, useBridge } from './state';
import { watchTheme } from './theme';

/** The kept choices win only at the first `init` after a (re)load. */
let firstInit = true;

const app = document.getElementById('app') as HTMLElement;
// The form lives in #app; only the results region announces changes.
app.removeAttribute('aria-live');

const bridge = connect<MetricsHostMessage, MetricsViewMessage, MetricsViewState>(
  MetricsHostMessage,
  receive,
  MetricsViewState,
);
useBridge(bridge);
watchTheme(restyleCharts);

function receive(message: MetricsHostMessage): void {
  switch (message.type) {
    case 'init': {
      if (firstInit) restore();
      firstInit = false;
      state.init = message;
      state.range = message.range;
      const others = new Set(message.others.map((other) => other.id));
      state.compareWith = state.compareWith.filter((id) => others.has(id));
      app.replaceChildren(header(message.campaign), rangeForm(message), resultsRegion());
      renderOutcome();
      requestLoad(message.range);
      return;
    }
    case 'loading':
      state.outcome = { kind: 'loading', range: message.range };
      syncRange(message.range);
      renderOutcome();
      return;
    case 'view':
      state.outcome = { kind: 'view', view: message.view };
      state.range = message.view.range;
      state.compareWith = message.view.campaigns.slice(1).map((campaign) => campaign.campaignId);
      keep();
      syncRange(message.view.range);
      syncCompare();
      renderOutcome();
      return;
    case 'failure':
      state.outcome = { kind: 'failure', failure: message.failure };
      renderOutcome();
      return;
  }
}
