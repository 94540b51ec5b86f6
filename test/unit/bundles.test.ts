// The two extension bundles as built by `npm run build` (esbuild.mjs): the features bundle links to the activation
// bundle's modules instead of carrying copies of what must be one. Loaded here in plain Node, with a stand-in for the
// `vscode` module (scripts/bench/vscodeStub.cjs, the one the bench evaluates the activation bundle with).
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { join } from 'node:path';

const DIST = join(__dirname, '..', '..', 'dist');
const { stubApi } = createRequire(__filename)('../../scripts/bench/vscodeStub.cjs') as {
  stubApi: (declarations: string) => Record<string, unknown>;
};

function loadBundles(): { core: { __modules: Record<string, unknown> }; features: Record<string, unknown> } {
  // The bench's stand-in (every value name of @types/vscode, each extendable, constructible and callable).
  const vscode = stubApi(readFileSync(require.resolve('@types/vscode/index.d.ts'), 'utf8'));
  const loader = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
  const original = loader._load;
  loader._load = function (request: string, ...rest: unknown[]) {
    return request === 'vscode' ? vscode : original.call(this, request, ...rest);
  };
  try {
    const core = require(join(DIST, 'extension.js'));
    const features = require(join(DIST, 'features.js'));
    return { core, features };
  } finally {
    loader._load = original;
  }
}

describe('the extension bundles', () => {
  // The development build, with module and class names (a packaged, minified one may be in dist/ from `npm run
  // package`): built here so the test reads what esbuild.mjs makes of the sources as they are.
  before(function () {
    this.timeout(120_000);
    execFileSync(process.execPath, [join(DIST, '..', 'esbuild.mjs'), '--quiet'], { cwd: join(DIST, '..') });
  });

  const features = () => readFileSync(join(DIST, 'features.js'), 'utf8');
  const core = () => readFileSync(join(DIST, 'extension.js'), 'utf8');

  it('the features bundle finds every module it links to in the activation bundle', () => {
    const { core: loaded, features: entry } = loadBundles();
    const linked = [...new Set([...features().matchAll(/require\("core:([^"]+)"\)/g)].map((m) => m[1] as string))];
    assert.ok(linked.length > 5, 'the features bundle links to the activation bundle');
    for (const path of linked) assert.ok(loaded.__modules[path], `the activation bundle exports ${path}`);
    assert.equal(typeof entry.activateFeatures, 'function');
  });

  it('what must be one is in one bundle only: the API error class, the panel host and its transcript, zod', () => {
    for (const shared of ['src/api/errors.ts', 'src/platform/webviews/panelHost.ts', 'src/constants.ts']) {
      assert.match(features(), new RegExp(`require\\("core:${shared.replace(/[./]/g, '\\$&')}"\\)`), shared);
    }
    // A copy of a class would carry its name as a declaration in both bundles.
    for (const name of ['ApiError', 'PanelHost', 'ZodType']) {
      const declared = (text: string) => new RegExp(`\\b(class ${name}\\b|var ${name} = )`).test(text);
      assert.ok(!declared(features()), `${name} is not declared again in the features bundle`);
    }
    assert.match(features(), /require\("core:node_modules\/zod\/index\.js"\)/);
  });

  it('the activation bundle holds none of the features: authoring analysis, bulk sends, panels, notifications', () => {
    for (const feature of [
      'BulkCommands',
      'PayloadDiagnostics',
      'ResponsePanel',
      'ShippingQuotePanel',
      'NotificationService',
    ]) {
      assert.doesNotMatch(core(), new RegExp(`\\b(class ${feature}\\b|var ${feature} = class)`), feature);
      assert.match(features(), new RegExp(`\\b(class ${feature}\\b|var ${feature} = class)`), feature);
    }
  });

  it('ky is a file of its own, required on the first request: neither extension bundle carries it', () => {
    // ky's own words, in its HTTPError and TimeoutError.
    for (const [name, text] of [
      ['extension.js', core()],
      ['features.js', features()],
    ] as const) {
      assert.doesNotMatch(text, /Request timed out/, `${name} carries none of ky`);
    }
    assert.match(core(), /require\("\.\/ky\.js"\)/);
    const ky = require(join(DIST, 'ky.js')) as { default?: unknown; HTTPError?: unknown; TimeoutError?: unknown };
    assert.equal(typeof ky.default, 'function');
    assert.equal(typeof ky.HTTPError, 'function');
    assert.equal(typeof ky.TimeoutError, 'function');
  });

  it('the package (.vscodeignore) takes every bundle the extension loads, and no source map', () => {
    const kept = readFileSync(join(DIST, '..', '.vscodeignore'), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('!'))
      .map((line) => line.slice(1));
    for (const bundle of ['extension.js', 'features.js', 'ky.js', 'sandbox.js', 'webview/*.js', 'webview/*.css']) {
      assert.ok(kept.includes(`dist/${bundle}`), `dist/${bundle} is packaged`);
    }
    assert.ok(!kept.some((pattern) => pattern.startsWith('dist/') && /\*\*|\.map$/.test(pattern)), 'no source maps');
  });
});
