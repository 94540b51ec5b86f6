// A local callback for the marketplace's push notifications, without VS Code: an HTTP server on 127.0.0.1 that a
// tunnel (ngrok, cloudflared, VS Code port forwarding) exposes as the application's callback URL. The marketplace
// wants a 200 within 500 ms or it retries and may deactivate the topics, so every notification is acknowledged
// first and handed on afterwards; storing or forwarding it never delays the answer.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseJsonKeepingBigIds } from '../../model/bigIds';
import { guardedRequest, loopbackRefusal, REFUSAL_ERRORS } from '../../node/loopbackGuard';
import { safeText } from './notificationFields';

/** Largest body accepted; real notifications are a few hundred bytes. */
export const MAX_BODY_BYTES = 64 * 1024;

export interface ReceivedNotification {
  body: Record<string, unknown>;
  /** The exact text received. */
  raw: string;
  receivedAt: Date;
  /** The request's path and query (a tunnel forwards whatever path the user registered). */
  path: string;
}

export interface ReceiverOptions {
  /** 0 takes a free port. */
  port: number;
  maxBodyBytes?: number;
  /**
   * Host names a tunnel passes as `Host` (its public name; any port, case-insensitive), accepted beside
   * `127.0.0.1:<port>` and `localhost:<port>`. A tunnel that rewrites Host to the local address needs none.
   */
  allowedHosts?: readonly string[];
  /** Called on a later turn, after the 200 went out; a throw is logged. */
  onNotification: (received: ReceivedNotification) => void;
  log?: (line: string) => void;
}

export class NotificationReceiver {
  readonly stats = { acknowledged: 0, refused: 0 };
  private server: Server | undefined;
  private starting: Promise<void> | undefined;
  private readonly maxBodyBytes: number;
  private allowedHosts: readonly string[];

  constructor(private readonly options: ReceiverOptions) {
    this.maxBodyBytes = options.maxBodyBytes ?? MAX_BODY_BYTES;
    this.allowedHosts = options.allowedHosts ?? [];
  }

  /** Replaces the tunnel host names accepted as `Host` (a setting changed); applies to the next request. */
  setAllowedHosts(hosts: readonly string[]): void {
    this.allowedHosts = [...hosts];
  }

  get running(): boolean {
    return this.server?.listening ?? false;
  }

  get port(): number | undefined {
    const address = this.server?.listening ? this.server.address() : null;
    return address && typeof address === 'object' ? address.port : undefined;
  }

  /** Listens on loopback only; rejects with Node's error (`EADDRINUSE`) so the caller can tell who holds the port. */
  async start(): Promise<{ port: number; url: string }> {
    this.starting ??= this.listen().finally(() => {
      this.starting = undefined;
    });
    await this.starting;
    const port = (this.server!.address() as AddressInfo).port;
    return { port, url: `http://127.0.0.1:${port}/notifications` };
  }

  private async listen(): Promise<void> {
    if (!this.running) {
      const server = createServer((request, response) => this.handle(request, response));
      // Slow or stalled senders must not hold sockets for long; a notification is one small POST.
      server.requestTimeout = 15_000;
      server.headersTimeout = 10_000;
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(this.options.port, '127.0.0.1', () => {
          server.off('error', reject);
          resolve();
        });
      });
      server.on('error', (failure) => this.log(`notification receiver: ${failure.message}`));
      server.on('clientError', (failure, socket) => {
        this.log(`notification receiver: bad request (${failure.message})`);
        socket.destroy();
      });
      this.server = server;
    }
  }

  /** Closes the server and every open connection (keep-alive ones too), so the port is free when it resolves. */
  async stop(): Promise<void> {
    await this.starting?.catch(() => undefined);
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    // Host must name this receiver (`127.0.0.1:<port>`, `localhost:<port>`) or a tunnel's public host listed in
    // `allowedHosts`: tunnels such as ngrok pass their public host name unless told to rewrite it, and a name that
    // is neither is DNS rebinding (a page's own host name pointed at 127.0.0.1). A cross-site `sec-fetch-site` is
    // refused too. The content type is not checked: the marketplace's is not ours to choose, and a page cannot
    // POST without the Origin refused below.
    const refusal = loopbackRefusal(guardedRequest(request), {
      port: request.socket.localPort ?? 0,
      allowedHosts: this.allowedHosts,
    });
    if (refusal) {
      response.setHeader('connection', 'close');
      this.refuse(response, refusal.status, REFUSAL_ERRORS[refusal.status], refusal.message);
      return;
    }
    // Browsers send Origin with every POST; the marketplace and tunnels send none. A page must never plant a
    // notification, even one served from this receiver's own origin (it serves no pages, so none is legitimate).
    // (Sec-Fetch-Mode cannot serve here: Node's own fetch sends `sec-fetch-mode: cors`, the sandbox's notifier too.)
    if (request.headers.origin !== undefined) {
      this.refuse(response, 403, 'forbidden', 'Requests from web pages are not accepted.');
      return;
    }
    if (request.method !== 'POST') {
      response.setHeader('allow', 'POST');
      this.refuse(response, 405, 'method_not_allowed', 'Only POST is accepted: notifications are POSTed here.');
      return;
    }
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > this.maxBodyBytes) {
      this.refuseTooLarge(response);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    request.on('data', (chunk: Buffer) => {
      if (refused) return;
      size += chunk.length;
      if (size > this.maxBodyBytes) {
        refused = true;
        chunks.length = 0;
        this.refuseTooLarge(response);
        return;
      }
      chunks.push(chunk);
    });
    request.on('error', () => undefined);
    request.on('end', () => {
      if (refused) return;
      const raw = Buffer.concat(chunks).toString('utf8');
      const body = parseObject(raw);
      if (!body) {
        this.refuse(response, 400, 'bad_request', 'The body must be a JSON object.');
        return;
      }
      this.stats.acknowledged += 1;
      response.writeHead(200, { 'content-length': '0' });
      response.end();
      const received: ReceivedNotification = { body, raw, receivedAt: new Date(), path: request.url ?? '/' };
      setImmediate(() => {
        try {
          this.options.onNotification(received);
        } catch (failure) {
          this.log(`notification receiver: handling a notification failed: ${safeText(failure)}`);
        }
      });
    });
  }

  /** Answers at once and closes the connection, so an oversized body is never read to its end. */
  private refuseTooLarge(response: ServerResponse): void {
    response.setHeader('connection', 'close');
    this.refuse(response, 400, 'bad_request', `The body is larger than ${this.maxBodyBytes} bytes.`);
  }

  private refuse(response: ServerResponse, status: number, error: string, message: string): void {
    this.stats.refused += 1;
    const text = JSON.stringify({ message, error, status });
    response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    response.end(text);
  }

  private log(line: string): void {
    try {
      this.options.log?.(line);
    } catch {
      // Logging must never take the receiver down.
    }
  }
}

/** The body as an object (big ids kept exactly), or undefined for anything else (not JSON, an array, a string, null). */
function parseObject(raw: string): Record<string, unknown> | undefined {
  try {
    // Ids past 2^53 (a 19-digit application_id) are kept as their digits, never rounded.
    const value: unknown = parseJsonKeepingBigIds(raw.replace(/^\uFEFF/, ''));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
