import type * as vscode from 'vscode';
import { COMMANDS } from '../../constants';
import type { CommandEntry } from '../../platform/commandTable';
import type { Output } from '../../platform/output';
import type { SessionSource } from '../auth/session';
import { prefillOf } from './prefill';
import { type ShippingPanelDeps, ShippingQuotePanel } from './shippingQuotePanel';

export { ShippingQuotePanel } from './shippingQuotePanel';

/** The shipping quote panel's command: *Marketplace: Quote Shipping…*, also on listing nodes. */
export function registerShipping(
  context: vscode.ExtensionContext,
  sessions: SessionSource,
  history: ShippingPanelDeps['history'],
  output: Output,
  json: ShippingPanelDeps['json'],
): CommandEntry[] {
  return [
    {
      id: COMMANDS.quoteShipping,
      failure: 'Could not open the shipping quotes',
      run: (target?: unknown) =>
        ShippingQuotePanel.show(
          { extensionUri: context.extensionUri, sessions, memento: context.globalState, history, output, json },
          prefillOf(target),
        ),
    },
  ];
}
