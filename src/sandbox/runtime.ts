import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { scrubText } from '../model/scrub';
import { guardedRequest, loopbackRefusal, REFUSAL_ERRORS, targetUrl } from '../node/loopbackGuard';
import { AdvanceSchedule } from './advanceSchedule';
import { FAMILIES } from './families';
import { FaultInjector, faultBody, faultHtmlPage } from './faults';
import {
  apiError,
  badRequest,
  HttpError,
  notFound,
  ok,
  optionalObjectBody,
  type Reply,
  type SandboxRequest,
} from './http';
import { Notifier } from './notifications/notifier';
import { checkPathIds, dotSegmentProblem } from './pathIds';
import { Rng } from './random';
import { clearInheritedJunk } from './records';
import { readBody } from './requestBody';
import { type Route, Router } from './router';
import { apiTimestamp, type NotificationEvent, type Sandbox } from './sandbox';
import { MAX_SCALE, validScale } from './scale';
import { scenarioRoutes } from './scenarios/routes';
import type { MetaSlice, SandboxState } from './state';
import { DurableStore, detach, loadStore, type StoreFileSystem, StoreWriteError, TrackedState } from './store';
import { authenticate, issueStartTokens, startTokenOf } from './users/family';
import { SELLER_ID } from './users/ids';
import { seededToken, tokenSecret } from './users/tokens';

export interface SandboxOptions {
  /** Port on 127.0.0.1; 0 (the default) picks a free one. */
  port?: number;
  /** Folder where state persists across restarts; in memory only when absent. */
  dataDir?: string;
  /** The seller's access token; one derived from the seed (and `tokenSecret`) when absent. */
  token?: string;
  /**
   * The secret the start tokens derive from with the seed, kept outside the data folder (the extension keeps it in
   * SecretStorage): the same secret gives the same tokens across restarts. Absent, a sandbox with `dataDir` draws a
   * new one at each start (its start tokens change; tokens issued through OAuth stay valid), and one without derives
   * them from the seed alone (nothing is on disk to derive them from).
   */
  tokenSecret?: string;
  /** Seed of the generated data. */
  seed?: string;
  /** Start the sandbox clock at this instant (fresh state only), for fully reproducible data. */
  clockStart?: string | Date;
  /** Callback URL for push notifications (also settable at `/_sandbox/notifications`). */
  callbackUrl?: string;
  /** Real seconds per sandbox second for notification retry waits (default 1). */
  notificationTimeScale?: number;
  /** For tests: the journal size in bytes that starts a compaction (default max(8 MB, 2 × the snapshot)). */
  compactJournalAtBytes?: number;
  /** For tests: the file operations the store writes with (to inject a full or failing disk). */
  storeFileSystem?: StoreFileSystem;
  /**
   * `--scale N`: the seller also has N generated listings and 10·N generated orders (0: the default seed). A stored
   * state seeded at another scale is seeded anew; absent, a stored state keeps its own scale.
   */
  scale?: number;
  log?: (line: string) => void;
}

export interface RunningSandbox {
  url: string;
  /** The seller's access token. */
  token: string;
  port: number;
  /** Every route the server answers (API, admin and scenarios), as `{method, path}` patterns: what the fuzz suite drives. */
  routes: readonly Pick<Route, 'method' | 'path'>[];
  /** Waits for notification deliveries under way. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

const DEFAULT_SEED = 'marketplace';
/** Routes that take a form body by design (as the API's token endpoint does); every other body must be JSON. */
const FORM_PATHS = ['/oauth/token'];

/** Builds a fresh state from a seed: every family in order, then the start tokens (derived with `secret`). */
export function seedState(seed: string, now: Date, sellerToken?: string, scale = 0, secret?: string): SandboxState {
  const rng = new Rng(seed);
  const partial: Partial<SandboxState> = {
    meta: { format: 1, seed, clockOffsetMs: 0, counters: {}, ...(scale > 0 ? { scale } : {}) } satisfies MetaSlice,
  };
  for (const family of FAMILIES) {
    (partial as Record<string, unknown>)[family.key] = family.seed({ rng: rng.fork(family.key), now, state: partial });
  }
  const state = partial as SandboxState;
  issueStartTokens(state.users, (userId) => seededToken(seed, userId, secret), sellerToken);
  return state;
}

/** Starts the sandbox on 127.0.0.1 and resolves once it listens. */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  // A line never carries a token, a code or a secret, whatever failure it tells of.
  const log = (line: string) => options.log?.(scrubText(line));
  const seed = options.seed ?? DEFAULT_SEED;
  const secret = options.tokenSecret ?? (options.dataDir ? tokenSecret() : undefined);
  const startToken = (userId: number) => seededToken(state.meta.seed, userId, secret);
  if (options.scale !== undefined && validScale(options.scale) === undefined) {
    throw new Error(`scale must be a whole number from 0 to ${MAX_SCALE}; got ${options.scale}.`);
  }
  const fresh = (scale = options.scale ?? 0): SandboxState => {
    const start = options.clockStart ? new Date(options.clockStart) : new Date();
    const state = seedState(seed, start, options.token, scale, secret);
    state.meta.clockOffsetMs = options.clockStart ? start.getTime() - Date.now() : 0;
    return state;
  };
  const loaded = options.dataDir ? loadStore(options.dataDir, log) : undefined;
  const junk = loaded?.state ? clearInheritedJunk(loaded.state) : 0;
  if (junk > 0)
    log(`The stored state held ${junk} entries under inherited or mismatched keys (an older version's); dropped them.`);
  let state = loaded?.state ?? fresh();
  const missing = FAMILIES.filter((family) => !(family.key in state)).map((family) => family.key);
  if (missing.length) {
    // A store written by an older version lacks newer families: seed anew rather than answer 500s.
    log(`The stored state has no ${missing.join(', ')} data (written by an older version); seeded anew.`);
    state = fresh();
  }
  if (options.scale !== undefined && (state.meta.scale ?? 0) !== options.scale) {
    log(`The stored state was seeded at scale ${state.meta.scale ?? 0}, not ${options.scale}; seeded anew.`);
    state = fresh();
  }
  // Handlers, `advance()` and the notifier change the state through a tracking view: each change is journaled (with
  // --data) and judged by the advance schedule. A state replaced as a whole (here, or by a reset) is a snapshot.
  const schedule = new AdvanceSchedule(FAMILIES);
  // A write the disk refuses puts the state back to what is stored: the store reads it back and hands it over here.
  const current = {
    current: () => state,
    restore: (stored: SandboxState) => {
      state = stored;
      tracked.follow();
    },
  };
  const store =
    options.dataDir && loaded
      ? new DurableStore(options.dataDir, current, log, loaded, {
          compactAtBytes: options.compactJournalAtBytes,
          files: options.storeFileSystem,
        })
      : undefined;
  const tracked = new TrackedState(() => state, store ? [schedule, store] : [schedule]);
  // A stored state's start tokens are this start's (its secret's, its --token), never those the store was seeded with.
  issueStartTokens(tracked.view.users, startToken, options.token);
  if (options.callbackUrl) tracked.view.notifications.callback_url = options.callbackUrl;

  const notifier = new Notifier(() => tracked.view.notifications, {
    applicationId: state.users.app.application_id,
    timeScale: options.notificationTimeScale ?? 1,
    now: () => new Date(Date.now() + state.meta.clockOffsetMs),
    changed: (record) => {
      // A delivery updates its record after an await, outside the view: its unit is the record's place in the list.
      const index = state.notifications.records.lastIndexOf(record);
      if (index >= 0) tracked.mark(['notifications', 'records', String(index)]);
      // Written once the code that emitted has run to its end: a request's changes go in one group, never split.
      return new Promise((resolve) => {
        setImmediate(() => {
          if (store === undefined) resolve(true);
          else
            store.commit().then(
              () => resolve(true),
              () => resolve(false),
            );
        });
      });
    },
    log,
  });
  const faults = new FaultInjector();

  const sandbox: Sandbox = {
    get state() {
      return tracked.view;
    },
    now: () => new Date(Date.now() + state.meta.clockOffsetMs),
    nowIso: () => apiTimestamp(sandbox.now()),
    nextId: (kind, start) => {
      const counters = tracked.view.meta.counters;
      const next = Math.max(counters[kind] ?? start, start) + 1;
      counters[kind] = next;
      return next;
    },
    notify: (event: NotificationEvent) => notifier.emit(event),
    userById: (id) => tracked.view.users.users.find((user) => user.id === id),
    startToken: (userId) => startTokenOf(tracked.raw.users, startToken, userId),
  };
  /** The same sandbox on the raw state, for the routes marked `readOnly` (they change nothing; a test proves it). */
  const reader: Sandbox = {
    ...sandbox,
    get state() {
      return tracked.raw;
    },
    nextId: () => {
      throw new Error('A read-only route asked for an id.');
    },
    notify: () => {
      throw new Error('A read-only route notified.');
    },
    userById: (id) => tracked.raw.users.users.find((user) => user.id === id),
  };
  /** The families' time-based transitions, run when something is due (advanceSchedule.ts). */
  const advance = () => schedule.run(sandbox, tracked.raw);

  const adminRoutes: Route[] = [
    {
      method: 'GET',
      path: '/_sandbox',
      auth: 'none',
      handler: () =>
        ok({
          seed: state.meta.seed,
          now: sandbox.nowIso(),
          clock_offset_ms: state.meta.clockOffsetMs,
          seller_id: SELLER_ID,
          application_id: state.users.app.application_id,
          client_id: state.users.app.client_id,
          persisted: Boolean(options.dataDir),
          scale: state.meta.scale ?? 0,
        }),
    },
    {
      method: 'POST',
      path: '/_sandbox/reset',
      auth: 'none',
      handler: (request) => {
        // {scale} seeds anew at that scale; without it the scale stays what it is.
        const asked = optionalObjectBody(request).scale;
        const scale = asked === undefined ? (state.meta.scale ?? 0) : validScale(asked);
        if (scale === undefined) throw badRequest(`scale must be a whole number from 0 to ${MAX_SCALE}.`);
        const keepCallback = state.notifications.callback_url;
        notifier.cancelPending();
        state = fresh(scale);
        state.notifications.callback_url = options.callbackUrl ?? keepCallback;
        faults.clear();
        return ok({ reset: true, now: sandbox.nowIso(), scale });
      },
    },
    {
      method: 'POST',
      path: '/_sandbox/clock/advance',
      auth: 'none',
      handler: (request) => {
        const body = optionalObjectBody(request);
        const ms =
          (Number(body.days ?? 0) * 24 + Number(body.hours ?? 0)) * 3600_000 + Number(body.minutes ?? 0) * 60_000;
        if (!Number.isFinite(ms) || ms <= 0)
          throw badRequest('Send {days, hours or minutes}: a positive amount of time.');
        tracked.view.meta.clockOffsetMs += ms;
        advance();
        return ok({ now: sandbox.nowIso(), clock_offset_ms: state.meta.clockOffsetMs });
      },
    },
    { method: 'GET', path: '/_sandbox/faults', auth: 'none', handler: () => ok(faults.list()) },
    {
      method: 'POST',
      path: '/_sandbox/faults',
      auth: 'none',
      handler: (request) => ({ status: 201, body: faults.add(request.body) }),
    },
    {
      method: 'DELETE',
      path: '/_sandbox/faults',
      auth: 'none',
      handler: () => {
        faults.clear();
        return { status: 204 };
      },
    },
  ];
  const routes: Route[] = [
    ...FAMILIES.flatMap((family) => family.routes),
    ...FAMILIES.flatMap((family) => family.adminRoutes ?? []),
    // Trigger scenarios act through the families' routes, so they are not a family themselves.
    ...scenarioRoutes,
    ...adminRoutes,
  ];
  const router = new Router(routes);

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
        reply = await route(method, url, incoming, body);
      }
    } catch (failure) {
      reply = toReply(failure, log);
    }
    // Answered once what the request changed is durable: its group of the journal (or a snapshot, after a reset). A
    // group the disk refused was undone: the request is answered 507, and changed nothing.
    tracked.follow();
    if (store && tracked.changes !== changes) {
      try {
        await store.commit();
      } catch (failure) {
        if (!(failure instanceof StoreWriteError)) throw failure;
        reply = toReply(apiError(507, 'insufficient_storage', failure.message), log);
      }
    }
    send(outgoing, reply, fault?.truncate === true);
  };

  const route = async (method: string, url: URL, incoming: IncomingMessage, body: unknown): Promise<Reply> => {
    const dots = dotSegmentProblem(incoming.url ?? '/');
    if (dots) throw badRequest(dots);
    const match = router.match(method, url.pathname);
    if (match === undefined) throw apiError(404, 'not_found', `Route ${method} ${url.pathname} not found`);
    if (match === 'method')
      throw apiError(405, 'method_not_allowed', `Method ${method} is not allowed on ${url.pathname}`);
    if (!url.pathname.startsWith('/_sandbox')) advance();
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
        const user = authenticate(state.users, token, sandbox.now().getTime());
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
    return match.route.handler(request, match.route.readOnly ? reader : sandbox);
  };

  const server = createServer((incoming, outgoing) => {
    handle(incoming, outgoing).catch((failure) => {
      log(`Unexpected failure: ${(failure as Error).message}`);
      if (!outgoing.headersSent) send(outgoing, toReply(failure, log), false);
    });
  });
  server.keepAliveTimeout = 5_000;
  server.on('clientError', answerClientError);
  // The sandbox does not start with a state it cannot store (a fresh seed is written whole before it serves).
  await store?.commit().catch(async (failure: unknown) => {
    notifier.close();
    await store.close();
    throw failure instanceof StoreWriteError ? new Error(failure.startMessage) : failure;
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const token = options.token ?? startTokenOf(state.users, startToken, SELLER_ID) ?? '';
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    port,
    routes: routes.map(({ method, path }) => ({ method, path })),
    settle: () => notifier.settle(),
    close: async () => {
      notifier.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await store?.close();
    },
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
function answerClientError(failure: NodeJS.ErrnoException, socket: Socket): void {
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

function send(outgoing: ServerResponse, reply: Reply, truncate: boolean): void {
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
    return;
  }
  outgoing.end(bytes);
}

export { notFound };
