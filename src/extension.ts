// The load clock is imported first so the activation figures include every module's evaluation.
import { LOAD_STARTED } from './loadClock';
import './zodHost';
import * as vscode from 'vscode';
import { COMMANDS, CONTEXT, STATE } from './constants';
import type { CoreServices, Features } from './featureBundle';
import * as auth from './features/auth';
import type { AccountStore } from './features/auth/accounts';
import type { SandboxHost } from './features/auth/sandboxHost';
import type { SessionManager } from './features/auth/sessionManager';
import { activeEnvironment } from './features/auth/settings';
import * as authoringStartup from './features/authoring/startup';
import * as deferred from './features/deferred';
import { FeatureLoader } from './features/deferred/featureLoader';
import * as explorerFeature from './features/explorer';
import type { MarketplaceExplorer } from './features/explorer/provider';
import type { CampaignMetricsPanel } from './features/metrics';
import type { NotificationService, NotificationsView } from './features/notifications';
import type { CreationLedger } from './features/requests/creations';
import type { RequestHistory } from './features/requests/historyService';
import type { HistoryView } from './features/requests/historyView';
import type { PayloadRequests } from './features/requests/payloadRequests';
import * as historyStartup from './features/requests/startup';
import type { SandboxFault } from './features/sandbox/faultPlans';
import type { SandboxControls } from './features/sandbox/sandboxControls';
import type { ShippingQuotePanel } from './features/shipping';
import type { AccountMenu } from './features/statusBar/accountMenu';
import * as statusBarStartup from './features/statusBar/startup';
import type { ResponseModel } from './model/protocols/response';
import { registerCommands } from './platform/commandTable';
import { ContextKeys } from './platform/contextKeys';
import { configureSharedWords } from './platform/displayLanguage';
import { Output } from './platform/output';
import { type WebviewRecord, webviewTranscript } from './platform/webviews/panelHost';

// The activation bundle hands the features bundle its modules by path (see esbuild.mjs).
export { modules as __modules } from 'core-modules:registry';

/** Every module above has been evaluated by now: the bundle's own evaluation time ends here. */
const LOAD_ENDED = performance.now();

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
  /**
   * Milliseconds spent evaluating the activation bundle, from its first line to the host calling activate() (the
   * evaluation plus the host's own work), inside activate(), and loading the features bundle (which the tests load at
   * activation; in use it loads on first need).
   */
  activation: { evaluateMs: number; loadMs: number; activateMs: number; featuresMs: number | undefined };
}

/**
 * Builds what the first views need (the explorer, sign-in, the request history) and registers every command; the rest
 * (src/featureBundle.ts) loads on first use: a command of its own, a payload file opened, the Notifications view
 * expanded, a receiver to start again.
 */
export function activate(context: vscode.ExtensionContext): Promise<TestApi> | undefined {
  const activateStarted = performance.now();
  // Before anything speaks: the rules' and the model's words in VS Code's display language.
  configureSharedWords();
  const output = new Output();
  const testing = context.extensionMode === vscode.ExtensionMode.Test;
  if (testing) {
    // What the suites check for tokens and policies: recorded from the start, in tests only.
    webviewTranscript.enabled = true;
    output.transcript = [];
  }
  // What the shell owns: the output, the context keys, the features bundle's loader and the faults both bundles see.
  const contextKeys = new ContextKeys();
  const faults = new vscode.EventEmitter<readonly SandboxFault[]>();
  context.subscriptions.push(output, faults);
  const features = new FeatureLoader<Features>(() => {
    // Resolved beside this bundle at run time (dist/features.js); esbuild leaves a computed require alone.
    const bundle = `${__dirname}/features.js`;
    return (require(bundle) as typeof import('./featureBundle')).activateFeatures(core);
  }, output);
  const base = { context, output, contextKeys };

  // The features of the first views, each through its activate(core); the rest loads with the features bundle.
  const signIn = auth.activate(base);
  const { accounts, sandbox, sessions } = signIn;
  const browsing = explorerFeature.activate({ ...base, sessions });
  const { explorer } = browsing;
  const recording = historyStartup.activateAtStartup({ ...base, sessions, features });
  authoringStartup.activateAtStartup({ ...base, features });
  const { history, historyView } = recording;
  statusBarStartup.activateAtStartup({ ...base, sessions, faults });
  const coreCommands = [...signIn.commands, ...browsing.commands, ...recording.commands];
  registerCommands(context, coreCommands, output);
  // Every other command, and the Notifications view, load the features bundle on first use.
  const { notificationsTree, bindNotificationsTree } = deferred.activate({
    ...base,
    features,
    ownCommands: coreCommands.map((entry) => entry.id),
  });
  const core: CoreServices = {
    ...base,
    ...{ accounts, sessions, sandbox, explorer, history, faults, notificationsTree, bindNotificationsTree },
  };

  const updateContext = () => {
    void contextKeys.set(CONTEXT.signedIn, sessions.current !== undefined);
    void contextKeys.set(CONTEXT.environment, activeEnvironment());
    void contextKeys.set(CONTEXT.sandboxRunning, sandbox.isRunning);
  };
  context.subscriptions.push(sessions.onDidChange(updateContext));
  updateContext();
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
    // Not signed in, on the sandbox environment: the next step is most likely *Use Local Sandbox*, so its bundle is
    // evaluated once the window has settled, not when the button is pressed.
    if (!sessions.current && activeEnvironment() === 'sandbox') {
      const idle = setTimeout(() => sandbox.preload(), 1500);
      context.subscriptions.push({ dispose: () => clearTimeout(idle) });
    }
    // A receiver that ran when the window closed starts again (with the features bundle it lives in).
    if (context.workspaceState.get<boolean>(STATE.receiverWasRunning)) {
      await (await features.load()).notifications.restore();
    }
  });

  const activation = {
    evaluateMs: LOAD_ENDED - LOAD_STARTED,
    loadMs: activateStarted - LOAD_STARTED,
    activateMs: performance.now() - activateStarted,
    get featuresMs() {
      return features.loadMs;
    },
  };
  output.info(
    `Activated in ${activation.activateMs.toFixed(1)} ms (bundle evaluated in ${activation.evaluateMs.toFixed(1)} ms; ` +
      `${activation.loadMs.toFixed(1)} ms from its first line to activate()).`,
  );

  if (!testing) return undefined;
  // The suites reach every feature: the features bundle loads at once.
  return features.load().then(
    (loaded): TestApi => ({
      sessions,
      explorer,
      sandbox,
      accounts,
      secrets: context.secrets,
      globalStorage: context.globalStorageUri,
      output,
      payloads: loaded.payloads,
      history,
      historyView,
      creations: loaded.creations,
      shownResponse: () => loaded.responses.ResponsePanel.shown,
      shippingPanel: loaded.shippingPanel,
      metricsPanel: loaded.metricsPanel,
      notifications: loaded.notifications,
      notificationsView: loaded.notificationsView,
      sandboxControls: loaded.sandboxControls,
      accountMenu: loaded.accountMenu,
      contextKeys,
      webviews: () => webviewTranscript.panels,
      outputLines: () => output.transcript ?? [],
      logUri: context.logUri,
      workspaceStorage: context.storageUri,
      activation,
    }),
  );
}

export function deactivate(): void {}
