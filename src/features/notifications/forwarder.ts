// Forwards a received notification to the user's own application (a local server, or an https endpoint) exactly as
// the marketplace sent it, and says what came back. Nothing here throws: a failed forward is a result to show.
import { performance } from 'node:perf_hooks';
import * as l10n from '@vscode/l10n';
import { safeText } from './notificationFields';

/** Time a forward may take before it counts as unanswered. */
export const FORWARD_TIMEOUT_MS = 10_000;

export interface ForwardResult {
  url: string;
  /** The answer's status; null when nothing answered. */
  status: number | null;
  ms: number;
  /** ISO time the forward started. */
  at: string;
  error?: string;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** Why a URL may not receive forwarded notifications (they carry user ids): plain http only stays on this machine. */
export function forwardTargetProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return l10n.t('"{0}" is not a valid URL.', url);
  }
  if (parsed.username || parsed.password)
    return l10n.t('The URL holds a user name or password; notifications are never sent with credentials in the URL.');
  if (parsed.protocol === 'https:') return undefined;
  if (parsed.protocol === 'http:') {
    if (LOOPBACK_HOSTS.has(parsed.hostname.toLowerCase())) return undefined;
    return l10n.t(
      'Plain http is only allowed to this machine (127.0.0.1, localhost, [::1]); use https for {0}.',
      parsed.host,
    );
  }
  return l10n.t('Only https URLs, or http to this machine, can receive notifications; {0} cannot.', parsed.protocol);
}

/** POSTs the text unchanged (the application sees exactly what the marketplace sent) and resolves, never rejects. */
export async function forwardNotification(
  url: string,
  raw: string,
  options: { timeoutMs?: number } = {},
): Promise<ForwardResult> {
  const timeoutMs = options.timeoutMs ?? FORWARD_TIMEOUT_MS;
  const at = new Date().toISOString();
  const problem = forwardTargetProblem(url);
  if (problem) return { url, status: null, ms: 0, at, error: problem };
  const started = performance.now();
  const elapsed = () => Math.round((performance.now() - started) * 10) / 10;
  try {
    const response = await fetch(url.trim(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: raw,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const ms = elapsed();
    // The answer's body is not kept; cancelling it frees the connection.
    await response.body?.cancel().catch(() => undefined);
    const result: ForwardResult = { url, status: response.status, ms, at };
    if (response.status >= 300 && response.status < 400) {
      const location = response.headers.get('location');
      result.error = location
        ? l10n.t('Answered with a redirect to {0}, which is not followed.', location)
        : l10n.t('Answered with a redirect, which is not followed.');
    }
    return result;
  } catch (failure) {
    return { url, status: null, ms: elapsed(), at, error: failureText(failure, timeoutMs) };
  }
}

function failureText(failure: unknown, timeoutMs: number): string {
  if (failure instanceof Error && (failure.name === 'TimeoutError' || failure.name === 'AbortError'))
    return l10n.t('No answer within {0} ms.', timeoutMs);
  const cause =
    failure instanceof Error ? (failure.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  if (cause && typeof cause.code === 'string') {
    if (cause.code === 'ECONNREFUSED') return l10n.t('Connection refused: nothing is listening at that address.');
    return `${cause.code}${typeof cause.message === 'string' ? `: ${cause.message}` : ''}`;
  }
  if (cause && typeof cause.message === 'string') return cause.message;
  return safeText(failure);
}
