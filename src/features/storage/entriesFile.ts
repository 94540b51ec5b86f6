// A list kept as one JSON file (`{version: 1, entries: [...]}`), without VS Code: the request history and the
// notification feed each hold one. Written atomically (a temporary file, then rename), so a crash never leaves half a
// file; read through a cache kept while the file's modification time and size stay the same, so listing again costs a
// `stat` while another window's write is still seen.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { removeStaleTemporaries } from '../../sandbox/store';

export class EntriesFile<T> {
  private parsed: { mtimeMs: number; size: number; entries: T[] } | undefined;
  private swept = false;

  constructor(
    readonly filePath: string,
    /** Which stored values are entries; others (a hand-edited or older file) are dropped on reading. */
    private readonly isEntry: (value: unknown) => value is T = (value: unknown): value is T => value !== undefined,
  ) {}

  /** The stored entries in file order (a new array each time); a missing or unreadable file holds none. */
  async read(): Promise<T[]> {
    if (!this.swept) {
      // What a window killed while writing left behind goes, once per store.
      this.swept = true;
      removeStaleTemporaries(this.filePath);
    }
    let version: { mtimeMs: number; size: number };
    try {
      version = await stat(this.filePath);
    } catch {
      this.parsed = undefined;
      return [];
    }
    const cached = this.parsed;
    if (cached && cached.mtimeMs === version.mtimeMs && cached.size === version.size) return [...cached.entries];
    let entries: T[] = [];
    try {
      const data = JSON.parse(await readFile(this.filePath, 'utf8')) as { entries?: unknown };
      entries = Array.isArray(data.entries) ? (data.entries as unknown[]).filter(this.isEntry) : [];
    } catch {
      entries = [];
    }
    this.parsed = { mtimeMs: version.mtimeMs, size: version.size, entries };
    return [...entries];
  }

  /** Replaces the file's entries at once: readers see the old file or the new one, never a part. */
  async write(entries: T[]): Promise<void> {
    await mkdir(dirname(this.filePath), { recursive: true });
    const temporary = `${this.filePath}.${process.pid}.${randomUUID()}.tmp`;
    try {
      await writeFile(temporary, JSON.stringify({ version: 1, entries }), 'utf8');
      await rename(temporary, this.filePath);
      const version = await stat(this.filePath);
      this.parsed = { mtimeMs: version.mtimeMs, size: version.size, entries: [...entries] };
    } catch (failure) {
      await rm(temporary, { force: true });
      throw failure;
    }
  }

  /** Deletes the file (an empty list). */
  async remove(): Promise<void> {
    await rm(this.filePath, { force: true });
    this.parsed = undefined;
  }
}
