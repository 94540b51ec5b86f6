// Pure (no `vscode`): turns what the client produced, an exchange record or an ApiError, into what the response view
// shows, scrubbed of secrets whatever the record's origin (the client's, a history entry's). Unit-tested in plain
// Node (test/unit/responses/).
import { STATUS_CODES } from 'node:http';
import * as l10n from '@vscode/l10n';
import type { ExchangeRecord } from '../../api/client';
import { ApiError } from '../../api/errors';
import { scrubExchange } from '../../api/exchangeRecord';
import { errorCodeOf, errorWords, type ReadCause, type ReadErrorEntry, readErrorBody } from '../../model/error';
import { cutJsonDepth } from '../../model/jsonDepth';
import { type ResponseCause, type ResponseError, ResponseModel } from '../../model/protocols/response';
import { scrubUrl } from '../../model/scrub';
import { type NextStepSurface, nextStep } from '../../platform/nextStep';

export interface ResponseContext {
  /** The environment's base URL, for an ApiError (which carries only the path). */
  baseUrl?: string;
  /** When the answer arrived; now by default. */
  when?: Date;
  /** The exchange record of the failed request, when the caller has it: its timing, headers and size. */
  record?: ExchangeRecord;
  /** Where the request came from, for the next step (a payload file's send, a replay…); a request by default. */
  surface?: NextStepSurface;
}

/** What happened when no answer arrived, by the failure's kind. */
function noAnswer(kind: string): string {
  switch (kind) {
    case 'network':
      return l10n.t('No answer (network error)');
    case 'timeout':
      return l10n.t('No answer (timed out)');
    case 'cancelled':
      return l10n.t('Cancelled');
    case 'invalid_response':
      return l10n.t('Invalid answer');
    default:
      return l10n.t('No answer');
  }
}

/**
 * The reason phrase of an HTTP status ("Not Found"), or what happened when no answer arrived. The reason phrases are
 * HTTP's own (RFC 9110), shown beside the status as the protocol names it.
 */
export function statusText(status: number, kind = 'http'): string {
  if (status === 0) return noAnswer(kind);
  return STATUS_CODES[status] ?? `HTTP ${status}`;
}

/**
 * The response view's model of an exchange record or an ApiError. Both bodies are cut at MAX_JSON_DEPTH (a note marks
 * the cut): a record may come from a history file, and the view, Copy Body and the webview read them recursively.
 */
export function toResponseModel(source: ExchangeRecord | ApiError, context: ResponseContext = {}): ResponseModel {
  const when = (context.when ?? new Date()).toISOString();
  if (source instanceof ApiError) {
    const record = context.record && scrubExchange(context.record);
    const body = cutJsonDepth(record?.responseBody ?? source.body);
    return ResponseModel.parse({
      method: source.method,
      path: source.path,
      baseUrl: record?.baseUrl ?? scrubUrl(context.baseUrl ?? ''),
      status: source.status,
      statusText: statusText(source.status, source.kind),
      durationMs: record?.durationMs,
      sizeBytes: record?.sizeBytes ?? sizeOf(body),
      headers: record?.responseHeaders ?? {},
      body,
      requestBody: cutJsonDepth(record?.requestBody),
      error: {
        error: source.error,
        ...shownCode(source.apiCode, source.error, source.status),
        message: source.apiMessage,
        causes: source.causes.map(toCause),
        errors: source.errors.map(toEntry),
        next: nextStep(source, context.surface),
      },
      when,
    });
  }
  const record = scrubExchange(source);
  const body = cutJsonDepth(record.responseBody);
  return ResponseModel.parse({
    method: record.method,
    path: record.path,
    baseUrl: record.baseUrl,
    status: record.status,
    statusText: statusText(record.status),
    durationMs: record.durationMs,
    sizeBytes: record.sizeBytes,
    headers: record.responseHeaders,
    body,
    requestBody: cutJsonDepth(record.requestBody),
    error: record.status >= 400 ? errorOfBody(record.status, body, context.surface) : undefined,
    when,
  });
}

/** An error answer's own words, for a record of a failed exchange: read field by field, as the client reads it. */
function errorOfBody(status: number, body: unknown, surface?: NextStepSurface): ResponseError {
  const data = readErrorBody(body);
  const text = typeof body === 'string' ? body.trim().slice(0, 300) : '';
  const error = errorCodeOf(data, status);
  return {
    error,
    ...shownCode(data.code, error, status),
    message: errorWords(data) ?? (text || statusText(status)),
    causes: data.causes.map(toCause),
    errors: data.errors.map(toEntry),
    next: nextStep({ status, error }, surface),
  };
}

/** The body's `code` as a field to spread, unless it only repeats the status (`401`) or the error code. */
function shownCode(code: string | undefined, error: string, status: number): { code?: string } {
  return code === undefined || code === error || code === String(status) ? {} : { code };
}

function toCause(cause: ReadCause): ResponseCause {
  const out: ResponseCause = { references: cause.references ?? [] };
  if (cause.code !== undefined) out.code = cause.code;
  if (cause.message !== undefined) out.message = cause.message;
  if (cause.type !== undefined) out.type = cause.type;
  return out;
}

function toEntry({ code, message }: ReadErrorEntry): { code?: string; message: string } {
  return code === undefined ? { message } : { code, message };
}

function sizeOf(body: unknown): number | undefined {
  if (body === undefined) return undefined;
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return text === undefined ? undefined : Buffer.byteLength(text);
}

/** The body as pretty-printed JSON: the text of Copy Body and Open as JSON Document (cut at MAX_JSON_DEPTH). */
export function bodyText(model: Pick<ResponseModel, 'body'>): string {
  if (model.body === undefined) return '';
  return typeof model.body === 'string' ? model.body : JSON.stringify(cutJsonDepth(model.body), null, 2);
}
