import * as l10n from '@vscode/l10n';
import { serverSetReasons } from '../model/item';
import { type Finding, finding } from './finding';

/**
 * Fields of the spec's item that the marketplace sets itself, carried by a creation body (often a copy of an
 * answer): the API accepts the body and ignores them, so this is a Warning with the reason, never a refusal.
 */
export function serverSetFieldFindings(payload: Record<string, unknown>): Finding[] {
  const reasons = serverSetReasons();
  return Object.keys(payload)
    .filter((key) => Object.hasOwn(reasons, key))
    .map((key) =>
      finding(
        `item.${key}.server_set`,
        [key],
        l10n.t(
          '{0} is set by the marketplace, not by a creation: {1}. The API ignores it; remove it.',
          key,
          String(reasons[key]),
        ),
        'warning', // l10n: not translated (a severity, not a word)
      ),
    );
}
