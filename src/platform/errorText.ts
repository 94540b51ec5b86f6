// Pure (no `vscode`): the one line that describes a failure to the user. The notifications, the explorer's error
// nodes and the output channel all use it (through `platform/errors.ts`), so they never disagree.
import * as l10n from '@vscode/l10n';
import { ApiError } from '../api/errors';
import type { ReadCause, ReadErrorEntry } from '../model/error';
import { scrubText } from '../model/scrub';
import { asSentences } from '../model/sentences';
import { type NextStepSurface, nextStep } from './nextStep';

/**
 * What follows the message in parentheses: the status, the `error` code unless the message is that same text, and
 * the body's `code` unless it repeats one of them (`403 access_denied, code FORBIDDEN`).
 */
export function errorCodesText(error: ApiError): string {
  const parts: string[] = [];
  if (error.status) parts.push(String(error.status));
  if (error.error !== error.apiMessage) parts.push(error.error);
  const code = error.apiCode;
  const head = parts.join(' ');
  if (code !== undefined && code !== error.error && code !== String(error.status) && code !== error.apiMessage)
    return head ? l10n.t('{0}, code {1}', head, code) : l10n.t('code {0}', code);
  return head;
}

/** A cause in a few words: its message (or code when it has none), marked when the API only warns. */
export function causeText(cause: ReadCause): string {
  const text = cause.message ?? (cause.code === undefined ? '' : String(cause.code));
  return text && cause.type === 'warning' ? l10n.t('warning: {0}', text) : text;
}

/** An `errors[]` entry in a few words: its message, or its code when it has none. */
export function entryText(entry: ReadErrorEntry): string {
  return entry.message || entry.code || '';
}

/** Nothing to send to yet: the error's notification offers the sandbox and the sign-in (`platform/errors.ts`). */
export class SignInRequiredError extends Error {
  constructor(message = l10n.t('Sign in first (Marketplace: Sign In…), or use the local sandbox.')) {
    super(message);
    this.name = 'SignInRequiredError';
  }
}

/**
 * A failure that a setting fixes (a sign-in without `marketplace.api.baseUrl`, a busy loopback port…): `setting` is its
 * full id, and the error's notification offers to open the settings editor on it (`platform/errorActions.ts`).
 */
export class SettingError extends Error {
  constructor(
    readonly setting: string,
    message: string,
  ) {
    super(message);
    this.name = 'SettingError';
  }
}

/**
 * One line for the user: the API's own message, its codes, each cause, and the next step that fits where it shows;
 * never a secret.
 */
export function describeError(error: unknown, surface?: NextStepSurface): string {
  if (error instanceof ApiError) {
    const details = [...error.causes.map(causeText), ...error.errors.map(entryText)].filter(Boolean);
    const codes = errorCodesText(error);
    const head = `${error.apiMessage}${codes ? ` (${codes})` : ''}`;
    return [head, asSentences(details), nextStep(error, surface)].filter(Boolean).join(' — ');
  }
  // An ApiError is scrubbed when built; any other failure's words are scrubbed here.
  return scrubText(error instanceof Error ? error.message : String(error));
}
