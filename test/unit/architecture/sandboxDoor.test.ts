import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fromRoot, imports, ROOT, resolveImport, sources } from './sources';

const SANDBOX = join(ROOT, 'src', 'sandbox');
const DOOR = join(SANDBOX, 'index.ts');

/** Whether `path` is `src/sandbox` itself or lies below it. */
const inSandbox = (path: string): boolean => !relative(SANDBOX, path).startsWith('..');

describe('architecture: the sandbox front door', () => {
  it('src/sandbox/index.ts exists', () => {
    assert.ok(sources(SANDBOX).includes(DOOR), 'src/sandbox/index.ts is missing');
  });

  it('nothing in src/ outside src/sandbox imports a sandbox file other than src/sandbox/index.ts', () => {
    const problems: string[] = [];
    for (const file of sources(join(ROOT, 'src'))) {
      if (inSandbox(file)) continue;
      for (const target of imports(file)) {
        const resolved = resolveImport(file, target);
        if (resolved === undefined || !inSandbox(resolved) || resolved === DOOR) continue;
        problems.push(`${fromRoot(file)} imports ${fromRoot(resolved)} (${target})`);
      }
    }
    assert.deepEqual(problems, []);
  });

  it('the front door re-exports values only from leaf modules (importing nothing), so it takes none of the sandbox in', () => {
    // The activation bundle imports the door: a value re-exported from a module that imports others would bring their
    // top-level code (schemas, tables, seeds) with it. Types are erased; the door marks them `export type`.
    const text = readFileSync(DOOR, 'utf8');
    const valueExports = [...text.matchAll(/^export\s+(?!type\b)[^;]*?from\s+['"]([^'"]+)['"]/gm)].map(
      (match) => match[1] as string,
    );
    assert.ok(valueExports.length > 0, 'the door exports some values (the scale limit, the credentials)');
    const problems: string[] = [];
    for (const target of valueExports) {
      const module = resolveImport(DOOR, target) as string;
      const imported = imports(module);
      if (imported.length > 0) problems.push(`${fromRoot(module)} imports ${imported.join(', ')}`);
    }
    assert.deepEqual(problems, []);
  });
});
