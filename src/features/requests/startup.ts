// What the first views need of the requests (part of the activation bundle): the Request History and its view. A
// replay sends, and an entry shows, with the features bundle's code, loaded on first use (`core.features`).
import type * as vscode from 'vscode';
import { VIEWS } from '../../constants';
import type { FeatureContribution, FeatureCore } from '../../platform/feature';
import type { SessionExchange, SessionSource } from '../auth/session';
import { RequestHistory, type Sending } from './historyService';
import { HistoryView } from './historyView';

export interface HistoryCore extends FeatureCore {
  sessions: SessionSource & { onDidExchange: vscode.Event<SessionExchange> };
  /** The features bundle, loaded on first use: what sending needs. */
  features: { load(): Promise<Sending> };
}

export interface History extends FeatureContribution {
  history: RequestHistory;
  historyView: HistoryView;
}

export function activateAtStartup(core: HistoryCore): History {
  const { context, sessions, output } = core;
  const history = new RequestHistory(context, sessions, output, core.features);
  const historyView = new HistoryView(history, sessions, output, context.globalState);
  historyView.createView(VIEWS.history);
  history.selectedRow = () => historyView.selected();
  context.subscriptions.push(history, historyView);
  return { commands: [...history.commands(), ...historyView.commands()], history, historyView };
}
