// A full disk under the sandbox store: writers keep writing over real HTTP while the disk refuses writes at random
// points (a journal line cut short, a refused fdatasync, a snapshot or its rename refused in a compaction), or while a
// real small file system is full. Every change answered 2xx must be stored, every change answered 507 absent (in
// the data folder as a process killed then would find it, and after a restart), and the sandbox must work again once
// the disk has room.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningSandbox, type SandboxOptions, startSandbox } from '../../../src/sandbox/runtime';
import type { SandboxState } from '../../../src/sandbox/state';
import { loadState } from '../../../src/sandbox/store';
import { failingDisk, folderBytes, type Refuse } from '../support/failingDisk';
import { callSandbox } from '../support/sandboxAnswer';
import { seededRandom } from '../support/seededRandom';
import { answered, checkServed, checkStored, type Outcomes, outcomesFor, runWriters } from './fullDiskWorkload';

const CLOCK = '2026-03-02T15:00:00.000Z';
/** A small journal size for folding, so that compactions (a whole snapshot each) run every few groups. */
const COMPACT_BYTES = 32 * 1024;
type Mode = 'healthy' | 'flaky' | 'full';
/** The disk's moods, one per round of writes. */
const ROUNDS: Mode[] = ['healthy', 'flaky', 'full', 'flaky', 'healthy', 'full', 'flaky', 'flaky', 'full', 'healthy'];
const WRITES_PER_ROUND = 10;

/**
 * Refusals by mood. Full: every write is refused, some after part of their bytes landed, and some files cannot be
 * created. Flaky: about one step in eight fails, any step of a journal append or a compaction. Cutting a journal
 * back and reading the folder back are left alone (when those fail too, a refused change may be stored: the store
 * says so, and the unit tests of the store cover it).
 */
function refusals(next: () => number, mode: () => Mode): Refuse {
  return (step, file) => {
    const now = mode();
    if (now === 'healthy' || step === 'truncate' || step === 'read') return undefined;
    if (now === 'full') {
      if (step === 'write') return { code: next() < 0.7 ? 'ENOSPC' : 'EDQUOT', written: next() * 0.9 };
      return step === 'open' && file !== 'folder' && next() < 0.3 ? { code: 'ENOSPC' } : undefined;
    }
    if (next() >= 0.12) return undefined;
    if (step === 'write') return { code: 'ENOSPC', written: next() };
    if (step === 'datasync' || step === 'sync') return { code: next() < 0.5 ? 'EIO' : 'ENOSPC' };
    return { code: step === 'open' ? 'EDQUOT' : 'EIO' };
  };
}

/** The data folder as a process killed now would find it: loaded from a copy, the running store left alone. */
function storedNow(dataDir: string): SandboxState {
  const copy = mkdtempSync(join(tmpdir(), 'mi-full-disk-copy-'));
  try {
    cpSync(dataDir, copy, { recursive: true });
    const problems: string[] = [];
    const state = loadState(copy, (line) => problems.push(line));
    assert.deepEqual(problems, [], 'the data folder loads without a complaint');
    assert.ok(state, 'the data folder holds a state');
    return state;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/** The seeded clock offset, what the clock advances count from. */
async function clockOf(sandbox: RunningSandbox): Promise<number> {
  return (await callSandbox(sandbox, 'GET', '/_sandbox')).body.clock_offset_ms as number;
}

/** Restarts on the same data folder with Node's own file system, checks what it serves, and that it still writes. */
async function restartAndCheck(dataDir: string, outcomes: Outcomes, seededClockMs: number): Promise<void> {
  const lines: string[] = [];
  const restarted = await startSandbox({ dataDir, log: (line) => lines.push(line) });
  try {
    assert.deepEqual(lines, [], 'the restart reads the stored state without a complaint');
    await checkServed(restarted, outcomes, seededClockMs);
    const price = await callSandbox(restarted, 'PUT', `/items/${[...outcomes.prices.keys()][0]}`, { price: 99_999 });
    assert.equal(price.status, 200, 'the restarted sandbox writes');
  } finally {
    await restarted.close();
  }
}

describe('crash safety: a full disk under the sandbox store', function () {
  this.timeout(240_000);
  let work: string;

  before(() => {
    work = mkdtempSync(join(tmpdir(), 'mi-full-disk-'));
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  it('refusals at random steps: every change answered 2xx survives a restart, every 507 is absent', async () => {
    const dataDir = join(work, 'random');
    let mode: Mode = 'healthy';
    const disk = failingDisk(refusals(seededRandom(0x5eed_0d15), () => mode));
    const options: SandboxOptions = {
      dataDir,
      seed: 'full-disk',
      clockStart: CLOCK,
      compactJournalAtBytes: COMPACT_BYTES,
    };
    const sandbox = await startSandbox({ ...options, storeFileSystem: disk });
    let closed = false;
    try {
      const outcomes = await outcomesFor(sandbox);
      const seededClockMs = await clockOf(sandbox);
      const serial = { next: 1 };
      for (const [round, mood] of ROUNDS.entries()) {
        mode = mood;
        await runWriters(sandbox, outcomes, WRITES_PER_ROUND, serial);
        mode = 'healthy';
        // Between rounds, as a process killed now would find it.
        checkStored(storedNow(dataDir), outcomes, seededClockMs, `after round ${round} (${mood})`);
      }
      assert.deepEqual(outcomes.dirtyReads, [], 'a read right after a refusal serves what is stored');
      const refused = answered(outcomes, 507);
      const stored = answered(outcomes, 200) + answered(outcomes, 201);
      assert.ok(refused >= 50 && stored >= 150, `${stored} writes answered 2xx, ${refused} answered 507`);
      const steps = [...disk.refused].map(([step, count]) => `${step} ×${count}`).join(', ');
      console.log(`      random refusals: ${stored} writes answered 2xx, ${refused} 507; refused ${steps}`);
      for (const step of ['write journal', 'datasync journal']) {
        assert.ok((disk.refused.get(step) ?? 0) > 0, `the disk refused a ${step}: ${[...disk.refused]}`);
      }
      const compaction = ['open snapshot', 'write snapshot', 'sync snapshot', 'rename snapshot'];
      assert.ok(
        compaction.some((step) => (disk.refused.get(step) ?? 0) > 0),
        `a compaction was refused: ${[...disk.refused]}`,
      );

      // Room again: every write works, and what is stored is what was answered.
      const before = answered(outcomes, 507);
      await runWriters(sandbox, outcomes, 3, serial);
      assert.equal(answered(outcomes, 507), before, 'once the disk has room, no write is refused');
      checkStored(storedNow(dataDir), outcomes, seededClockMs, 'once the disk has room');
      await sandbox.close();
      closed = true;
      checkStored(storedNow(dataDir), outcomes, seededClockMs, 'after a close');
      await restartAndCheck(dataDir, outcomes, seededClockMs);
    } finally {
      if (!closed) await sandbox.close();
    }
  });

  it('a small file system filled up: 507 while it is full, every answered change kept, writes again once freed', async () => {
    const mounted = mountSmallDisk(join(work, 'small'), 4);
    // Where a tmpfs cannot be mounted (no privilege), a disk of fixed capacity injected in the store stands in.
    let capacity = Number.POSITIVE_INFINITY;
    const dataDir = join(work, 'small', 'data');
    mkdirSync(dataDir, { recursive: true });
    const capped = failingDisk((step, _file, bytes) => {
      if (step !== 'write') return undefined;
      const used = folderBytes(dataDir);
      return used + bytes <= capacity ? undefined : { code: 'ENOSPC', written: Math.max(0, capacity - used) / bytes };
    });
    const lines: string[] = [];
    const sandbox = await startSandbox({
      dataDir,
      seed: 'full-disk',
      clockStart: CLOCK,
      compactJournalAtBytes: 64 * 1024,
      log: (line) => lines.push(line),
      ...(mounted ? {} : { storeFileSystem: capped }),
    });
    const filler = join(work, 'small', 'filler');
    let closed = false;
    try {
      const outcomes = await outcomesFor(sandbox);
      const seededClockMs = await clockOf(sandbox);
      // Leave about 150 KB: a few dozen journal lines, and never room for a snapshot (870 KB).
      if (mounted) {
        const { bavail, bsize } = statfsSync(join(work, 'small'));
        writeFileSync(filler, Buffer.alloc(Math.max(0, bavail * bsize - 150 * 1024)));
      } else {
        capacity = folderBytes(dataDir) + 150 * 1024;
      }
      const reset = await callSandbox(sandbox, 'POST', '/_sandbox/reset');
      assert.equal(reset.status, 507, 'a reset (a whole snapshot) does not fit');
      assert.match(
        String(reset.body.message),
        /the disk is full \(ENOSPC\)\. Nothing was changed\. Free some disk space/,
      );
      const serial = { next: 1 };
      for (let round = 0; round < 20 && answered(outcomes, 507) < 40; round++) {
        await runWriters(sandbox, outcomes, 5, serial);
      }
      assert.ok(answered(outcomes, 507) >= 40, `the disk filled up: ${answered(outcomes, 507)} writes answered 507`);
      const kept = answered(outcomes, 200) + answered(outcomes, 201);
      assert.ok(kept > 0, 'writes were answered 200 before it did');
      const disk = mounted ? 'tmpfs' : 'injected disk';
      console.log(`      ${disk} of 4 MB filled: ${kept} writes answered 2xx, ${answered(outcomes, 507)} 507`);
      assert.deepEqual(outcomes.dirtyReads, [], 'a read right after a refusal serves what is stored');
      checkStored(storedNow(dataDir), outcomes, seededClockMs, 'with the disk full');

      // Space comes back: every write works again, a fold into a snapshot too.
      if (mounted) rmSync(filler);
      else capacity = Number.POSITIVE_INFINITY;
      const refused = answered(outcomes, 507);
      await runWriters(sandbox, outcomes, 5, serial);
      assert.equal(answered(outcomes, 507), refused, 'once space is back, no write is refused');
      checkStored(storedNow(dataDir), outcomes, seededClockMs, 'with space back');
      await sandbox.close();
      closed = true;
      await restartAndCheck(dataDir, outcomes, seededClockMs);
    } finally {
      if (!closed) await sandbox.close();
      if (mounted) execFileSync('umount', [join(work, 'small')]);
    }
  });
});

/**
 * Mounts a tmpfs of `megabytes` at `folder`; false where mounting is not allowed (not root, no capability), and the
 * caller injects a disk of fixed capacity instead. The caller unmounts it.
 */
function mountSmallDisk(folder: string, megabytes: number): boolean {
  mkdirSync(folder, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', folder], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
