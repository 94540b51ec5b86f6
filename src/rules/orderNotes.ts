import { NOTE_MAX_LENGTH } from '../model/orderValues';
import { isRecord } from '../model/records';
import { type Finding, finding } from './finding';
import { characters, unknownFields } from './orderBodyFields';

/** A note body `{note}`: required, not empty, at most 300 characters (the spec's order note limit). */
export function noteFindings(body: unknown): Finding[] {
  if (!isRecord(body)) return [finding('order.note.body', [], 'Send a JSON object {"note": "…"}.')];
  const findings = unknownFields(body, ['note'], 'order.note.unknown_field', 'an order note');
  const note = body.note;
  if (note === undefined || note === null) {
    findings.push(finding('order.note.required', ['note'], 'The field note is required: the text of the note.'));
  } else if (typeof note !== 'string') {
    findings.push(finding('order.note.type', ['note'], 'note must be a text.'));
  } else if (note.trim() === '') {
    findings.push(finding('order.note.empty', ['note'], 'A note cannot be empty; write its text or delete the note.'));
  } else {
    const length = characters(note);
    if (length > NOTE_MAX_LENGTH) {
      findings.push(
        finding(
          'order.note.too_long',
          ['note'],
          `An order note holds at most ${NOTE_MAX_LENGTH} characters; this one has ${length}. Shorten it by ${length - NOTE_MAX_LENGTH}.`,
        ),
      );
    }
  }
  return findings;
}
