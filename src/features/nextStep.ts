// Pure (no `vscode`): what a user can do after a failed request, in one sentence. The notification of a failure and
// the response view's error block both say it, so they never disagree.
import type { ApiErrorKind } from '../api/errors';

/**
 * What the next step depends on: the status (0 when no answer arrived), the failure's kind, `Retry-After`, and the
 * API's `error` code (an OAuth `invalid_grant` is answered 400 but only signing in again helps).
 */
export interface FailureFacts {
  status: number;
  kind?: ApiErrorKind;
  retryAfterSeconds?: number;
  error?: string;
}

/** The next step a user can take after an error, by what went wrong; empty when there is nothing general to say. */
export function nextStep({ status, kind = 'http', retryAfterSeconds, error }: FailureFacts): string {
  if (kind === 'network') return 'Check the environment URL and your connection.';
  if (kind === 'timeout') return 'Try again, or raise marketplace.requests.timeoutSeconds.';
  if (kind === 'invalid_response') return 'The answer was not what the API documents; see the output for details.';
  if (error === 'invalid_grant') return 'The authorization expired or was already used: sign in again.';
  if (status === 400 || status === 422)
    return 'Correct what the message and its causes name (the payload file’s Problems show the rules we know), then send again.';
  if (status === 401) return 'Your session is no longer valid: sign in again.';
  if (status === 403) return 'This account may not access that resource.';
  if (status === 404) return 'It may have been deleted; refresh the explorer.';
  if (status === 429)
    return `The API asks to slow down${retryAfterSeconds ? ` (retry after ${retryAfterSeconds} s)` : ''}.`;
  if (status >= 500) return 'The API failed; try again in a moment.';
  return '';
}
