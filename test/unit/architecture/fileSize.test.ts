// No source file grows past 600 lines: one concern per file, named after what it holds.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fromRoot, ROOT, sources } from './sources';

const MAX_LINES = 600;

function lineCount(file: string): number {
  const text = readFileSync(file, 'utf8');
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

describe('architecture: file size', () => {
  it(`no source file of src/ or webview/ is over ${MAX_LINES} lines`, () => {
    const long = ['src', 'webview']
      .flatMap((folder) => sources(join(ROOT, folder)))
      .map((file) => ({ file: fromRoot(file), lines: lineCount(file) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    assert.deepEqual(long, []);
  });
});
