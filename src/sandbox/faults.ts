import { badRequest, type SandboxRequest } from './http';

/** A fault injected on matching requests (admin `/_sandbox/faults`). */
export interface Fault {
  id: number;
  /** Method to match; any when absent. */
  method?: string;
  /** Path to match; `*` matches any run of characters (`/items/*`). */
  path: string;
  /** Answer with this status instead of running the route (429, 500, 503…). */
  status?: number;
  /** With status 429 or 503: the Retry-After header, in seconds. */
  retry_after?: number;
  /** Delay before answering. */
  latency_ms?: number;
  /** Send half of the body and cut the connection. */
  truncate?: boolean;
  /** Answer a small HTML error page (`content-type: text/html`), as a proxy in front of the API would; status 502 when none is given. */
  html?: boolean;
  /** How many requests it affects; unlimited when absent. */
  times?: number;
  /** How many requests it has affected. */
  hits: number;
}

/** Longest fault path accepted: paths of the API are far shorter. */
const MAX_FAULT_PATH_LENGTH = 2_000;

/** The runtime list of faults; not persisted, cleared by reset. */
export class FaultInjector {
  private faults: Fault[] = [];
  private nextId = 1;

  add(input: unknown): Fault {
    if (!input || typeof input !== 'object') throw badRequest('A fault is a JSON object with at least path.');
    const raw = input as Record<string, unknown>;
    const fault: Fault = { id: this.nextId++, path: '', hits: 0 };
    if (typeof raw.path !== 'string' || !raw.path.startsWith('/'))
      throw badRequest('path must be a string starting with /');
    if (raw.path.length > MAX_FAULT_PATH_LENGTH)
      throw badRequest(`path must be at most ${MAX_FAULT_PATH_LENGTH} characters (use * for any run of them).`);
    fault.path = raw.path;
    if (raw.method !== undefined) {
      if (typeof raw.method !== 'string') throw badRequest('method must be a string');
      fault.method = raw.method.toUpperCase();
    }
    for (const key of ['status', 'retry_after', 'latency_ms', 'times'] as const) {
      const value = raw[key];
      if (value === undefined) continue;
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
        throw badRequest(`${key} must be a non-negative integer`);
      fault[key] = value;
    }
    if (fault.status !== undefined && (fault.status < 400 || fault.status > 599))
      throw badRequest('status must be 400–599');
    for (const key of ['truncate', 'html'] as const) {
      const value = raw[key];
      if (value === undefined) continue;
      if (typeof value !== 'boolean') throw badRequest(`${key} must be true or false`);
      if (value) fault[key] = true;
    }
    if (fault.html) fault.status ??= 502;
    if (fault.status === undefined && !fault.latency_ms && !fault.truncate) {
      throw badRequest('A fault needs status, latency_ms, truncate or html.');
    }
    this.faults.push(fault);
    return fault;
  }

  list(): Fault[] {
    return this.faults;
  }

  clear(): void {
    this.faults = [];
  }

  /** The first fault matching a request (its use counted), or undefined. */
  take(request: Pick<SandboxRequest, 'method' | 'path'>): Fault | undefined {
    const fault = this.faults.find((candidate) => {
      if (candidate.method && candidate.method !== request.method) return false;
      if (candidate.times !== undefined && candidate.hits >= candidate.times) return false;
      return globMatches(candidate.path, request.path);
    });
    if (fault) fault.hits += 1;
    return fault;
  }
}

/**
 * Whether `text` matches a fault's `pattern`, where `*` matches any run of characters. Greedy with one point to come
 * back to (the last `*`): at most pattern × text steps. A regular expression of `.*` runs backtracked exponentially:
 * `/*a*a*a*a*a*a*a*a*a*a*a*a*b` against a 40-character path never finished, and every request waited behind it.
 */
export function globMatches(pattern: string, text: string): boolean {
  let at = 0;
  let from = 0;
  let star = -1;
  let resume = 0;
  while (from < text.length) {
    if (at < pattern.length && pattern[at] === '*') {
      star = at++;
      resume = from;
    } else if (at < pattern.length && pattern[at] === text[from]) {
      at++;
      from++;
    } else if (star >= 0) {
      at = star + 1;
      from = ++resume;
    } else {
      return false;
    }
  }
  while (pattern[at] === '*') at++;
  return at === pattern.length;
}

const REASONS: Record<number, string> = {
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The page a proxy in front of the API answers with when the API behind it fails (an `html` fault). */
export function faultHtmlPage(status: number): string {
  const title = `${status} ${REASONS[status] ?? 'Error'}`;
  return (
    `<!DOCTYPE html>\n<html>\n<head><title>${title}</title></head>\n` +
    `<body>\n<center><h1>${title}</h1></center>\n<hr><center>proxy</center>\n</body>\n</html>\n`
  );
}

/** The error body an injected status answers with. */
export function faultBody(status: number): Record<string, unknown> {
  if (status === 429) return { message: 'Too Many Requests', error: 'too_many_requests', status, cause: [] };
  if (status === 503) return { message: 'Service unavailable', error: 'service_unavailable', status, cause: [] };
  return { message: 'Internal server error (injected by the sandbox)', error: 'internal_error', status, cause: [] };
}
