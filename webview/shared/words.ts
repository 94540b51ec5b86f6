// The display language of a panel, as its host wrote it into the page (src/platform/webviews/panelPage.ts): the
// `lang` of <html> and the bundle of the extension's words in a non-executed JSON element. The bridge reads the words
// once, before any panel renders, and hands them to @vscode/l10n; the panels format figures with `pageLocale()`.
import { intlLocale } from '../../src/text/intlLocale';

/** The id of the JSON element holding the words (the host's `WORDS_ELEMENT_ID`). */
export const WORDS_ELEMENT_ID = 'l10n-bundle';

/**
 * The words a page's JSON text holds, as @vscode/l10n takes them (key → translation): only string values of an
 * object's own keys; anything else (no element, a broken text, an array) is no words, and the panel speaks English.
 */
export function bundleOf(text: unknown): Record<string, string> {
  if (typeof text !== 'string' || text === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
  const words: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed)) if (typeof value === 'string') words[key] = value;
  return words;
}

/** The words the host wrote into this page. */
export const pageWords = (): Record<string, string> => bundleOf(document.getElementById(WORDS_ELEMENT_ID)?.textContent);

/** The `Intl` locale of the page's language (`pt-br` → `pt-BR`, `en` → `en-US`): numbers, money and dates follow it. */
export function pageLocale(): string {
  const language: unknown = typeof document === 'undefined' ? undefined : document.documentElement?.lang;
  return intlLocale(typeof language === 'string' ? language : undefined);
}
