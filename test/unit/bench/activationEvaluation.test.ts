// The activation bundle's evaluation bench (scripts/bench/activationEvaluation.ts): the empty bundle it is set beside
// is built with the options esbuild.mjs gives the activation bundle, read from esbuild.mjs in a run that writes
// nothing; and the vscode stand-in lets module-level code of an extension evaluate in plain Node, only with names the
// API declares.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { evaluateInFreshNode } from '../../../scripts/bench/activationEvaluation';
import {
  ACTIVATION_BUNDLE,
  activationBundleOptions,
  buildEmptyBundle,
  emptyBundleOptions,
  recordedBuilds,
} from '../../../scripts/bench/emptyBundle';

const ROOT = join(__dirname, '..', '..', '..');
const stub = createRequire(__filename)('../../../scripts/bench/vscodeStub.cjs') as {
  apiNames(declarations: string): string[];
};

/** Every file under dist/ with its modification time (none when there is no dist/). */
function distState(): Map<string, number> {
  const state = new Map<string, number>();
  const folder = join(ROOT, 'dist');
  if (!existsSync(folder)) return state;
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath ?? entry.path, entry.name);
    state.set(path, statSync(path).mtimeMs);
  }
  return state;
}

describe('bench activation evaluation', function () {
  this.timeout(60_000);
  const folder = mkdtempSync(join(tmpdir(), 'mi-bench-evaluation-'));
  after(() => rmSync(folder, { recursive: true, force: true }));

  it("reads the activation bundle's options from esbuild.mjs, writing nothing", () => {
    const before = distState();
    const production = activationBundleOptions(ROOT, ['--production']);
    assert.deepEqual(distState(), before);
    assert.deepEqual(production.entryPoints, ['src/extension.ts']);
    assert.equal(production.outfile, ACTIVATION_BUNDLE);
    assert.equal(production.format, 'cjs');
    assert.equal(production.platform, 'node');
    assert.equal(production.minify, true);
    assert.equal(production.sourcemap, false);
    // The first pass (write: false) is not the one that writes the bundle.
    const passes = recordedBuilds(ROOT, ['--production']).filter((options) => options.outfile === ACTIVATION_BUNDLE);
    assert.equal(passes.length, 2);
    assert.equal(passes[0]!.write, false);
    // The flags are esbuild.mjs's: a development build keeps its source maps and is not minified.
    const development = activationBundleOptions(ROOT, []);
    assert.equal(development.minify, false);
    assert.equal(development.sourcemap, true);
  });

  it("builds the empty bundle with those options, but for its entry and output, into the caller's folder", async () => {
    const activation = activationBundleOptions(ROOT, ['--production']);
    const options = emptyBundleOptions(activation, folder);
    const { entryPoints, outfile, absWorkingDir, logLevel, write, ...format } = options;
    const {
      entryPoints: _e,
      outfile: _o,
      plugins: _p,
      metafile: _m,
      logLevel: _l,
      write: _w,
      ...expected
    } = activation;
    assert.deepEqual(format, expected);
    assert.equal(absWorkingDir, folder);
    assert.ok(String(outfile).startsWith(folder));
    assert.deepEqual(entryPoints, [join(folder, 'empty.js')]);
    assert.ok(!('plugins' in options) && !('metafile' in options));
    assert.equal(logLevel, 'silent');
    assert.equal(write, true);
    const built = await buildEmptyBundle(ROOT, folder, ['--production']);
    assert.equal(built, join(folder, 'empty-bundle.js'));
    // An empty entry, minified without source map: nothing at all.
    assert.equal(readFileSync(built, 'utf8'), '');
  });

  it('gives the stand-in the names the API declares at run time, not its interfaces', () => {
    const names = stub.apiNames(readFileSync(join(ROOT, 'node_modules/@types/vscode/index.d.ts'), 'utf8'));
    for (const name of ['TreeItem', 'EventEmitter', 'window', 'commands', 'l10n', 'TreeItemCollapsibleState', 'Uri'])
      assert.ok(names.includes(name), name);
    for (const name of ['TextDocument', 'ExtensionContext', 'WebviewPanel']) assert.ok(!names.includes(name), name);
  });

  it("evaluates an extension's module-level code against the stand-in, in a fresh node, with its own clock", async () => {
    const entry = join(folder, 'extension.ts');
    writeFileSync(
      entry,
      [
        `const LOAD_STARTED = performance.now();`,
        `import * as vscode from 'vscode';`,
        `class Node extends vscode.TreeItem { constructor() { super('a', vscode.TreeItemCollapsibleState.Collapsed); } }`,
        `const changed = new vscode.EventEmitter<void>();`,
        `const icons = { [vscode.TreeItemCollapsibleState.Expanded]: 'open' };`,
        'const title = String(vscode.l10n.t("Explorer")) + " ready";',
        `const LOAD_ENDED = performance.now();`,
        `export function activate() { return [Node, changed, icons, title, LOAD_ENDED - LOAD_STARTED]; }`,
      ].join('\n'),
    );
    const options = emptyBundleOptions(activationBundleOptions(ROOT, ['--production']), folder);
    const bundle = join(folder, 'extension.js');
    await build({ ...options, entryPoints: [entry], outfile: bundle });
    const evaluation = await evaluateInFreshNode(bundle, ROOT);
    assert.equal(evaluation.nowCalls, 2);
    assert.equal(typeof evaluation.markersMs, 'number');
    assert.ok(evaluation.requireMs >= 0 && evaluation.cpuMs >= 0);
    // A name the API does not declare is not there: the stand-in is the API's names, not anything at all.
    writeFileSync(entry, `import * as vscode from 'vscode';\nexport class Node extends (vscode as any).NotInTheApi {}`);
    await build({ ...options, entryPoints: [entry], outfile: bundle });
    await assert.rejects(evaluateInFreshNode(bundle, ROOT), /Class extends value undefined/);
  });
});
