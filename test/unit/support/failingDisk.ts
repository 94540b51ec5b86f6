// A file system for the sandbox store that refuses what a full, read-only or failing disk would: each operation asks
// `refuse` first. Whatever is not refused is done for real, on the real files.
import { readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { NODE_FILE_SYSTEM, type StoreFile, type StoreFileSystem } from '../../../src/sandbox/store';

export type DiskStep = 'open' | 'write' | 'datasync' | 'sync' | 'truncate' | 'rename' | 'read';

/** What the store writes: its journal, its snapshot (and the temporary file before it), or the folder itself. */
export type DiskFile = 'journal' | 'snapshot' | 'folder';

export interface Refusal {
  /** The error code, as Node gives it (`ENOSPC`, `EIO`…). */
  code: string;
  /** A write only: the share of its bytes that land before the disk is full (the next write is refused). */
  written?: number;
  /** A slow disk: the refusal comes once this has settled. */
  until?: Promise<unknown>;
}

/** Whether the disk refuses this step on this file; `bytes` is the length of a write. */
export type Refuse = (step: DiskStep, file: DiskFile, bytes: number) => Refusal | undefined;

export function fileKind(path: string): DiskFile {
  const name = basename(path);
  if (name.startsWith('sandbox-journal.')) return 'journal';
  if (name.startsWith('sandbox-state.json')) return 'snapshot';
  return 'folder';
}

export function errno(code: string, step: DiskStep, path: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: refused by the test's disk, ${step} '${path}'`), {
    code,
    syscall: step,
    path,
  });
}

/** A store file system on the real one, refusing what `refuse` says; `refused` counts refusals by `step file`. */
export function failingDisk(refuse: Refuse): StoreFileSystem & { refused: Map<string, number> } {
  const refused = new Map<string, number>();
  const check = (step: DiskStep, path: string, bytes = 0): Refusal | undefined => {
    const refusal = refuse(step, fileKind(path), bytes);
    if (refusal) refused.set(`${step} ${fileKind(path)}`, (refused.get(`${step} ${fileKind(path)}`) ?? 0) + 1);
    return refusal;
  };
  const fail = (step: DiskStep, path: string, bytes = 0) => {
    const refusal = check(step, path, bytes);
    if (refusal) throw errno(refusal.code, step, path);
  };
  return {
    refused,
    async open(path, flags) {
      fail('open', path);
      return new FailingFile(path, await NODE_FILE_SYSTEM.open(path, flags), check);
    },
    async rename(from, to) {
      fail('rename', to);
      await NODE_FILE_SYSTEM.rename(from, to);
    },
    remove: (path) => NODE_FILE_SYSTEM.remove(path),
    readFileSync(path) {
      fail('read', path);
      return NODE_FILE_SYSTEM.readFileSync(path);
    },
  };
}

class FailingFile implements StoreFile {
  /** A write that filled the disk: the next one is refused with this code. */
  private full: string | undefined;

  constructor(
    private readonly path: string,
    private readonly file: StoreFile,
    private readonly check: (step: DiskStep, path: string, bytes?: number) => Refusal | undefined,
  ) {}

  async write(bytes: Uint8Array, offset: number, length: number): Promise<{ bytesWritten: number }> {
    if (this.full !== undefined) {
      const code = this.full;
      this.full = undefined;
      throw errno(code, 'write', this.path);
    }
    const refusal = this.check('write', this.path, length);
    if (refusal === undefined) return this.file.write(bytes, offset, length);
    await later(refusal);
    const part = Math.floor(length * Math.min(1, Math.max(0, refusal.written ?? 0)));
    if (part === 0) throw errno(refusal.code, 'write', this.path);
    // A short write, as a disk filling up gives: the bytes that fit land, and the next write is refused.
    const { bytesWritten } = await this.file.write(bytes, offset, part);
    this.full = refusal.code;
    return { bytesWritten };
  }

  async datasync(): Promise<void> {
    await this.refuseIf('datasync');
    await this.file.datasync();
  }

  async sync(): Promise<void> {
    await this.refuseIf('sync');
    await this.file.sync();
  }

  async truncate(length: number): Promise<void> {
    await this.refuseIf('truncate');
    await this.file.truncate(length);
  }

  close(): Promise<void> {
    return this.file.close();
  }

  private async refuseIf(step: DiskStep): Promise<void> {
    const refusal = this.check(step, this.path);
    if (refusal === undefined) return;
    await later(refusal);
    throw errno(refusal.code, step, this.path);
  }
}

async function later(refusal: Refusal): Promise<void> {
  await refusal.until;
}

/** Bytes the files of a folder hold (a small disk's use, for a disk of fixed capacity). */
export function folderBytes(folder: string): number {
  let total = 0;
  for (const name of readdirSync(folder)) total += statSync(join(folder, name)).size;
  return total;
}
