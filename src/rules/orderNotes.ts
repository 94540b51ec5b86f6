import * as l10n from '@vscode/l10n';
import { NOTE_MAX_LENGTH } from '../model/orderValues';
import { isRecord } from '../model/records';
import { type Finding, finding } from './finding';
import { characters, unknownFields } from './orderBodyFields';

/** A note body `{note}`: required, not empty, at most 300 characters (the spec's order note limit). */
export function noteFindings(body: unknown): Finding[] {
  if (!isRecord(body)) return [finding('order.note.body', [], l10n.t('Send a JSON object {"note": "…"}.'))];
  const findings = unknownFields(body, ['note'], 'order.note.unknown_field', (key) =>
    l10n.t('{0} is not a field of an order note in the spec; the API may ignore it or refuse it.', key),
  );
  const note = body.note;
  if (note === undefined || note === null) {
    findings.push(
      finding('order.note.required', ['note'], l10n.t('The field note is required: the text of the note.')),
    );
  } else if (typeof note !== 'string') {
    findings.push(finding('order.note.type', ['note'], l10n.t('note must be a text.')));
  } else if (note.trim() === '') {
    findings.push(
      finding('order.note.empty', ['note'], l10n.t('A note cannot be empty; write its text or delete the note.')),
    );
  } else {
    const length = characters(note);
    if (length > NOTE_MAX_LENGTH) {
      findings.push(
        finding(
          'order.note.too_long',
          ['note'],
          l10n.t(
            'An order note holds at most {0} characters; this one has {1}. Shorten it by {2}.',
            NOTE_MAX_LENGTH,
            length,
            length - NOTE_MAX_LENGTH,
          ),
        ),
      );
    }
  }
  return findings;
}
