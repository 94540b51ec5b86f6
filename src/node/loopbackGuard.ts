// One guard for the three loopback servers (the sandbox, the OAuth callback, the notification receiver). Listening on
// 127.0.0.1 keeps other machines out, not the web pages of the user's own browser: a page can send "simple" requests
// (a form POST, a `text/plain` fetch) to any port, and DNS rebinding lets a page read the answers by pointing its own
// host name at 127.0.0.1. So a request is served only when its Host (one, and an absolute request-target's authority)
// names this server, it comes from no other origin, and a JSON route gets JSON. Pure: the servers pass what they
// know (`guardedRequest` reads it off Node's request) and answer a refusal in their own error shape.

/** What the guard reads of a request; header names are lower case, as Node gives them. */
export interface GuardedRequest {
  method: string;
  /** Path without the query. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /**
   * The request-target as received (Node's `url`): `/path?query`, or the absolute form `http://host:port/path` whose
   * authority must name this server too (RFC 9112 §3.2.2 makes it win over Host). Origin form assumed when absent.
   */
  target?: string;
  /**
   * The headers as received, name and value in turn (Node's `rawHeaders`): Node keeps only the first of two Host
   * headers in `headers`, so a second one is seen here. Absent: only `headers` is read.
   */
  rawHeaders?: readonly string[];
}

/** What the guard reads of a Node request (`IncomingMessage`). */
export function guardedRequest(incoming: {
  method?: string;
  url?: string;
  headers: Record<string, string | string[] | undefined>;
  rawHeaders?: readonly string[];
}): GuardedRequest {
  const target = incoming.url ?? '/';
  // A target no URL reads keeps its text: the route table finds nothing there (and the guard refuses it).
  const path = targetUrl(target)?.pathname ?? target;
  return { method: incoming.method ?? 'GET', path, headers: incoming.headers, target, rawHeaders: incoming.rawHeaders };
}

/**
 * The URL of a request-target: a path (`/items/1?x=y`) on this server, or an absolute URL as sent; undefined when
 * unreadable. A path is never read as a URL reference: `//evil.example/items/1` is that path, not a host.
 */
export function targetUrl(target: string): URL | undefined {
  try {
    return target.startsWith('/') ? new URL(`http://127.0.0.1${target}`) : new URL(target);
  } catch {
    return undefined;
  }
}

export interface LoopbackGuardOptions {
  /** The port the server listens on (its real one, never 0). */
  port: number;
  /** Further host names accepted in `Host` with any port, compared case-insensitively (a tunnel's public host). */
  allowedHosts?: readonly string[];
  /**
   * Bodies of POST, PUT, PATCH and DELETE must be JSON (`application/json`, any parameters); paths listed in
   * `formPaths` take `application/x-www-form-urlencoded` too. Off when absent.
   */
  jsonBodies?: { formPaths?: readonly string[] };
  /**
   * A cross-site top-level GET navigation is served (the OAuth redirect from the authorization page is one). Other
   * cross-site requests are still refused.
   */
  crossSiteNavigation?: boolean;
}

export type RefusalReason = 'request' | 'host' | 'origin' | 'preflight' | 'cross-site' | 'content-type';

export interface Refusal {
  /**
   * 400 for a request that names its server ambiguously (two Host headers, an unreadable absolute target), 421 for a
   * Host or target that is not this server, 403 for a web page's request, 415 for a body that is not JSON.
   */
  status: 400 | 421 | 403 | 415;
  reason: RefusalReason;
  /** For the error body: what was refused and why. */
  message: string;
}

/** The API's `error` of each refusal, for servers that answer in its shape. */
export const REFUSAL_ERRORS = {
  400: 'bad_request',
  421: 'misdirected_request',
  403: 'forbidden',
  415: 'unsupported_media_type',
} as const satisfies Record<Refusal['status'], string>;

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The origins of this server itself (`http://127.0.0.1:<port>`, `http://localhost:<port>`, `http://[::1]:<port>`). */
export function ownOrigins(port: number): string[] {
  return LOOPBACK_NAMES.map((name) => `http://${name}:${port}`);
}

/** Splits a Host header into a lower-case name and its port (undefined when absent); undefined when malformed. */
export function parseHost(value: string): { name: string; port: number | undefined } | undefined {
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]\s/@]+)(?::(\d{1,5}))?$/i.exec(value.trim());
  if (!match?.[1]) return undefined;
  return { name: match[1].toLowerCase(), port: match[2] === undefined ? undefined : Number(match[2]) };
}

/** Whether `Host` names this server: a loopback name with exactly its port, or an allowed host name with any port. */
export function hostAllowed(value: string | undefined, options: Pick<LoopbackGuardOptions, 'port' | 'allowedHosts'>) {
  if (!value) return false;
  const host = parseHost(value);
  if (!host) return false;
  if (LOOPBACK_NAMES.includes(host.name)) {
    return host.port === options.port || (host.port === undefined && options.port === 80);
  }
  return (options.allowedHosts ?? []).some((allowed) => allowed.trim().toLowerCase() === host.name);
}

/** The media type of a Content-Type header, lower case and without parameters; '' when absent. */
export function mediaType(value: string | undefined): string {
  return (value ?? '').split(';')[0]!.trim().toLowerCase();
}

/** The refusal for a request this server must not serve, or undefined to serve it. Checked before anything is read. */
export function loopbackRefusal(request: GuardedRequest, options: LoopbackGuardOptions): Refusal | undefined {
  const header = (name: string): string | undefined => {
    const value = request.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  const method = request.method.toUpperCase();
  const ambiguous = authorityRefusal(request, options);
  if (ambiguous) return ambiguous;
  // 421 Misdirected Request (RFC 9110 §15.5.20) says what happened: the request names another authority than this
  // server. It stays apart from 403, which the API answers for a resource the caller may not touch.
  const host = header('host');
  if (!hostAllowed(host, options)) {
    return {
      status: 421,
      reason: 'host',
      message: `This server answers only to 127.0.0.1:${options.port} or localhost:${options.port}, not to Host ${
        host ? JSON.stringify(host) : '(none)'
      }.`,
    };
  }
  // A preflight always carries Origin; it is refused before that check so that even our own origin gets no CORS.
  if (method === 'OPTIONS' && header('access-control-request-method') !== undefined) {
    return { status: 403, reason: 'preflight', message: 'Cross-origin requests are not accepted (no CORS).' };
  }
  const origin = header('origin');
  if (origin !== undefined && !ownOrigins(options.port).includes(origin.trim().toLowerCase())) {
    return {
      status: 403,
      reason: 'origin',
      message: `Requests from web pages are not accepted (Origin ${JSON.stringify(origin)}).`,
    };
  }
  // Browsers say where a request comes from; Node's fetch sends only `sec-fetch-mode: cors`, which is never read.
  if (header('sec-fetch-site')?.trim().toLowerCase() === 'cross-site') {
    const navigation =
      (method === 'GET' || method === 'HEAD') && header('sec-fetch-mode')?.trim().toLowerCase() === 'navigate';
    if (!(options.crossSiteNavigation && navigation)) {
      return { status: 403, reason: 'cross-site', message: 'Requests from other sites are not accepted.' };
    }
  }
  if (options.jsonBodies && BODY_METHODS.has(method)) {
    const type = mediaType(header('content-type'));
    const length = Number(header('content-length') ?? 0);
    const hasBody = header('transfer-encoding') !== undefined || (Number.isFinite(length) && length > 0);
    const form = options.jsonBodies.formPaths?.includes(request.path) ?? false;
    const accepted =
      type === 'application/json' || (form && type === 'application/x-www-form-urlencoded') || (!type && !hasBody);
    if (!accepted) {
      const wanted = form ? 'application/json or application/x-www-form-urlencoded' : 'application/json';
      return {
        status: 415,
        reason: 'content-type',
        message: `The body must be sent with content-type: ${wanted}${type ? `, not ${type}` : ''}.`,
      };
    }
  }
  return undefined;
}

/**
 * Refuses a request whose server is named twice or in a form Host checks do not see: two Host headers (400: which
 * one counts is exactly what a smuggling proxy and this server could disagree on), and an absolute request-target
 * (`GET http://evil.example/… HTTP/1.1`) that is unreadable (400) or names another authority than this server (421).
 */
function authorityRefusal(request: GuardedRequest, options: LoopbackGuardOptions): Refusal | undefined {
  const raw = request.rawHeaders ?? [];
  let hosts = 0;
  for (let index = 0; index < raw.length; index += 2) if (raw[index]?.toLowerCase() === 'host') hosts++;
  if (hosts > 1 || Array.isArray(request.headers.host)) {
    return { status: 400, reason: 'request', message: `The request has ${Math.max(hosts, 2)} Host headers; send one.` };
  }
  const target = request.target;
  if (target === undefined || target.startsWith('/')) return undefined;
  const authority = targetUrl(target);
  if (!authority) {
    return {
      status: 400,
      reason: 'request',
      message: 'The request-target is neither a path nor an absolute http URL.',
    };
  }
  if (
    authority.protocol !== 'http:' ||
    authority.username ||
    authority.password ||
    !hostAllowed(authority.host, options)
  ) {
    return {
      status: 421,
      reason: 'host',
      message: `This server answers only to 127.0.0.1:${options.port} or localhost:${options.port}, not to a request for ${JSON.stringify(
        `${authority.protocol}//${authority.host}`,
      )}.`,
    };
  }
  return undefined;
}
