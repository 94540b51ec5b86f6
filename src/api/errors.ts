import type * as z from 'zod';
import { errorCodeOf, errorWords, type ReadCause, type ReadErrorEntry, readErrorBody } from '../model/error';
import { cutJsonDepth } from '../model/jsonDepth';
import { isSecretParam, type ScrubOptions, scrubText, scrubUrl, scrubValue } from '../model/scrub';

/** What the token becomes in an error's text. */
const TOKEN_MARK = '«token»';

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
  /** The token of the request, when the caller knows it: scrubbed from every text of the error, never kept. */
  token?: string;
}

/**
 * The one error every client call fails with. It carries the API's own `error`, `code` and `message`, its `cause[]`
 * and `errors[]` entries, and the method and path of the request: never the token, never a secret. Whoever builds
 * one, every text it holds passes through the scrubber (model/scrub) here.
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
  /** The API's own message, unchanged but for secrets scrubbed. */
  readonly apiMessage: string;
  readonly causes: ReadCause[];
  readonly errors: ReadErrorEntry[];
  readonly method: string;
  readonly path: string;
  readonly retryAfterSeconds: number | undefined;
  readonly body: unknown;

  constructor(init: ApiErrorInit) {
    const options: ScrubOptions = { known: [init.token], mark: TOKEN_MARK };
    const hide = (text: string) => scrubText(text, options);
    const status = init.status ?? 0;
    const code = hide(init.error ?? init.kind);
    const apiCode = init.apiCode === undefined ? undefined : hide(init.apiCode);
    const method = hide(init.method);
    const path = scrubUrl(init.path, options);
    const message = hide(init.message);
    const showCode = apiCode !== undefined && apiCode !== code && apiCode !== String(status);
    const codes = `${code}${showCode ? `, code ${apiCode}` : ''}`;
    super(`${method} ${path} failed${status ? ` (${status} ${codes})` : ` (${codes})`}: ${message}`);
    this.kind = init.kind;
    this.status = status;
    this.error = code;
    this.apiCode = apiCode;
    this.apiMessage = message;
    this.causes = scrubValue(init.causes ?? [], options) as ReadCause[];
    this.errors = scrubValue(init.errors ?? [], options) as ReadErrorEntry[];
    this.method = method;
    this.path = path;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.body = scrubValue(init.body, options);
  }
}

/** A request path as errors and exchange records show it: without its secret parameters (`access_token`, `code`…). */
export function safePath(url: string | URL): string {
  const parsed = new URL(String(url), 'http://placeholder.invalid');
  for (const name of [...parsed.searchParams.keys()]) if (isSecretParam(name)) parsed.searchParams.delete(name);
  const query = parsed.searchParams.toString();
  return scrubUrl(parsed.pathname + (query ? `?${query}` : ''));
}

/**
 * Builds the ApiError for a non-2xx answer from its (already read) body. The body is read field by field
 * (`readErrorBody`): a field of an unexpected shape never costs the message, the code or the causes. The error
 * scrubs every text read from it. A body nesting deeper than MAX_JSON_DEPTH is kept cut there, with a note where it
 * was cut.
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
  return new ApiError({
    kind: 'http',
    method,
    path: safePath(url),
    status,
    error: errorCodeOf(body, status),
    apiCode: body.code,
    message,
    causes: body.causes,
    errors: body.errors,
    retryAfterSeconds,
    body: data,
    token,
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

/** Formats a zod failure so the user sees which field of the answer was unexpected. */
export function describeSchemaIssues(error: z.ZodError, limit = 3): string {
  const parts = error.issues.slice(0, limit).map((issue) => {
    const path = issue.path.length ? issue.path.map(String).join('.') : '(root)';
    return `field '${path}': ${issue.message}`;
  });
  const more = error.issues.length > limit ? ` (and ${error.issues.length - limit} more)` : '';
  return parts.join('; ') + more;
}
