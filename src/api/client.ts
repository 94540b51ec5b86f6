import type { KyInstance } from 'ky';
import type * as z from 'zod';
import { cutJsonDepth, exceedsJsonDepth, MAX_JSON_DEPTH } from '../model/jsonDepth';
import { ApiError, describeSchemaIssues, errorFromAnswer, safePath } from './errors';
import { type ExchangeRecord, type HttpMethod, scrubExchange } from './exchangeRecord';

export type { ExchangeRecord, HttpMethod } from './exchangeRecord';

/** Supplies the access token at request time; the client never stores it. */
export type TokenProvider = () => string | undefined | Promise<string | undefined>;

export interface ClientOptions {
  /** The environment's base URL; https, or http on a loopback host only. */
  baseUrl: string;
  token?: TokenProvider;
  /** Per-attempt timeout (ms). */
  timeoutMs?: number;
  /** Budget for the whole call including retries (ms). */
  totalTimeoutMs?: number;
  /** Retries for idempotent methods (GET, PUT, DELETE) on 408/429/5xx and network failures. */
  retryLimit?: number;
  /** Upper bound on a server-requested `Retry-After` wait (ms). */
  maxRetryAfterMs?: number;
  /** Upper bound on the exponential backoff between retries (ms). */
  backoffLimitMs?: number;
  userAgent?: string;
  /** Called after every exchange that got an answer (used by history and the output channel). */
  onExchange?: (record: ExchangeRecord) => void;
  fetch?: typeof globalThis.fetch;
}

export type QueryValue = string | number | boolean | undefined | null | readonly (string | number)[];

export interface CallOptions<T> {
  query?: Record<string, QueryValue>;
  json?: unknown;
  /** An `application/x-www-form-urlencoded` body (OAuth). */
  form?: Record<string, string | undefined>;
  /** Schema the answer must match; without one the answer body is ignored and `undefined` returned. */
  schema?: z.ZodType<T>;
  /** Adds `Api-Version: 1` (every advertising call). */
  advertising?: boolean;
  /** `none` never sends the token even when one is available (public resources, OAuth). Default: send if present. */
  auth?: 'send' | 'none';
  signal?: AbortSignal;
  /** Told of this call's exchange (after the client's own observer): the response view of the request that ran. */
  onExchange?: (record: ExchangeRecord) => void;
}

/** What a caller of a resource function may add to a call: cancellation and the exchange record (curl, history). */
export type CallExtras = Pick<CallOptions<unknown>, 'signal' | 'onExchange'>;

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** Whether a base URL may carry a token: https anywhere, http only on loopback. */
export function isSafeBaseUrl(baseUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && LOOPBACK.test(url.hostname);
}

const RETRY_METHODS = ['get', 'put', 'delete', 'head'];
const RETRY_STATUS = [408, 429, 500, 502, 503, 504];

/**
 * Evaluates ky and Node's fetch ahead of the first request (30–50 ms the first time), at a moment the caller knows to
 * be idle: the first request after it only pays for itself.
 */
export async function warmUpClient(): Promise<void> {
  await import('ky');
  await globalThis.fetch?.('data:,').catch(() => undefined);
}

/**
 * The one HTTP client of the project: base URL, bearer token from a provider, `Api-Version` for advertising,
 * per-attempt and total timeouts, retries for idempotent methods only, and one `ApiError` for every failure.
 * ky is loaded on the first request, which keeps its start-up cost out of extension activation.
 */
export class MarketplaceClient {
  readonly baseUrl: string;
  private ky: Promise<KyInstance> | undefined;

  constructor(private readonly options: ClientOptions) {
    if (!isSafeBaseUrl(options.baseUrl)) {
      throw new Error(
        `Refusing base URL ${safeOrigin(options.baseUrl)}: the token is only sent over https, or http on a loopback address.`,
      );
    }
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  get<T>(path: string, options: CallOptions<T> = {}): Promise<T> {
    return this.request('GET', path, options);
  }
  post<T>(path: string, options: CallOptions<T> = {}): Promise<T> {
    return this.request('POST', path, options);
  }
  put<T>(path: string, options: CallOptions<T> = {}): Promise<T> {
    return this.request('PUT', path, options);
  }
  delete<T>(path: string, options: CallOptions<T> = {}): Promise<T> {
    return this.request('DELETE', path, options);
  }

  /** Sends one request; POST is never retried automatically (a retried POST can create a second listing). */
  async request<T>(method: HttpMethod, path: string, options: CallOptions<T> = {}): Promise<T> {
    if (!path.startsWith('/') || path.startsWith('//'))
      throw new Error(`Request paths are relative to the base URL: ${path}`);
    const url = this.baseUrl + path + queryString(options.query);
    const shownPath = safePath(path + queryString(options.query));
    const token = options.auth === 'none' ? undefined : await this.options.token?.();
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (options.advertising) headers['api-version'] = '1';
    if (this.options.userAgent) headers['user-agent'] = this.options.userAgent;
    let body: string | undefined;
    if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(
        Object.entries(options.form).filter((entry): entry is [string, string] => entry[1] !== undefined),
      ).toString();
    } else if (options.json !== undefined) {
      if (exceedsJsonDepth(options.json)) {
        throw new Error(
          `${method} ${shownPath} was not sent: its body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels, ` +
            'and no request of the API nests that deep.',
        );
      }
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }

    const ky = await this.instance();
    const started = performance.now();
    let response: Response;
    const record = (status: number, responseHeaders: Headers, responseBody: unknown, sizeBytes: number) => {
      if (!this.options.onExchange && !options.onExchange) return;
      const exchange = scrubExchange(
        {
          method,
          path: shownPath,
          baseUrl: this.baseUrl,
          requestBody: options.form ?? options.json,
          status,
          durationMs: performance.now() - started,
          responseHeaders: Object.fromEntries(responseHeaders),
          responseBody,
          sizeBytes,
        },
        { known: [token] },
        options.form !== undefined,
      );
      this.options.onExchange?.(exchange);
      options.onExchange?.(exchange);
    };
    try {
      response = await ky(url, { method, headers, body, signal: options.signal });
    } catch (failure) {
      const error = await this.translate(failure, method, shownPath, token);
      // An error answer is an exchange too (history shows what failed): its final attempt, as the API sent it.
      const answer = (failure as { response?: unknown }).response;
      if (error.kind === 'http' && answer instanceof Response) {
        const data = cutJsonDepth((failure as { data?: unknown }).data);
        record(answer.status, answer.headers, data, data === undefined ? 0 : Buffer.byteLength(JSON.stringify(data)));
      }
      throw error;
    }
    const text = await readText(response, method, shownPath);
    const data = parseBody(text, response, method, shownPath);
    record(response.status, response.headers, data, Buffer.byteLength(text));
    if (!options.schema) return undefined as T;
    const parsed = options.schema.safeParse(data);
    if (!parsed.success) {
      throw new ApiError({
        kind: 'invalid_response',
        method,
        path: shownPath,
        status: response.status,
        error: 'invalid_response',
        message: `The answer does not match the expected shape: ${describeSchemaIssues(parsed.error)}`,
        body: data,
        token,
      });
    }
    return parsed.data;
  }

  private instance(): Promise<KyInstance> {
    this.ky ??= import('ky').then(({ default: ky }) =>
      ky.create({
        timeout: this.options.timeoutMs ?? 15_000,
        totalTimeout: this.options.totalTimeoutMs ?? 60_000,
        throwHttpErrors: true,
        fetch: this.options.fetch,
        retry: {
          limit: this.options.retryLimit ?? 3,
          methods: RETRY_METHODS,
          statusCodes: RETRY_STATUS,
          afterStatusCodes: [413, 429, 503],
          maxRetryAfter: this.options.maxRetryAfterMs ?? 60_000,
          backoffLimit: this.options.backoffLimitMs ?? 10_000,
          jitter: true,
          retryOnTimeout: true,
        },
      }),
    );
    return this.ky;
  }

  private async translate(
    failure: unknown,
    method: string,
    path: string,
    token: string | undefined,
  ): Promise<ApiError> {
    if (failure instanceof ApiError) return failure;
    const { HTTPError, TimeoutError, isNetworkError } = await import('ky');
    if (failure instanceof HTTPError) {
      const { response } = failure;
      return errorFromAnswer(method, path, response.status, failure.data, response.headers.get('retry-after'), token);
    }
    if (failure instanceof TimeoutError) {
      return new ApiError({ kind: 'timeout', method, path, message: 'The API did not answer in time. Try again.' });
    }
    if (failure instanceof Error && failure.name === 'AbortError') {
      return new ApiError({ kind: 'cancelled', method, path, message: 'The request was cancelled.' });
    }
    const detail = failure instanceof Error ? failure.message : String(failure);
    const network = isNetworkError(failure) || failure instanceof TypeError;
    return new ApiError({
      kind: 'network',
      method,
      path,
      message: `${network ? 'Could not reach the API' : 'The request failed'} at ${safeOrigin(this.baseUrl)}: ${detail}`,
      token,
    });
  }
}

function queryString(query: CallOptions<unknown>['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function readText(response: Response, method: string, path: string): Promise<string> {
  try {
    return await response.text();
  } catch (failure) {
    throw new ApiError({
      kind: 'invalid_response',
      method,
      path,
      status: response.status,
      error: 'invalid_response',
      message: `The answer could not be read completely (${failure instanceof Error ? failure.message : failure}).`,
    });
  }
}

/**
 * The answer's value. JSON.parse reads any depth, but what reads the value next (zod, the history, the views) reads it
 * recursively: past MAX_JSON_DEPTH a part is replaced by a note saying so.
 */
function parseBody(text: string, response: Response, method: string, path: string): unknown {
  if (text === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError({
      kind: 'invalid_response',
      method,
      path,
      status: response.status,
      error: 'invalid_response',
      message: `The answer is not valid JSON (${text.length} bytes; it may have been cut off).`,
    });
  }
  return cutJsonDepth(value);
}

function safeOrigin(baseUrl: string): string {
  try {
    return new URL(baseUrl).origin;
  } catch {
    return 'an invalid URL';
  }
}
