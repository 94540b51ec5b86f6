import type * as z from 'zod';
import { type ErrorBody, ErrorBody as ErrorBodySchema, type ErrorCause, type ErrorEntry } from '../model/error';

/** What kind of failure an ApiError describes, beyond the HTTP status. */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'invalid_response' | 'cancelled';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  method: string;
  path: string;
  status?: number;
  error?: string;
  message: string;
  causes?: ErrorCause[];
  errors?: ErrorEntry[];
  retryAfterSeconds?: number;
  body?: unknown;
}

/**
 * The one error every client call fails with. It carries the API's own `error` code and `message`, its `cause[]`
 * entries, and the method and path of the request: never the token, never an `access_token` query parameter.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** HTTP status; 0 when no answer arrived (network failure, timeout, cancellation). */
  readonly status: number;
  /** The API's error code, such as `not_found` or `MEASUREMENT_NOT_ALLOWED`. */
  readonly error: string;
  /** The API's own message, unchanged but for token redaction. */
  readonly apiMessage: string;
  readonly causes: ErrorCause[];
  readonly errors: ErrorEntry[];
  readonly method: string;
  readonly path: string;
  readonly retryAfterSeconds: number | undefined;
  readonly body: unknown;

  constructor(init: ApiErrorInit) {
    const status = init.status ?? 0;
    const code = init.error ?? init.kind;
    super(`${init.method} ${init.path} failed${status ? ` (${status} ${code})` : ` (${code})`}: ${init.message}`);
    this.kind = init.kind;
    this.status = status;
    this.error = code;
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

/** Builds the ApiError for a non-2xx answer from its (already read) body. */
export function errorFromAnswer(
  method: string,
  url: string | URL,
  status: number,
  data: unknown,
  retryAfter: string | null,
  token: string | undefined,
): ApiError {
  const parsed = ErrorBodySchema.safeParse(data);
  const body: ErrorBody = parsed.success ? parsed.data : {};
  const text = typeof data === 'string' ? data.trim().slice(0, 300) : '';
  const message =
    body.message && body.message !== body.error
      ? body.message
      : (body.error_description ?? body.message ?? (text || `HTTP ${status} with no error body`));
  const retryAfterSeconds = retryAfter !== null && /^\d+$/.test(retryAfter) ? Number(retryAfter) : undefined;
  return new ApiError({
    kind: 'http',
    method,
    path: safePath(url),
    status,
    error: body.error ?? (typeof body.code === 'string' ? body.code : `http_${status}`),
    message: redact(message, token),
    causes: (body.cause ?? []).map((cause) => ({ ...cause, message: cause.message && redact(cause.message, token) })),
    errors: body.errors ?? [],
    retryAfterSeconds,
    body: data,
  });
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
