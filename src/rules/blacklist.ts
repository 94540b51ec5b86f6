import * as l10n from '@vscode/l10n';
import { isRecord } from '../model/records';
import { type Finding, finding } from './finding';
import { unknownFields } from './orderBodyFields';

/** A blacklist body `{user_id}`: a user id other than the owner's own. */
export function blacklistFindings(body: unknown, ownerId: number): Finding[] {
  if (!isRecord(body))
    return [finding('blacklist.body', [], l10n.t('Send a JSON object {"user_id": <id of the user to block>}.'))];
  const findings = unknownFields(body, ['user_id'], 'blacklist.unknown_field', (key) =>
    l10n.t('{0} is not a field of a blacklist entry in the spec; the API may ignore it or refuse it.', key),
  );
  const userId = body.user_id;
  if (userId === undefined || userId === null) {
    findings.push(
      finding('blacklist.user_id_required', ['user_id'], l10n.t('user_id is required: the id of the user to block.')),
    );
  } else if (typeof userId !== 'number' || !Number.isSafeInteger(userId) || userId <= 0) {
    findings.push(
      finding('blacklist.user_id_type', ['user_id'], l10n.t('user_id must be a user id (a positive whole number).')),
    );
  } else if (userId === ownerId) {
    findings.push(
      finding('blacklist.self', ['user_id'], l10n.t('You cannot block yourself from bidding on your own listings.')),
    );
  }
  return findings;
}
