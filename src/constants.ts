/** Every id the extension shares with package.json, in one place (a unit test checks they agree). */

export const EXTENSION_ID = 'marketplace-integrator.marketplace-integrator';

/** The walkthrough of `contributes.walkthroughs`; VS Code names it `${EXTENSION_ID}#${WALKTHROUGH_ID}`. */
export const WALKTHROUGH_ID = 'getting-started';

export const VIEW_CONTAINER = 'marketplace';
export const VIEWS = {
  explorer: 'marketplace.explorer',
  history: 'marketplace.history',
  notifications: 'marketplace.notifications',
} as const;

export const COMMANDS = {
  useSandbox: 'marketplace.useSandbox',
  signIn: 'marketplace.signIn',
  signInWithToken: 'marketplace.signInWithToken',
  signInWithOAuth: 'marketplace.signInWithOAuth',
  signOut: 'marketplace.signOut',
  switchEnvironment: 'marketplace.switchEnvironment',
  switchAccount: 'marketplace.switchAccount',
  showAccountMenu: 'marketplace.showAccountMenu',
  /** Opens the walkthrough (src/features/gettingStarted.ts). */
  getStarted: 'marketplace.getStarted',
  setClientSecret: 'marketplace.setClientSecret',
  resetSandbox: 'marketplace.resetSandbox',
  showOutput: 'marketplace.showOutput',
  refresh: 'marketplace.refresh',
  refreshNode: 'marketplace.refreshNode',
  loadMore: 'marketplace.loadMore',
  filterItems: 'marketplace.filterItems',
  sortItems: 'marketplace.sortItems',
  filterOrders: 'marketplace.filterOrders',
  sortOrders: 'marketplace.sortOrders',
  chooseOrderView: 'marketplace.chooseOrderView',
  openJson: 'marketplace.openJson',
  copyId: 'marketplace.copyId',
  openPermalink: 'marketplace.openPermalink',
  // Payload files (src/features/authoring/payloadCommands.ts).
  newItemPayload: 'marketplace.newItemPayload',
  newSaleTermsPayload: 'marketplace.newSaleTermsPayload',
  newSizeChartPayload: 'marketplace.newSizeChartPayload',
  newNotePayload: 'marketplace.newNotePayload',
  newFeedbackPayload: 'marketplace.newFeedbackPayload',
  newBlacklistPayload: 'marketplace.newBlacklistPayload',
  pullItemPayload: 'marketplace.pullItemPayload',
  // Panels (src/features/shipping/).
  quoteShipping: 'marketplace.quoteShipping',
  showCampaignMetrics: 'marketplace.showCampaignMetrics',
  // Resource actions (src/features/actions/).
  pauseItem: 'marketplace.pauseItem',
  activateItem: 'marketplace.activateItem',
  closeItem: 'marketplace.closeItem',
  deleteItem: 'marketplace.deleteItem',
  setItemStock: 'marketplace.setItemStock',
  setItemPrice: 'marketplace.setItemPrice',
  setManufacturingTime: 'marketplace.setManufacturingTime',
  removeManufacturingTime: 'marketplace.removeManufacturingTime',
  setPurchaseMaxQuantity: 'marketplace.setPurchaseMaxQuantity',
  setSellerCustomField: 'marketplace.setSellerCustomField',
  addOrderNote: 'marketplace.addOrderNote',
  editOrderNote: 'marketplace.editOrderNote',
  deleteOrderNote: 'marketplace.deleteOrderNote',
  confirmDelivery: 'marketplace.confirmDelivery',
  returnReservation: 'marketplace.returnReservation',
  blacklistBuyer: 'marketplace.blacklistBuyer',
  addToBlacklist: 'marketplace.addToBlacklist',
  removeFromBlacklist: 'marketplace.removeFromBlacklist',
  deleteSizeChart: 'marketplace.deleteSizeChart',
  // Sending (src/features/requests/): payload files, history, bulk.
  sendPayload: 'marketplace.sendPayload',
  validatePayload: 'marketplace.validatePayload',
  diffPayload: 'marketplace.diffPayload',
  copyPayloadAsCurl: 'marketplace.copyPayloadAsCurl',
  sendPayloadFiles: 'marketplace.sendPayloadFiles',
  sendStockPriceCsv: 'marketplace.sendStockPriceCsv',
  retryBulk: 'marketplace.retryBulk',
  showHistory: 'marketplace.showHistory',
  openHistoryEntry: 'marketplace.openHistoryEntry',
  replayHistoryEntry: 'marketplace.replayHistoryEntry',
  copyHistoryAsCurl: 'marketplace.copyHistoryAsCurl',
  deleteHistoryEntry: 'marketplace.deleteHistoryEntry',
  clearHistory: 'marketplace.clearHistory',
  /** The Request History view's filter: the panels' reads (quotes, metrics) shown too, or hidden (the default). */
  showHistoryReads: 'marketplace.showHistoryReads',
  hideHistoryReads: 'marketplace.hideHistoryReads',
  associateChartItems: 'marketplace.associateChartItems',
  // Notifications (src/features/notifications/): receiver, feed, forwarding, missed feeds.
  startReceiver: 'marketplace.startReceiver',
  stopReceiver: 'marketplace.stopReceiver',
  copyReceiverUrl: 'marketplace.copyReceiverUrl',
  forwardNotifications: 'marketplace.forwardNotifications',
  stopForwarding: 'marketplace.stopForwarding',
  replayNotification: 'marketplace.replayNotification',
  openNotification: 'marketplace.openNotification',
  openNotificationResource: 'marketplace.openNotificationResource',
  revealNotificationResource: 'marketplace.revealNotificationResource',
  filterNotifications: 'marketplace.filterNotifications',
  groupNotificationsByTopic: 'marketplace.groupNotificationsByTopic',
  listNotificationsByTime: 'marketplace.listNotificationsByTime',
  clearNotifications: 'marketplace.clearNotifications',
  pullMissedNotifications: 'marketplace.pullMissedNotifications',
  showNotifications: 'marketplace.showNotifications',
  // Sandbox controls (src/features/sandbox/): the admin surface from the editor.
  triggerSandboxEvent: 'marketplace.triggerSandboxEvent',
  advanceSandboxClock: 'marketplace.advanceSandboxClock',
  injectSandboxFault: 'marketplace.injectSandboxFault',
  clearSandboxFaults: 'marketplace.clearSandboxFaults',
  /** From the editor to CI (src/features/sandbox/fixturesCommands.ts): the sandbox's data as a fixtures file, its npx line. */
  exportSandboxFixtures: 'marketplace.exportSandboxFixtures',
  copySandboxCommandLine: 'marketplace.copySandboxCommandLine',
  // The response view (src/features/responses/): opens the panel with a response model; hidden from the palette.
  showResponse: 'marketplace.showResponse',
} as const;

export type CommandId = (typeof COMMANDS)[keyof typeof COMMANDS];

/** Context keys used in `when` clauses. */
export const CONTEXT = {
  signedIn: 'marketplace.signedIn',
  environment: 'marketplace.environment',
  sandboxRunning: 'marketplace.sandboxRunning',
  /** The notification receiver listens in this window. */
  receiverRunning: 'marketplace.receiverRunning',
  /** Received notifications are forwarded to the user's application. */
  forwarding: 'marketplace.forwarding',
  /** The Notifications view groups rows by topic (else one list, newest first). */
  notificationsGrouped: 'marketplace.notificationsGrouped',
  /** The Request History view lists the panels' reads too (else only the requests that changed something). */
  historyShowsReads: 'marketplace.historyShowsReads',
} as const;

/** Settings (all under `marketplace.`); host-choosing ones are application-scoped so a workspace cannot redirect the token. */
export const SETTINGS = {
  section: 'marketplace',
  environment: 'environment',
  apiBaseUrl: 'api.baseUrl',
  authUrl: 'api.authUrl',
  oauthClientId: 'oauth.clientId',
  oauthRedirect: 'oauth.redirect',
  oauthLoopbackPort: 'oauth.loopbackPort',
  sandboxPort: 'sandbox.port',
  sandboxPersist: 'sandbox.persist',
  /** The local sandbox plays a seller with N listings and 10·N orders (0: the default seed). */
  sandboxScale: 'sandbox.scale',
  pageSize: 'explorer.pageSize',
  requestTimeout: 'requests.timeoutSeconds',
  /** Ask before every mutating request outside the local sandbox. */
  confirmOutsideSandbox: 'requests.confirmOutsideSandbox',
  /** Show Send / Validate / Diff / Copy as curl above payload files. */
  codeLens: 'requests.codeLens',
  /** Requests in flight at once in a bulk send. */
  bulkConcurrency: 'requests.bulkConcurrency',
  /** Loopback port of the notification receiver. */
  receiverPort: 'notifications.port',
  /** Topics the local sandbox sends to the receiver. */
  sandboxTopics: 'notifications.sandboxTopics',
  /** Application id for Pull Missed Notifications on the Marketplace API. */
  applicationId: 'notifications.applicationId',
  /** Public host names of the user's tunnel, accepted as Host by the receiver. */
  tunnelHosts: 'notifications.tunnelHosts',
} as const;

/** A setting's full id, as the settings editor and settings.json name it (`marketplace.api.baseUrl`). */
export const settingId = (key: (typeof SETTINGS)[keyof typeof SETTINGS]): string => `${SETTINGS.section}.${key}`;

/** SecretStorage keys. Everything secret lives here and only here. */
export const SECRETS = {
  /** JSON `StoredToken` of one account: `marketplace.token.<environment>.<userId>`. */
  token: (environment: string, userId: number) => `marketplace.token.${environment}.${userId}`,
  /** A short-lived claim so two windows never spend the same single-use refresh token. */
  refreshLock: (environment: string, userId: number) => `marketplace.refreshLock.${environment}.${userId}`,
  /** The OAuth application's client secret for the Marketplace API environment. */
  clientSecret: 'marketplace.oauth.clientSecret',
  /** The secret the embedded sandbox derives its start tokens from: never in its data folder. */
  sandboxTokenSecret: 'marketplace.sandbox.tokenSecret',
} as const;

/** globalState and workspaceState keys (no secrets). */
export const STATE = {
  accounts: 'marketplace.accounts',
  activeAccount: 'marketplace.activeAccount',
  /** workspaceState: what each creation file created, so sending it again asks first. */
  creations: 'marketplace.creations',
  /** globalState: the URL received notifications are forwarded to. */
  forwardUrl: 'marketplace.notifications.forwardUrl',
  /** workspaceState: the receiver was listening in this window when it closed (it starts again). */
  receiverWasRunning: 'marketplace.notifications.receiverWasRunning',
  /** globalState: the Notifications view's topic filter and grouping. */
  notificationsView: 'marketplace.notifications.view',
  /** globalState: the Request History view lists the panels' reads too. */
  historyShowsReads: 'marketplace.history.showsReads',
  /** workspaceState: the fixtures file last exported in this workspace (Copy Command Line names it). */
  lastFixturesFile: 'marketplace.sandbox.lastFixturesFile',
} as const;

export const JSON_SCHEME = 'marketplace-json';
