import { type Finding, formatPath } from '../rules/finding';
import { foundWords } from '../rules/issueWords';
import type { SandboxUser } from './users/state';

/** A parsed request as route handlers see it. */
export interface SandboxRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON (or form fields as an object); undefined when there is no body. */
  body: unknown;
  /** The authenticated caller, when a valid token came with the request. */
  user: SandboxUser | undefined;
}

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Thrown by handlers to answer with an error body; the server turns it into the reply. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(String(body.message ?? body.error ?? status));
  }
}

export const ok = (body: unknown, status = 200): Reply => ({ status, body });
export const created = (body: unknown): Reply => ({ status: 201, body });
export const noContent = (): Reply => ({ status: 204 });

/** The API's generic error body: `{message, error, status, cause: []}` plus any extra fields. */
export function apiError(
  status: number,
  error: string,
  message: string,
  extra: Record<string, unknown> = {},
): HttpError {
  return new HttpError(status, { message, error, status, cause: [], ...extra });
}

export const badRequest = (message: string, extra: Record<string, unknown> = {}) =>
  apiError(400, 'bad_request', message, extra);

/** 404 as the API answers for a missing resource. */
export const notFound = (message = 'Resource not found') => apiError(404, 'business_logic_error', message);

/** 403 as the API answers when the caller may not touch a resource. */
export const forbidden = (message = 'access to the requested resource is forbidden') =>
  new HttpError(403, { status: 403, error: 'access_denied', message, code: 'FORBIDDEN' });

/**
 * Most `cause[]` entries one answer lists. A body of 100,000 unknown fields has as many findings: listing them all
 * answered 20 MB for a 1 MB body. The message says how many there were.
 */
export const MAX_LISTED_CAUSES = 100;

/** Validation failure with `cause[]` entries, as item create/update/validate answer. */
export function validationError(
  causes: { code: string; message: string; references?: string[]; type?: 'error' | 'warning' }[],
  message = 'Validation error',
): HttpError {
  // Cut short, the errors come first: they are why the request was refused.
  const listed =
    causes.length > MAX_LISTED_CAUSES
      ? [
          ...causes.filter((cause) => cause.type !== 'warning'),
          ...causes.filter((cause) => cause.type === 'warning'),
        ].slice(0, MAX_LISTED_CAUSES)
      : causes;
  const said = listed === causes ? message : `${message}: ${causes.length} causes, ${MAX_LISTED_CAUSES} of them listed`;
  return apiError(400, 'validation_error', said, {
    cause: listed.map((cause, index) => ({
      department: 'items',
      cause_id: 100 + index,
      type: cause.type ?? 'error',
      code: cause.code,
      references: cause.references ?? [],
      message: cause.message,
    })),
  });
}

/** Reads a JSON object body or answers 400 with a clear message. */
export function objectBody(request: SandboxRequest): Record<string, unknown> {
  const body = request.body;
  if (body === undefined) throw badRequest('The request needs a JSON body.');
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest('The request body must be a JSON object.');
  }
  return body as Record<string, unknown>;
}

/**
 * A field a body must carry with one type, or 400: "required" when it is absent, what it must be and what was found
 * when it is of another type (a wrong type is not a missing field), each with what the field is for.
 */
export function requiredBodyField<T>(
  body: Record<string, unknown>,
  key: string,
  field: { is: (value: unknown) => value is T; must: string; for: string },
): T {
  const value = Object.hasOwn(body, key) ? body[key] : undefined;
  if (field.is(value)) return value;
  if (value === undefined) throw badRequest(`${key} is required: ${field.for}.`);
  throw badRequest(`${key} must be ${field.must} (found ${foundWords(value)}): ${field.for}.`);
}

/** Reads an optional JSON object body: `{}` when none was sent, 400 when it is not an object. */
export function optionalObjectBody(request: SandboxRequest): Record<string, unknown> {
  return request.body === undefined ? {} : objectBody(request);
}

/** A required query parameter or 400. */
export function requiredQuery(request: SandboxRequest, name: string): string {
  const value = request.query.get(name);
  if (value === null || value === '') throw badRequest(`The parameter ${name} is required.`);
  return value;
}

/** An integer query parameter within bounds, with a default. */
export function intQuery(request: SandboxRequest, name: string, fallback: number, min: number, max: number): number {
  const raw = request.query.get(name);
  if (raw === null || raw === '') return fallback;
  if (!/^-?\d+$/.test(raw)) throw badRequest(`The parameter ${name} must be an integer.`);
  const value = Number(raw);
  if (value < min || value > max) throw badRequest(`The parameter ${name} must be between ${min} and ${max}.`);
  return value;
}

/**
 * Answers like the API when rules of `src/rules/` fail: 400 `validation_error` with one `cause[]` entry per finding
 * (advice rides along with `type: warning` but does not block on its own).
 */
export function rejectFindings(findings: readonly Finding[], root = 'item', message = 'Validation error'): void {
  if (!findings.some((item) => item.severity === 'error')) return;
  // Advice (Information and Warning) rides along as the API's `type: "warning"` causes.
  throw validationError(
    findings.map((item) => ({
      code: item.code,
      message: item.message,
      references: [formatPath(item.path, root)],
      type: item.severity === 'error' ? ('error' as const) : ('warning' as const),
    })),
    message,
  );
}
