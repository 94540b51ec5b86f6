// A list kept as one JSON file (`{version: 1, entries: [...]}`), without VS Code: the request history and the
// notification feed each hold one, and every VS Code window (a process of its own) writes the same file. A change is
// a read-modify-write under a lock between processes (`update`), so two windows appending at once never lose each
// other's entries; it is written durably (temporary file, fsync, rename, folder fsync) before it resolves, so what a
// caller acknowledges survives a crash or a power cut. Reading takes no lock: the rename means a reader sees the old
// file or the new one, never a part. Both go through a cache kept while the file stays the same one (its inode,
// modification time and size), so listing again costs a `stat` while another window's write is still seen.
import { readFile, rm, stat } from 'node:fs/promises';
import * as l10n from '@vscode/l10n';
import { writeFileDurably } from '../../node/durableFile';
import { removeStaleTemporaries } from '../../node/staleTemporaries';
import { type FileLockOptions, lockPath, withFileLock } from './fileLock';

/** What `update`'s change gives back: the entries to write (none: nothing changes) and what `update` resolves to. */
export interface EntriesChange<T, R> {
  entries?: T[];
  result: R;
}

export interface EntriesFileOptions<T> {
  /** Which stored values are entries; others (a hand-edited, hostile or older file) are dropped on reading. */
  isEntry?: (value: unknown) => value is T;
  lock?: FileLockOptions;
}

export class EntriesFile<T> {
  private parsed: { version: string; entries: T[] } | undefined;
  private swept = false;
  private readonly isEntry: (value: unknown) => value is T;

  constructor(
    readonly filePath: string,
    private readonly options: EntriesFileOptions<T> = {},
  ) {
    this.isEntry = options.isEntry ?? ((value: unknown): value is T => value !== undefined);
  }

  /**
   * The stored entries in file order (a new array each time, its entries the cache's own: copy one before changing
   * it); a missing or unreadable file holds none.
   */
  async read(): Promise<T[]> {
    if (!this.swept) {
      // What a window killed while writing (or while taking over a lock) left behind goes, once per store.
      this.swept = true;
      removeStaleTemporaries(this.filePath);
      removeStaleTemporaries(lockPath(this.filePath));
    }
    let version: string;
    try {
      version = identity(await stat(this.filePath, { bigint: true }));
    } catch {
      this.parsed = undefined;
      return [];
    }
    const cached = this.parsed;
    if (cached?.version === version) return [...cached.entries];
    let entries: T[] = [];
    try {
      const data = JSON.parse(await readFile(this.filePath, 'utf8')) as { entries?: unknown } | null;
      entries = Array.isArray(data?.entries) ? (data.entries as unknown[]).filter(this.isEntry) : [];
    } catch {
      entries = [];
    }
    this.parsed = { version, entries };
    return [...entries];
  }

  /**
   * Reads the entries, lets `change` decide the new ones, and writes them, all under the file's lock: no other
   * process writes in between. Resolves once the new file is on disk; rejects (nothing written) when the lock cannot
   * be had in time, was taken over as stale meanwhile, or the disk refuses the write.
   */
  update<R>(change: (entries: T[]) => EntriesChange<T, R> | Promise<EntriesChange<T, R>>): Promise<R> {
    return withFileLock(
      this.filePath,
      async (lock) => {
        const { entries, result } = await change(await this.read());
        if (entries === undefined) return result;
        if (!(await lock.held()))
          throw new Error(l10n.t('{0}: the lock was taken over; nothing was written.', this.filePath));
        await writeFileDurably(this.filePath, JSON.stringify({ version: 1, entries }));
        this.parsed = { version: identity(await stat(this.filePath, { bigint: true })), entries: [...entries] };
        return result;
      },
      this.options.lock,
    );
  }

  /** Deletes the file (an empty list), under the lock so no window's pending change brings the old entries back. */
  remove(): Promise<void> {
    return withFileLock(
      this.filePath,
      async () => {
        await rm(this.filePath, { force: true });
        this.parsed = undefined;
      },
      this.options.lock,
    );
  }
}

/**
 * Which file is there: every write is a new file (renamed into place), so a new inode, and its time and size. The
 * nanosecond time makes a write by another window within the same millisecond, to the same size, a change too.
 */
function identity(version: { ino: bigint; size: bigint; mtimeNs: bigint; ctimeNs: bigint }): string {
  return `${version.ino}:${version.size}:${version.mtimeNs}:${version.ctimeNs}`;
}
