// Two type worlds: `src/` compiles with Node's types and no DOM, `webview/` with the DOM's and no Node's, and
// `src/model/` (shared by both sides) under both. The tests that drive a page (test/e2e) or import webview code
// (test/unit/webview) have configs of their own, with the DOM and Node. `npm run typecheck` (run by `npm test`)
// compiles every config; this test checks what each config gives, so that no DOM name creeps into src/ and no
// `Buffer` into webview/.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fromRoot, ROOT } from './sources';

interface TsConfig {
  extends?: string;
  compilerOptions?: { lib?: string[]; types?: string[] };
  include?: string[];
  exclude?: string[];
}

const config = (path: string): TsConfig => JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as TsConfig;
const hasDom = (options: TsConfig) => (options.compilerOptions?.lib ?? []).some((lib) => /^dom/i.test(lib));

/** Every tsconfig*.json of the repository, outside node_modules and build output. */
function configs(folder = ROOT): string[] {
  return readdirSync(folder).flatMap((name) => {
    if (['node_modules', 'dist', '.git', 'test-results', '.vscode-test'].includes(name)) return [];
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return configs(path);
    return /^tsconfig.*\.json$/.test(name) ? [fromRoot(path)] : [];
  });
}

const WORLDS = {
  'tsconfig.json': { dom: false, types: ['node', 'mocha'] },
  'webview/tsconfig.json': { dom: true, types: [] },
  'test/unit/webview/tsconfig.json': { dom: true, types: ['node', 'mocha'] },
  'test/e2e/tsconfig.json': { dom: true, types: ['node'] },
};

describe('architecture: the type worlds', () => {
  it('the repository has exactly these configs, each on the shared base', () => {
    assert.deepEqual(configs().sort(), [...Object.keys(WORLDS), 'tsconfig.base.json'].sort());
    const base = config('tsconfig.base.json').compilerOptions ?? {};
    assert.equal(base.lib, undefined, 'the base leaves the libraries to each world');
    assert.equal(base.types, undefined, 'the base leaves the types to each world');
  });

  for (const [path, world] of Object.entries(WORLDS)) {
    it(`${path}: ${world.dom ? 'the DOM' : 'no DOM'}, types [${world.types.join(', ')}]`, () => {
      const options = config(path);
      assert.match(options.extends ?? '', /tsconfig\.base\.json$/);
      assert.equal(hasDom(options), world.dom);
      assert.deepEqual(options.compilerOptions?.types, world.types);
    });
  }

  it('src/ is compiled in the Node world only, but src/model/, which the webviews share, in both', () => {
    const root = config('tsconfig.json');
    assert.ok(root.include?.includes('src'));
    assert.deepEqual(root.exclude?.sort(), ['test/e2e', 'test/unit/webview'], 'the DOM worlds of the tests');
    assert.deepEqual(config('webview/tsconfig.json').include, ['.', '../src/model']);
    for (const path of ['test/unit/webview/tsconfig.json', 'test/e2e/tsconfig.json']) {
      assert.deepEqual(config(path).include, ['.'], `${path} takes its own folder`);
    }
  });

  it('npm run typecheck compiles every world, and npm test runs it first', () => {
    const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const compiled = [...(scripts.typecheck ?? '').matchAll(/\btsc -p (\S+)/g)].map((match) => match[1]);
    assert.deepEqual(compiled.sort(), Object.keys(WORLDS).sort());
    assert.match(scripts.test ?? '', /^npm run typecheck && /);
  });
});
