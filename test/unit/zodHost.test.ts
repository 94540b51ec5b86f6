import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';

const ROOT = join(__dirname, '../..');

/**
 * Bundles an entry the way esbuild.mjs bundles the extension and runs it in a child node whose global `navigator`
 * throws on every read, as VS Code's extension host does; returns what it printed.
 */
function runWithThrowingNavigator(entry: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'mi-zodhost-'));
  try {
    const source = join(folder, 'entry.ts');
    writeFileSync(source, entry);
    const bundle = join(folder, 'entry.js');
    buildSync({
      entryPoints: [source],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      outfile: bundle,
      logLevel: 'silent',
    });
    const guard = `let reads = 0;
Object.defineProperty(globalThis, 'navigator', { configurable: true, get() { reads++; throw new Error('navigator read'); } });
try { require(${JSON.stringify(bundle)}); } catch (error) { console.log('failed: ' + error.message); }
console.log('navigator reads: ' + reads);`;
    return execFileSync(process.execPath, ['-e', guard], { encoding: 'utf8' });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe('zod inside the extension host', () => {
  const parse = `import { ErrorBody } from ${JSON.stringify(join(ROOT, 'src/model/error'))};
console.log(JSON.stringify(ErrorBody.parse({ message: 'Validation error', error: 'validation_error', status: 400 })));`;

  it('without zodHost, building an object schema reads navigator (what VS Code reports as a PendingMigrationError)', () => {
    assert.match(runWithThrowingNavigator(parse), /navigator reads: [1-9]/);
  });

  it('with zodHost first, schemas parse and navigator is never read', () => {
    const output = runWithThrowingNavigator(`import ${JSON.stringify(join(ROOT, 'src/zodHost'))};\n${parse}`);
    assert.match(output, /"error":"validation_error"/);
    assert.match(output, /navigator reads: 0/);
  });

  it('the extension entry imports zodHost before any module that defines a schema', () => {
    const text = readFileSync(join(ROOT, 'src/extension.ts'), 'utf8');
    const specifiers = [...text.matchAll(/^import\s+(?:[^'"]*?from\s+)?['"]([^'"]+)['"]/gm)].map((match) => match[1]);
    assert.deepEqual(specifiers.slice(0, 2), ['./loadClock', './zodHost']);
  });
});
