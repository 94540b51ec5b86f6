/**
 * The bulk sending core (pure: no `vscode`): sends many jobs with bounded concurrency, waits what `Retry-After`
 * asks on 429/503, never sends a creation twice, and ends with an exact report: what succeeded, what failed and
 * why, what was not confirmed, what was not sent.
 *
 * Retry rules:
 * - 429 and 503 mean the API refused the request without acting: every job (creations included) waits
 *   `Retry-After` (or a jittered backoff without it) and is sent again, up to `maxAttempts`. The wait pauses the
 *   whole run, since a rate limit applies to the account rather than to one request.
 * - A creation (POST) whose outcome is unknown (network failure, timeout, an answer cut off or unreadable,
 *   cancellation in flight) is never resent: it is `unconfirmed`, to be checked in the seller's listings before an
 *   explicit retry. Any other error answer to a POST (500 included: the API may have acted partly) is `failed`.
 * - Updates (PUT, DELETE) are idempotent: they are also retried on 408, 5xx, network failures, timeouts and unreadable
 *   answers, up to `maxAttempts`. Other 4xx answers are `failed` with the API's message and `cause[]`.
 *
 * `send` should not retry by itself, so that attempts are counted here: with the real client, build it with
 * `retryLimit: 0` (see `clientSender`).
 */
import * as l10n from '@vscode/l10n';
import * as z from 'zod';
import type { HttpMethod, MarketplaceClient } from '../../api/client';
import { ApiError } from '../../api/errors';
import type { ReadCause } from '../../model/error';
import { formatNumber, plural } from '../../model/numberFormat';
import { asSentences } from '../../model/sentences';

export interface BulkJob {
  /** What the user recognises: the payload file's path, or `file.csv:12`. */
  id: string;
  method: HttpMethod;
  /** Path relative to the base URL, such as `/items` or `/items/MLA1500000000`. */
  path: string;
  body: unknown;
  /** A creation is never sent again once its outcome is unknown. */
  creation: boolean;
}

/** What `send` resolves to: the answer's body, and its status when the sender knows it. */
export interface BulkAnswer {
  status?: number;
  body: unknown;
}

/** Performs one request (one attempt) for a job; rejects with an `ApiError` when the API or the network fails. */
export type BulkSend = (job: BulkJob, signal: AbortSignal | undefined) => Promise<BulkAnswer>;

export type BulkOutcomeKind = 'succeeded' | 'failed' | 'unconfirmed' | 'notSent';

export interface BulkSucceeded {
  job: BulkJob;
  /** The answer's status when the sender reports it. */
  status: number | undefined;
  result: unknown;
  attempts: number;
}

export interface BulkFailed {
  job: BulkJob;
  /** HTTP status, or 0 when no answer arrived. */
  status: number;
  /** The API's error code (`validation_error`, `internal_error`…) or the failure kind (`network`, `timeout`…). */
  error: string;
  /** The error body's `code` (`FORBIDDEN`) when it has one beside `error`. */
  code?: string;
  message: string;
  causes: ReadCause[];
  attempts: number;
}

export interface BulkUnconfirmed {
  job: BulkJob;
  /** Status of the answer when one started to arrive (a cut-off answer), else 0. */
  status: number;
  /** Why the outcome is unknown, and what to do. */
  message: string;
  attempts: number;
}

export interface BulkNotSent {
  job: BulkJob;
  reason: string;
  /** Attempts refused before the run stopped (0 when never sent). */
  attempts: number;
}

export interface BulkReport {
  total: number;
  succeeded: BulkSucceeded[];
  failed: BulkFailed[];
  unconfirmed: BulkUnconfirmed[];
  notSent: BulkNotSent[];
  /** Whether the run was cancelled. */
  cancelled: boolean;
  durationMs: number;
  /** Requests sent in all (retries included). */
  requests: number;
  /** What was read before sending, said under the summary (how a CSV file was read). */
  notes?: string[];
  /** The report a person reads, its figures in `locale` (`en-US` by default). */
  toMarkdown(locale?: string): string;
  /** The report for the output channel (English, as every log line). */
  toText(): string;
}

export interface BulkProgress {
  total: number;
  /** Jobs with a final outcome. */
  done: number;
  succeeded: number;
  failed: number;
  unconfirmed: number;
  /** The job that just ended, and how. */
  job: BulkJob;
  outcome: BulkOutcomeKind;
}

export interface BulkRetryNotice {
  job: BulkJob;
  attempt: number;
  status: number;
  waitMs: number;
  reason: string;
}

export interface BulkOptions {
  send: BulkSend;
  /** Requests in flight at once (default 4). */
  concurrency?: number;
  /** Cancels the run: jobs not started are `notSent`; it is also handed to `send` for the ones in flight. */
  signal?: AbortSignal;
  onProgress?: (progress: BulkProgress) => void;
  /** Told before each wait for a retry. */
  onRetry?: (notice: BulkRetryNotice) => void;
  /** Attempts per job, the first included (default 5). */
  maxAttempts?: number;
  /** First backoff step when no `Retry-After` is given (default 500 ms), doubled each attempt with jitter. */
  backoffMs?: number;
  /** Upper bound of a backoff step (default 10 s). */
  backoffLimitMs?: number;
  /** Upper bound of a `Retry-After` wait (default 60 s). */
  maxRetryAfterMs?: number;
  /** Waits; resolves early when the signal aborts (injectable for tests). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Random number in [0, 1) for the jitter (injectable for tests). */
  random?: () => number;
}

export const DEFAULT_BULK_CONCURRENCY = 4;
export const DEFAULT_BULK_MAX_ATTEMPTS = 5;

/** The message of an unconfirmed creation. */
export const unconfirmedCreation = (): string =>
  l10n.t('not confirmed: check the seller’s listings before retrying (the request may have created the item)');

/** A sender for `runBulk` using the real client; build the client with `retryLimit: 0` so attempts are counted once. */
export function clientSender(client: MarketplaceClient): BulkSend {
  return async (job, signal) => {
    const body = await client.request(job.method, job.path, {
      json: job.body === undefined ? undefined : job.body,
      schema: z.unknown(),
      signal,
    });
    return { body };
  };
}

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted || ms <= 0) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

type Verdict =
  | { kind: 'retry'; waitMs: number; reason: string }
  | { kind: 'failed'; entry: Omit<BulkFailed, 'job' | 'attempts'> }
  | { kind: 'unconfirmed'; status: number; message: string };

const REFUSED = new Set([429, 503]);
const TRANSIENT = new Set([408, 500, 502, 503, 504]);

function describe(failure: unknown): Omit<BulkFailed, 'job' | 'attempts'> {
  if (failure instanceof ApiError)
    return {
      status: failure.status,
      error: failure.error,
      ...(failure.apiCode === undefined || failure.apiCode === failure.error ? {} : { code: failure.apiCode }),
      message: failure.apiMessage,
      causes: failure.causes,
    };
  return {
    status: 0,
    error: 'local_error',
    message: failure instanceof Error ? failure.message : String(failure),
    causes: [],
  };
}

/** Sends every job and reports each outcome exactly once, in the order of `jobs` within each list. */
export async function runBulk(jobs: readonly BulkJob[], options: BulkOptions): Promise<BulkReport> {
  const started = performance.now();
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  const maxAttempts = Math.max(1, options.maxAttempts ?? DEFAULT_BULK_MAX_ATTEMPTS);
  const backoffMs = options.backoffMs ?? 500;
  const backoffLimitMs = options.backoffLimitMs ?? 10_000;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
  const signal = options.signal;

  type Outcome =
    | { kind: 'succeeded'; entry: BulkSucceeded }
    | { kind: 'failed'; entry: BulkFailed }
    | { kind: 'unconfirmed'; entry: BulkUnconfirmed }
    | { kind: 'notSent'; entry: BulkNotSent };
  const outcomes: (Outcome | undefined)[] = new Array(jobs.length);
  const counts = { succeeded: 0, failed: 0, unconfirmed: 0, done: 0 };
  let requests = 0;
  /** The whole run waits until then (a rate limit is the account's, not one request's). */
  let resumeAt = 0;

  const backoff = (attempt: number) => {
    const step = Math.min(backoffLimitMs, backoffMs * 2 ** (attempt - 1));
    return Math.round(step / 2 + (random() * step) / 2);
  };

  const judge = (job: BulkJob, failure: unknown, attempt: number): Verdict => {
    const info = describe(failure);
    const more = attempt < maxAttempts;
    const kind = failure instanceof ApiError ? failure.kind : undefined;
    if (kind === 'http' && REFUSED.has(info.status)) {
      const after = failure instanceof ApiError ? failure.retryAfterSeconds : undefined;
      if (more) {
        const waitMs = after !== undefined ? Math.min(after * 1000, maxRetryAfterMs) : backoff(attempt);
        return { kind: 'retry', waitMs, reason: `${info.status} ${info.error}` };
      }
      return {
        kind: 'failed',
        entry: {
          ...info,
          message: l10n.t('{0} (still refused after {1} attempts; nothing was done)', info.message, attempt),
        },
      };
    }
    const noAnswer = kind === 'network' || kind === 'timeout' || kind === 'invalid_response' || kind === 'cancelled';
    if (job.creation) {
      if (noAnswer) {
        const what =
          kind === 'cancelled'
            ? l10n.t('cancelled while in flight')
            : kind === 'invalid_response'
              ? info.status
                ? l10n.t('the answer ({0}) could not be read', info.status)
                : l10n.t('the answer could not be read')
              : kind === 'timeout'
                ? l10n.t('no answer in time')
                : l10n.t('the connection failed');
        return {
          kind: 'unconfirmed',
          status: info.status,
          message: `${unconfirmedCreation()}; ${what}: ${info.message}`,
        };
      }
      return { kind: 'failed', entry: info };
    }
    if (kind === 'cancelled') {
      return {
        kind: 'unconfirmed',
        status: 0,
        message: l10n.t(
          'not confirmed: cancelled while in flight; the change may or may not be applied (it is safe to resend): {0}',
          info.message,
        ),
      };
    }
    const transient = noAnswer || (kind === 'http' && TRANSIENT.has(info.status));
    if (transient && more) return { kind: 'retry', waitMs: backoff(attempt), reason: `${info.status || info.error}` };
    if (transient && attempt > 1)
      return { kind: 'failed', entry: { ...info, message: l10n.t('{0} (after {1} attempts)', info.message, attempt) } };
    return { kind: 'failed', entry: info };
  };

  const settle = (index: number, outcome: Outcome) => {
    outcomes[index] = outcome;
    if (outcome.kind !== 'notSent') {
      counts[outcome.kind]++;
      counts.done++;
      options.onProgress?.({
        total: jobs.length,
        done: counts.done,
        succeeded: counts.succeeded,
        failed: counts.failed,
        unconfirmed: counts.unconfirmed,
        job: jobs[index]!,
        outcome: outcome.kind,
      });
    }
  };

  const runJob = async (index: number): Promise<Outcome> => {
    const job = jobs[index]!;
    let attempts = 0;
    let lastRefusal = '';
    for (;;) {
      const wait = resumeAt - Date.now();
      if (wait > 0) await sleep(wait, signal);
      if (signal?.aborted) {
        return {
          kind: 'notSent',
          entry: {
            job,
            attempts,
            reason: attempts
              ? l10n.t('cancelled while waiting to retry (last answer: {0})', lastRefusal)
              : l10n.t('cancelled before it was sent'),
          },
        };
      }
      attempts++;
      requests++;
      try {
        const answer = await options.send(job, signal);
        return { kind: 'succeeded', entry: { job, status: answer.status, result: answer.body, attempts } };
      } catch (failure) {
        const verdict = judge(job, failure, attempts);
        if (verdict.kind === 'failed') return { kind: 'failed', entry: { job, attempts, ...verdict.entry } };
        if (verdict.kind === 'unconfirmed')
          return { kind: 'unconfirmed', entry: { job, attempts, status: verdict.status, message: verdict.message } };
        lastRefusal = verdict.reason;
        options.onRetry?.({
          job,
          attempt: attempts,
          status: describe(failure).status,
          waitMs: verdict.waitMs,
          reason: verdict.reason,
        });
        if (failure instanceof ApiError && REFUSED.has(failure.status))
          resumeAt = Math.max(resumeAt, Date.now() + verdict.waitMs);
        else await sleep(verdict.waitMs, signal);
      }
    }
  };

  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const index = next++;
      if (signal?.aborted) {
        settle(index, {
          kind: 'notSent',
          entry: { job: jobs[index]!, attempts: 0, reason: l10n.t('cancelled before it was sent') },
        });
        continue;
      }
      let outcome: Outcome;
      try {
        outcome = await runJob(index);
      } catch (failure) {
        // Only a failing callback can get here; the job's request outcome is then unknown.
        const info = describe(failure);
        outcome = jobs[index]!.creation
          ? {
              kind: 'unconfirmed',
              entry: {
                job: jobs[index]!,
                attempts: 1,
                status: 0,
                message: `${unconfirmedCreation()}; ${info.message}`,
              },
            }
          : { kind: 'failed', entry: { job: jobs[index]!, attempts: 1, ...info } };
      }
      settle(index, outcome);
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency ?? DEFAULT_BULK_CONCURRENCY, jobs.length));
  await Promise.all(Array.from({ length: workers }, worker));

  const report: Omit<BulkReport, 'toMarkdown' | 'toText'> = {
    total: jobs.length,
    succeeded: [],
    failed: [],
    unconfirmed: [],
    notSent: [],
    cancelled: signal?.aborted ?? false,
    durationMs: Math.round(performance.now() - started),
    requests,
  };
  for (const outcome of outcomes) {
    if (!outcome) continue;
    if (outcome.kind === 'succeeded') report.succeeded.push(outcome.entry);
    else if (outcome.kind === 'failed') report.failed.push(outcome.entry);
    else if (outcome.kind === 'unconfirmed') report.unconfirmed.push(outcome.entry);
    else report.notSent.push(outcome.entry);
  }
  return {
    ...report,
    toMarkdown: (locale?: string) => bulkReportMarkdown(report, locale),
    toText: () => bulkReportText(report),
  };
}

/** The jobs to offer for an explicit retry: failed and not sent ones; unconfirmed ones only when asked. */
export function jobsToRetry(
  report: Pick<BulkReport, 'failed' | 'unconfirmed' | 'notSent'>,
  includeUnconfirmed = false,
): BulkJob[] {
  return [
    ...report.failed.map((entry) => entry.job),
    ...(includeUnconfirmed ? report.unconfirmed.map((entry) => entry.job) : []),
    ...report.notSent.map((entry) => entry.job),
  ];
}

export type BulkReportData = Omit<BulkReport, 'toMarkdown' | 'toText'>;

/** The outcome in one line, the counts grouped as the explorer writes them: what the closing notification says. */
export function bulkOutcomeLine(
  report: Pick<BulkReportData, 'total' | 'succeeded' | 'failed' | 'unconfirmed' | 'notSent' | 'cancelled'>,
  locale = 'en-US',
): string {
  const count = (list: readonly unknown[]) => formatNumber(list.length, locale);
  const counts = [
    count(report.succeeded),
    formatNumber(report.total, locale),
    count(report.failed),
    count(report.unconfirmed),
    count(report.notSent),
  ];
  return report.cancelled
    ? l10n.t('{0} of {1} succeeded, {2} failed, {3} not confirmed, {4} not sent (cancelled).', ...counts)
    : l10n.t('{0} of {1} succeeded, {2} failed, {3} not confirmed, {4} not sent.', ...counts);
}

/** The report's first line, in the display language: the counts grouped and the seconds written as `locale` does. */
function summary(report: BulkReportData, locale: string): string {
  const number = (value: number) => formatNumber(value, locale);
  const seconds = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    report.durationMs / 1000,
  );
  const figures = [
    number(report.succeeded.length),
    number(report.failed.length),
    number(report.unconfirmed.length),
    number(report.notSent.length),
    number(report.requests),
    seconds,
  ];
  if (report.total === 1)
    return report.cancelled
      ? l10n.t(
          '1 request (cancelled): {0} succeeded, {1} failed, {2} not confirmed, {3} not sent ({4} sent in {5} s).',
          ...figures,
        )
      : l10n.t(
          '1 request: {0} succeeded, {1} failed, {2} not confirmed, {3} not sent ({4} sent in {5} s).',
          ...figures,
        );
  return report.cancelled
    ? l10n.t(
        '{0} requests (cancelled): {1} succeeded, {2} failed, {3} not confirmed, {4} not sent ({5} sent in {6} s).',
        number(report.total),
        ...figures,
      )
    : l10n.t(
        '{0} requests: {1} succeeded, {2} failed, {3} not confirmed, {4} not sent ({5} sent in {6} s).',
        number(report.total),
        ...figures,
      );
}

/** The same first line for the output channel, in English as every log line. */
function englishSummary(report: BulkReportData): string {
  return (
    `${plural(report.total, 'request')}${report.cancelled ? ' (cancelled)' : ''}: ${formatNumber(report.succeeded.length)} succeeded, ` +
    `${formatNumber(report.failed.length)} failed, ${formatNumber(report.unconfirmed.length)} not confirmed, ${formatNumber(report.notSent.length)} not sent ` +
    `(${formatNumber(report.requests)} sent in ${(report.durationMs / 1000).toFixed(1)} s).`
  );
}

/** The error code, and the body's `code` when it says more (`access_denied (FORBIDDEN)`). */
function errorLabel(entry: Pick<BulkFailed, 'status' | 'error' | 'code'>): string {
  const extra = entry.code !== undefined && entry.code !== String(entry.status) ? ` (${entry.code})` : '';
  return entry.error + extra;
}

function causesText(causes: readonly ReadCause[]): string {
  return asSentences(causes.map((cause) => [cause.code, cause.message].filter(Boolean).join(': ')));
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
const code = (text: string) => `\`${text.replace(/`/g, "'")}\``;

/** The report as Markdown (a summary line, then one table per non-empty outcome). */
export function bulkReportMarkdown(report: BulkReportData, locale = 'en-US'): string {
  const lines = [`# ${l10n.t('Bulk send report')}`, '', summary(report, locale)];
  for (const note of report.notes ?? []) lines.push('', note);
  const section = (title: string, header: string[], rows: string[][]) => {
    if (!rows.length) return;
    lines.push(
      '',
      `## ${title} (${rows.length})`,
      '',
      `| ${header.join(' | ')} |`,
      `|${header.map(() => '---|').join('')}`,
    );
    for (const row of rows) lines.push(`| ${row.map(cell).join(' | ')} |`);
  };
  const job = l10n.t('job');
  const request = l10n.t('request');
  const attempts = l10n.t('attempts');
  const why = l10n.t('why');
  section(
    l10n.t('Failed'),
    [job, request, l10n.t('status'), l10n.t('error'), l10n.t('message'), l10n.t('causes'), attempts],
    report.failed.map((entry) => [
      code(entry.job.id),
      `${entry.job.method} ${entry.job.path}`,
      String(entry.status || '—'),
      errorLabel(entry),
      entry.message,
      causesText(entry.causes) || '—',
      String(entry.attempts),
    ]),
  );
  section(
    l10n.t('Not confirmed'),
    [job, request, why, attempts],
    report.unconfirmed.map((entry) => [
      code(entry.job.id),
      `${entry.job.method} ${entry.job.path}`,
      entry.message,
      String(entry.attempts),
    ]),
  );
  section(
    l10n.t('Not sent'),
    [job, request, why],
    report.notSent.map((entry) => [code(entry.job.id), `${entry.job.method} ${entry.job.path}`, entry.reason]),
  );
  section(
    l10n.t('Succeeded'),
    [job, request, l10n.t('result'), attempts],
    report.succeeded.map((entry) => [
      code(entry.job.id),
      `${entry.job.method} ${entry.job.path}`,
      resultLabel(entry),
      String(entry.attempts),
    ]),
  );
  return `${lines.join('\n')}\n`;
}

function resultLabel(entry: BulkSucceeded): string {
  const result = entry.result as { id?: unknown } | undefined;
  const id = result && typeof result === 'object' && typeof result.id === 'string' ? result.id : undefined;
  return [entry.status ? String(entry.status) : '', id ?? ''].filter(Boolean).join(' ') || 'ok';
}

/** The report as plain text (for the output channel). */
export function bulkReportText(report: BulkReportData): string {
  const lines = [englishSummary(report), ...(report.notes ?? [])];
  for (const entry of report.failed) {
    const causes = causesText(entry.causes);
    lines.push(
      `FAILED ${entry.job.id} (${entry.job.method} ${entry.job.path}): ${entry.status || errorLabel(entry)} ${entry.status ? `${errorLabel(entry)} ` : ''}— ${entry.message}${causes ? ` [${causes}]` : ''}`,
    );
  }
  for (const entry of report.unconfirmed)
    lines.push(`NOT CONFIRMED ${entry.job.id} (${entry.job.method} ${entry.job.path}): ${entry.message}`);
  for (const entry of report.notSent)
    lines.push(`NOT SENT ${entry.job.id} (${entry.job.method} ${entry.job.path}): ${entry.reason}`);
  for (const entry of report.succeeded)
    lines.push(
      `OK ${entry.job.id} (${entry.job.method} ${entry.job.path}): ${resultLabel(entry)} after ${entry.attempts} attempt(s)`,
    );
  return `${lines.join('\n')}\n`;
}
