/**
 * The live checks of the actions' inputs, without `vscode` (unit-tested in plain Node): each returns the message the
 * input box shows, or undefined when the text is valid.
 */
import { NOTE_MAX_LENGTH } from '../../model/order';
import { blacklistFindings, noteFindings } from '../../rules/orders';

export const MANUFACTURING_MAX_DAYS = 45;
export const PURCHASE_MAX_QUANTITY_MAX_LENGTH = 18;

/** Live validation of the inputs (pure; unit-testable). */
export const validate = {
  stock(text: string): string | undefined {
    return /^\d+$/.test(text.trim()) ? undefined : 'Type a whole number, 0 or more.';
  },
  price(text: string): string | undefined {
    const value = Number(text.trim());
    return text.trim() !== '' && Number.isFinite(value) && value > 0 ? undefined : 'Type a price greater than 0.';
  },
  days(text: string): string | undefined {
    const value = Number(text.trim());
    return /^\d+$/.test(text.trim()) && value >= 1 && value <= MANUFACTURING_MAX_DAYS
      ? undefined
      : `Type a number of days from 1 to ${MANUFACTURING_MAX_DAYS}.`;
  },
  maxQuantity(text: string): string | undefined {
    const value = text.trim();
    if (!/^\d+$/.test(value) || Number(value) < 1) return 'Type a whole number, 1 or more.';
    return value.length > PURCHASE_MAX_QUANTITY_MAX_LENGTH
      ? `At most ${PURCHASE_MAX_QUANTITY_MAX_LENGTH} characters.`
      : undefined;
  },
};

/** The note counter (`n/300`) and, when the text cannot be sent, the spec's reason. */
export function noteCheck(text: string): { counter: string; error: string | undefined } {
  const counter = `${[...text].length}/${NOTE_MAX_LENGTH}`;
  const error = noteFindings({ note: text }).find((entry) => entry.severity === 'error')?.message;
  return { counter, error };
}

/** A typed user id for the blacklist: digits, and never the owner's own id. */
export function userIdCheck(text: string, ownerId: number): string | undefined {
  const value = text.trim();
  if (!/^\d+$/.test(value)) return 'Type the numeric id of the user.';
  return blacklistFindings({ user_id: Number(value) }, ownerId).find((entry) => entry.severity === 'error')?.message;
}
