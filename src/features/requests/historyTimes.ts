// When a request of the history was sent, as a person reads it in their display language (pure: the locale is a
// parameter, `displayLocale()` in the editor): the Request History view's absolute times and the quick pick's
// relative ones, through `Intl`.
import * as l10n from '@vscode/l10n';

const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', second: '2-digit' };

/** Today: the time of day; before: the date and time. Absolute, so a row never goes stale. */
export function whenText(iso: string, now: Date, locale = 'en-US'): string {
  const at = new Date(iso);
  if (at.toDateString() === now.toDateString()) return new Intl.DateTimeFormat(locale, TIME).format(at);
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'numeric', day: 'numeric', ...TIME }).format(at);
}

/** The full date and time of a request (the row's tooltip). */
export function fullTime(iso: string, locale = 'en-US'): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));
}

/** How long ago, in words: `just now`, `5 min. ago`, `3 hr. ago`, or the date. */
export function agoText(iso: string, now = Date.now(), locale = 'en-US'): string {
  const seconds = Math.max(0, (now - Date.parse(iso)) / 1000);
  if (seconds < 60) return l10n.t('just now');
  const relative = new Intl.RelativeTimeFormat(locale, { style: 'short', numeric: 'always' });
  if (seconds < 3600) return relative.format(-Math.floor(seconds / 60), 'minute');
  if (seconds < 86_400) return relative.format(-Math.floor(seconds / 3600), 'hour');
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));
}
