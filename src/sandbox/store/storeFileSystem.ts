import { readFileSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';

/** An open file the store writes: the part of Node's `FileHandle` it uses. */
export interface StoreFile {
  /** One `write`: it may write fewer bytes than asked (a disk filling up), so callers go through `writeAll`. */
  write(bytes: Uint8Array, offset: number, length: number): Promise<{ bytesWritten: number }>;
  datasync(): Promise<void>;
  sync(): Promise<void>;
  truncate(length: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * The file operations of the running store (journal appends, snapshots, and reading back what is stored after a
 * write failed): Node's own by default. Tests pass one that fails where a full or broken disk would.
 */
export interface StoreFileSystem {
  /** `a` appends (the journal), `w` creates or empties, `r` reads (a folder, to flush its entries). */
  open(path: string, flags: 'a' | 'w' | 'r'): Promise<StoreFile>;
  rename(from: string, to: string): Promise<void>;
  /** Deletes a file; one that is not there is no failure. */
  remove(path: string): Promise<void>;
  /** Reads a whole file at once: what is stored is read back in the same turn as the failure that asks for it. */
  readFileSync(path: string): Buffer;
}

export const NODE_FILE_SYSTEM: StoreFileSystem = {
  open: (path, flags) => open(path, flags),
  rename: (from, to) => rename(from, to),
  remove: (path) => rm(path, { force: true }),
  readFileSync: (path) => readFileSync(path),
};

/** Writes every byte, however many `write` calls it takes; a disk that fills up fails the call that finds it full. */
export async function writeAll(file: StoreFile, bytes: Uint8Array): Promise<void> {
  let offset = 0;
  while (offset < bytes.length) {
    const { bytesWritten } = await file.write(bytes, offset, bytes.length - offset);
    if (bytesWritten <= 0) throw Object.assign(new Error('no space left on device, write'), { code: 'ENOSPC' });
    offset += bytesWritten;
  }
}
