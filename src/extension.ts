// biome-ignore assist/source/organizeImports: the load clock must be evaluated before every other module.
import { LOAD_STARTED } from './loadClock';
import './zodHost';
import * as vscode from 'vscode';
import { COMMANDS, CONTEXT } from './constants';
import { AccountMenu } from './features/auth/accountMenu';
import { AccountStore } from './features/auth/accounts';
import { OAuthUriHandler } from './features/auth/oauthFlow';
import { SandboxHost } from './features/auth/sandboxHost';
import { SessionManager } from './features/auth/sessionManager';
import { activeEnvironment } from './features/auth/settings';
import { SignInCommands } from './features/auth/signIn';
import { AccountStatusBar } from './features/auth/statusBar';
import { TokenRefresher } from './features/auth/tokenRefresher';
import { registerActions } from './features/actions';
import { registerAuthoring } from './features/authoring';
import { registerCommands } from './features/commandTable';
import { ContextKeys } from './features/contextKeys';
import { MarketplaceExplorer } from './features/explorer/provider';
import { gettingStartedCommands } from './features/gettingStarted';
import { Output } from './features/output';
import type { CreationLedger } from './features/requests/creations';
import type { RequestHistory } from './features/requests/historyService';
import type { HistoryView } from './features/requests/historyView';
import { registerRequests } from './features/requests';
import type { PayloadRequests } from './features/requests/payloadRequests';
import { ResponsePanel, registerResponses } from './features/responses';
import { CampaignMetricsPanel, registerMetrics } from './features/metrics';
import { type NotificationService, type NotificationsView, registerNotifications } from './features/notifications';
import { SandboxControls } from './features/sandbox/sandboxControls';
import { registerShipping, ShippingQuotePanel } from './features/shipping';
import { type WebviewRecord, webviewTranscript } from './features/webviews/panelHost';
import type { ResponseModel } from './model/protocol';

/** What integration tests reach through `extension.exports` (only in the test extension mode). */
export interface TestApi {
  sessions: SessionManager;
  explorer: MarketplaceExplorer;
  sandbox: SandboxHost;
  accounts: AccountStore;
  secrets: vscode.SecretStorage;
  globalStorage: vscode.Uri;
  output: Output;
  /** Payload sends (the live side of a diff) and the request history. */
  payloads: PayloadRequests;
  history: RequestHistory;
  /** The Request History view's provider. */
  historyView: HistoryView;
  /** What creation files created (a second send asks first). */
  creations: CreationLedger;
  /** What the response view shows now (undefined when closed). */
  shownResponse: () => ResponseModel | undefined;
  /** The shipping quote panel, when open. */
  shippingPanel: () => ShippingQuotePanel | undefined;
  /** The metrics panel of a campaign, when open. */
  metricsPanel: (campaignId: number) => CampaignMetricsPanel | undefined;
  /** The notification receiver, the shared feed, forwarding and missed feeds. */
  notifications: NotificationService;
  notificationsView: NotificationsView;
  /** The sandbox's admin surface from the editor (scenarios, clock, faults). */
  sandboxControls: SandboxControls;
  /** The status bar item's menu. */
  accountMenu: AccountMenu;
  /** The context keys as last set (VS Code cannot be asked; the walkthrough's onContext events read them). */
  contextKeys: ContextKeys;
  /** Every panel's HTML, resource roots and posted messages (the CSP and token suites read them). */
  webviews: () => readonly WebviewRecord[];
  /** Every line the output channel received. */
  outputLines: () => readonly string[];
  /** Where VS Code keeps this extension's logs and this workspace's storage (scanned for tokens). */
  logUri: vscode.Uri;
  workspaceStorage: vscode.Uri | undefined;
  /** Milliseconds spent evaluating the bundle, and inside activate(). */
  activation: { loadMs: number; activateMs: number };
}

/** Builds the objects and registers every disposable; nothing else. */
export function activate(context: vscode.ExtensionContext): TestApi | undefined {
  const activateStarted = performance.now();
  const output = new Output();
  const testing = context.extensionMode === vscode.ExtensionMode.Test;
  if (testing) {
    // What the suites check for tokens and policies: recorded from the start, in tests only.
    webviewTranscript.enabled = true;
    output.transcript = [];
  }
  const accounts = new AccountStore(context.globalState, context.secrets);
  const refresher = new TokenRefresher(accounts, context.secrets, output);
  const sandbox = new SandboxHost(context.globalStorageUri, output);
  const sessions = new SessionManager(accounts, refresher, sandbox, context.secrets, output);
  const uriHandler = new OAuthUriHandler();
  const signIn = new SignInCommands(accounts, sessions, sandbox, context.secrets, uriHandler, output);
  const explorer = new MarketplaceExplorer(sessions, output);
  context.subscriptions.push(output, accounts, refresher, sandbox, sessions, explorer);
  context.subscriptions.push(vscode.window.registerUriHandler(uriHandler));
  explorer.register(context);
  const authoring = registerAuthoring(context, sessions, output);
  const actions = registerActions(sessions, explorer, output);
  const responses = registerResponses(context, output);
  const requests = registerRequests(context, sessions, explorer, authoring.live, output);
  const applyChanges = (changes: Parameters<typeof requests.payloads.applyChanges>[0]) =>
    requests.payloads.applyChanges(changes);
  const notifications = registerNotifications(context, sessions, sandbox, explorer, applyChanges, output);
  const sandboxControls = new SandboxControls({
    sandbox,
    sessions,
    output,
    prepareForNotifications: () => notifications.service.prepareForNotifications(),
    applyChanges,
    refreshAll: () => explorer.refresh(),
  });
  const accountMenu = new AccountMenu(accounts, sandboxControls, notifications.service);
  context.subscriptions.push(sandboxControls, new AccountStatusBar(sessions, sandboxControls));
  registerCommands(
    context,
    [
      ...signIn.commands(),
      ...accountMenu.commands(),
      ...explorer.commands(),
      ...authoring.commands,
      ...responses,
      ...actions,
      ...requests.commands,
      ...registerShipping(context, sessions, requests.history, output),
      ...registerMetrics(context, sessions, requests.history, output),
      ...notifications.commands,
      ...sandboxControls.commands(),
      ...gettingStartedCommands(),
    ],
    output,
  );

  const contextKeys = new ContextKeys();
  const updateContext = () => {
    void contextKeys.set(CONTEXT.signedIn, sessions.current !== undefined);
    void contextKeys.set(CONTEXT.environment, activeEnvironment());
    void contextKeys.set(CONTEXT.sandboxRunning, sandbox.isRunning);
  };
  context.subscriptions.push(sessions.onDidChange(updateContext));
  updateContext();
  // The notification service sets the receiver's keys itself and fires this once it has.
  const recordNotificationKeys = () => {
    contextKeys.record(CONTEXT.receiverRunning, notifications.service.running);
    contextKeys.record(CONTEXT.forwarding, Boolean(notifications.service.forwardUrl));
  };
  context.subscriptions.push(notifications.service.onDidChangeState(recordNotificationKeys));
  // Opening the session may start the sandbox: do it after activation returns.
  void sessions.rebuild().then(async () => {
    updateContext();
    // `npm start` sets this so a newcomer lands on the sandbox's data without a click; an existing account wins.
    if (
      process.env.MARKETPLACE_SANDBOX_AUTOSTART === '1' &&
      activeEnvironment() === 'sandbox' &&
      !accounts.active('sandbox')
    ) {
      await vscode.commands.executeCommand(COMMANDS.useSandbox);
    }
    await notifications.service.restore();
  });

  const activation = { loadMs: activateStarted - LOAD_STARTED, activateMs: performance.now() - activateStarted };
  output.info(
    `Activated in ${activation.activateMs.toFixed(1)} ms (bundle evaluated in ${activation.loadMs.toFixed(1)} ms).`,
  );

  if (testing) {
    return {
      sessions,
      explorer,
      sandbox,
      accounts,
      secrets: context.secrets,
      globalStorage: context.globalStorageUri,
      output,
      payloads: requests.payloads,
      history: requests.history,
      historyView: requests.historyView,
      creations: requests.creations,
      shownResponse: () => ResponsePanel.shown,
      shippingPanel: () => ShippingQuotePanel.open,
      metricsPanel: (campaignId: number) => CampaignMetricsPanel.of(campaignId),
      notifications: notifications.service,
      notificationsView: notifications.view,
      sandboxControls,
      accountMenu,
      contextKeys,
      webviews: () => webviewTranscript.panels,
      outputLines: () => output.transcript ?? [],
      logUri: context.logUri,
      workspaceStorage: context.storageUri,
      activation,
    };
  }
  return undefined;
}

export function deactivate(): void {}
