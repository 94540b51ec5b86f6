import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fromRoot, ROOT, sources } from './sources';

describe('architecture: one isRecord', () => {
  it('is defined only in src/model/records.ts; every other file imports it', () => {
    const definitions = [...sources(join(ROOT, 'src')), ...sources(join(ROOT, 'webview'))]
      .filter((file) => /(?:const|function)\s+isRecord\b/.test(readFileSync(file, 'utf8')))
      .map(fromRoot);
    assert.deepEqual(definitions, ['src/model/records.ts']);
  });
});
