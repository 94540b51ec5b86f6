// Copy as curl, without VS Code: a command a user can paste into a POSIX shell, with the token replaced by
// `$MARKETPLACE_TOKEN` (double-quoted so the shell expands it) and every secret scrubbed (model/scrub). Every other
// part is single-quoted, so no value can end a word or run anything.
import { cutJsonDepth } from '../model/jsonDepth';
import { scrubBody, scrubHeaders, scrubUrl } from '../model/scrub';

/** The placeholder the command uses instead of the token. */
export const TOKEN_VARIABLE = '$MARKETPLACE_TOKEN';

export interface CurlRequest {
  method: string;
  baseUrl: string;
  /** Path and query, relative to the base URL. */
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}

/** Single-quotes a word for a POSIX shell (`'` becomes `'\''`). */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A word as the shell reads it: as it is when it is an HTTP token (`PUT`), else single-quoted. */
function shellWord(text: string): string {
  return /^[A-Z][A-Z0-9_-]*$/.test(text) ? text : shellQuote(text);
}

/** A header line on one line: a line break in a name or value would start another header. */
const headerLine = (name: string, value: string) => `${name}: ${value}`.replace(/[\r\n]+/g, ' ');

/** Whether a path is an advertising call (those carry `Api-Version: 1`). */
export const isAdvertisingPath = (path: string): boolean => /^\/advertising(?:\/|\?|$)/.test(path);

/**
 * The curl command of a request: method, URL, `Authorization: Bearer $MARKETPLACE_TOKEN` (never the token), the
 * other headers, `Api-Version: 1` on advertising paths and the JSON body, each part quoted for the shell.
 */
export function toCurl(request: CurlRequest): string {
  const url = scrubUrl(request.baseUrl.replace(/\/+$/, '') + request.path);
  const parts = ['curl', '-X', shellWord(request.method.toUpperCase()), shellQuote(url)];
  parts.push('-H', `"Authorization: Bearer ${TOKEN_VARIABLE}"`);
  const headers = scrubHeaders(request.headers ?? {});
  const names = new Set(Object.keys(headers).map((name) => name.toLowerCase()));
  if (isAdvertisingPath(request.path) && !names.has('api-version')) headers['Api-Version'] = '1';
  const hasBody = request.body !== undefined;
  if (hasBody && !names.has('content-type')) headers['Content-Type'] = 'application/json';
  for (const [name, value] of Object.entries(headers)) parts.push('-H', shellQuote(headerLine(name, value)));
  if (hasBody) {
    // A body past MAX_JSON_DEPTH (which the client refuses to send) is shown cut, with a note where it was cut.
    const body = scrubBody(typeof request.body === 'string' ? request.body : cutJsonDepth(request.body));
    parts.push('--data-raw', shellQuote(typeof body === 'string' ? body : JSON.stringify(body)));
  }
  return parts.join(' ');
}
