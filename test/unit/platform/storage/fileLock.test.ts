import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { LockTimeoutError, lockPath, withFileLock } from '../../../../src/platform/storage/fileLock';
import { useTempDir } from '../../support/sandbox';

/** The pid of a process that has ended. */
function endedPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('withFileLock', () => {
  const temp = useTempDir('mi-lock-');
  let counter = 0;
  const guarded = () => {
    const folder = join(temp.path, `lock-${++counter}`);
    mkdirSync(folder);
    return join(folder, 'entries.json');
  };
  const plantLock = (path: string, holder: unknown, ageMs = 0) => {
    writeFileSync(lockPath(path), typeof holder === 'string' ? holder : JSON.stringify(holder));
    const at = new Date(Date.now() - ageMs);
    utimesSync(lockPath(path), at, at);
  };

  it('lets one holder in at a time, and removes the lock when the work ends', async () => {
    const path = guarded();
    let inside = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        withFileLock(path, async () => {
          inside++;
          most = Math.max(most, inside);
          await sleep(2);
          order.push(index);
          inside--;
        }),
      ),
    );
    assert.equal(most, 1, 'never two holders at once');
    assert.equal(order.length, 12);
    assert.ok(!existsSync(lockPath(path)));
  });

  it('releases the lock when the work throws', async () => {
    const path = guarded();
    await assert.rejects(
      withFileLock(path, async () => {
        throw new Error('the work failed');
      }),
      /the work failed/,
    );
    assert.ok(!existsSync(lockPath(path)));
    assert.equal(await withFileLock(path, async () => 'again'), 'again');
  });

  it('takes over at once a lock whose holder has ended', async () => {
    const path = guarded();
    const pid = endedPid();
    plantLock(path, { pid, since: new Date().toISOString(), id: 'dead' });
    const reasons: string[] = [];
    const value = await withFileLock(path, async () => readFileSync(lockPath(path), 'utf8'), {
      onTakeOver: (holder, why) => reasons.push(`${holder?.pid} ${why}`),
    });
    assert.equal(JSON.parse(value).pid, process.pid, 'the lock is this process’s while it works');
    assert.deepEqual(reasons, [`${pid} its holder (process ${pid}) has ended`]);
    assert.deepEqual(
      readdirSync(join(path, '..')).filter((name) => name.includes('.lock')),
      [],
      'the stale lock is gone, not set aside',
    );
  });

  it('takes over a live holder’s lock not refreshed for the stale time (a frozen window), and only then', async () => {
    const path = guarded();
    const holder = { pid: process.pid, since: new Date().toISOString(), id: 'frozen' };
    plantLock(path, holder, 5_000);
    const reasons: string[] = [];
    await withFileLock(path, async () => undefined, { staleMs: 1_000, onTakeOver: (_, why) => reasons.push(why) });
    assert.match(reasons[0] ?? '', /^it was not refreshed for \d+ ms$/);
    // A fresh one of a live holder is waited for, up to the timeout, and says who holds it.
    plantLock(path, holder);
    let ran = false;
    await assert.rejects(
      withFileLock(
        path,
        async () => {
          ran = true;
        },
        { staleMs: 10_000, timeoutMs: 150 },
      ),
      (failure: unknown) =>
        failure instanceof LockTimeoutError && failure.message.includes(`by process ${process.pid}`),
    );
    assert.equal(ran, false);
  });

  it('waits for a lock its holder has not written yet, and takes it over once it is old', async () => {
    const path = guarded();
    plantLock(path, '');
    await assert.rejects(
      withFileLock(path, async () => undefined, { timeoutMs: 100 }),
      LockTimeoutError,
    );
    plantLock(path, '', 20_000);
    const reasons: string[] = [];
    await withFileLock(path, async () => undefined, { onTakeOver: (holder, why) => reasons.push(`${holder} ${why}`) });
    assert.match(reasons[0] ?? '', /^undefined it was not refreshed/);
  });

  it('keeps its lock fresh while it works longer than the stale time', async () => {
    const path = guarded();
    const options = { staleMs: 120 };
    let first = 'working';
    const long = withFileLock(
      path,
      async () => {
        await sleep(500);
        first = 'done';
      },
      options,
    );
    await sleep(20);
    const taken: string[] = [];
    await withFileLock(
      path,
      async () => {
        assert.equal(first, 'done', 'the second holder came in only after the first finished');
      },
      { ...options, onTakeOver: (_, why) => taken.push(why) },
    );
    await long;
    assert.deepEqual(taken, []);
  });

  it('knows when its lock was taken from it, and then leaves the new holder’s lock in place', async () => {
    const path = guarded();
    await withFileLock(path, async (lock) => {
      assert.equal(await lock.held(), true);
      renameSync(lockPath(path), `${lockPath(path)}.gone`);
      plantLock(path, { pid: process.pid, since: new Date().toISOString(), id: 'another' });
      assert.equal(await lock.held(), false);
    });
    assert.equal(JSON.parse(readFileSync(lockPath(path), 'utf8')).id, 'another');
  });
});
