// Faults a person injects into the local sandbox from the editor (POST /_sandbox/faults), and how an active one is
// described in menus, without VS Code. The sandbox validates the body again; this shapes and explains it.
import type { Fault } from '../../sandbox';

/** A fault as the sandbox lists it (`GET /_sandbox/faults`): the sandbox's own type. */
export type SandboxFault = Fault;

/** What kind of failure to inject; each preset is what an integrator's handler must survive. */
export interface FaultPreset {
  id: 'rate-limit' | 'server-error' | 'unavailable' | 'html-page' | 'slow' | 'truncated';
  label: string;
  detail: string;
  body: Pick<SandboxFault, 'status' | 'retry_after' | 'latency_ms' | 'truncate' | 'html'>;
}

export const FAULT_PRESETS: readonly FaultPreset[] = [
  {
    id: 'rate-limit',
    label: '429 Too Many Requests, Retry-After 2 s',
    detail: 'The API’s rate limit: a client must wait Retry-After and try again (GETs only; never a POST).',
    body: { status: 429, retry_after: 2 },
  },
  {
    id: 'server-error',
    label: '500 Internal Server Error',
    detail: 'The API fails: the error body has the API’s shape (message, error, status, cause).',
    body: { status: 500 },
  },
  {
    id: 'unavailable',
    label: '503 Service Unavailable, Retry-After 5 s',
    detail: 'A short outage with a Retry-After header.',
    body: { status: 503, retry_after: 5 },
  },
  {
    id: 'html-page',
    label: '502 Bad Gateway as an HTML page',
    detail: 'A proxy in front of the API fails: the answer is a web page, not the API’s JSON.',
    body: { status: 502, html: true },
  },
  {
    id: 'slow',
    label: 'Slow answers (3 s latency)',
    detail: 'The answer comes late: timeouts and progress indicators get exercised.',
    body: { latency_ms: 3000 },
  },
  {
    id: 'truncated',
    label: 'Truncated JSON',
    detail: 'Half of the body, then the connection is cut: the answer cannot be parsed.',
    body: { truncate: true },
  },
];

/** A path pattern the sandbox matches (`*` is any run of characters); a reason when it is not one. */
export function pathPatternProblem(pattern: string): string | undefined {
  if (!pattern.startsWith('/')) return 'Start the path with /, for example /items/* or /orders/search.';
  if (/\s/.test(pattern)) return 'A path has no spaces.';
  if (pattern.startsWith('/_sandbox')) return 'The sandbox’s own admin routes cannot fail; choose an API path.';
  return undefined;
}

/** How many requests a fault affects: blank is every request until cleared. */
export function timesProblem(text: string): string | undefined {
  if (text.trim() === '') return undefined;
  return /^\d+$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= 10_000
    ? undefined
    : 'Type a whole number from 1 to 10000, or leave it blank for every request until cleared.';
}

/** The body of `POST /_sandbox/faults` for a preset, a method (undefined is any), a path pattern and a count. */
export function faultBody(
  preset: FaultPreset,
  method: string | undefined,
  path: string,
  times: string,
): Omit<SandboxFault, 'id' | 'hits'> {
  return {
    ...(method ? { method } : {}),
    path,
    ...preset.body,
    ...(times.trim() ? { times: Number(times.trim()) } : {}),
  };
}

/** "429 (Retry-After 2 s) on GET /items/* · 3 of 10 used", for menus and messages. */
export function describeFault(fault: Omit<SandboxFault, 'id' | 'hits'> & { hits?: number }): string {
  const what: string[] = [];
  if (fault.status !== undefined) {
    what.push(
      fault.retry_after !== undefined ? `${fault.status} (Retry-After ${fault.retry_after} s)` : `${fault.status}`,
    );
  }
  if (fault.latency_ms) what.push(`${fault.latency_ms} ms late`);
  if (fault.truncate) what.push('truncated');
  if (fault.html) what.push('as an HTML page');
  const scope = `${fault.method ?? 'any method'} ${fault.path}`;
  const hits = fault.hits ?? 0;
  const use = fault.times !== undefined ? `${hits} of ${fault.times} used` : `${hits} so far, until cleared`;
  return `${what.join(', ')} on ${scope} · ${use}`;
}

/** Whether a fault still affects requests (one with a count stops when it is used up). */
export function faultIsActive(fault: SandboxFault): boolean {
  return fault.times === undefined || fault.hits < fault.times;
}
