// Faults a person injects into the local sandbox from the editor (POST /_sandbox/faults), and how an active one is
// described in menus, without VS Code. The sandbox validates the body again; this shapes and explains it.
import * as l10n from '@vscode/l10n';
import type { Fault } from '../../sandbox';

/** A fault as the sandbox lists it (`GET /_sandbox/faults`): the sandbox's own type. */
export type SandboxFault = Fault;

/** What kind of failure to inject; each preset is what an integrator's handler must survive. */
export interface FaultPreset {
  id: 'rate-limit' | 'server-error' | 'unavailable' | 'html-page' | 'slow' | 'truncated';
  body: Pick<SandboxFault, 'status' | 'retry_after' | 'latency_ms' | 'truncate' | 'html'>;
}

export const FAULT_PRESETS: readonly FaultPreset[] = [
  { id: 'rate-limit', body: { status: 429, retry_after: 2 } },
  { id: 'server-error', body: { status: 500 } },
  { id: 'unavailable', body: { status: 503, retry_after: 5 } },
  { id: 'html-page', body: { status: 502, html: true } },
  { id: 'slow', body: { latency_ms: 3000 } },
  { id: 'truncated', body: { truncate: true } },
];

/** How the fault picker names a preset and what it says of it, in the display language (HTTP reason phrases stay). */
export function presetWords(preset: FaultPreset): { label: string; detail: string } {
  switch (preset.id) {
    case 'rate-limit':
      return {
        label: l10n.t('429 Too Many Requests, Retry-After 2 s'),
        detail: l10n.t('The API’s rate limit: a client must wait Retry-After and try again (GETs only; never a POST).'),
      };
    case 'server-error':
      return {
        label: l10n.t('500 Internal Server Error'),
        detail: l10n.t('The API fails: the error body has the API’s shape (message, error, status, cause).'),
      };
    case 'unavailable':
      return {
        label: l10n.t('503 Service Unavailable, Retry-After 5 s'),
        detail: l10n.t('A short outage with a Retry-After header.'),
      };
    case 'html-page':
      return {
        label: l10n.t('502 Bad Gateway as an HTML page'),
        detail: l10n.t('A proxy in front of the API fails: the answer is a web page, not the API’s JSON.'),
      };
    case 'slow':
      return {
        label: l10n.t('Slow answers (3 s latency)'),
        detail: l10n.t('The answer comes late: timeouts and progress indicators get exercised.'),
      };
    case 'truncated':
      return {
        label: l10n.t('Truncated JSON'),
        detail: l10n.t('Half of the body, then the connection is cut: the answer cannot be parsed.'),
      };
  }
}

/** A path pattern the sandbox matches (`*` is any run of characters); a reason when it is not one. */
export function pathPatternProblem(pattern: string): string | undefined {
  if (!pattern.startsWith('/')) return l10n.t('Start the path with /, for example /items/* or /orders/search.');
  if (/\s/.test(pattern)) return l10n.t('A path has no spaces.');
  if (pattern.startsWith('/_sandbox')) return l10n.t('The sandbox’s own admin routes cannot fail; choose an API path.');
  return undefined;
}

/** How many requests a fault affects: blank is every request until cleared. */
export function timesProblem(text: string): string | undefined {
  if (text.trim() === '') return undefined;
  return /^\d+$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= 10_000
    ? undefined
    : l10n.t('Type a whole number from 1 to 10000, or leave it blank for every request until cleared.');
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

/** "429 (Retry-After 2 s) on GET /items/* · 3 of 10 used", for menus and messages, in the display language. */
export function describeFault(fault: Omit<SandboxFault, 'id' | 'hits'> & { hits?: number }): string {
  const what: string[] = [];
  if (fault.status !== undefined) {
    what.push(
      fault.retry_after !== undefined
        ? l10n.t('{0} (Retry-After {1} s)', fault.status, fault.retry_after)
        : `${fault.status}`,
    );
  }
  if (fault.latency_ms) what.push(l10n.t('{0} ms late', fault.latency_ms));
  if (fault.truncate) what.push(l10n.t('truncated'));
  if (fault.html) what.push(l10n.t('as an HTML page'));
  const hits = fault.hits ?? 0;
  const use =
    fault.times !== undefined
      ? l10n.t('{0} of {1} used', hits, fault.times)
      : l10n.t('{0} so far, until cleared', hits);
  return fault.method
    ? l10n.t('{0} on {1} {2} · {3}', what.join(', '), fault.method, fault.path, use)
    : l10n.t('{0} on any method {1} · {2}', what.join(', '), fault.path, use);
}

/** Whether a fault still affects requests (one with a count stops when it is used up). */
export function faultIsActive(fault: SandboxFault): boolean {
  return fault.times === undefined || fault.hits < fault.times;
}
