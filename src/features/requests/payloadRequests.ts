import * as vscode from 'vscode';
import type { ExchangeRecord } from '../../api/client';
import { COMMANDS } from '../../constants';
import { classifyPayloadFile } from '../../model/payloadFiles';
import type { CommandEntry } from '../../platform/commandTable';
import { Disposable } from '../../platform/disposable';
import { showError } from '../../platform/errors';
import type { Output } from '../../platform/output';
import { withWindowProgress } from '../../platform/windowProgress';
import { errorsOf, findingsText } from '../../rules/finding';
import { toCurl } from '../../text/curl';
import { JSON_SYNTAX_CODE, JSON_TOO_DEEP_CODE, parseFailure, parseJson } from '../../text/jsonText';
import type { Session, SessionSource } from '../auth/session';
import { confirmOutsideSandbox, requireSession } from '../auth/sessionGuards';
import type { LiveContext } from '../authoring/liveContext';
import type { MarketplaceExplorer } from '../explorer/provider';
import { ResponsePanel, toResponseModel } from '../responses';
import { CREATES, type CreationLedger, createdId } from './creations';
import { LiveDiff } from './liveDiff';
import { baseName, payloadDocument } from './payloadTarget';
import type { RequestPlan } from './plan';
import {
  type ChangedResource,
  changedResources,
  planPayload,
  type SendOutcome,
  senderOf,
  sendPlan,
  validateCreation,
} from './send';
import { confirmDestructive, createAgain, offerPull, type SendOptions, sendAnyway } from './sendQuestions';

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

/**
 * Send, Validate with the API, Diff with live and Copy as curl for payload files (CodeLens, editor title, the file
 * explorer's context menu and the palette). A send plans with fresh live data (`send.ts`), asks where it must (rules
 * or schema failing, destructive requests, outside the sandbox: `sendQuestions.ts`), shows the response and
 * refreshes what changed. Which file a command works on: `payloadTarget.ts`; the diff: `liveDiff.ts`.
 */
export class PayloadRequests extends Disposable {
  private readonly liveDiff = this.register(new LiveDiff());

  constructor(
    private readonly context: Pick<vscode.ExtensionContext, 'extensionUri'>,
    private readonly sessions: SessionSource,
    private readonly explorer: MarketplaceExplorer,
    private readonly live: LiveContext | undefined,
    private readonly output: Output,
    /** What creation files created here: a second send of one asks first. */
    private readonly creations: CreationLedger,
  ) {
    super();
  }

  commands(): CommandEntry[] {
    return [
      {
        id: COMMANDS.sendPayload,
        run: (uri?: unknown, options?: SendOptions) => this.send(uri, options),
        failure: vscode.l10n.t('Could not send the payload'),
      },
      {
        id: COMMANDS.validatePayload,
        run: (uri?: unknown) => this.validate(uri),
        failure: vscode.l10n.t('Could not validate the payload'),
      },
      {
        id: COMMANDS.diffPayload,
        run: (uri?: unknown) => this.diff(uri),
        failure: vscode.l10n.t('Could not compare with the live resource'),
      },
      {
        id: COMMANDS.copyPayloadAsCurl,
        run: (uri?: unknown) => this.copyAsCurl(uri),
        failure: vscode.l10n.t('Could not copy the request as curl'),
      },
    ];
  }

  // ---------------------------------------------------------------------------------------------------------------

  /** Sends the payload file (its text as the editor has it, saved or not). */
  async send(target?: unknown, options: SendOptions = {}): Promise<SendResult> {
    const session = this.requireSession();
    const document = await payloadDocument(target);
    const fileName = baseName(document.uri);
    const plan = await withWindowProgress(vscode.l10n.t('Planning {0}', fileName), () =>
      planPayload(senderOf(session), fileName, document.getText()),
    );
    const blocking = errorsOf(plan.findings).filter((entry) => BLOCKING.has(entry.code));
    if (blocking.length || !plan.path) {
      const reason = findingsText(blocking) || vscode.l10n.t('The file name does not say where to send it.');
      void vscode.window.showWarningMessage(vscode.l10n.t('{0}: not sent. {1}', fileName, reason));
      return { sent: false, plan, reason };
    }
    const problems = [
      ...errorsOf(plan.findings).map((entry) => entry.message),
      ...this.schemaErrors(document.uri).filter((message) => !plan.findings.some((entry) => entry.message === message)),
    ];
    if (problems.length && !(await sendAnyway(fileName, plan, problems, options))) {
      return { sent: false, plan, reason: 'cancelled' };
    }
    if (!(await confirmDestructive(session, plan, options))) return { sent: false, plan, reason: 'cancelled' };
    const creates = plan.method === 'POST' && plan.kind ? CREATES[plan.kind] : undefined;
    const file = document.uri.toString();
    const earlier = creates ? this.creations.find(file, session.environment, session.account.userId) : undefined;
    if (creates && earlier && !(await createAgain(document.uri, plan, creates, earlier, options))) {
      return { sent: false, plan, reason: 'cancelled' };
    }
    if (!(await confirmOutsideSandbox(session, `${plan.method} ${plan.path}`, options))) {
      return { sent: false, plan, reason: 'cancelled' };
    }
    const outcome = await withWindowProgress(`${plan.method} ${plan.path}`, () => sendPlan(session.client, plan));
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
        if (plan.kind === 'item' && resourceId) void offerPull(document.uri, fileName, resourceId);
      }
    } else {
      // The response view shows the whole answer; the notification says it failed and what to do next.
      void showError(
        outcome.error,
        this.output,
        vscode.l10n.t('{0}: {1} {2} was not accepted', fileName, plan.method, plan.path),
        'payloadFile',
      );
    }
    return { sent: true, plan, outcome };
  }

  /** `POST /items/validate` with an item creation file: the API's verdict, nothing created. */
  async validate(target?: unknown): Promise<SendOutcome> {
    const session = this.requireSession();
    const document = await payloadDocument(target);
    const file = classifyPayloadFile(baseName(document.uri));
    if (file?.kind !== 'item' || file.target) {
      throw new Error(
        vscode.l10n.t('Validate with the API applies to item creation files (*.item.json not named after an item id).'),
      );
    }
    const parsed = parseJson(document.getText());
    if (parsed.errors.length) throw new Error(parseFailure(parsed));
    const outcome = await withWindowProgress('POST /items/validate', () =>
      validateCreation(session.client, parsed.value),
    );
    this.show(session, outcome);
    const name = baseName(document.uri);
    if (outcome.ok) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t('{0}: the API accepts this listing (nothing was created).', name),
      );
    } else {
      const causes = outcome.error.causes.length;
      // The API's own message, as it sent it (a full stop added).
      const message = outcome.error.apiMessage.replace(/\.?$/, '.');
      void vscode.window.showWarningMessage(
        causes === 0
          ? vscode.l10n.t('{0}: the API refuses this listing: {1} The response view lists each cause.', name, message)
          : causes === 1
            ? vscode.l10n.t(
                '{0}: the API refuses this listing (1 cause): {1} The response view lists each cause.',
                name,
                message,
              )
            : vscode.l10n.t(
                '{0}: the API refuses this listing ({1} causes): {2} The response view lists each cause.',
                name,
                causes,
                message,
              ),
      );
    }
    return outcome;
  }

  /** Opens a diff: the live resource seen through the file's shape (left) and the file (right). */
  async diff(target?: unknown): Promise<vscode.Uri> {
    const session = this.requireSession();
    return this.liveDiff.open(session, await payloadDocument(target));
  }

  /** The live side of the last diff (tests). */
  liveText(uri: vscode.Uri): string | undefined {
    return this.liveDiff.text(uri);
  }

  /** Copies the file's request as curl: what a send would send now (the diff included), the token as a variable. */
  async copyAsCurl(target?: unknown): Promise<string> {
    const session = this.requireSession();
    const document = await payloadDocument(target);
    const fileName = baseName(document.uri);
    const plan = await withWindowProgress(vscode.l10n.t('Planning {0}', fileName), () =>
      planPayload(senderOf(session), fileName, document.getText()),
    );
    if (!plan.path) throw new Error(vscode.l10n.t('The file name does not say where to send it.'));
    const command = toCurl({ method: plan.method, baseUrl: session.baseUrl, path: plan.path, body: plan.body });
    await vscode.env.clipboard.writeText(command);
    void vscode.window.showInformationMessage(
      vscode.l10n.t(
        'Copied {0} {1} as curl. Set MARKETPLACE_TOKEN in your shell before running it.',
        plan.method,
        plan.path,
      ),
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

  /** Errors VS Code shows on the file (the JSON schema's among them). */
  private schemaErrors(uri: vscode.Uri): string[] {
    return vscode.languages
      .getDiagnostics(uri)
      .filter((entry) => entry.severity === vscode.DiagnosticSeverity.Error)
      .map((entry) => entry.message);
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
