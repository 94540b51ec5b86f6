import * as l10n from '@vscode/l10n';
// What the bodies of the order family (notes, feedback, blacklist entries) share.
import { type Finding, finding } from './finding';
import { unknownFieldMessage } from './shape';

/** Characters as a person counts them (code points), so an emoji is one character, not two. */
export const characters = (text: string): number => [...text].length;

/** Fields outside the spec's body are hints (Information): the real API may know them. */
export function unknownFields(
  body: Record<string, unknown>,
  allowed: readonly string[],
  code: string,
  where: string,
): Finding[] {
  return Object.keys(body)
    .filter((key) => !allowed.includes(key))
    .map((key) =>
      finding(
        code,
        [key],
        l10n.t("{0} The spec's body has {1}.", unknownFieldMessage(key, where), allowed.join(', ')),
        'info',
      ),
    );
}
