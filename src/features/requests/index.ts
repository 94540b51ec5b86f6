import * as vscode from 'vscode';
import { STATE } from '../../constants';
import { ANY_PAYLOAD_GLOB } from '../../model/payloadFiles';
import type { CommandEntry } from '../../platform/commandTable';
import type { FeatureCore } from '../../platform/feature';
import type { SessionExchange, SessionSource } from '../auth/session';
import type { LiveContext } from '../authoring/liveContext';
import type { MarketplaceExplorer } from '../explorer/provider';
import { BulkCommands } from './bulkCommands';
import { CreationLedger } from './creations';
import { PayloadCodeLens } from './payloadCodeLens';
import { PayloadRequests } from './payloadRequests';

/** The payload file names CodeLens applies to (on disk and unsaved), in any case. */
export const PAYLOAD_SELECTOR: vscode.DocumentSelector = [
  { language: 'json', pattern: ANY_PAYLOAD_GLOB },
  { language: 'jsonc', pattern: ANY_PAYLOAD_GLOB },
];

export interface Requests {
  commands: CommandEntry[];
  payloads: PayloadRequests;
  bulk: BulkCommands;
  creations: CreationLedger;
}

/** Sending: payload files (CodeLens, Send, Validate, Diff, Copy as curl) and bulk sends, recorded in the history. */
export interface RequestsCore extends FeatureCore {
  sessions: SessionSource & { onDidExchange: vscode.Event<SessionExchange> };
  explorer: MarketplaceExplorer;
  /** The authoring's live cache (a send drops what it changed). */
  live: LiveContext;
}

export function activate(core: RequestsCore): Requests {
  const { context, sessions, explorer, live, output } = core;
  const creations = new CreationLedger(context.workspaceState, STATE.creations);
  const payloads = new PayloadRequests(context, sessions, explorer, live, output, creations);
  const codeLens = new PayloadCodeLens(sessions, live, creations);
  const bulk = new BulkCommands(
    sessions,
    output,
    (changes) => payloads.applyChanges(changes),
    creations,
    vscode.Uri.joinPath(context.globalStorageUri, 'bulk-reports'),
  );
  context.subscriptions.push(payloads, codeLens, vscode.languages.registerCodeLensProvider(PAYLOAD_SELECTOR, codeLens));
  const commands = [...payloads.commands(), ...bulk.commands()];
  return { commands, payloads, bulk, creations };
}
