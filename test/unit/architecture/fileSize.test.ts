// No source file grows past 600 lines: one concern per file, named after what it holds.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fromRoot, ROOT, sources } from './sources';

const MAX_LINES = 600;

/** Files another change of the same step splits now: named, so that the merge that splits one removes its line. */
const BEING_SPLIT = new Set<string>([
  // Send, Validate, Diff, Copy as curl and the CodeLens: one file per concern in the requests part.
  'src/features/requests/payloadRequests.ts',
  // The orders family takes the items family's layout (family.ts, routes.ts, admin.ts) in the sandbox part.
  'src/sandbox/orders/family.ts',
]);

function lineCount(file: string): number {
  const text = readFileSync(file, 'utf8');
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

describe('architecture: file size', () => {
  it(`no source file of src/ or webview/ is over ${MAX_LINES} lines`, () => {
    const long = ['src', 'webview']
      .flatMap((folder) => sources(join(ROOT, folder)))
      .filter((file) => !BEING_SPLIT.has(fromRoot(file)))
      .map((file) => ({ file: fromRoot(file), lines: lineCount(file) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    assert.deepEqual(long, []);
  });

  it('each file still excepted exists and is over the limit (a split file leaves the list)', () => {
    for (const name of BEING_SPLIT) assert.ok(lineCount(join(ROOT, name)) > MAX_LINES, name);
  });
});
