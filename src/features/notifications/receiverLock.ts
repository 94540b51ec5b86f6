// Which VS Code window holds a receiver's port, without VS Code: one small file per port in a folder every window
// shares (globalStorageUri), so a second window that gets EADDRINUSE can say "window X receives on this port"
// instead of a bare error, and a lock left by a window that died is ignored.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { processIsRunning } from '../../node/processes';

export interface ReceiverLock {
  port: number;
  pid: number;
  /** A label for the holding window (its workspace name). */
  window: string;
  /** ISO time the receiver started. */
  startedAt: string;
}

/** One file per port, so windows receiving on different ports never contend. */
export function receiverLockPath(dir: string, port: number): string {
  return join(dir, `receiver-${port}.json`);
}

/** Claims the port for this window; written atomically so a reader never sees half a file. */
export async function writeReceiverLock(dir: string, lock: ReceiverLock): Promise<void> {
  await mkdir(dir, { recursive: true });
  const path = receiverLockPath(dir, lock.port);
  const temporary = `${path}.${process.pid}.${randomUUID()}.tmp`;
  const { port, pid, window, startedAt } = lock;
  try {
    await writeFile(temporary, JSON.stringify({ port, pid, window, startedAt }), 'utf8');
    await rename(temporary, path);
  } catch (failure) {
    await rm(temporary, { force: true });
    throw failure;
  }
}

/** The live holder of a port; undefined when there is none, the file is unreadable, or its process has ended. */
export async function readReceiverLock(dir: string, port: number): Promise<ReceiverLock | undefined> {
  const lock = await readLockFile(dir, port);
  return lock && processIsRunning(lock.pid) ? lock : undefined;
}

/** Releases the port's lock only when this process holds it, so a window never removes another's claim. */
export async function removeReceiverLock(dir: string, port: number, pid: number): Promise<boolean> {
  const lock = await readLockFile(dir, port);
  if (lock?.pid !== pid) return false;
  await rm(receiverLockPath(dir, port), { force: true });
  return true;
}

async function readLockFile(dir: string, port: number): Promise<ReceiverLock | undefined> {
  try {
    const data = JSON.parse(await readFile(receiverLockPath(dir, port), 'utf8')) as Partial<ReceiverLock> | null;
    if (
      data &&
      data.port === port &&
      Number.isInteger(data.pid) &&
      (data.pid as number) > 0 &&
      typeof data.window === 'string' &&
      typeof data.startedAt === 'string'
    )
      return { port, pid: data.pid as number, window: data.window, startedAt: data.startedAt };
  } catch {
    // Missing or unreadable: nobody known holds the port.
  }
  return undefined;
}
