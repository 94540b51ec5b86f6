// The page every panel gets carries the display language: its `lang`, and the bundle of the extension's words in a
// non-executed JSON element that the bridge reads before any panel renders. A message cannot break out of that
// element (`</script>`, `<!--`), the policy stays strict, and what the bridge reads back is the bundle, word for word.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleText, type PageParts, pageHtml, WORDS_ELEMENT_ID } from '../../../../src/platform/webviews/panelPage';
import { bundleOf, WORDS_ELEMENT_ID as READ_ID } from '../../../../webview/shared/words';
import { ROOT } from '../../architecture/sources';

const parts = (overrides: Partial<PageParts> = {}): PageParts => ({
  nonce: 'bm9uY2Utb2YtdGhlLXBhZ2U=',
  cspSource: 'https://webview.test',
  script: 'https://webview.test/dist/webview/shipping.js',
  sharedStyle: 'https://webview.test/dist/webview/panel.css',
  style: 'https://webview.test/dist/webview/shipping.css',
  title: 'Cotizaciones de envío',
  placeholder: 'Cargando…',
  language: 'es',
  bundle: { 'Shipping quotes': 'Cotizaciones de envío' },
  ...overrides,
});

/**
 * The text of the words element as an HTML parser reads it: a script element's text ends at the first `</script`
 * (any case), whatever JSON thinks; and `<!--` followed by `<script` would change where it ends.
 */
function wordsText(html: string): string {
  const open = html.indexOf(`id="${WORDS_ELEMENT_ID}"`);
  assert.ok(open > 0, 'the page has the words element');
  const start = html.indexOf('>', open) + 1;
  const end = html.slice(start).search(/<\/script/i);
  return html.slice(start, start + end);
}

const HOSTILE = {
  '</script><script>alert(1)</script>': 'x</script><img src=x onerror=alert(1)>',
  '<!--<script>': '</SCRIPT >',
  'Ampersand & <b>': 'line\u2028separator\u2029',
};

describe('the panel page: its language and its words', () => {
  it('writes the display language into <html lang> and the words into a non-executed JSON element', () => {
    const html = pageHtml(parts({ language: 'pt-br' }));
    assert.match(html, /^<!DOCTYPE html>\n<html lang="pt-br">/);
    assert.match(
      html,
      new RegExp(`<script type="application/json" id="${WORDS_ELEMENT_ID}" nonce="bm9uY2Utb2YtdGhlLXBhZ2U=">`),
    );
    assert.deepEqual(bundleOf(wordsText(html)), { 'Shipping quotes': 'Cotizaciones de envío' });
    assert.equal(READ_ID, WORDS_ELEMENT_ID, 'the bridge reads the element the host writes');
  });

  it('English has no words to hand over: an empty bundle, and the lang VS Code gives', () => {
    const html = pageHtml(parts({ language: 'en', bundle: undefined }));
    assert.match(html, /<html lang="en">/);
    assert.equal(wordsText(html), '{}');
  });

  it('a language tag VS Code could not have given falls back to en, and cannot leave the attribute', () => {
    assert.match(pageHtml(parts({ language: 'es" onload="x' })), /<html lang="en">/);
    assert.match(pageHtml(parts({ language: '' })), /<html lang="en">/);
  });

  it('no message can end the words element or open a comment: the bridge reads back the bundle word for word', () => {
    const html = pageHtml(parts({ bundle: HOSTILE }));
    const text = wordsText(html);
    assert.doesNotMatch(text, /[<>&\u2028\u2029]/, 'no markup character is written raw');
    assert.deepEqual(bundleOf(text), HOSTILE);
    // Everything after the words element is what the host wrote: the one script, by nonce, and the end of the page.
    const after = html.slice(html.indexOf(text) + text.length);
    assert.equal(
      after,
      '</script>\n<script nonce="bm9uY2Utb2YtdGhlLXBhZ2U=" src="https://webview.test/dist/webview/shipping.js"></script>\n</body>\n</html>',
    );
    assert.equal(bundleText(HOSTILE), text);
  });

  it('the policy stays strict: scripts by nonce only, nothing inline, no eval; every script element has the nonce', () => {
    const html = pageHtml(parts({ bundle: HOSTILE }));
    const policy = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1] ?? '';
    assert.match(policy, /default-src 'none'/);
    assert.match(policy, /script-src 'nonce-bm9uY2Utb2YtdGhlLXBhZ2U='$/);
    assert.doesNotMatch(policy, /unsafe-inline|unsafe-eval/);
    const tags = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    assert.equal(tags.length, 2, 'the words and the panel’s script');
    for (const tag of tags) assert.match(tag, /nonce="bm9uY2Utb2YtdGhlLXBhZ2U="/);
    // Outside the words (data, never markup: the test above), no inline handler or style.
    assert.doesNotMatch(html.replace(wordsText(html), ''), /\son[a-z]+=|style="/i, 'no inline handler or style');
  });

  it('only string values are handed over; a broken or foreign text is no words (the panel speaks English)', () => {
    assert.equal(bundleText({ a: 'b', n: 1 as unknown as string }), '{"a":"b"}');
    assert.deepEqual(bundleOf('{"a":"b","n":1,"o":{}}'), { a: 'b' });
    for (const text of ['', '{', '[1,2]', 'null', '"text"', undefined, 42]) assert.deepEqual(bundleOf(text), {});
  });

  it('the host hands the page the display language and VS Code’s bundle of it', () => {
    const host = readFileSync(join(ROOT, 'src/platform/webviews/panelHost.ts'), 'utf8');
    assert.match(host, /language: displayLanguage\(\),/);
    assert.match(host, /bundle: vscode\.l10n\.bundle,/);
  });
});
