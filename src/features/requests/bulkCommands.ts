import * as vscode from 'vscode';
import { COMMANDS, SETTINGS } from '../../constants';
import { formatNumber } from '../../model/numberFormat';
import { ANY_PAYLOAD_GLOB, classifyPayloadFile } from '../../model/payloadFiles';
import type { CommandEntry } from '../../platform/commandTable';
import { displayLocale } from '../../platform/displayLanguage';
import type { Output } from '../../platform/output';
import type { Session, SessionSource } from '../auth/session';
import { requireSession } from '../auth/sessionGuards';
import {
  type BulkJob,
  type BulkNotSent,
  type BulkReport,
  bulkOutcomeLine,
  clientSender,
  DEFAULT_BULK_CONCURRENCY,
  jobsToRetry,
  runBulk,
} from './bulk';
import { type PayloadFileText, planFiles, withRefused } from './bulkPlan';
import { CREATES, type CreationLedger, createdId } from './creations';
import { csvJobs, describeCsvFormat, parseStockPriceCsv, unreadableCsvText } from './csv';
import { baseName } from './payloadTarget';
import { type ChangedResource, changedResources, senderOf } from './send';

/** Options of the bulk commands for tests and other callers: `confirm` answers yes; `openReport: false` keeps it shut. */
export interface BulkCommandOptions {
  confirm?: boolean;
  openReport?: boolean;
  /** Retry unconfirmed creations too (only ever on an explicit request). */
  includeUnconfirmed?: boolean;
}

/** A payload file of a bulk send, and where it is. */
type BulkFile = PayloadFileText & { uri: vscode.Uri };

/** What a bulk command ends with. */
export type BulkResult = Omit<BulkReport, 'toMarkdown' | 'toText'> & { markdown: string; reportUri?: vscode.Uri };

/** Files at most in one bulk send (a folder may hold more: the rest is refused up front, never silently skipped). */
export const MAX_BULK_FILES = 5000;

/**
 * Bulk sends: a selection or folder of payload files (file explorer, palette), or stock and price updates from a CSV
 * (`item_id,available_quantity,price`). A progress notification that can be cancelled, bounded concurrency, waits for
 * `Retry-After`, and a report at the end (Markdown) with a retry of what failed or was not sent.
 */
export class BulkCommands {
  private lastRetry: { jobs: BulkJob[]; unconfirmed: BulkJob[]; source: string } | undefined;

  constructor(
    private readonly sessions: SessionSource,
    private readonly output: Output,
    private readonly applyChanges: (changes: ChangedResource[]) => Promise<void>,
    /** What creation files created: the question counts files that would create again; successes are added. */
    private readonly creations: CreationLedger,
    /** Where reports are written (global storage): a saved file closes without a question. */
    private readonly reportFolder: vscode.Uri,
  ) {}

  commands(): CommandEntry[] {
    return [
      {
        id: COMMANDS.sendPayloadFiles,
        run: (uri?: unknown, uris?: unknown, options?: BulkCommandOptions) => this.sendFiles(uri, uris, options),
        failure: vscode.l10n.t('Could not send the payload files'),
      },
      {
        id: COMMANDS.sendStockPriceCsv,
        run: (uri?: unknown, options?: BulkCommandOptions) => this.sendCsv(uri, options),
        failure: vscode.l10n.t('Could not send the CSV updates'),
      },
      {
        id: COMMANDS.retryBulk,
        run: (options?: BulkCommandOptions) => this.retry(options),
        failure: vscode.l10n.t('Could not retry the bulk send'),
      },
    ];
  }

  // ---------------------------------------------------------------------------------------------------------------

  /** Sends payload files: the explorer's selection (files and folders), or what the open dialog picks. */
  async sendFiles(uri?: unknown, uris?: unknown, options: BulkCommandOptions = {}): Promise<BulkResult | undefined> {
    const session = this.requireSession();
    let targets =
      Array.isArray(uris) && uris.every((entry) => entry instanceof vscode.Uri) ? (uris as vscode.Uri[]) : [];
    if (!targets.length && uri instanceof vscode.Uri) targets = [uri];
    if (!targets.length) {
      const picked = await vscode.window.showOpenDialog({
        title: vscode.l10n.t('Send payload files'),
        openLabel: vscode.l10n.t('Send'),
        canSelectFiles: true,
        canSelectFolders: true,
        canSelectMany: true,
        filters: { [vscode.l10n.t('Payload files')]: ['json'] },
      });
      if (!picked?.length) return undefined;
      targets = picked;
    }
    const files = await this.collect(targets);
    if (!files.length) {
      void vscode.window.showWarningMessage(
        vscode.l10n.t(
          'No payload files there: name them *.item.json, ID.sale-terms.json, *.size-chart.json, CHART.chart-items.json, ORDER.note.json, ORDER.feedback.json or *.blacklist.json.',
        ),
      );
      return undefined;
    }
    const creations = files.filter((file) => classifyPayloadFile(file.name)?.method === 'POST');
    const locale = displayLocale();
    const count = (value: number) => formatNumber(value, locale);
    const filesText =
      files.length === 1 ? vscode.l10n.t('1 payload file') : vscode.l10n.t('{0} payload files', count(files.length));
    const what = creations.length
      ? vscode.l10n.t('{0} ({1} creating resources)', filesText, count(creations.length))
      : filesText;
    const again = creations.filter((file) =>
      this.creations.find(file.uri.toString(), session.environment, session.account.userId),
    ).length;
    const question = vscode.l10n.t('Send {0}?', what);
    const warning = again
      ? vscode.l10n.t('{0} of them already created a resource here: each creates another one.', count(again))
      : '';
    if (!(await this.confirmRun(session, warning ? `${question} ${warning}` : question, options))) return undefined;

    const title = vscode.l10n.t('Sending {0}', what);
    const result = await this.run(session, title, options, async (signal, progress) => {
      const plan = await planFiles(senderOf(session), files, {
        concurrency: this.concurrency(),
        signal,
        onPlanned: (done) => progress(vscode.l10n.t('Planning {0}/{1}', count(done), count(files.length))),
      });
      return {
        jobs: plan.jobs,
        refused: plan.refused,
        source: targets.map((entry) => vscode.workspace.asRelativePath(entry)).join(', '),
      };
    });
    await this.rememberCreations(session, files, result);
    return result;
  }

  /** Records what each creation file of the run created, as a single send does. */
  private async rememberCreations(session: Session, files: readonly BulkFile[], result: BulkResult): Promise<void> {
    const byId = new Map(files.map((file) => [file.id, file.uri]));
    const time = new Date().toISOString();
    for (const entry of result.succeeded) {
      const uri = byId.get(entry.job.id);
      const kind = uri ? classifyPayloadFile(baseName(uri))?.kind : undefined;
      if (!entry.job.creation || !uri || !kind || !CREATES[kind]) continue;
      const resourceId = createdId(entry.result);
      await this.creations.remember({
        file: uri.toString(),
        environment: session.environment,
        userId: session.account.userId,
        request: `${entry.job.method} ${entry.job.path}`,
        ...(resourceId ? { resourceId } : {}),
        time,
      });
    }
  }

  /** Sends `PUT /items/{id}` per row of a CSV with `item_id,available_quantity,price` columns. */
  async sendCsv(uri?: unknown, options: BulkCommandOptions = {}): Promise<BulkResult | undefined> {
    const session = this.requireSession();
    let target = uri instanceof vscode.Uri ? uri : undefined;
    if (!target && vscode.window.activeTextEditor?.document.fileName.toLowerCase().endsWith('.csv')) {
      target = vscode.window.activeTextEditor.document.uri;
    }
    if (!target) {
      const picked = await vscode.window.showOpenDialog({
        title: vscode.l10n.t('Stock and price updates ({0})', 'item_id,available_quantity,price'),
        openLabel: vscode.l10n.t('Send'),
        canSelectMany: false,
        filters: { CSV: ['csv'] },
      });
      target = picked?.[0];
      if (!target) return undefined;
    }
    const text = await this.readText(target);
    const parsed = parseStockPriceCsv(text);
    const source = vscode.workspace.asRelativePath(target);
    if (parsed.errors.length && !parsed.rows.length) {
      throw new Error(unreadableCsvText(source, parsed));
    }
    const refused: BulkNotSent[] = parsed.errors.map((entry) => ({
      job: {
        id: `${source}:${entry.line}`,
        method: 'PUT',
        path: vscode.l10n.t('(unreadable row)'),
        body: undefined,
        creation: false,
      },
      reason: entry.message,
      attempts: 0,
    }));
    const jobs = csvJobs(source, parsed.rows);
    const format = describeCsvFormat(parsed.format);
    const total = formatNumber(jobs.length, displayLocale());
    const question =
      jobs.length === 1
        ? vscode.l10n.t('Send 1 stock and price update from {0}? {1}', source, format)
        : vscode.l10n.t('Send {0} stock and price updates from {1}? {2}', total, source, format);
    if (!(await this.confirmRun(session, question, options, refused.length))) return undefined;
    const title =
      jobs.length === 1
        ? vscode.l10n.t('Updating 1 item from {0}', source)
        : vscode.l10n.t('Updating {0} items from {1}', total, source);
    return this.run(session, title, options, async () => ({
      jobs,
      refused,
      source,
      notes: [`${source}: ${format}`],
    }));
  }

  /** Runs again what the last run did not finish: failed and not sent jobs (unconfirmed creations only when asked). */
  async retry(options: BulkCommandOptions = {}): Promise<BulkResult | undefined> {
    const session = this.requireSession();
    const last = this.lastRetry;
    if (!last || (!last.jobs.length && !(options.includeUnconfirmed && last.unconfirmed.length))) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t('Nothing to retry: the last bulk send finished every request.'),
      );
      return undefined;
    }
    const jobs = options.includeUnconfirmed ? [...last.jobs, ...last.unconfirmed] : last.jobs;
    const locale = displayLocale();
    const requests =
      jobs.length === 1 ? vscode.l10n.t('1 request') : vscode.l10n.t('{0} requests', formatNumber(jobs.length, locale));
    const unknown = last.unconfirmed.length;
    const question =
      options.includeUnconfirmed && unknown
        ? vscode.l10n.t(
            'Retry {0} including {1} whose outcome was unknown (check your listings first: they may exist already)?',
            requests,
            unknown === 1 ? vscode.l10n.t('1 creation') : vscode.l10n.t('{0} creations', formatNumber(unknown, locale)),
          )
        : vscode.l10n.t('Retry {0}?', requests);
    if (!(await this.confirmRun(session, question, options))) return undefined;
    return this.run(session, vscode.l10n.t('Retrying {0}', requests), options, async () => ({
      jobs,
      refused: [],
      source: last.source,
    }));
  }

  // ---------------------------------------------------------------------------------------------------------------

  private async run(
    session: Session,
    title: string,
    options: BulkCommandOptions,
    prepare: (
      signal: AbortSignal,
      progress: (message: string) => void,
    ) => Promise<{ jobs: BulkJob[]; refused: BulkNotSent[]; source: string; notes?: string[] }>,
  ): Promise<BulkResult> {
    const locale = displayLocale();
    // Attempts are counted by runBulk: the client itself must not retry.
    const client = session.clientWith?.({ retryLimit: 0 }) ?? session.client;
    const result = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title, cancellable: true },
      async (progress, token) => {
        const controller = new AbortController();
        const subscription = token.onCancellationRequested(() => controller.abort());
        try {
          const prepared = await prepare(controller.signal, (message) => progress.report({ message }));
          const total = prepared.jobs.length;
          const step = total ? 100 / total : 100;
          const report = await runBulk(prepared.jobs, {
            send: clientSender(client),
            concurrency: this.concurrency(),
            signal: controller.signal,
            onProgress: (state) => progress.report({ increment: step, message: progressText(state, total, locale) }),
            onRetry: (notice) => {
              const seconds = new Intl.NumberFormat(locale, {
                minimumFractionDigits: 1,
                maximumFractionDigits: 1,
              }).format(notice.waitMs / 1000);
              progress.report({ message: vscode.l10n.t('{0}: waiting {1} s', notice.reason, seconds) });
              this.output.info(
                `Bulk: ${notice.job.id} ${notice.reason} (attempt ${notice.attempt}); waiting ${notice.waitMs} ms`,
              );
            },
          });
          return { report: withRefused(report, prepared.refused, prepared.notes), source: prepared.source };
        } finally {
          subscription.dispose();
        }
      },
    );
    const { report, source } = result;
    this.lastRetry = {
      jobs: jobsToRetry(report).filter((job) => job.path.startsWith('/')),
      unconfirmed: report.unconfirmed.map((entry) => entry.job),
      source,
    };
    this.output.info(`Bulk send from ${source}:\n${report.toText()}`);
    await this.refreshAfter(report);
    const markdown = report.toMarkdown(locale);
    let reportUri: vscode.Uri | undefined;
    if (options.openReport !== false) {
      // The Markdown stays open (to save or search); its preview renders the tables.
      const document = await reportDocument(markdown, this.reportFolder);
      reportUri = document.uri;
      await vscode.window.showTextDocument(document, { preview: false });
      await vscode.commands.executeCommand('markdown.showPreview', document.uri).then(undefined, () => undefined);
    }
    void this.announce(report);
    const { toMarkdown: _m, toText: _t, ...data } = report;
    return { ...data, markdown, reportUri };
  }

  private async announce(report: ReturnType<typeof withRefused>): Promise<void> {
    const locale = displayLocale();
    const line = bulkOutcomeLine(report, locale);
    const retryable = this.lastRetry?.jobs.length ?? 0;
    const retry = retryable ? vscode.l10n.t('Retry {0}', formatNumber(retryable, locale)) : undefined;
    const retryAll = report.unconfirmed.length ? vscode.l10n.t('Retry Including Not Confirmed…') : undefined;
    const actions = [retry, retryAll].filter((action): action is string => action !== undefined);
    const clean = !report.failed.length && !report.unconfirmed.length && !report.notSent.length;
    const show = clean ? vscode.window.showInformationMessage : vscode.window.showWarningMessage;
    const choice = await show(vscode.l10n.t('Bulk send: {0}', line), ...actions);
    if (choice === undefined) return;
    if (choice === retryAll) await vscode.commands.executeCommand(COMMANDS.retryBulk, { includeUnconfirmed: true });
    else if (choice === retry) await vscode.commands.executeCommand(COMMANDS.retryBulk);
  }

  /** Refreshes the explorer once for the whole run: the nodes the requests changed, or their roots when many. */
  private async refreshAfter(report: ReturnType<typeof withRefused>): Promise<void> {
    const changes = new Map<string, ChangedResource>();
    for (const entry of report.succeeded) {
      for (const change of changedResources(entry.job.method, entry.job.path, entry.result)) {
        changes.set(`${change.kind} ${change.id ?? ''}`, change);
      }
    }
    let list = [...changes.values()];
    if (list.length > 50) {
      list = [...new Map(list.map((change) => [change.root, { ...change, id: undefined }])).values()];
    }
    await this.applyChanges(list).catch((error: unknown) =>
      this.output.warn(`Could not refresh the explorer: ${error}`),
    );
  }

  private async confirmRun(
    session: Session,
    question: string,
    options: BulkCommandOptions,
    unreadable = 0,
  ): Promise<boolean> {
    if (options.confirm) return true;
    const nickname = session.account.nickname;
    const atOnce = this.concurrency();
    const sentTo =
      session.environment === 'sandbox'
        ? vscode.l10n.t(
            'Sent to the local sandbox as {0}, {1} at a time. Files whose checks fail are not sent; creations are never sent twice.',
            nickname,
            atOnce,
          )
        : vscode.l10n.t(
            'Sent to {0} (live data) as {1}, {2} at a time. Files whose checks fail are not sent; creations are never sent twice.',
            session.baseUrl,
            nickname,
            atOnce,
          );
    const rows = unreadable
      ? unreadable === 1
        ? vscode.l10n.t('1 unreadable row will be listed as not sent.')
        : vscode.l10n.t('{0} unreadable rows will be listed as not sent.', formatNumber(unreadable, displayLocale()))
      : '';
    const send = vscode.l10n.t('Send');
    const answer = await vscode.window.showWarningMessage(
      question,
      {
        modal: true,
        detail: [sentTo, rows, vscode.l10n.t('A report opens at the end.')].filter(Boolean).join(' '),
      },
      send,
    );
    return answer === send;
  }

  /** Payload files of the targets (folders searched), as the editor has them (unsaved changes included). */
  private async collect(targets: readonly vscode.Uri[]): Promise<BulkFile[]> {
    const uris: vscode.Uri[] = [];
    for (const target of targets) {
      const stat = await vscode.workspace.fs.stat(target);
      if (stat.type & vscode.FileType.Directory) {
        const found = await vscode.workspace.findFiles(
          new vscode.RelativePattern(target, ANY_PAYLOAD_GLOB),
          undefined,
          MAX_BULK_FILES + 1,
        );
        uris.push(...found.sort((a, b) => a.path.localeCompare(b.path)));
      } else if (classifyPayloadFile(baseName(target))) {
        uris.push(target);
      }
    }
    const unique = [...new Map(uris.map((entry) => [entry.toString(), entry])).values()];
    if (unique.length > MAX_BULK_FILES) {
      const locale = displayLocale();
      throw new Error(
        vscode.l10n.t(
          '{0} payload files is more than one bulk send takes ({1}): pick a smaller folder.',
          formatNumber(unique.length, locale),
          formatNumber(MAX_BULK_FILES, locale),
        ),
      );
    }
    return Promise.all(
      unique.map(async (entry) => ({
        id: vscode.workspace.asRelativePath(entry),
        name: baseName(entry),
        text: await this.readText(entry),
        uri: entry,
      })),
    );
  }

  private async readText(uri: vscode.Uri): Promise<string> {
    const open = vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri.toString());
    if (open) return open.getText();
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  }

  private concurrency(): number {
    const value = vscode.workspace
      .getConfiguration(SETTINGS.section)
      .get<number>(SETTINGS.bulkConcurrency, DEFAULT_BULK_CONCURRENCY);
    return Number.isInteger(value) && value >= 1 && value <= 16 ? value : DEFAULT_BULK_CONCURRENCY;
  }

  private requireSession(): Session {
    return requireSession({ sessions: this.sessions });
  }
}

/** The progress of a run: `12/40 · 10 ok · 2 failed`, the unconfirmed counted when there are any. */
function progressText(
  state: { done: number; succeeded: number; failed: number; unconfirmed: number },
  total: number,
  locale: string,
): string {
  const count = (value: number) => formatNumber(value, locale);
  return state.unconfirmed
    ? vscode.l10n.t(
        '{0}/{1} · {2} ok · {3} failed · {4} not confirmed',
        count(state.done),
        count(total),
        count(state.succeeded),
        count(state.failed),
        count(state.unconfirmed),
      )
    : vscode.l10n.t(
        '{0}/{1} · {2} ok · {3} failed',
        count(state.done),
        count(total),
        count(state.succeeded),
        count(state.failed),
      );
}

/** Reports kept in the report folder; older ones are deleted when a new one is written. */
const REPORTS_KEPT = 20;

/**
 * The report as a Markdown file named after the run's time (`bulk-report-2026-11-22-001502.md`) in the extension's
 * storage. A saved file, not an unsaved document: closing it asks nothing, and its preview never brings back an empty
 * untitled copy. *Save As* keeps it elsewhere.
 */
async function reportDocument(markdown: string, folder: vscode.Uri): Promise<vscode.TextDocument> {
  const stamp = new Date()
    .toISOString()
    .replace(/[:T]/g, '-')
    .replace(/\..*$/, '')
    .replace(/-(\d\d)-(\d\d)$/, '$1$2');
  await vscode.workspace.fs.createDirectory(folder);
  const uri = vscode.Uri.joinPath(folder, `bulk-report-${stamp}.md`);
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(markdown));
  const reports = (await vscode.workspace.fs.readDirectory(folder))
    .map(([name]) => name)
    .filter((name) => /^bulk-report-.*\.md$/.test(name))
    .sort();
  for (const name of reports.slice(0, Math.max(0, reports.length - REPORTS_KEPT))) {
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(folder, name)).then(undefined, () => undefined);
  }
  return vscode.workspace.openTextDocument(uri);
}
