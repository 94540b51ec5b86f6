import * as vscode from 'vscode';
import type { ExchangeRecord } from '../../api/client';
import { ApiError } from '../../api/errors';
import {
  QUOTE_MODES,
  type QuoteFailure,
  QuoteInputs,
  type QuoteMode,
  type QuoteResult,
  type QuoteSite,
  ShippingHostMessage,
  ShippingViewMessage,
} from '../../model/protocols/shipping';
import { displayLocale } from '../../platform/displayLanguage';
import { Disposable } from '../../platform/disposable';
import { nextStep } from '../../platform/nextStep';
import type { Output } from '../../platform/output';
import { PanelHost, type PanelKind } from '../../platform/webviews/panelHost';
import { toCurl } from '../../text/curl';
import type { Session, SessionExchange, SessionSource } from '../auth/session';
import { environmentLabel } from '../authoring/liveContext';
import type { JsonSource } from '../explorer/jsonDocuments';
import type { QuotePrefill } from './prefill';
import { answerJsonPath, failureOf, planQuote, quoteResultOf, quoteSites } from './quotes';

const SHIPPING_PANEL: PanelKind<ShippingHostMessage, ShippingViewMessage> = {
  viewType: 'marketplace.shippingQuotes',
  bundle: 'shipping',
  hostMessages: ShippingHostMessage,
  viewMessages: ShippingViewMessage,
  placeholder: () => vscode.l10n.t('Loading the shipping quote form…'),
};

/** Where the last inputs of each mode are kept, across reloads and restarts (never a secret: ids and codes only). */
const INPUTS_KEY = 'marketplace.shipping.inputs';

export interface ShippingPanelDeps {
  extensionUri: vscode.Uri;
  sessions: SessionSource;
  /** Global state: the inputs of each mode. */
  memento: vscode.Memento;
  /** Where each quote is recorded, as every request a person makes (reads included). */
  history: { remember(exchange: SessionExchange): void };
  output: Output;
  /** The explorer's read-only JSON documents: *Open as JSON* shows a quote's answer there, named after its request. */
  json: { show(source: JsonSource, options?: { beside?: boolean }): Thenable<unknown> };
}

type AllInputs = Record<QuoteMode, QuoteInputs>;

/**
 * The shipping quote panel: one form per shipping endpoint of the spec, results in words. One panel, revealed again
 * when open. The host makes every request (the token never enters the webview), turns the answers into rows with the
 * rules of src/rules/, and keeps each mode's inputs; requests go to the Request History like every other.
 */
export class ShippingQuotePanel extends Disposable {
  private static current: ShippingQuotePanel | undefined;
  private readonly host: PanelHost<ShippingHostMessage, ShippingViewMessage>;
  private mode: QuoteMode;
  private last: { record?: ExchangeRecord; result?: QuoteResult; failure?: QuoteFailure } = {};
  private running: AbortController | undefined;
  /** The sites the form was offered, with their listed cities, for the session they were asked for. */
  private sites: { session: Session | undefined; sites: Promise<QuoteSite[]> } | undefined;

  /** The open panel, if any (integration tests read what it showed). */
  static get open(): ShippingQuotePanel | undefined {
    return ShippingQuotePanel.current;
  }

  /** Opens the panel, or reveals the open one; a prefill switches it to that form with those inputs. */
  static show(deps: ShippingPanelDeps, prefill?: QuotePrefill): ShippingQuotePanel {
    const open = ShippingQuotePanel.current;
    if (open) {
      if (prefill) open.prefill(prefill);
      open.host.reveal();
      return open;
    }
    ShippingQuotePanel.current = new ShippingQuotePanel(deps, prefill);
    return ShippingQuotePanel.current;
  }

  private constructor(
    private readonly deps: ShippingPanelDeps,
    prefill: QuotePrefill | undefined,
  ) {
    super();
    this.mode = prefill?.mode ?? this.kept().mode;
    if (prefill) this.keep(prefill.mode, { ...this.inputs()[prefill.mode], ...prefill.inputs });
    this.host = this.register(
      new PanelHost(
        deps.extensionUri,
        SHIPPING_PANEL,
        { title: vscode.l10n.t('Shipping Quotes'), column: vscode.ViewColumn.Active, retainContextWhenHidden: true },
        { onReady: () => void this.init(), onMessage: (message) => this.receive(message) },
      ),
    );
    this.host.onDidClose(() => {
      this.running?.abort();
      if (ShippingQuotePanel.current === this) ShippingQuotePanel.current = undefined;
    });
  }

  /** The last result the panel received (integration tests compare it with the sandbox's answer). */
  get lastResult(): QuoteResult | undefined {
    return this.last.result;
  }

  private readonly renderedPaths: string[] = [];
  private readonly renderListeners: ((path: string) => void)[] = [];

  /** Resolves when the webview has drawn the next result (the bench times a quote up to here). */
  nextRender(): Promise<string> {
    return new Promise((resolve) => this.renderListeners.push(resolve));
  }

  /** The paths of the results the webview drew, oldest first (tests: what reached the screen). */
  get rendered(): readonly string[] {
    return this.renderedPaths;
  }

  /** The panel's webview (integration tests read its HTML and options: the policy, the resource roots). */
  get webview(): vscode.Webview {
    return this.host.panel.webview;
  }

  /** The last failure the panel showed (a rule's refusal before sending, or the API's). */
  get lastFailure(): QuoteFailure | undefined {
    return this.last.failure;
  }

  /** The raw answer of the last quote. */
  get lastAnswer(): unknown {
    return this.last.record?.responseBody;
  }

  /** Quotes as the form's button does (integration tests drive the panel through it). */
  quote(mode: QuoteMode, inputs: Partial<QuoteInputs>): Promise<void> {
    return this.run(mode, QuoteInputs.parse(inputs));
  }

  /**
   * Opens the last answer as the form's *Open as JSON* does: read-only and named after the request
   * (`/sites/MLB/shipping_options.json`), as the explorer's documents, beside the panel.
   */
  async openAsJson(): Promise<void> {
    const record = this.last.record;
    if (!record)
      return void vscode.window.showInformationMessage(vscode.l10n.t('Quote first: there is no answer to open yet.'));
    await this.deps.json.show({ jsonPath: answerJsonPath(record.path), data: record.responseBody }, { beside: true });
  }

  private kept(): { mode: QuoteMode; inputs: Partial<Record<QuoteMode, unknown>> } {
    const stored = this.deps.memento.get<{ mode?: string; inputs?: Record<string, unknown> }>(INPUTS_KEY);
    const mode = QUOTE_MODES.find((entry) => entry === stored?.mode) ?? 'siteZip';
    return { mode, inputs: (stored?.inputs ?? {}) as Partial<Record<QuoteMode, unknown>> };
  }

  private inputs(): AllInputs {
    const { inputs } = this.kept();
    const session = this.deps.sessions.current;
    const all = {} as AllInputs;
    for (const mode of QUOTE_MODES) {
      const parsed = QuoteInputs.safeParse(inputs[mode] ?? {});
      all[mode] = parsed.success ? parsed.data : QuoteInputs.parse({});
      // The signed-in seller is the natural origin of the seller modes, and its site of the site modes.
      if (session && !all[mode].userId && (mode === 'sellerZip' || mode === 'sellerCities')) {
        all[mode].userId = String(session.account.userId);
      }
      if (session && !all[mode].site && mode === 'siteZip') all[mode].site = session.account.siteId;
      if (mode === 'siteCities') all[mode].site = 'MCO';
      // The signed-in seller quotes from its own site: its cities, never another site's kept from before.
      if (session && mode === 'sellerCities' && all[mode].userId.trim() === String(session.account.userId)) {
        all[mode].site = session.account.siteId;
      }
    }
    return all;
  }

  private keep(mode: QuoteMode, inputs: QuoteInputs): void {
    const { inputs: stored } = this.kept();
    void this.deps.memento.update(INPUTS_KEY, { mode, inputs: { ...stored, [mode]: inputs } });
  }

  private prefill(prefill: QuotePrefill): void {
    this.mode = prefill.mode;
    this.keep(prefill.mode, { ...this.inputs()[prefill.mode], ...prefill.inputs });
    void this.init();
  }

  private async init(): Promise<void> {
    const session = this.deps.sessions.current;
    // Asked again at each (re)load of the form: the quotes then check what the form was offered.
    this.sites = undefined;
    const sites = await this.sitesOf(session);
    this.host.post({
      type: 'init',
      environment: session ? environmentLabel(session) : vscode.l10n.t('no environment (sign in first)'),
      account: session
        ? {
            userId: String(session.account.userId),
            siteId: session.account.siteId,
            nickname: session.account.nickname,
          }
        : null,
      sites,
      mode: this.mode,
      inputs: this.inputs(),
    });
    // A reload (or a quote made before the webview was ready) shows the last outcome again.
    if (this.last.result) this.host.post({ type: 'result', result: this.last.result });
    else if (this.last.failure) this.host.post({ type: 'failure', failure: this.last.failure });
  }

  /** The sites the form offers to a session, asked once per session (the sandbox's cities come over HTTP). */
  private sitesOf(session: Session | undefined): Promise<QuoteSite[]> {
    const cached = this.sites;
    if (cached && cached.session === session) return cached.sites;
    const sites = quoteSites(session);
    this.sites = { session, sites };
    return sites;
  }

  private async receive(message: ShippingViewMessage): Promise<void> {
    switch (message.type) {
      case 'ready':
        return;
      case 'rendered':
        this.renderedPaths.push(message.path);
        for (const listener of this.renderListeners.splice(0)) listener(message.path);
        return;
      case 'quote':
        return this.run(message.mode, message.inputs);
      case 'keepInputs':
        this.mode = message.mode;
        this.keep(message.mode, message.inputs);
        return;
      case 'copyAsCurl': {
        const record = this.last.record;
        if (!record)
          return void vscode.window.showInformationMessage(
            vscode.l10n.t('Quote first: there is no request to copy yet.'),
          );
        await vscode.env.clipboard.writeText(toCurl({ method: 'GET', baseUrl: record.baseUrl, path: record.path }));
        void vscode.window.setStatusBarMessage(
          vscode.l10n.t('Quote copied as curl (set MARKETPLACE_TOKEN before running it)'),
          4000,
        );
        return;
      }
      case 'openAsJson':
        return this.openAsJson();
    }
  }

  private async run(mode: QuoteMode, inputs: QuoteInputs): Promise<void> {
    this.mode = mode;
    this.keep(mode, inputs);
    const session = this.deps.sessions.current;
    if (!session) {
      this.fail({
        mode,
        message: vscode.l10n.t('Nobody is signed in.'),
        causes: [],
        next: vscode.l10n.t('Use Local Sandbox, or Sign In…, then quote again.'),
      });
      return;
    }
    const plan = planQuote(mode, inputs, {
      siteId: session.account.siteId,
      userId: String(session.account.userId),
      sites: await this.sitesOf(session),
    });
    if ('failure' in plan) {
      // The form checks the same rules as the user types: this is the host refusing what slipped through.
      this.fail(plan.failure);
      return;
    }
    this.running?.abort();
    const controller = new AbortController();
    this.running = controller;
    this.host.post({ type: 'loading', mode });
    let record: ExchangeRecord | undefined;
    try {
      const answer = await plan.send(session.client, {
        signal: controller.signal,
        onExchange: (exchange) => {
          record = exchange;
        },
      });
      if (record) this.deps.history.remember({ environment: session.environment, record });
      if (controller.signal.aborted) return;
      // The path as the client sent it (and the Request History shows it).
      const result = quoteResultOf(mode, record?.path ?? plan.path, answer, record?.durationMs, displayLocale());
      this.last = { record, result };
      this.host.post({ type: 'result', result });
    } catch (error) {
      if (record) this.deps.history.remember({ environment: session.environment, record });
      if (controller.signal.aborted) return;
      this.last = { record };
      const failure =
        error instanceof ApiError
          ? failureOf(mode, plan.path, error, nextStep(error, 'shippingPanel'))
          : {
              mode,
              path: plan.path,
              message: error instanceof Error ? error.message : String(error),
              causes: [],
              next: '',
            };
      this.deps.output.error(`Shipping quote ${plan.path} failed: ${failure.message}`);
      this.fail(failure);
    } finally {
      if (this.running === controller) this.running = undefined;
    }
  }

  private fail(failure: QuoteFailure): void {
    this.last.failure = failure;
    this.host.post({ type: 'failure', failure });
  }
}
