// The features bundle (dist/features.js): everything the first views do not need — payload authoring, sending and bulk
// sends, the resource actions, the response view and the other panels, notifications, the sandbox controls and the
// account menu. The activation bundle (src/extension.ts) loads it on first use; its imports of modules the activation
// bundle holds link to those (esbuild.mjs), so both share one client, one zod and the same classes.
import type * as vscode from 'vscode';
import { CONTEXT } from './constants';
import { registerActions } from './features/actions';
import type { AccountStore } from './features/auth/accounts';
import type { SandboxHost } from './features/auth/sandboxHost';
import type { SessionManager } from './features/auth/sessionManager';
import { registerAuthoring } from './features/authoring';
import type { MarketplaceExplorer } from './features/explorer/provider';
import { gettingStartedCommands } from './features/gettingStarted';
import { CampaignMetricsPanel, registerMetrics } from './features/metrics';
import { type NotificationService, type NotificationsView, registerNotifications } from './features/notifications';
import { registerRequests } from './features/requests';
import type { CreationLedger } from './features/requests/creations';
import type { RequestHistory } from './features/requests/historyService';
import type { PayloadRequests } from './features/requests/payloadRequests';
import { sendRequest } from './features/requests/send';
import * as responses from './features/responses';
import type { SandboxFault } from './features/sandbox/faultPlans';
import { SandboxControls } from './features/sandbox/sandboxControls';
import { registerShipping, ShippingQuotePanel } from './features/shipping';
import { AccountMenu } from './features/statusBar/accountMenu';
import type { CommandEntry } from './platform/commandTable';
import type { ContextKeys } from './platform/contextKeys';
import type { Output } from './platform/output';

/** What the activation bundle built and hands over. */
export interface CoreServices {
  context: vscode.ExtensionContext;
  output: Output;
  accounts: AccountStore;
  sessions: SessionManager;
  sandbox: SandboxHost;
  explorer: MarketplaceExplorer;
  history: RequestHistory;
  contextKeys: ContextKeys;
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
  notifications: NotificationService;
  notificationsView: NotificationsView;
  sandboxControls: SandboxControls;
  accountMenu: AccountMenu;
  shippingPanel: () => ShippingQuotePanel | undefined;
  metricsPanel: (campaignId: number) => CampaignMetricsPanel | undefined;
  /** Sends one request as a payload file would (the history's replay). */
  sendRequest: typeof sendRequest;
  /** The response view, which the history shows its entries in. */
  responses: typeof responses;
}

/** Builds every feature of the bundle and registers its disposables; the commands are registered by the caller. */
export function activateFeatures(core: CoreServices): Features {
  const { context, output, sessions, sandbox, explorer, history } = core;
  const authoring = registerAuthoring(context, sessions, output);
  const actions = registerActions(sessions, explorer, output);
  const requests = registerRequests(context, sessions, explorer, authoring.live, output);
  const applyChanges = (changes: Parameters<typeof requests.payloads.applyChanges>[0]) =>
    requests.payloads.applyChanges(changes);
  const notifications = registerNotifications(
    context,
    sessions,
    sandbox,
    explorer,
    applyChanges,
    output,
    core.notificationsTree,
  );
  core.bindNotificationsTree(notifications.view);
  const sandboxControls = new SandboxControls({
    sandbox,
    sessions,
    output,
    receiverRunning: () => notifications.service.running,
    prepareForNotifications: () => notifications.service.prepareForNotifications(),
    applyChanges,
    refreshAll: () => explorer.refresh(),
  });
  const accountMenu = new AccountMenu(core.accounts, sandboxControls, notifications.service);
  context.subscriptions.push(
    sandboxControls,
    sandboxControls.onDidChangeFaults((faults) => core.faults.fire(faults)),
  );
  // The notification service sets the receiver's keys itself and fires this once it has.
  const recordNotificationKeys = () => {
    core.contextKeys.record(CONTEXT.receiverRunning, notifications.service.running);
    core.contextKeys.record(CONTEXT.forwarding, Boolean(notifications.service.forwardUrl));
  };
  context.subscriptions.push(notifications.service.onDidChangeState(recordNotificationKeys));
  const commands = [
    ...accountMenu.commands(),
    ...authoring.commands,
    ...responses.registerResponses(context, output),
    ...actions,
    ...requests.commands,
    ...registerShipping(context, sessions, history, output, explorer.json),
    ...registerMetrics(context, sessions, history, output),
    ...notifications.commands,
    ...sandboxControls.commands(),
    ...gettingStartedCommands(),
  ];
  return {
    commands,
    payloads: requests.payloads,
    creations: requests.creations,
    notifications: notifications.service,
    notificationsView: notifications.view,
    sandboxControls,
    accountMenu,
    shippingPanel: () => ShippingQuotePanel.open,
    metricsPanel: (campaignId) => CampaignMetricsPanel.of(campaignId),
    sendRequest,
    responses,
  };
}
