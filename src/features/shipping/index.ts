import * as vscode from 'vscode';
import { COMMANDS } from '../../constants';
import type { FeatureContribution, FeatureCore } from '../../platform/feature';
import type { SessionSource } from '../auth/session';
import type { MarketplaceExplorer } from '../explorer/provider';
import { prefillOf } from './prefill';
import { type ShippingPanelDeps, ShippingQuotePanel } from './shippingQuotePanel';

export { ShippingQuotePanel } from './shippingQuotePanel';

/** The shipping quote panel's command: *Marketplace: Quote Shipping…*, also on listing nodes. */
export interface ShippingCore extends FeatureCore {
  sessions: SessionSource;
  history: ShippingPanelDeps['history'];
  explorer: Pick<MarketplaceExplorer, 'json'>;
}

export function activate(core: ShippingCore): FeatureContribution {
  const { context, sessions, history, output } = core;
  const json = core.explorer.json;
  const commands = [
    {
      id: COMMANDS.quoteShipping,
      failure: vscode.l10n.t('Could not open the shipping quotes'),
      run: (target?: unknown) =>
        ShippingQuotePanel.show(
          { extensionUri: context.extensionUri, sessions, memento: context.globalState, history, output, json },
          prefillOf(target),
        ),
    },
  ];
  return { commands };
}
