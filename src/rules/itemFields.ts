import * as l10n from '@vscode/l10n';
import { SERVER_SET_AT_CREATION } from '../model/item';
import { type Finding, finding } from './finding';

/**
 * Fields of the spec's item that the marketplace sets itself, carried by a creation body (often a copy of an
 * answer): the API accepts the body and ignores them, so this is a Warning with the reason, never a refusal.
 */
export function serverSetFieldFindings(payload: Record<string, unknown>): Finding[] {
  return Object.keys(payload)
    .filter((key) => Object.hasOwn(SERVER_SET_AT_CREATION, key))
    .map((key) =>
      finding(
        `item.${key}.server_set`,
        [key],
        l10n.t(
          '{0} is set by the marketplace, not by a creation: {1}. The API ignores it; remove it.',
          key,
          SERVER_SET_AT_CREATION[key],
        ),
        'warning',
      ),
    );
}
