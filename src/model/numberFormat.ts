/**
 * Counts and money as a person reads them, one formatter for every surface: the explorer's tree, the notifications
 * (toasts) of the actions and of bulk sends, and the sandbox's scenario summaries. Pure, so the sandbox uses it too.
 */

/** A count with grouping (`1,034`). */
export function formatNumber(value: number, locale = 'en-US'): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
}

/** An amount with its currency code first (`ARS 1,500,000`, `USD 12.50`); `—` when the amount is missing. */
export function formatMoney(amount: number | null | undefined, currency: string | null | undefined, locale = 'en-US') {
  if (amount === null || amount === undefined || Number.isNaN(amount)) return '—';
  const digits = Number.isInteger(amount) ? 0 : 2;
  const number = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: 2 }).format(
    amount,
  );
  return currency ? `${currency} ${number}` : number;
}

/**
 * `n thing` / `n things` (regular plurals only), the count grouped. English only: it glues an `s`, so it serves the
 * sandbox's summaries (which answer in English, as the API does); what the editor says in the display language is a
 * whole message per form instead (`n === 1 ? l10n.t('{0} listing', n) : l10n.t('{0} listings', n)`).
 */
export const plural = (count: number, noun: string, locale = 'en-US') =>
  `${formatNumber(count, locale)} ${noun}${count === 1 ? '' : 's'}`;
