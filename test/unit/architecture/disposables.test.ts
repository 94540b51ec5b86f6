// One place disposes: src/platform/disposable.ts. A class that owns children extends its `Disposable` and registers
// them (`this.register(…)`, `this.onDispose(…)`); no class writes a dispose() of its own or a loop that disposes a list.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fromRoot, ROOT, sources } from './sources';

const BASE = 'src/platform/disposable.ts';

/** A `dispose(…) {` or `dispose(…): T {` method: in a class or an object literal. */
const DISPOSE_METHOD = /^\s*(?:(?:public|protected|private|override|async)\s+)*dispose\s*\([^)]*\)\s*(?::[^{=]+)?\{/m;
/** A hand-written disposal of a list: `for (… of this.x) ….dispose()`, `.forEach(… .dispose())`, `pop()?.dispose()`. */
const DISPOSE_LOOP =
  /for\s*\([^)]*\bof\b[^)]*\)[^;{]*\.dispose\(\)|\.forEach\([^;]*\.dispose\(\)|\.pop\(\)\??\.dispose\(\)/;

function offenders(pattern: RegExp): string[] {
  const found: string[] = [];
  for (const folder of ['src', 'webview']) {
    for (const file of sources(join(ROOT, folder))) {
      const name = fromRoot(file);
      if (name === BASE) continue;
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, at) => {
        if (pattern.test(line)) found.push(`${name}:${at + 1}: ${line.trim()}`);
      });
    }
  }
  return found;
}

describe('architecture: disposal', () => {
  it('no class or object of src/ writes a dispose() method: it extends platform/disposable.ts instead', () => {
    assert.deepEqual(offenders(DISPOSE_METHOD), []);
  });

  it('no hand-written loop disposes a list of disposables outside platform/disposable.ts', () => {
    assert.deepEqual(offenders(DISPOSE_LOOP), []);
  });

  it('the patterns catch what they forbid (so an empty list above means something)', () => {
    for (const method of ['  dispose(): void {', '  override dispose() {', '    dispose() {', 'dispose(): unknown {']) {
      assert.match(method, DISPOSE_METHOD, method);
    }
    for (const allowed of ['  dispose: () => clearTimeout(timer),', '    this.dispose();', 'void child.dispose();']) {
      assert.doesNotMatch(allowed, DISPOSE_METHOD, allowed);
    }
    for (const loop of [
      '    for (const disposable of this.disposables) disposable.dispose();',
      '    while (this.disposables.length) this.disposables.pop()?.dispose();',
      '    this.subscriptions.forEach((s) => s.dispose());',
    ]) {
      assert.match(loop, DISPOSE_LOOP, loop);
    }
  });
});
