import * as vscode from 'vscode';
import type { ExchangeRecord } from '../../api/client';
import { getItem } from '../../api/items';
import { getSizeChart, loadChartItemsChange } from '../../api/sizeCharts';
import { COMMANDS, SETTINGS } from '../../constants';
import { chartIdOfPath, describeChartItemsChange } from '../../model/chartItemsChange';
import { formatNumber, plural } from '../../model/numberFormat';
import { anyCaseGlob, classifyPayloadFile, type PayloadKind } from '../../model/payloadFiles';
import type { CommandEntry } from '../../platform/commandTable';
import { showError } from '../../platform/errors';
import type { Output } from '../../platform/output';
import { errorsOf, findingsText } from '../../rules/finding';
import { toCurl } from '../../text/curl';
import { JSON_SYNTAX_CODE, JSON_TOO_DEEP_CODE, parseFailure, parseJson } from '../../text/jsonText';
import type { Session, SessionSource } from '../auth/session';
import { confirmOutsideSandbox, requireSession } from '../auth/sessionGuards';
import type { LiveContext } from '../authoring/liveContext';
import type { MarketplaceExplorer } from '../explorer/provider';
import { ResponsePanel, toResponseModel } from '../responses';
import { CREATES, type CreationLedger, type CreationRecord, createdId, describeCreation } from './creations';
import { planRequest, type RequestPlan } from './plan';
import {
  type ChangedResource,
  changedResources,
  planPayload,
  projectLike,
  type SendOutcome,
  senderOf,
  sendPlan,
  validateCreation,
} from './send';

/** Options tests (and other callers) pass: `confirm: true` answers every question with yes ("Send Anyway" included). */
export interface SendOptions {
  confirm?: boolean;
}

/** What a send ended with (returned to the command's caller; integration tests read it). */
export interface SendResult {
  sent: boolean;
  plan?: RequestPlan;
  outcome?: SendOutcome;
  /** Why nothing was sent. */
  reason?: string;
}

/** Problems that make a request meaningless: no "send anyway" for these. */
const BLOCKING = new Set([
  JSON_SYNTAX_CODE,
  JSON_TOO_DEEP_CODE,
  'payload.file_name',
  'request.signed_out',
  'request.nothing_changed',
  'request.item_unknown',
  'payload.sale_terms.body',
  'item.body.invalid',
  'chart_items.body',
]);

const LIVE_SCHEME = 'marketplace-live';

/**
 * Send, Validate with the API, Diff with live and Copy as curl for payload files (CodeLens, editor title, the file
 * explorer's context menu and the palette). A send plans with fresh live data (`send.ts`), asks where it must (rules
 * or schema failing, destructive requests, outside the sandbox), shows the response and refreshes what changed.
 */
export class PayloadRequests implements vscode.Disposable {
  private readonly liveDocuments = new Map<string, string>();
  private readonly liveChanged = new vscode.EventEmitter<vscode.Uri>();
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    private readonly context: Pick<vscode.ExtensionContext, 'extensionUri'>,
    private readonly sessions: SessionSource,
    private readonly explorer: MarketplaceExplorer,
    private readonly live: LiveContext | undefined,
    private readonly output: Output,
    /** What creation files created here: a second send of one asks first. */
    private readonly creations: CreationLedger,
  ) {
    this.disposables.push(
      this.liveChanged,
      vscode.workspace.registerTextDocumentContentProvider(LIVE_SCHEME, {
        onDidChange: this.liveChanged.event,
        provideTextDocumentContent: (uri) => this.liveDocuments.get(uri.toString()) ?? '',
      }),
    );
  }

  commands(): CommandEntry[] {
    return [
      {
        id: COMMANDS.sendPayload,
        run: (uri?: unknown, options?: SendOptions) => this.send(uri, options),
        failure: 'Could not send the payload',
      },
      {
        id: COMMANDS.validatePayload,
        run: (uri?: unknown) => this.validate(uri),
        failure: 'Could not validate the payload',
      },
      {
        id: COMMANDS.diffPayload,
        run: (uri?: unknown) => this.diff(uri),
        failure: 'Could not compare with the live resource',
      },
      {
        id: COMMANDS.copyPayloadAsCurl,
        run: (uri?: unknown) => this.copyAsCurl(uri),
        failure: 'Could not copy the request as curl',
      },
    ];
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }

  // ---------------------------------------------------------------------------------------------------------------

  /** Sends the payload file (its text as the editor has it, saved or not). */
  async send(target?: unknown, options: SendOptions = {}): Promise<SendResult> {
    const session = this.requireSession();
    const document = await this.payloadDocument(target);
    const fileName = baseName(document.uri);
    const plan = await this.withProgress(`Planning ${fileName}`, () =>
      planPayload(senderOf(session), fileName, document.getText()),
    );
    const blocking = errorsOf(plan.findings).filter((entry) => BLOCKING.has(entry.code));
    if (blocking.length || !plan.path) {
      const reason = findingsText(blocking) || 'The file name does not say where to send it.';
      void vscode.window.showWarningMessage(`${fileName}: not sent. ${reason}`);
      return { sent: false, plan, reason };
    }
    const problems = [
      ...errorsOf(plan.findings).map((entry) => entry.message),
      ...this.schemaErrors(document.uri).filter((message) => !plan.findings.some((entry) => entry.message === message)),
    ];
    if (problems.length && !(await this.sendAnyway(fileName, plan, problems, options))) {
      return { sent: false, plan, reason: 'cancelled' };
    }
    if (!(await this.confirmDestructive(session, plan, options))) return { sent: false, plan, reason: 'cancelled' };
    const creates = plan.method === 'POST' && plan.kind ? CREATES[plan.kind] : undefined;
    const file = document.uri.toString();
    const earlier = creates ? this.creations.find(file, session.environment, session.account.userId) : undefined;
    if (creates && earlier && !(await this.createAgain(document.uri, plan, creates, earlier, options))) {
      return { sent: false, plan, reason: 'cancelled' };
    }
    if (!(await confirmOutsideSandbox(session, `${plan.method} ${plan.path}`, options))) {
      return { sent: false, plan, reason: 'cancelled' };
    }
    const outcome = await this.withProgress(`${plan.method} ${plan.path}`, () => sendPlan(session.client, plan));
    this.show(session, outcome);
    if (outcome.ok) {
      await this.afterChange(plan.method, plan.path, outcome.body);
      this.output.info(`${fileName}: ${plan.method} ${plan.path} → ${outcome.record?.status ?? 'ok'}`);
      if (creates) {
        const resourceId = createdId(outcome.body);
        await this.creations.remember({
          file,
          environment: session.environment,
          userId: session.account.userId,
          request: `${plan.method} ${plan.path}`,
          ...(resourceId ? { resourceId } : {}),
          time: new Date().toISOString(),
        });
        if (plan.kind === 'item' && resourceId) void this.offerPull(document.uri, fileName, resourceId);
      }
    } else {
      // The response view shows the whole answer; the notification says it failed and what to do next.
      void showError(
        outcome.error,
        this.output,
        `${fileName}: ${plan.method} ${plan.path} was not accepted`,
        'payloadFile',
      );
    }
    return { sent: true, plan, outcome };
  }

  /** `POST /items/validate` with an item creation file: the API's verdict, nothing created. */
  async validate(target?: unknown): Promise<SendOutcome> {
    const session = this.requireSession();
    const document = await this.payloadDocument(target);
    const file = classifyPayloadFile(baseName(document.uri));
    if (file?.kind !== 'item' || file.target) {
      throw new Error('Validate with the API applies to item creation files (*.item.json not named after an item id).');
    }
    const parsed = parseJson(document.getText());
    if (parsed.errors.length) throw new Error(parseFailure(parsed));
    const outcome = await this.withProgress('POST /items/validate', () =>
      validateCreation(session.client, parsed.value),
    );
    this.show(session, outcome);
    const name = baseName(document.uri);
    if (outcome.ok) {
      void vscode.window.showInformationMessage(`${name}: the API accepts this listing (nothing was created).`);
    } else {
      const causes = outcome.error.causes.length;
      const count = causes ? ` (${causes} cause${causes === 1 ? '' : 's'})` : '';
      void vscode.window.showWarningMessage(
        `${name}: the API refuses this listing${count}: ${outcome.error.apiMessage.replace(/\.?$/, '.')} The response view lists each cause.`,
      );
    }
    return outcome;
  }

  /** Opens a diff: the live resource seen through the file's shape (left) and the file (right). */
  async diff(target?: unknown): Promise<vscode.Uri> {
    const session = this.requireSession();
    const document = await this.payloadDocument(target);
    const fileName = baseName(document.uri);
    const file = classifyPayloadFile(fileName);
    const parsed = parseJson(document.getText());
    if (parsed.errors.length) throw new Error(parseFailure(parsed));
    const payload = parsed.value;
    const client = session.client;
    let live: unknown;
    let label: string;
    if ((file?.kind === 'item' || file?.kind === 'saleTerms') && file.target) {
      const item = await this.withProgress(`GET /items/${file.target}`, () => getItem(client, file.target as string));
      const shape = file.kind === 'saleTerms' && Array.isArray(payload) ? { sale_terms: payload } : payload;
      const projected = projectLike(shape, item) as Record<string, unknown>;
      live = file.kind === 'saleTerms' && Array.isArray(payload) ? projected.sale_terms : projected;
      label = `item ${file.target}`;
    } else if (file?.kind === 'chartItems') {
      const chartId = chartIdOfPath(file.path) as number;
      const change = await this.withProgress(`GET /size_charts/${chartId}/items`, () =>
        loadChartItemsChange(client, chartId, []),
      );
      live = { items: change.current };
      label = `size chart ${chartId}'s items`;
    } else if (file?.kind === 'sizeChart' && file.target) {
      const chartId = Number(file.target);
      live = projectLike(
        payload,
        await this.withProgress(`GET /size_charts/${chartId}`, () => getSizeChart(client, chartId)),
      );
      label = `size chart ${chartId}`;
    } else {
      throw new Error(`${fileName} creates or adds a resource: there is nothing live to compare it with.`);
    }
    const liveName = fileName.replace(/\.json$/i, '.live.json');
    const uri = vscode.Uri.from({ scheme: LIVE_SCHEME, path: `/${liveName}`, query: String(Date.now()) });
    this.liveDocuments.set(uri.toString(), `${JSON.stringify(live, null, 2)}\n`);
    this.liveChanged.fire(uri);
    await vscode.commands.executeCommand('vscode.diff', uri, document.uri, `${label} (live) ↔ ${fileName}`, {
      preview: true,
    });
    return uri;
  }

  /** The live side of the last diff (tests). */
  liveText(uri: vscode.Uri): string | undefined {
    return this.liveDocuments.get(uri.toString());
  }

  /** Copies the file's request as curl: what a send would send now (the diff included), the token as a variable. */
  async copyAsCurl(target?: unknown): Promise<string> {
    const session = this.requireSession();
    const document = await this.payloadDocument(target);
    const fileName = baseName(document.uri);
    const plan = await this.withProgress(`Planning ${fileName}`, () =>
      planPayload(senderOf(session), fileName, document.getText()),
    );
    if (!plan.path) throw new Error('The file name does not say where to send it.');
    const command = toCurl({ method: plan.method, baseUrl: session.baseUrl, path: plan.path, body: plan.body });
    await vscode.env.clipboard.writeText(command);
    void vscode.window.showInformationMessage(
      `Copied ${plan.method} ${plan.path} as curl. Set MARKETPLACE_TOKEN in your shell before running it.`,
    );
    return command;
  }

  // ---------------------------------------------------------------------------------------------------------------

  /** Shows an exchange (or a failure without an answer) in the response view. */
  show(session: Session, outcome: SendOutcome): void {
    const model = outcome.ok
      ? toResponseModel(outcome.record ?? emptyRecord(session), { surface: 'payloadFile' })
      : toResponseModel(outcome.error, { baseUrl: session.baseUrl, record: outcome.record, surface: 'payloadFile' });
    ResponsePanel.createOrShow(this.context, model);
  }

  /** Drops what the request changed from the authoring cache and refreshes it in the explorer. */
  afterChange(method: string, path: string, answer: unknown): Promise<void> {
    return this.applyChanges(changedResources(method, path, answer));
  }

  /** Forgets changed items and orders in the authoring cache (a creation: the seller's list) and refreshes them. */
  async applyChanges(changes: readonly ChangedResource[]): Promise<void> {
    for (const change of changes) {
      if (change.id && (change.kind === 'item' || change.kind === 'order')) this.live?.forget(change.kind, change.id);
      if (change.kind === 'item') this.live?.forget('sellerItems', '');
    }
    await this.explorer.refreshResources(changes);
  }

  private requireSession(): Session {
    return requireSession({ sessions: this.sessions });
  }

  /** The payload document of a command: its URI argument (CodeLens, menus) or the one in the window (palette). */
  private async payloadDocument(target: unknown): Promise<vscode.TextDocument> {
    const uri =
      target instanceof vscode.Uri
        ? target
        : target !== undefined
          ? await this.payloadFileOfNode(target)
          : await this.payloadFileOfWindow();
    if (!uri) throw new Error('Open a payload file (such as MLA1234567890.item.json) first.');
    const document = await vscode.workspace.openTextDocument(uri);
    if (!classifyPayloadFile(baseName(uri))) {
      throw new Error(
        `${baseName(uri)} is not a payload file: name it *.item.json, ID.sale-terms.json, *.size-chart.json, CHART.chart-items.json, ORDER.note.json, ORDER.feedback.json or *.blacklist.json.`,
      );
    }
    return document;
  }

  /**
   * The payload file a command without argument works on: the active editor's; else, when the active editor is no
   * text editor (the walkthrough, a panel), the payload file shown beside it, or the one open in a tab (asked when
   * there are several). With none open, offers to write one.
   */
  private async payloadFileOfWindow(): Promise<vscode.Uri | undefined> {
    const active = vscode.window.activeTextEditor?.document.uri;
    if (active) return active;
    const isPayload = (uri: vscode.Uri) => classifyPayloadFile(baseName(uri)) !== undefined;
    const unique = (uris: vscode.Uri[]) => [...new Map(uris.map((uri) => [uri.toString(), uri])).values()];
    const shown = unique(vscode.window.visibleTextEditors.map((editor) => editor.document.uri).filter(isPayload));
    const tabs = unique(
      vscode.window.tabGroups.all
        .flatMap((group) => group.tabs)
        .flatMap((tab) => (tab.input instanceof vscode.TabInputText ? [tab.input.uri] : []))
        .filter(isPayload),
    );
    const candidates = shown.length ? shown : tabs;
    if (candidates.length === 1) return candidates[0];
    if (candidates.length > 1) {
      const picked = await vscode.window.showQuickPick(
        candidates.map((uri) => ({ label: baseName(uri), description: vscode.workspace.asRelativePath(uri), uri })),
        { title: 'Which payload file?' },
      );
      if (!picked) throw new vscode.CancellationError();
      return picked.uri;
    }
    const create = 'New Item Payload…';
    const answer = await vscode.window.showInformationMessage(
      'Open a payload file first (such as MLA1234567890.item.json), or write a new listing.',
      create,
    );
    if (answer === create) await vscode.commands.executeCommand(COMMANDS.newItemPayload);
    throw new vscode.CancellationError();
  }

  /**
   * The payload file of a Marketplace explorer node (an item, an order, a size chart): the workspace's files named
   * after its id (`MLA….item.json`, `MLA….sale-terms.json`, `ORDER.note.json`, `CHART.chart-items.json`…); asks
   * which when there are several, and offers to pull an item into a new file when there is none.
   */
  private async payloadFileOfNode(target: unknown): Promise<vscode.Uri | undefined> {
    const node = target as { kind?: unknown; resourceId?: unknown };
    const kinds = ['item', 'order', 'sizeChart', 'chartItems'];
    if (typeof node?.kind !== 'string' || !kinds.includes(node.kind)) return undefined;
    const owner = node.kind === 'chartItems' ? (target as { parent?: { resourceId?: unknown } }).parent : node;
    const id = typeof owner?.resourceId === 'string' ? owner.resourceId : undefined;
    if (!id || !/^[\w-]+$/.test(id)) return undefined;
    // Any case: `mla1400000401.item.json` names MLA1400000401 too (payloadFiles.ts).
    const found = (
      await vscode.workspace.findFiles(`**/${anyCaseGlob(`${id}.*.json`)}`, '**/node_modules/**', 50)
    ).filter((uri) => classifyPayloadFile(baseName(uri)));
    if (found.length === 1) return found[0];
    if (found.length > 1) {
      const picked = await vscode.window.showQuickPick(
        found.map((uri) => ({ label: baseName(uri), description: vscode.workspace.asRelativePath(uri), uri })),
        { title: `Which payload file of ${id}?` },
      );
      if (!picked) throw new vscode.CancellationError();
      return picked.uri;
    }
    const pull = node.kind === 'item' ? 'Pull Item into Payload File' : undefined;
    const answer = await vscode.window.showInformationMessage(
      `No payload file named after ${id} in this workspace (such as ${id}.${node.kind === 'item' ? 'item' : node.kind === 'order' ? 'note' : 'size-chart'}.json).`,
      ...(pull ? [pull] : []),
    );
    if (answer === pull) await vscode.commands.executeCommand(COMMANDS.pullItemPayload, target);
    throw new vscode.CancellationError();
  }

  /** Errors VS Code shows on the file (the JSON schema's among them). */
  private schemaErrors(uri: vscode.Uri): string[] {
    return vscode.languages
      .getDiagnostics(uri)
      .filter((entry) => entry.severity === vscode.DiagnosticSeverity.Error)
      .map((entry) => entry.message);
  }

  private async sendAnyway(
    fileName: string,
    plan: RequestPlan,
    problems: string[],
    options: SendOptions,
  ): Promise<boolean> {
    if (options.confirm) return true;
    const shown = problems.slice(0, 6).map((message) => `• ${message}`);
    if (problems.length > 6) shown.push(`• and ${problems.length - 6} more (see Problems)`);
    const answer = await vscode.window.showWarningMessage(
      `${fileName} has ${problems.length} problem${problems.length === 1 ? '' : 's'}. Send ${plan.method} ${plan.path} anyway?`,
      { modal: true, detail: `${shown.join('\n')}\n\nThe API will most likely refuse it for the same reasons.` },
      'Send Anyway',
    );
    return answer === 'Send Anyway';
  }

  /**
   * The file already created a resource here: sending it again creates a second one. Asks, every time; for a listing,
   * the other way out is to pull the created listing into a payload file named after it (which updates it).
   */
  private async createAgain(
    uri: vscode.Uri,
    plan: RequestPlan,
    creates: string,
    earlier: CreationRecord,
    options: SendOptions,
  ): Promise<boolean> {
    if (options.confirm) return true;
    const fileName = baseName(uri);
    const again = `Create Another ${creates.charAt(0).toUpperCase()}${creates.slice(1)}`;
    const pull =
      plan.kind === 'item' && earlier.resourceId ? `Pull ${earlier.resourceId} into a Payload File` : undefined;
    const answer = await vscode.window.showWarningMessage(
      `${fileName} already created a ${creates} (${describeCreation(earlier)}). Send ${plan.method} ${plan.path} again?`,
      {
        modal: true,
        detail: `Sending it again creates another ${creates}; the first one stays.${pull ? ` To change ${earlier.resourceId} instead, pull it into ${earlier.resourceId}.item.json and send that file.` : ''}`,
      },
      // The way out comes first (Enter takes it): a second listing is the rarer wish.
      ...(pull ? [pull] : []),
      again,
    );
    if (answer === pull && earlier.resourceId) await this.pullNextTo(uri, earlier.resourceId);
    return answer === again;
  }

  /** After a listing is created: offers to pull it into a payload file named after it, next to the creation file. */
  private async offerPull(uri: vscode.Uri, fileName: string, itemId: string): Promise<void> {
    const pull = `Pull into ${itemId}.item.json`;
    const answer = await vscode.window.showInformationMessage(
      `${fileName} created ${itemId}. To change it from now on, edit ${itemId}.item.json (sending ${fileName} again creates another listing).`,
      pull,
    );
    if (answer === pull) await this.pullNextTo(uri, itemId);
  }

  /** Pull Item into Payload File, into the folder of the file that created the item (when it is on disk). */
  private async pullNextTo(uri: vscode.Uri, itemId: string): Promise<void> {
    const folder = uri.scheme === 'untitled' ? undefined : vscode.Uri.joinPath(uri, '..');
    await vscode.commands.executeCommand(COMMANDS.pullItemPayload, { itemId, ...(folder ? { folder } : {}) });
  }

  /** Requests that cannot be undone ask first, saying what happens. */
  private async confirmDestructive(session: Session, plan: RequestPlan, options: SendOptions): Promise<boolean> {
    if (options.confirm) return true;
    const ask = async (message: string, detail: string, action: string) =>
      (await vscode.window.showWarningMessage(message, { modal: true, detail }, action)) === action;
    const body = plan.body as Record<string, unknown> | undefined;
    if (plan.kind === 'chartItems') {
      const chartId = chartIdOfPath(plan.path) as number;
      const next = (body?.items as string[] | undefined) ?? [];
      const change = await this.withProgress(`Reading every page of chart ${chartId}'s items`, () =>
        loadChartItemsChange(session.client, chartId, next),
      );
      return ask(
        `Replace the item list of size chart ${chartId}?`,
        `The API replaces the whole list (${plural(change.current.length, 'item')} now, ${formatNumber(next.length)} after): ${describeChartItemsChange(change)}`,
        change.removed.length ? `Replace and Remove ${formatNumber(change.removed.length)}` : 'Replace',
      );
    }
    if (plan.kind === 'feedback') {
      return ask(
        `Send feedback for order ${plan.path?.split('/')[2]}?`,
        `fulfilled=${String(body?.fulfilled)}, rating=${String(body?.rating)}. Feedback cannot be taken back; a reservation then ${body?.fulfilled === false ? 'is cancelled and its payment refunded' : 'counts as delivered'}.`,
        'Send Feedback',
      );
    }
    if (plan.kind === 'item' && plan.method === 'PUT' && (body?.deleted === true || body?.deleted === 'true')) {
      return ask(`Delete item ${plan.path?.split('/')[2]}?`, 'Deleting a listing cannot be undone.', 'Delete');
    }
    if (plan.kind === 'item' && plan.method === 'PUT' && body?.status === 'closed') {
      return ask(`Close item ${plan.path?.split('/')[2]}?`, 'A closed listing cannot be reactivated.', 'Close');
    }
    if (plan.kind === 'sizeChart' && plan.method === 'PUT') {
      return ask(
        `Replace size chart ${plan.path?.split('/')[2]}?`,
        'Its name and sizes become exactly what the file says.',
        'Replace',
      );
    }
    return true;
  }

  private withProgress<T>(title: string, task: () => Promise<T>): Promise<T> {
    return Promise.resolve(
      vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title }, () => task()),
    );
  }
}

/** A record for a success the client did not report (it always does; a safety net). */
function emptyRecord(session: Session): ExchangeRecord {
  return {
    method: 'GET',
    path: '',
    baseUrl: session.baseUrl,
    requestBody: undefined,
    status: 200,
    durationMs: 0,
    responseHeaders: {},
    responseBody: undefined,
    sizeBytes: 0,
  };
}

/** The file name of a URI (untitled documents carry their proposed name). */
export function baseName(uri: vscode.Uri): string {
  return uri.path.split('/').pop() ?? uri.path;
}

// ---------------------------------------------------------------------------------------------------------------
// CodeLens

/**
 * The lenses above a payload file: Send (method, path and what changes, from the cached live item so typing costs
 * no request), Validate with the API (item creations), Diff with live (updates), Copy as curl.
 */
export class PayloadCodeLens implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  private readonly disposables: vscode.Disposable[] = [this.changed];

  constructor(
    private readonly sessions: SessionSource,
    private readonly live: LiveContext | undefined,
    private readonly creations: CreationLedger,
  ) {
    if (live) this.disposables.push(live.onDidUpdate(() => this.changed.fire()));
    this.disposables.push(creations.onDidRemember(() => this.changed.fire()));
    this.disposables.push(
      sessions.onDidChange(() => this.changed.fire()),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration(`${SETTINGS.section}.${SETTINGS.codeLens}`)) this.changed.fire();
      }),
    );
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    if (!vscode.workspace.getConfiguration(SETTINGS.section).get<boolean>(SETTINGS.codeLens, true)) return [];
    const fileName = baseName(document.uri);
    const file = classifyPayloadFile(fileName);
    if (!file) return [];
    const session = this.sessions.current;
    const snapshot = this.live?.snapshot();
    const itemTarget = (file.kind === 'item' || file.kind === 'saleTerms') && file.target ? file.target : undefined;
    const cached = itemTarget ? snapshot?.item(itemTarget) : undefined;
    if (itemTarget && session && (!cached || cached.stale)) void this.live?.fetch([{ kind: 'item', id: itemTarget }]);
    const plan = planRequest(fileName, document.getText(), {
      userId: session?.account.userId,
      item: cached?.state === 'ready' ? cached.value : undefined,
    });
    const range = new vscode.Range(0, 0, 0, 0);
    const lenses: vscode.CodeLens[] = [];
    const arg = [document.uri];
    const waiting = itemTarget && session && !cached;
    // The lens is named as the README names it: "Send", then the request it makes.
    const title = !session
      ? `$(cloud-upload) Send ${plan.method} ${plan.path ?? ''} · sign in first`
      : waiting
        ? `$(cloud-upload) Send ${plan.method} ${plan.path} · reading item ${itemTarget}…`
        : cached?.state === 'failed' || cached?.state === 'missing'
          ? `$(cloud-upload) Send ${plan.method} ${plan.path} · item ${itemTarget}: ${cached.message}`
          : `$(cloud-upload) Send ${plan.summary}${this.createdNote(document.uri, file.kind, session)}`;
    lenses.push(
      new vscode.CodeLens(range, {
        title,
        command: session ? COMMANDS.sendPayload : COMMANDS.signIn,
        arguments: session ? arg : [],
        tooltip: session ? `Send this file to ${session.baseUrl}` : 'Sign in, or use the local sandbox, to send',
      }),
    );
    if (file.kind === 'item' && !file.target) {
      lenses.push(
        new vscode.CodeLens(range, {
          title: '$(pass) Validate with the API',
          command: COMMANDS.validatePayload,
          arguments: arg,
          tooltip: 'POST /items/validate: the API checks the listing without creating it',
        }),
      );
    }
    const hasLive = itemTarget || file.kind === 'chartItems' || (file.kind === 'sizeChart' && file.target);
    if (hasLive) {
      lenses.push(
        new vscode.CodeLens(range, {
          title: '$(diff) Diff with live',
          command: COMMANDS.diffPayload,
          arguments: arg,
          tooltip: 'Compare the file with the live resource',
        }),
      );
    }
    lenses.push(
      new vscode.CodeLens(range, {
        title: '$(terminal) Copy as curl',
        command: COMMANDS.copyPayloadAsCurl,
        arguments: arg,
      }),
    );
    return lenses;
  }

  /** ` · already created MLA…` when this creation file already created its resource here. */
  private createdNote(uri: vscode.Uri, kind: PayloadKind, session: Session | undefined): string {
    if (!session || !CREATES[kind]) return '';
    const earlier = this.creations.find(uri.toString(), session.environment, session.account.userId);
    return earlier ? ` · already created ${earlier.resourceId ?? `a ${CREATES[kind]}`}` : '';
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }
}
