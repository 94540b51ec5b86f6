// The bridge sets what every panel needs: each panel's bundle, built as esbuild.mjs builds it, loads and parses its
// host's messages without making code from a string (the CSP forbids it: zod's `new Function` probe was logged as a
// violation in the webview's console), and the bridge is the only module of webview/ that sets it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { WEBVIEW_BRIDGE, WEBVIEW_PANELS, webviewBuilds } from '../../../../scripts/webviewBundles.mjs';
import { MetricsHostMessage } from '../../../../src/model/protocols/metrics';
import { ResponseHostMessage } from '../../../../src/model/protocols/response';
import { QUOTE_MODES, ShippingHostMessage } from '../../../../src/model/protocols/shipping';
import { fromRoot, ROOT, sources } from '../../architecture/sources';
import { loadPanelScript } from './pageStandIn';

/** A valid message from each panel's host that makes the panel draw, and one its protocol refuses. */
const FIRST_MESSAGES: Record<string, unknown> = {
  response: {
    type: 'show',
    response: {
      method: 'GET',
      path: '/items/MLA1',
      baseUrl: 'http://127.0.0.1:1',
      status: 200,
      statusText: 'OK',
      body: { id: 'MLA1', tags: ['a'] },
      when: '2026-01-01T00:00:00.000Z',
    },
  },
  shipping: {
    type: 'init',
    environment: 'the local sandbox',
    account: null,
    sites: [],
    mode: 'siteZip',
    inputs: Object.fromEntries(QUOTE_MODES.map((mode) => [mode, { site: 'MLA' }])),
  },
  metrics: {
    type: 'init',
    campaign: {
      id: 1,
      advertiserId: 2,
      name: 'Spring',
      status: 'active',
      siteId: 'MLA',
      startDate: null,
      endDate: null,
    },
    others: [],
    today: '2026-01-31',
    earliest: '2025-11-01',
    presets: [],
    range: { from: '2026-01-01', to: '2026-01-31' },
  },
};
const REFUSED = { type: 'show', response: { status: 'not a number' } };
const HOST_MESSAGES = { response: ResponseHostMessage, shipping: ShippingHostMessage, metrics: MetricsHostMessage };

/** A panel's script as esbuild.mjs bundles it (without writing dist/). */
async function bundledScript(panel: string): Promise<string> {
  const build = webviewBuilds({ bundle: true, logLevel: 'silent', legalComments: 'none' }).find((options) =>
    JSON.stringify(options.entryPoints).includes(`webview/${panel}/main.ts`),
  );
  assert.ok(build, `a build for ${panel}`);
  const result = await esbuild.build({ ...build, absWorkingDir: ROOT, write: false });
  const script = result.outputFiles.find((file) => file.path.endsWith(`${panel}.js`));
  assert.ok(script, `${panel}.js is built`);
  return script.text;
}

describe('the webview bridge', () => {
  for (const panel of WEBVIEW_PANELS) {
    it(`the ${panel} bundle parses its host's messages without making code from a string`, async function () {
      this.timeout(60_000);
      const protocol = HOST_MESSAGES[panel as keyof typeof HOST_MESSAGES];
      assert.ok(protocol.safeParse(FIRST_MESSAGES[panel]).success, 'the first message is one the host may send');
      assert.ok(!protocol.safeParse(REFUSED).success, 'the refused message is one the protocol refuses');
      const page = loadPanelScript(await bundledScript(panel));
      assert.deepEqual(
        JSON.parse(JSON.stringify(page.posted)),
        [{ type: 'ready' }],
        'the script connected and said ready',
      );
      const before = page.domCalls();
      page.deliver(REFUSED);
      assert.equal(page.domCalls(), before, 'a message the protocol refuses is dropped');
      page.deliver(FIRST_MESSAGES[panel]);
      assert.ok(page.domCalls() > before, 'the valid message was parsed and drawn');
      assert.deepEqual(page.codeFromStrings, [], 'no code was made from a string');
    });
  }

  it('every panel script has the bridge injected, so it runs before any module that builds a schema', () => {
    const scripts = webviewBuilds({}).filter((options) => JSON.stringify(options.entryPoints).includes('main.ts'));
    assert.equal(scripts.length, WEBVIEW_PANELS.length);
    for (const options of scripts) assert.deepEqual(options.inject, [WEBVIEW_BRIDGE]);
  });

  it('the panel speaks the words the host wrote into the page, read before it renders; without them, English', async function () {
    this.timeout(60_000);
    const script = await bundledScript('shipping');
    const words = { 'Shipping quotes': 'Cotizaciones de envío', Results: 'Resultados', 'Quote modes': 'Modos' };
    const spanish = loadPanelScript(script, { lang: 'es', words: JSON.stringify(words) });
    spanish.deliver(FIRST_MESSAGES.shipping);
    for (const word of Object.values(words)) assert.ok(spanish.texts.includes(word), word);
    assert.ok(!spanish.texts.includes('Shipping quotes'), 'the English key is not shown');
    const english = loadPanelScript(script, { lang: 'en' });
    english.deliver(FIRST_MESSAGES.shipping);
    for (const key of Object.keys(words)) assert.ok(english.texts.includes(key), key);
    const broken = loadPanelScript(script, { lang: 'es', words: '{"Results": "Resul' });
    broken.deliver(FIRST_MESSAGES.shipping);
    assert.ok(broken.texts.includes('Results'), 'a broken bundle is no words: English, and the panel still draws');
  });

  it('the bridge is the only module of webview/ that configures zod and the words', () => {
    const configuring = sources(join(ROOT, 'webview'))
      .filter((file) => /\bjitless\b|\.config\(/.test(readFileSync(file, 'utf8')))
      .map(fromRoot);
    assert.deepEqual(configuring, [WEBVIEW_BRIDGE]);
  });
});
