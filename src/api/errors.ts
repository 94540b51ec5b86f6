import type * as z from 'zod';
import { errorCodeOf, errorWords, type ReadCause, type ReadErrorEntry, readErrorBody } from '../model/error';
import { cutJsonDepth } from '../model/jsonDepth';

/** What kind of failure an ApiError describes, beyond the HTTP status. */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'invalid_response' | 'cancelled';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  method: string;
  path: string;
  status?: number;
  error?: string;
  /** The body's `code` as text (`FORBIDDEN`), when it has one. */
  apiCode?: string;
  message: string;
  causes?: ReadCause[];
  errors?: ReadErrorEntry[];
  retryAfterSeconds?: number;
  body?: unknown;
}

/**
 * The one error every client call fails with. It carries the API's own `error`, `code` and `message`, its `cause[]`
 * and `errors[]` entries, and the method and path of the request: never the token, never an `access_token` query
 * parameter.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** HTTP status; 0 when no answer arrived (network failure, timeout, cancellation). */
  readonly status: number;
  /** The API's error code, such as `not_found` or `MEASUREMENT_NOT_ALLOWED`. */
  readonly error: string;
  /** The body's `code` as text (`FORBIDDEN`, or the `401` of a missing-token body); undefined when it has none. */
  readonly apiCode: string | undefined;
  /** The API's own message, unchanged but for token redaction. */
  readonly apiMessage: string;
  readonly causes: ReadCause[];
  readonly errors: ReadErrorEntry[];
  readonly method: string;
  readonly path: string;
  readonly retryAfterSeconds: number | undefined;
  readonly body: unknown;

  constructor(init: ApiErrorInit) {
    const status = init.status ?? 0;
    const code = init.error ?? init.kind;
    const showCode = init.apiCode !== undefined && init.apiCode !== code && init.apiCode !== String(status);
    const codes = `${code}${showCode ? `, code ${init.apiCode}` : ''}`;
    super(`${init.method} ${init.path} failed${status ? ` (${status} ${codes})` : ` (${codes})`}: ${init.message}`);
    this.kind = init.kind;
    this.status = status;
    this.error = code;
    this.apiCode = init.apiCode;
    this.apiMessage = init.message;
    this.causes = init.causes ?? [];
    this.errors = init.errors ?? [];
    this.method = init.method;
    this.path = init.path;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.body = init.body;
  }
}

/** Strips credentials from a request path: the `access_token` query parameter never leaves in an error. */
export function safePath(url: string | URL): string {
  const parsed = new URL(String(url), 'http://placeholder.invalid');
  parsed.searchParams.delete('access_token');
  const query = parsed.searchParams.toString();
  return parsed.pathname + (query ? `?${query}` : '');
}

/** Replaces every occurrence of the token (and bearer-looking strings) in a text. */
export function redact(text: string, token: string | undefined): string {
  let out = text;
  if (token && token.length >= 4) out = out.split(token).join('«token»');
  return out.replace(/Bearer\s+[A-Za-z0-9._~+/=-]+/g, 'Bearer «token»');
}

/**
 * Builds the ApiError for a non-2xx answer from its (already read) body. The body is read field by field
 * (`readErrorBody`): a field of an unexpected shape never costs the message, the code or the causes. Every text read
 * from it is redacted. A body nesting deeper than MAX_JSON_DEPTH is kept cut there, with a note where it was cut.
 */
export function errorFromAnswer(
  method: string,
  url: string | URL,
  status: number,
  answer: unknown,
  retryAfter: string | null,
  token: string | undefined,
): ApiError {
  const data = cutJsonDepth(answer);
  const body = readErrorBody(data);
  const text = typeof data === 'string' ? textInWords(data) : '';
  const message = errorWords(body) ?? (text || `HTTP ${status} with no error body`);
  const retryAfterSeconds = retryAfter !== null && /^\d+$/.test(retryAfter) ? Number(retryAfter) : undefined;
  const hide = (value: string) => redact(value, token);
  return new ApiError({
    kind: 'http',
    method,
    path: safePath(url),
    status,
    error: hide(errorCodeOf(body, status)),
    apiCode: body.code === undefined ? undefined : hide(body.code),
    message: hide(message),
    causes: body.causes.map((cause) => redactStrings(cause, hide)),
    errors: body.errors.map((entry) => redactStrings(entry, hide)),
    retryAfterSeconds,
    body: redactStrings(data, hide),
  });
}

/**
 * A text error body as a person reads it. An HTML page (a doctype, a title or a body: what a proxy or gateway in front
 * of the API answers when the API behind it fails) is named as such with its title, never shown as markup; other text
 * is kept, cut at 300 characters.
 */
function textInWords(data: string): string {
  // The first 10,000 characters are plenty for a title, and keep the patterns below cheap on any page.
  const text = data.trim().slice(0, 10_000);
  const page = /^<!doctype html\b/i.test(text) || (text.startsWith('<') && /<(title|body)\b/i.test(text));
  if (!page) return text.slice(0, 300);
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1];
  const words = (title ?? text.replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  return `The server answered with an HTML page${words ? ` ("${words}")` : ''} instead of the API's JSON: a proxy or gateway in front of the API may have failed.`;
}

/** A copy of a JSON value with every string passed through `hide`. */
function redactStrings<T>(value: T, hide: (text: string) => string): T {
  if (typeof value === 'string') return hide(value) as T;
  if (Array.isArray(value)) return value.map((item) => redactStrings(item, hide)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactStrings(item, hide)])) as T;
  return value;
}

/** Formats a zod failure so the user sees which field of the answer was unexpected. */
export function describeSchemaIssues(error: z.ZodError, limit = 3): string {
  const parts = error.issues.slice(0, limit).map((issue) => {
    const path = issue.path.length ? issue.path.map(String).join('.') : '(root)';
    return `field '${path}': ${issue.message}`;
  });
  const more = error.issues.length > limit ? ` (and ${error.issues.length - limit} more)` : '';
  return parts.join('; ') + more;
}
