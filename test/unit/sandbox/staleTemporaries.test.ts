import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { removeStaleTemporaries } from '../../../src/node/staleTemporaries';
import { EntriesFile } from '../../../src/platform/storage/entriesFile';
import { loadState } from '../../../src/sandbox/store';

describe('temporary files a killed writer left behind', () => {
  let dir: string;
  // A process that has ended: its pid is free (reuse within the test is unlikely enough to ignore).
  const deadPid = spawnSync(process.execPath, ['-e', '']).pid!;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'stale-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('are deleted, those of running processes and other files kept', () => {
    const path = join(dir, 'sandbox-state.json');
    for (const name of [
      `sandbox-state.json.${deadPid}.tmp`,
      `sandbox-state.json.${deadPid}.0a1b-2c.tmp`,
      `sandbox-state.json.${process.pid}.tmp`,
      'sandbox-state.json',
      'other.json.123.tmp',
    ]) {
      writeFileSync(join(dir, name), '{}');
    }
    removeStaleTemporaries(path);
    assert.deepEqual(readdirSync(dir).sort(), [
      'other.json.123.tmp',
      'sandbox-state.json',
      `sandbox-state.json.${process.pid}.tmp`,
    ]);
  });

  it('the sandbox store and an entries file sweep when they first read', async () => {
    writeFileSync(join(dir, `sandbox-state.json.${deadPid}.tmp`), '{');
    assert.equal(
      loadState(dir, () => undefined),
      undefined,
    );
    assert.equal(existsSync(join(dir, `sandbox-state.json.${deadPid}.tmp`)), false);
    writeFileSync(join(dir, `feed.json.${deadPid}.abc.tmp`), '{');
    assert.deepEqual(await new EntriesFile(join(dir, 'feed.json')).read(), []);
    assert.equal(existsSync(join(dir, `feed.json.${deadPid}.abc.tmp`)), false);
  });
});
