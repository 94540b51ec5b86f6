// The way every request goes through the running sandbox: the loopback guard, an injected fault, the body, routing,
// authentication, path-id checks, the handler, the durable commit of what it changed, and errors mapped to the API's
// error shape. The runtime (runtime.ts) owns the state, the store and the server; this is what it serves with.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { guardedRequest, loopbackRefusal, REFUSAL_ERRORS, targetUrl } from '../node/loopbackGuard';
import { type FaultInjector, faultBody, faultHtmlPage } from './faults';
import { apiError, badRequest, HttpError, type Reply, type SandboxRequest } from './http';
import { checkPathIds, dotSegmentProblem } from './pathIds';
import { readBody } from './requestBody';
import type { Router } from './router';
import type { Sandbox } from './sandbox';
import type { SandboxState } from './state';
import { type DurableStore, detach, StoreWriteError, type TrackedState } from './store';
import { authenticate } from './users/accessTokens';

/** Routes that take a form body by design (as the API's token endpoint does); every other body must be JSON. */
const FORM_PATHS = ['/oauth/token'];

/** What the pipeline serves with: the runtime's routes, sandbox views, faults, tracked state and store. */
export interface PipelineContext {
  router: Router;
  /** The sandbox on the tracking view, for the routes that may change the state. */
  sandbox: Sandbox;
  /** The sandbox on the raw state, for the routes marked `readOnly`. */
  reader: Sandbox;
  /** The current state itself (tokens are looked up in it). */
  current(): SandboxState;
  tracked: TrackedState;
  /** The durable store with --data; undefined in memory. */
  store: DurableStore | undefined;
  faults: FaultInjector;
  /** Runs the families' time-based transitions that are due (before every API request). */
  advance(): void;
  log(line: string): void;
  /** Told of every answer a route gave (SandboxOptions.onAnswer). */
  onAnswer?: (answer: SandboxAnswer) => void;
}

/**
 * An answer as the server sent it, for an observer (the unit tests' OpenAPI contract check): the route pattern that
 * answered (undefined when none matched: an unknown path or method, a refused request), the status and the body's
 * text. `fault` is set when an injected fault answered instead of the route.
 */
export interface SandboxAnswer {
  method: string;
  route: string | undefined;
  status: number;
  contentType: string | undefined;
  body: string;
  fault: boolean;
}

/** The server's request listener: each request answered through the pipeline, an unexpected failure as a 500. */
export function requestPipeline(
  context: PipelineContext,
): (incoming: IncomingMessage, outgoing: ServerResponse) => void {
  const { tracked, faults, log } = context;

  const handle = async (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const url = targetUrl(incoming.url ?? '/') ?? new URL('http://127.0.0.1/');
    const method = (incoming.method ?? 'GET').toUpperCase();
    // A web page's request (another Host, a foreign Origin, a non-JSON body) is refused before any fault, body or
    // route: it changes nothing and reads nothing. The socket's local port is the one the server listens on.
    const refusal = loopbackRefusal(guardedRequest(incoming), {
      port: incoming.socket.localPort ?? 0,
      jsonBodies: { formPaths: FORM_PATHS },
    });
    if (refusal) {
      const error = apiError(refusal.status, REFUSAL_ERRORS[refusal.status], refusal.message);
      send(outgoing, { status: refusal.status, body: error.body, headers: { connection: 'close' } }, false);
      return;
    }
    const isAdmin = url.pathname === '/_sandbox' || url.pathname.startsWith('/_sandbox/');
    const fault = isAdmin ? undefined : faults.take({ method, path: url.pathname });
    let reply: Reply;
    let changes = tracked.changes;
    const answered: { route?: string } = {};
    try {
      const body = await readBody(incoming);
      if (fault?.latency_ms) await new Promise((resolve) => setTimeout(resolve, fault.latency_ms));
      // Counted from here: what other requests changed while this body arrived is theirs to wait for.
      changes = tracked.changes;
      if (fault?.status) {
        const headers: Record<string, string> = {};
        if (fault.retry_after !== undefined) headers['retry-after'] = String(fault.retry_after);
        if (fault.html) headers['content-type'] = 'text/html; charset=utf-8';
        reply = {
          status: fault.status,
          body: fault.html ? faultHtmlPage(fault.status) : faultBody(fault.status),
          headers,
        };
      } else {
        reply = await route(method, url, incoming, body, answered);
      }
    } catch (failure) {
      reply = toReply(failure, log);
    }
    // Answered once what the request changed is durable: its group of the journal (or a snapshot, after a reset). A
    // group the disk refused was undone: the request is answered 507, and changed nothing.
    tracked.follow();
    const { store } = context;
    if (store && tracked.changes !== changes) {
      try {
        await store.commit();
      } catch (failure) {
        if (!(failure instanceof StoreWriteError)) throw failure;
        reply = toReply(apiError(507, 'insufficient_storage', failure.message), log);
      }
    }
    const sent = send(outgoing, reply, fault?.truncate === true);
    context.onAnswer?.({
      method,
      route: answered.route,
      status: reply.status,
      contentType: sent.contentType,
      body: sent.text,
      fault: fault?.status !== undefined || fault?.truncate === true,
    });
  };

  const route = async (
    method: string,
    url: URL,
    incoming: IncomingMessage,
    body: unknown,
    answered: { route?: string },
  ): Promise<Reply> => {
    const dots = dotSegmentProblem(incoming.url ?? '/');
    if (dots) throw badRequest(dots);
    const match = context.router.match(method, url.pathname);
    if (match === undefined) throw apiError(404, 'not_found', `Route ${method} ${url.pathname} not found`);
    if (match === 'method')
      throw apiError(405, 'method_not_allowed', `Method ${method} is not allowed on ${url.pathname}`);
    answered.route = match.route.path;
    if (!url.pathname.startsWith('/_sandbox')) context.advance();
    const request: SandboxRequest = {
      method,
      path: url.pathname,
      params: match.params,
      query: url.searchParams,
      headers: incoming.headers,
      body,
      user: undefined,
    };
    if (match.route.auth !== 'none') {
      const token = bearer(incoming) ?? url.searchParams.get('access_token') ?? undefined;
      if (token) {
        const user = authenticate(context.current().users, token, context.sandbox.now().getTime());
        if (!user || user === 'expired') throw apiError(401, 'not_found', 'invalid_token');
        request.user = user;
      } else if (match.route.auth === 'required') {
        throw new HttpError(401, {
          code: 401,
          error: 'unauthorized_request_error',
          message: 'Invalid caller.id',
          cause: null,
        });
      }
    }
    // Ids are judged once the caller is known: a malformed one is a 400 before any lookup.
    checkPathIds(match.params);
    return match.route.handler(request, match.route.readOnly ? context.reader : context.sandbox);
  };

  return (incoming, outgoing) => {
    handle(incoming, outgoing).catch((failure) => {
      log(`Unexpected failure: ${(failure as Error).message}`);
      if (!outgoing.headersSent) send(outgoing, toReply(failure, log), false);
    });
  };
}

function bearer(incoming: IncomingMessage): string | undefined {
  const header = incoming.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? '';
}

/**
 * A request Node's parser refused before any route (a request line or headers past 16 KB, a malformed request line):
 * answered in the API's error shape, like every other refusal, instead of Node's bare status line.
 */
export function answerClientError(failure: NodeJS.ErrnoException, socket: Socket): void {
  // Mid-answer (bytes already written) or gone: nothing more can be said on this connection.
  if (!socket.writable || socket.bytesWritten > 0 || failure.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const tooLarge = failure.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const body = JSON.stringify({
    message: tooLarge
      ? 'The request line and headers exceed 16 KB: send long lists in a body or in several requests.'
      : `The request could not be read as HTTP (${failure.code ?? failure.message}).`,
    error: tooLarge ? 'request_header_fields_too_large' : 'bad_request',
    status,
    cause: [],
  });
  // As Node's own handler does: the answer, then the connection closed (the rest of the request is not read).
  socket.write(
    `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
      `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
      `connection: close\r\n\r\n${body}`,
  );
  socket.destroy(failure);
}

function toReply(failure: unknown, log: (line: string) => void): Reply {
  if (failure instanceof HttpError) return { status: failure.status, body: failure.body, headers: failure.headers };
  // An unexpected failure is reported as the API's error shape, with its message and no stack trace.
  log(`Internal error: ${(failure as Error)?.stack ?? failure}`);
  return {
    status: 500,
    body: {
      message: `Internal sandbox error: ${(failure as Error)?.message ?? failure}`,
      error: 'internal_error',
      status: 500,
      cause: [],
    },
  };
}

/** Writes the answer; returns its content type and text. */
function send(
  outgoing: ServerResponse,
  reply: Reply,
  truncate: boolean,
): { contentType: string | undefined; text: string } {
  const headers: Record<string, string> = { ...reply.headers };
  let payload = '';
  if (reply.body !== undefined && reply.status !== 204) {
    // Text with a content type of its own (an injected proxy page) goes out as it is.
    const asIs = typeof reply.body === 'string' && headers['content-type'] !== undefined;
    // Bodies hold views of the state: serialized from the raw objects behind them, at native speed.
    payload = asIs ? (reply.body as string) : JSON.stringify(detach(reply.body));
    if (!asIs) headers['content-type'] = 'application/json; charset=utf-8';
  }
  const bytes = Buffer.from(payload);
  headers['content-length'] = String(bytes.length);
  outgoing.writeHead(reply.status, headers);
  if (truncate && bytes.length > 1) {
    // Cut once the half has left: destroying at once would drop it with the headers, and the client would see no answer.
    outgoing.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => outgoing.destroy());
  } else {
    outgoing.end(bytes);
  }
  return { contentType: headers['content-type'], text: payload };
}
