// A small client of the marketplace API: the bearer token on every call, the API's own error message on failure.
// GET and PUT are safe to repeat and are retried on 429 and 5xx; POST never is (see orderNotes.js for what we do
// instead).

const RETRYABLE = new Set([429, 500, 502, 503, 504]);

/** A refusal or failure of the API, carrying its own message (`{message, error, status, cause[]}`). */
export class ApiError extends Error {
  /**
   * @param {string} method
   * @param {string} path
   * @param {number} status HTTP status, 0 when nothing answered
   * @param {any} body the parsed error body, when there was one
   * @param {string} [reason] what went wrong when nothing answered
   */
  constructor(method, path, status, body, reason) {
    const said = body && typeof body === 'object' ? body : {};
    const causes = Array.isArray(said.cause)
      ? said.cause.filter((cause) => cause?.message).map((cause) => `${cause.code ?? 'cause'}: ${cause.message}`)
      : [];
    const text = reason ?? ([said.error, said.message].filter(Boolean).join(': ') || 'no error body');
    super(`${method} ${path} → ${status || 'no answer'} ${text}${causes.length ? ` (${causes.join('; ')})` : ''}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = said.error;
    this.body = body;
  }

  /** Whether trying again later may succeed (rate limit, server trouble, no answer). */
  get transient() {
    return this.status === 0 || RETRYABLE.has(this.status);
  }
}

/**
 * @param {{apiUrl: string, token: string, timeoutMs?: number, retries?: number, backoffMs?: number}} options
 */
export function createClient({ apiUrl, token, timeoutMs = 10_000, retries = 2, backoffMs = 250 }) {
  /** One attempt: the parsed answer, or an ApiError. */
  async function attempt(method, path, body) {
    let response;
    try {
      response = await fetch(apiUrl + path, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (failure) {
      throw new ApiError(method, path, 0, undefined, failure.cause?.message ?? failure.message);
    }
    const text = await response.text();
    let parsed;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = { message: text.slice(0, 200) };
    }
    if (!response.ok) {
      const error = new ApiError(method, path, response.status, parsed);
      error.retryAfterMs = Number(response.headers.get('retry-after')) * 1000 || undefined;
      throw error;
    }
    return parsed;
  }

  /** GET and PUT: repeated on transient failures, with a growing pause (or the one Retry-After asks, capped). */
  async function idempotent(method, path, body) {
    for (let round = 0; ; round++) {
      try {
        return await attempt(method, path, body);
      } catch (error) {
        if (!(error instanceof ApiError) || !error.transient || round >= retries) throw error;
        await sleep(Math.min(error.retryAfterMs ?? backoffMs * 2 ** round, 5_000));
      }
    }
  }

  return {
    get: (path) => idempotent('GET', path),
    put: (path, body) => idempotent('PUT', path, body),
    /** Sent once: a POST that failed may still have been applied, so it is never repeated blindly. */
    post: (path, body) => attempt('POST', path, body),
  };
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
