// One shared stylesheet for every panel: the host links dist/webview/panel.css (built from webview/shared/panel.css)
// before the panel's own, and a panel's style.css keeps only what is its own: no rule of it stands, the same to the
// letter, in another panel's stylesheet or in the shared one.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SHARED_STYLESHEET, WEBVIEW_PANELS } from '../../../../scripts/webviewBundles.mjs';
import { ROOT } from '../../architecture/sources';

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** Each rule of a stylesheet as `selector { declarations }`, whitespace and comments folded (nested rules too). */
function rules(css: string): string[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\s+/g, ' ');
  return [...text.matchAll(/([^{};]+)\{([^{}]*)\}/g)].map((match) => `${match[1]?.trim()} {${match[2]?.trim()}}`);
}

const SHARED = readdirSync(join(ROOT, 'webview/shared')).filter((name) => name.endsWith('.css'));

describe('the webview stylesheets', () => {
  it('the host links the shared stylesheet the build makes, before the panel’s own', () => {
    const host = read('src/platform/webviews/panelHost.ts');
    assert.match(host, new RegExp(`SHARED_STYLESHEET = '${SHARED_STYLESHEET.out}'`));
    assert.match(host, /sharedStyle: uri\(`\$\{SHARED_STYLESHEET\}\.css`\)/);
    // The page (panelPage.ts) links the shared stylesheet first, then the panel's own.
    const page = read('src/platform/webviews/panelPage.ts');
    assert.match(page, /<link rel="stylesheet" href="\$\{shared\}">\n<link rel="stylesheet" href="\$\{style\}">/);
    assert.equal(SHARED_STYLESHEET.in, 'webview/shared/panel.css');
    const imported = [...read(SHARED_STYLESHEET.in).matchAll(/@import "\.\/([^"]+)";/g)].map((match) => match[1]);
    assert.deepEqual([...imported, 'panel.css'].sort(), [...SHARED].sort(), 'panel.css takes every shared file');
  });

  for (const panel of WEBVIEW_PANELS) {
    it(`the ${panel} panel's style.css keeps only its own rules`, () => {
      const own = read(`webview/${panel}/style.css`);
      assert.doesNotMatch(own, /@import/, 'the shared stylesheet is linked by the host, not imported');
      const elsewhere = new Set([
        ...SHARED.flatMap((name) => rules(read(`webview/shared/${name}`))),
        ...WEBVIEW_PANELS.filter((other) => other !== panel).flatMap((other) =>
          rules(read(`webview/${other}/style.css`)),
        ),
      ]);
      assert.deepEqual(
        rules(own).filter((rule) => elsewhere.has(rule)),
        [],
      );
    });
  }
});
