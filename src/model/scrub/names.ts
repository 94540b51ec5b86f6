// Which names hold a secret, wherever the name sits: a URL's query, matrix or fragment parameter, a form or JSON
// field, a header, a `name=value` pair in a text. Pure: no Node, no `vscode` (the layers above all import it).

/** What a secret becomes, unless the caller names another mark. */
export const REDACTED = '«redacted»';

/** What a scrubber is told besides the text: values it knows to be secret, and what to write instead. */
export interface ScrubOptions {
  /** Exact secret values (the current token): replaced wherever they appear, raw, URL-encoded or JSON-escaped. */
  known?: Iterable<string | undefined>;
  /** What a secret becomes (`«redacted»` by default). */
  mark?: string;
}

/** Names whose value is a secret wherever they appear (compared lower case, `-` read as `_`). */
const SECRET_NAMES = new Set([
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'client_secret',
  'client_assertion',
  'code_verifier',
  'password',
  'passwd',
  'pwd',
  'secret',
  'api_key',
  'apikey',
  'auth',
  'authorization',
  'proxy_authorization',
  'signature',
  'sig',
  'private_key',
  'credentials',
  'cookie',
  'set_cookie',
  'session',
  'sessionid',
  'session_id',
  'jwt',
  'assertion',
]);

/**
 * Names that are secrets as URL (or form) parameters only: an OAuth `code` or an API `key` there is a credential,
 * while a JSON body's `code` (an error code, a cause's code) and `key` (a metric's key) are data.
 */
const URL_ONLY_NAMES = new Set(['code', 'key']);

/** A name as compared: lower case, `-` and `.` read as `_`, percent-escapes decoded. */
function normalized(name: string): string {
  let decoded = name;
  if (name.includes('%')) {
    try {
      decoded = decodeURIComponent(name);
    } catch {
      // A broken escape is compared as written.
    }
  }
  return decoded.trim().toLowerCase().replace(/[-.]/g, '_');
}

/** Whether a field, header or text name holds a secret: the names above, and `…token`, `…secret`, `…password`… */
export function isSecretName(name: string): boolean {
  const key = normalized(name);
  if (SECRET_NAMES.has(key)) return true;
  return (
    key.endsWith('token') ||
    key.endsWith('_secret') ||
    key.endsWith('password') ||
    key.endsWith('api_key') ||
    key.endsWith('apikey') ||
    key.startsWith('x_auth')
  );
}

/** Whether a URL query, matrix or fragment parameter, or a form field, holds a secret. */
export function isSecretParam(name: string): boolean {
  return isSecretName(name) || URL_ONLY_NAMES.has(normalized(name));
}

/** Whether a JSON field holds a secret (`code` and `key` are data there). */
export const isSecretField = isSecretName;

/** Whether a header carries a secret (authorization of any scheme, cookies, `x-*-token`, `x-api-key`…). */
export const isSecretHeader = isSecretName;
