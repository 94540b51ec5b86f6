/**
 * The live checks of the actions' inputs, without `vscode` (unit-tested in plain Node): each returns the message the
 * input box shows, or undefined when the text is valid.
 */
import * as l10n from '@vscode/l10n';
import { NOTE_MAX_LENGTH } from '../../model/order';
import { kindFindings } from '../../rules/byKind';
import type { Finding } from '../../rules/finding';
import {
  MAX_MANUFACTURING_DAYS,
  manufacturingTimeValueFindings,
  PURCHASE_MAX_QUANTITY_MAX_LENGTH,
  purchaseMaxQuantityValueFindings,
} from '../../rules/saleTerms';

export { MAX_MANUFACTURING_DAYS as MANUFACTURING_MAX_DAYS, PURCHASE_MAX_QUANTITY_MAX_LENGTH };

/** The first blocking finding's message: the rule's own words. */
const firstError = (findings: Finding[]): string | undefined =>
  findings.find((entry) => entry.severity === 'error')?.message;

/** Live validation of the inputs (pure; unit-testable). */
export const validate = {
  stock(text: string): string | undefined {
    return /^\d+$/.test(text.trim()) ? undefined : l10n.t('Type a whole number, 0 or more.');
  },
  price(text: string): string | undefined {
    const value = Number(text.trim());
    return text.trim() !== '' && Number.isFinite(value) && value > 0
      ? undefined
      : l10n.t('Type a price greater than 0.');
  },
  days(text: string): string | undefined {
    const value = text.trim();
    if (!/^\d+$/.test(value) || Number(value) < 1) {
      return l10n.t('Type a number of days from 1 to {0}.', MAX_MANUFACTURING_DAYS);
    }
    // l10n: not translated (`días` is the value the API stores, in the marketplace's own words)
    const refused = firstError(manufacturingTimeValueFindings(`${Number(value)} días`, undefined));
    return refused && l10n.t('Type a number of days from 1 to {0}: {1}', MAX_MANUFACTURING_DAYS, refused);
  },
  maxQuantity(text: string): string | undefined {
    return firstError(purchaseMaxQuantityValueFindings(text.trim(), undefined));
  },
};

/** The note counter (`n/300`) and, when the text cannot be sent, the spec's reason. */
export function noteCheck(text: string): { counter: string; error: string | undefined } {
  const counter = `${[...text].length}/${NOTE_MAX_LENGTH}`;
  const error = firstError(kindFindings('note', { note: text }));
  return { counter, error };
}

/** A typed user id for the blacklist: digits, and never the owner's own id. */
export function userIdCheck(text: string, ownerId: number): string | undefined {
  const value = text.trim();
  if (!/^\d+$/.test(value)) return l10n.t('Type the numeric id of the user.');
  return firstError(kindFindings('blacklist', { user_id: Number(value) }, { userId: ownerId }));
}
