// Pure (no `vscode`): what a user can do after a failed request, in one sentence. The notification of a failure and
// the response view's error block both say it, so they never disagree; what to correct and how to try again depends
// on where the failure shows (a payload file has Problems, a panel has a form), so each surface says its own.
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

/** Where a failure shows, which decides what the user corrects and how they try again. */
export const NEXT_STEP_SURFACES = [
  /** A request shown in the response view or replayed from the Request History. */
  'request',
  /** A payload file sent from its CodeLens or command: its Problems show the rules we know. */
  'payloadFile',
  /** A command or an explorer action (close a listing, change a price…). */
  'action',
  /** A node of the Marketplace explorer that failed to load. */
  'explorer',
  /** The Shipping Quotes panel's form. */
  'shippingPanel',
  /** The Campaign Metrics panel's range form. */
  'metricsPanel',
] as const;
export type NextStepSurface = (typeof NEXT_STEP_SURFACES)[number];

/** A refused request (400, 422): what to correct, where, and how to try again. */
const CORRECT: Record<NextStepSurface, string> = {
  request: 'Correct what the message and its causes name, then send again.',
  payloadFile:
    'Correct what the message and its causes name (the payload file’s Problems show the rules we know), then send again.',
  action: 'Correct what the message and its causes name, then run the action again.',
  explorer: 'The explorer’s request was refused: refresh it; the output shows the request.',
  shippingPanel: 'Correct the inputs the message names, then quote again.',
  metricsPanel: 'Correct the date range the message names, then load the metrics again.',
};

/** Something the request names does not exist (404). */
const NOT_FOUND: Record<NextStepSurface, string> = {
  request: 'It may have been deleted; refresh the explorer.',
  payloadFile: 'It may have been deleted; refresh the explorer.',
  action: 'It may have been deleted; refresh the explorer.',
  explorer: 'It may have been deleted; refresh the explorer.',
  shippingPanel:
    'Check the id the message names (a listing, seller or shipment of this environment), then quote again.',
  metricsPanel: 'The campaign may have been deleted; refresh the explorer.',
};

/** The next step a user can take after an error, by what went wrong and where it shows; empty when nothing applies. */
export function nextStep(
  { status, kind = 'http', retryAfterSeconds, error }: FailureFacts,
  surface: NextStepSurface = 'request',
): string {
  if (kind === 'network') return 'Check the environment URL and your connection.';
  if (kind === 'timeout') return 'Try again, or raise marketplace.requests.timeoutSeconds.';
  if (kind === 'invalid_response') return 'The answer was not what the API documents; see the output for details.';
  if (error === 'invalid_grant') return 'The authorization expired or was already used: sign in again.';
  if (status === 400 || status === 422) return CORRECT[surface];
  if (status === 401) return 'Your session is no longer valid: sign in again.';
  if (status === 403) return 'This account may not access that resource.';
  if (status === 404) return NOT_FOUND[surface];
  if (status === 429)
    return `The API asks to slow down${retryAfterSeconds ? ` (retry after ${retryAfterSeconds} s)` : ''}.`;
  if (status >= 500) return 'The API failed; try again in a moment.';
  return '';
}
