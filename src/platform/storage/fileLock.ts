// A lock between processes on one file, without VS Code: every VS Code window is a process of its own, and windows
// share the request history and the notification feed. The lock is a file beside the guarded one (`<file>.lock`),
// created with `wx` (only one process can create it) and holding its holder's pid and start time. A lock whose holder
// is gone (its process ended) or that went unrefreshed for `staleMs` (a hung or frozen holder; a holder refreshes its
// lock's time while it holds it) is taken over, so a window killed while holding the lock blocks the others for
// `staleMs` at most. Waiting is bounded by `timeoutMs`, and the lock is released however the guarded work ends.

import { randomUUID } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { link, mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import * as l10n from '@vscode/l10n';
import { processIsRunning } from '../../node/processes';

/** A lock not refreshed for this long is taken over: its holder is frozen or died without its pid being free. */
export const LOCK_STALE_MS = 10_000;
/** How long a writer waits for the lock before it gives up with an error (the write is then not acknowledged). */
export const LOCK_TIMEOUT_MS = 30_000;

export interface FileLockOptions {
  staleMs?: number;
  timeoutMs?: number;
  /** Called when a stale lock is taken over (tests, logs). */
  onTakeOver?: (holder: LockHolder | undefined, why: string) => void;
}

/** What a lock file says of its holder. */
export interface LockHolder {
  pid: number;
  /** ISO time the lock was taken. */
  since: string;
  /** Tells two takes of the lock apart (a pid is reused). */
  id: string;
}

/** The lock file of a guarded file. */
export function lockPath(path: string): string {
  return `${path}.lock`;
}

/** Thrown when the lock could not be had in time; says who holds it. */
export class LockTimeoutError extends Error {
  constructor(path: string, holder: LockHolder | undefined, waitedMs: number) {
    const seconds = Math.round(waitedMs / 1000);
    super(
      holder
        ? l10n.t(
            '{0} stayed locked for {1} s by process {2} (since {3}); nothing was written.',
            path,
            seconds,
            holder.pid,
            holder.since,
          )
        : l10n.t('{0} stayed locked for {1} s; nothing was written.', path, seconds),
    );
    this.name = 'LockTimeoutError';
  }
}

/** Held lock: `held()` says whether it is still this process's (a takeover after `staleMs` ends it). */
export interface HeldLock {
  held(): Promise<boolean>;
}

/**
 * Runs `work` holding the lock of `path`; the lock is released when it settles, whether it resolves or throws. Rejects
 * with a LockTimeoutError when the lock stays held by a live, fresh holder for `timeoutMs`.
 */
export async function withFileLock<T>(
  path: string,
  work: (lock: HeldLock) => Promise<T>,
  options: FileLockOptions = {},
): Promise<T> {
  const lock = await acquire(lockPath(path), options);
  try {
    return await work(lock);
  } finally {
    await lock.release();
  }
}

interface Acquired extends HeldLock {
  release(): Promise<void>;
}

async function acquire(path: string, options: FileLockOptions): Promise<Acquired> {
  const staleMs = options.staleMs ?? LOCK_STALE_MS;
  const timeoutMs = options.timeoutMs ?? LOCK_TIMEOUT_MS;
  const started = Date.now();
  let pauseMs = 2;
  for (;;) {
    const holder: LockHolder = { pid: process.pid, since: new Date().toISOString(), id: randomUUID() };
    const handle = await create(path, holder);
    if (handle) return holding(path, handle, staleMs);
    const current = await inspect(path);
    if (current) {
      const why = staleness(current, staleMs);
      if (why) {
        await takeOver(path, current, why, options);
        continue;
      }
    }
    const waited = Date.now() - started;
    if (waited >= timeoutMs) throw new LockTimeoutError(path, current?.holder, waited);
    // Waiters back off (with jitter, so two of them do not retry in step) up to a few tens of milliseconds.
    await new Promise((resolve) => setTimeout(resolve, pauseMs + Math.random() * pauseMs));
    pauseMs = Math.min(pauseMs * 2, 25);
  }
}

/** Creates the lock file, or undefined when it exists. */
async function create(path: string, holder: LockHolder, folderMade = false): Promise<FileHandle | undefined> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'wx');
  } catch (failure) {
    const code = (failure as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return undefined;
    if (code !== 'ENOENT' || folderMade) throw failure;
    // The first write of a store: its folder is made.
    await mkdir(dirname(path), { recursive: true });
    return create(path, holder, true);
  }
  try {
    await handle.writeFile(JSON.stringify(holder));
  } catch (failure) {
    await handle.close();
    await rm(path, { force: true });
    throw failure;
  }
  return handle;
}

interface Inspected {
  /** Undefined while the holder has not written it yet, or when it is not a lock this code wrote. */
  holder: LockHolder | undefined;
  ino: bigint;
  /** When the holder last refreshed it (or created it). */
  mtimeMs: number;
}

/** The lock file as it stands; undefined when it is gone (released meanwhile). */
async function inspect(path: string): Promise<Inspected | undefined> {
  try {
    const version = await stat(path, { bigint: true });
    let holder: LockHolder | undefined;
    try {
      holder = lockHolder(JSON.parse(await readFile(path, 'utf8')));
    } catch {
      holder = undefined;
    }
    return { holder, ino: version.ino, mtimeMs: Number(version.mtimeNs / 1_000_000n) };
  } catch (failure) {
    if ((failure as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw failure;
  }
}

function lockHolder(value: unknown): LockHolder | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { pid, since, id } = value as Record<string, unknown>;
  return Number.isSafeInteger(pid) && (pid as number) > 0 && typeof since === 'string' && typeof id === 'string'
    ? { pid: pid as number, since, id }
    : undefined;
}

/** Why a lock may be taken over; undefined while its holder may still be writing. */
function staleness(lock: Inspected, staleMs: number): string | undefined {
  if (lock.holder && !processIsRunning(lock.holder.pid)) return `its holder (process ${lock.holder.pid}) has ended`;
  const age = Date.now() - lock.mtimeMs;
  if (age > staleMs) return `it was not refreshed for ${Math.round(age)} ms`;
  return undefined;
}

/**
 * Removes a stale lock. It is first renamed to a name of this process's own, which only one contender can do; the
 * renamed file is then checked to be the lock judged stale, not a fresh one another contender created meanwhile (a
 * fresh one is put back, unless a third has taken the free name in that instant).
 */
async function takeOver(path: string, stale: Inspected, why: string, options: FileLockOptions): Promise<void> {
  const aside = `${path}.${process.pid}.${randomUUID()}.tmp`;
  try {
    await rename(path, aside);
  } catch (failure) {
    if ((failure as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw failure;
  }
  let moved: bigint | undefined;
  try {
    moved = (await stat(aside, { bigint: true })).ino;
  } catch {
    moved = undefined;
  }
  if (moved !== undefined && moved !== stale.ino) {
    // `link` never replaces: a lock a third contender created meanwhile stays, and the one moved aside is lost to its
    // holder, whose `held()` then says so before it writes.
    await link(aside, path).catch(() => undefined);
    await rm(aside, { force: true });
    return;
  }
  await rm(aside, { force: true });
  options.onTakeOver?.(stale.holder, why);
}

function holding(path: string, handle: FileHandle, staleMs: number): Acquired {
  // Unknown (its `stat` failed), the lock counts as not held: nothing is written on a lock this process cannot tell.
  let ino: bigint | undefined;
  const identity = handle.stat({ bigint: true }).then(
    (version) => {
      ino = version.ino;
    },
    () => undefined,
  );
  // Refreshing the lock's time while holding it keeps a long write (a large file on a slow disk) from looking stale.
  let refreshing: Promise<unknown> = Promise.resolve();
  const refresh = setInterval(
    () => {
      const now = new Date();
      refreshing = handle.utimes(now, now).catch(() => undefined);
    },
    Math.max(1, Math.floor(staleMs / 4)),
  );
  refresh.unref();
  const held = async () => {
    await identity;
    try {
      return ino !== undefined && (await stat(path, { bigint: true })).ino === ino;
    } catch {
      return false;
    }
  };
  return {
    held,
    release: async () => {
      clearInterval(refresh);
      await refreshing;
      const mine = await held();
      await handle.close().catch(() => undefined);
      // Another process's lock (this one was taken over) is never removed.
      if (mine) await rm(path, { force: true });
    },
  };
}
