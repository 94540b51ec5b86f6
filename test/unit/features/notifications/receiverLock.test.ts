import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  readReceiverLock,
  receiverLockPath,
  removeReceiverLock,
  writeReceiverLock,
} from '../../../../src/features/notifications/receiverLock';
import { useTempDir } from '../../support/sandbox';

describe('receiver lock', () => {
  const temp = useTempDir('mi-receiver-lock-');
  let counter = 0;
  const folder = () => join(temp.path, `locks-${++counter}`);
  const startedAt = '2026-03-02T15:00:00.000Z';

  /** The id of a process that has ended. */
  const deadPid = (): number => {
    const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    return Number(child.stdout.toString());
  };

  it('writes one file per port and reads the live holder back', async () => {
    const dir = folder();
    await writeReceiverLock(dir, { port: 33419, pid: process.pid, window: 'shop-api', startedAt });
    await writeReceiverLock(dir, { port: 33420, pid: process.pid, window: 'other', startedAt });
    assert.deepEqual(readdirSync(dir).sort(), ['receiver-33419.json', 'receiver-33420.json']);
    assert.equal(receiverLockPath(dir, 33419), join(dir, 'receiver-33419.json'));
    assert.deepEqual(await readReceiverLock(dir, 33419), {
      port: 33419,
      pid: process.pid,
      window: 'shop-api',
      startedAt,
    });
    assert.equal((await readReceiverLock(dir, 33420))?.window, 'other');
    // Written again by a newer window: the newer claim wins, with no temporary file left behind.
    await writeReceiverLock(dir, { port: 33419, pid: process.pid, window: 'newer', startedAt });
    assert.equal((await readReceiverLock(dir, 33419))?.window, 'newer');
    assert.equal(
      readdirSync(dir).some((name) => name.endsWith('.tmp')),
      false,
    );
  });

  it('reads nothing when the file is absent, unreadable, for another port, or left by an ended process', async () => {
    const dir = folder();
    assert.equal(await readReceiverLock(dir, 1234), undefined);
    await writeReceiverLock(dir, { port: 1234, pid: deadPid(), window: 'gone', startedAt });
    assert.equal(await readReceiverLock(dir, 1234), undefined);
    writeFileSync(receiverLockPath(dir, 1235), '{"port": 1235, "pid":');
    assert.equal(await readReceiverLock(dir, 1235), undefined);
    writeFileSync(
      receiverLockPath(dir, 1236),
      JSON.stringify({ port: 9999, pid: process.pid, window: 'w', startedAt }),
    );
    assert.equal(await readReceiverLock(dir, 1236), undefined);
    writeFileSync(receiverLockPath(dir, 1237), JSON.stringify({ port: 1237, pid: 'me', window: 'w', startedAt }));
    assert.equal(await readReceiverLock(dir, 1237), undefined);
  });

  it('removes a lock only for the process that holds it', async () => {
    const dir = folder();
    await writeReceiverLock(dir, { port: 4000, pid: process.pid, window: 'mine', startedAt });
    assert.equal(await removeReceiverLock(dir, 4000, process.pid + 1), false);
    assert.equal(existsSync(receiverLockPath(dir, 4000)), true);
    assert.equal(await removeReceiverLock(dir, 4000, process.pid), true);
    assert.equal(existsSync(receiverLockPath(dir, 4000)), false);
    assert.equal(await removeReceiverLock(dir, 4000, process.pid), false);
    // A stale lock of an ended window can still be removed by that pid (nothing else claims it).
    const dead = deadPid();
    await writeReceiverLock(dir, { port: 4001, pid: dead, window: 'gone', startedAt });
    assert.equal(await removeReceiverLock(dir, 4001, dead), true);
  });
});
