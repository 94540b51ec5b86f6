// Copy as curl, without VS Code: a command a user can paste into a POSIX shell, with the token replaced by
// `$MARKETPLACE_TOKEN` (double-quoted so the shell expands it) and every secret-looking value redacted.
import { cutJsonDepth } from '../../model/jsonDepth';

/** The placeholder the command uses instead of the token. */
export const TOKEN_VARIABLE = '$MARKETPLACE_TOKEN';
/** What a redacted secret becomes. */
export const REDACTED = '«redacted»';

export interface CurlRequest {
  method: string;
  baseUrl: string;
  /** Path and query, relative to the base URL. */
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}

/** Token-looking strings: the marketplace's (`APP_USR-…`), the sandbox's (`SBX-…`) and any `Bearer …`. */
const TOKEN_PATTERN = /\b(?:APP_USR|SBX|TG)-[A-Za-z0-9._~+/=-]+/g;
const BEARER_PATTERN = /Bearer\s+[A-Za-z0-9._~+/=-]+/g;
/** Body and form fields whose value is a secret whatever it looks like. */
const SECRET_FIELDS = new Set([
  'access_token',
  'refresh_token',
  'client_secret',
  'code_verifier',
  'authorization',
  'password',
]);
/** Headers never copied. */
const SECRET_HEADERS = new Set(['authorization', 'cookie', 'set-cookie', 'proxy-authorization']);

/** Replaces token-looking substrings of a text. */
export function scrubText(text: string): string {
  return text.replace(BEARER_PATTERN, `Bearer ${REDACTED}`).replace(TOKEN_PATTERN, REDACTED);
}

/** A deep copy of a JSON value with secret fields and token-looking strings redacted. */
export function scrubValue(value: unknown): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (Array.isArray(value)) return value.map(scrubValue);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, entry]) => [
        key,
        SECRET_FIELDS.has(key.toLowerCase()) && entry !== null && entry !== undefined ? REDACTED : scrubValue(entry),
      ]),
    );
  }
  return value;
}

/** A path with its `access_token` (and other secret) query parameters removed and token-looking text redacted. */
export function scrubPath(path: string): string {
  const queryAt = path.indexOf('?');
  if (queryAt === -1) return scrubText(path);
  const params = new URLSearchParams(path.slice(queryAt + 1));
  for (const key of [...params.keys()]) if (SECRET_FIELDS.has(key.toLowerCase())) params.delete(key);
  const query = params.toString();
  return scrubText(path.slice(0, queryAt) + (query ? `?${query}` : ''));
}

/** Response or request headers without secrets (authorization, cookies), token-looking values redacted. */
export function scrubHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !SECRET_HEADERS.has(name.toLowerCase()))
      .map(([name, value]) => [name, scrubText(value)]),
  );
}

/** Single-quotes a word for a POSIX shell (`'` becomes `'\''`). */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** Whether a path is an advertising call (those carry `Api-Version: 1`). */
export const isAdvertisingPath = (path: string): boolean => /^\/advertising(?:\/|\?|$)/.test(path);

/**
 * The curl command of a request: method, URL, `Authorization: Bearer $MARKETPLACE_TOKEN` (never the token), the
 * other headers, `Api-Version: 1` on advertising paths and the JSON body, each part single-quoted.
 */
export function toCurl(request: CurlRequest): string {
  const url = request.baseUrl.replace(/\/+$/, '') + scrubPath(request.path);
  const parts = ['curl', '-X', request.method.toUpperCase(), shellQuote(url)];
  parts.push('-H', `"Authorization: Bearer ${TOKEN_VARIABLE}"`);
  const headers = scrubHeaders(request.headers ?? {});
  const names = new Set(Object.keys(headers).map((name) => name.toLowerCase()));
  if (isAdvertisingPath(request.path) && !names.has('api-version')) headers['Api-Version'] = '1';
  const hasBody = request.body !== undefined;
  if (hasBody && !names.has('content-type')) headers['Content-Type'] = 'application/json';
  for (const [name, value] of Object.entries(headers)) parts.push('-H', shellQuote(`${name}: ${value}`));
  if (hasBody) {
    // A body past MAX_JSON_DEPTH (which the client refuses to send) is shown cut, with a note where it was cut.
    const body =
      typeof request.body === 'string'
        ? scrubText(request.body)
        : JSON.stringify(scrubValue(cutJsonDepth(request.body)));
    parts.push('--data-raw', shellQuote(body));
  }
  return parts.join(' ');
}
