// What the bodies of the order family (notes, feedback, blacklist entries) share.
import * as l10n from '@vscode/l10n';
import { type Finding, finding } from './finding';

/** Characters as a person counts them (code points), so an emoji is one character, not two. */
export const characters = (text: string): number => [...text].length;

/**
 * Fields outside the spec's body are hints (Information): the real API may know them. `unknownMessage` says, whole,
 * that a key is not a field of this body ("note2 is not a field of an order note in the spec; …").
 */
export function unknownFields(
  body: Record<string, unknown>,
  allowed: readonly string[],
  code: string,
  unknownMessage: (key: string) => string,
): Finding[] {
  return Object.keys(body)
    .filter((key) => !allowed.includes(key))
    .map((key) =>
      finding(
        code,
        [key],
        l10n.t("{0} The spec's body has {1}.", unknownMessage(key), allowed.join(', ')),
        'info', // l10n: not translated (a severity, not a word)
      ),
    );
}
