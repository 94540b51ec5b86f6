// The features bundle (dist/features.js): everything the first views do not need — payload authoring, sending and bulk
// sends, the resource actions, the response view and the other panels, notifications, the sandbox controls and the
// account menu. The activation bundle (src/extension.ts) loads it on first use; its imports of modules the activation
// bundle holds link to those (esbuild.mjs), so both share one client, one zod and the same classes.
import type * as vscode from 'vscode';
import * as actions from './features/actions';
import type { AccountStore } from './features/auth/accounts';
import type { SandboxHost } from './features/auth/sandboxHost';
import type { SessionManager } from './features/auth/sessionManager';
import * as authoring from './features/authoring';
import type { MarketplaceExplorer } from './features/explorer/provider';
import * as gettingStarted from './features/gettingStarted';
import * as metrics from './features/metrics';
import * as notifications from './features/notifications';
import * as requests from './features/requests';
import type { CreationLedger } from './features/requests/creations';
import type { RequestHistory } from './features/requests/historyService';
import type { PayloadRequests } from './features/requests/payloadRequests';
import { sendRequest } from './features/requests/send';
import * as responses from './features/responses';
import * as sandbox from './features/sandbox';
import type { SandboxFault } from './features/sandbox/faultPlans';
import type { SandboxControls } from './features/sandbox/sandboxControls';
import * as shipping from './features/shipping';
import * as statusBar from './features/statusBar';
import type { AccountMenu } from './features/statusBar/accountMenu';
import type { CommandEntry } from './platform/commandTable';
import type { FeatureCore } from './platform/feature';

/** What the activation bundle built and hands over: every feature's `activate(core)` takes the part it needs. */
export interface CoreServices extends FeatureCore {
  accounts: AccountStore;
  sessions: SessionManager;
  sandbox: SandboxHost;
  explorer: MarketplaceExplorer;
  history: RequestHistory;
  /** The account status bar item listens here for the injected faults. */
  faults: vscode.EventEmitter<readonly SandboxFault[]>;
  /** The Notifications view, created at activation with a provider that hands over to this bundle's. */
  notificationsTree: vscode.TreeView<unknown>;
  bindNotificationsTree: (provider: vscode.TreeDataProvider<unknown>) => void;
}

/** What this bundle gives back: its command table rows and the objects the activation bundle (and the tests) reach. */
export interface Features {
  commands: CommandEntry[];
  payloads: PayloadRequests;
  creations: CreationLedger;
  notifications: notifications.NotificationService;
  notificationsView: notifications.NotificationsView;
  sandboxControls: SandboxControls;
  accountMenu: AccountMenu;
  shippingPanel: () => shipping.ShippingQuotePanel | undefined;
  metricsPanel: (campaignId: number) => metrics.CampaignMetricsPanel | undefined;
  /** Sends one request as a payload file would (the history's replay). */
  sendRequest: typeof sendRequest;
  /** The response view, which the history shows its entries in. */
  responses: typeof responses;
}

/**
 * Activates every feature of the bundle, each with the core and what the features before it made; the caller
 * registers the commands.
 */
export function activateFeatures(core: CoreServices): Features {
  const authored = authoring.activate(core);
  const sent = requests.activate({ ...core, live: authored.live });
  const applyChanges: notifications.NotificationsCore['applyChanges'] = (changes) =>
    sent.payloads.applyChanges(changes);
  const notified = notifications.activate({ ...core, applyChanges });
  const controls = sandbox.activate({ ...core, applyChanges, receiver: notified.service });
  const bar = statusBar.activate({ ...core, sandboxControls: controls.controls, notifications: notified.service });
  const commands = [
    ...bar.commands,
    ...authored.commands,
    ...responses.activate(core).commands,
    ...actions.activate(core).commands,
    ...sent.commands,
    ...shipping.activate(core).commands,
    ...metrics.activate(core).commands,
    ...notified.commands,
    ...controls.commands,
    ...gettingStarted.activate().commands,
  ];
  return {
    commands,
    payloads: sent.payloads,
    creations: sent.creations,
    notifications: notified.service,
    notificationsView: notified.view,
    sandboxControls: controls.controls,
    accountMenu: bar.accountMenu,
    shippingPanel: () => shipping.ShippingQuotePanel.open,
    metricsPanel: (campaignId) => metrics.CampaignMetricsPanel.of(campaignId),
    sendRequest,
    responses,
  };
}
