// The HTML page every panel gets, as text: pure (no vscode), so its safety is tested in plain Node. The host
// (panelHost.ts) supplies the nonce, the resource addresses and the words; nothing here runs in the page.

/** What one page is made of: the policy's sources, the resources, and the words of the display language. */
export interface PageParts {
  nonce: string;
  /** The webview's own source (`webview.cspSource`): styles, fonts and images come only from there. */
  cspSource: string;
  script: string;
  sharedStyle: string;
  style: string;
  title: string;
  placeholder: string;
  /** VS Code's display language as it names it (`en`, `es`, `pt-br`): the page's `lang`. */
  language: string;
  /** The display language's bundle (`vscode.l10n.bundle`): only the extension's own words, never a token. */
  bundle: Record<string, string> | undefined;
}

/** The id of the page's words: `webview/shared/words.ts` reads it before any panel renders. */
export const WORDS_ELEMENT_ID = 'l10n-bundle';

/**
 * A bundle as the text of a non-executed `<script type="application/json">`: JSON whose `<`, `>` and `&` are
 * written as `\u003c`, `\u003e` and `\u0026` (the same string once parsed), so no `</script>` nor `<!--` in a message
 * can end the element or change how the page reads it; the line separators JSON allows but some parsers refuse go the
 * same way. Only string values are kept.
 */
export function bundleText(bundle: Record<string, string> | undefined): string {
  const words: Record<string, string> = {};
  for (const [key, value] of Object.entries(bundle ?? {})) if (typeof value === 'string') words[key] = value;
  return JSON.stringify(words).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** A `lang` value: a language tag's letters, digits and hyphens, or `en` when VS Code gave none usable. */
export const pageLanguage = (language: string): string =>
  /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(language) ? language : 'en';

/**
 * The HTML shell every panel gets: a strict Content-Security-Policy (`default-src 'none'`, scripts only by nonce, no
 * code evaluated from strings, no inline script), the page's `lang` (the display language), the display language's
 * words in a non-executed JSON element (the CSP has nothing to allow: it is data, read by the panel's own script), the
 * shared stylesheet every panel uses (`panel.css`) and then the panel's own, its script from the bundle folder, and a
 * placeholder. A `<style>` element is allowed only with the page's nonce, which the `csp-nonce` meta hands to the
 * webview toolkit (FAST): its load-time probe for `:focus-visible` adds one, and without the nonce every open logged a
 * CSP violation (and the toolkit fell back to `:focus`). Inline `style` attributes stay refused.
 */
export function pageHtml(parts: PageParts): string {
  const { nonce, cspSource: source } = parts;
  const shared = escapeHtml(parts.sharedStyle);
  const style = escapeHtml(parts.style);
  const csp = [
    "default-src 'none'",
    `style-src ${source} 'nonce-${nonce}'`,
    `font-src ${source}`,
    `img-src ${source}`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="${pageLanguage(parts.language)}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta property="csp-nonce" content="${nonce}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${shared}">
<link rel="stylesheet" href="${style}">
<title>${escapeHtml(parts.title)}</title>
</head>
<body>
<main id="app" aria-live="polite"><p class="placeholder">${escapeHtml(parts.placeholder)}</p></main>
<script type="application/json" id="${WORDS_ELEMENT_ID}" nonce="${nonce}">${bundleText(parts.bundle)}</script>
<script nonce="${nonce}" src="${escapeHtml(parts.script)}"></script>
</body>
</html>`;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char] ?? char);
