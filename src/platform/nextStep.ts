// Pure (no `vscode`): what a user can do after a failed request, in one sentence. The notification of a failure and
// the response view's error block both say it, so they never disagree; what to correct and how to try again depends
// on where the failure shows (a payload file has Problems, a panel has a form), so each surface says its own.
import * as l10n from '@vscode/l10n';
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
function correct(surface: NextStepSurface): string {
  switch (surface) {
    case 'request':
      return l10n.t('Correct what the message and its causes name, then send again.');
    case 'payloadFile':
      return l10n.t(
        'Correct what the message and its causes name (the payload file’s Problems show the rules we know), then send again.',
      );
    case 'action':
      return l10n.t('Correct what the message and its causes name, then run the action again.');
    case 'explorer':
      return l10n.t('The explorer’s request was refused: refresh it; the output shows the request.');
    case 'shippingPanel':
      return l10n.t('Correct the inputs the message names, then quote again.');
    case 'metricsPanel':
      return l10n.t('Correct the date range the message names, then load the metrics again.');
  }
}

/** Something the request names does not exist (404). */
function notFound(surface: NextStepSurface): string {
  switch (surface) {
    case 'shippingPanel':
      return l10n.t(
        'Check the id the message names (a listing, seller or shipment of this environment), then quote again.',
      );
    case 'metricsPanel':
      return l10n.t('The campaign may have been deleted; refresh the explorer.');
    default:
      return l10n.t('It may have been deleted; refresh the explorer.');
  }
}

/** The next step a user can take after an error, by what went wrong and where it shows; empty when nothing applies. */
export function nextStep(
  { status, kind = 'http', retryAfterSeconds, error }: FailureFacts,
  surface: NextStepSurface = 'request',
): string {
  if (kind === 'network') return l10n.t('Check the environment URL and your connection.');
  if (kind === 'timeout') return l10n.t('Try again, or raise marketplace.requests.timeoutSeconds.');
  if (kind === 'invalid_response')
    return l10n.t('The answer was not what the API documents; see the output for details.');
  if (error === 'invalid_grant') return l10n.t('The authorization expired or was already used: sign in again.');
  if (status === 400 || status === 422) return correct(surface);
  if (status === 401) return l10n.t('Your session is no longer valid: sign in again.');
  if (status === 403) return l10n.t('This account may not access that resource.');
  if (status === 404) return notFound(surface);
  if (status === 429)
    return retryAfterSeconds
      ? l10n.t('The API asks to slow down (retry after {0} s).', retryAfterSeconds)
      : l10n.t('The API asks to slow down.');
  if (status >= 500) return l10n.t('The API failed; try again in a moment.');
  return '';
}
