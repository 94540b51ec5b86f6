// The least a durable store does for a write it answers: the bare server's PUTs are appended to a file by group
// commit, as the sandbox's store writes its journal (src/sandbox/store/durableStore.ts): the first append starts a
// flush (one `write` and one `fdatasync` for every body appended so far); appends arriving while it runs join the next
// one; each append resolves only once the `fdatasync` that covers it has completed.
import type { StoreFile } from '../../src/sandbox/store/storeFileSystem';

/** The part of an open file (Node's `FileHandle`, opened to append) the group commit uses. */
export type AppendFile = Pick<StoreFile, 'write' | 'datasync' | 'close'>;

interface Waiter {
  resolve(): void;
  reject(failure: unknown): void;
}

/** What the group commit has done, for the tests and the bench's reading. */
export interface GroupCommitCounts {
  /** Flushes completed: each one `fdatasync`. */
  syncs: number;
  /** Appends made durable. */
  durable: number;
  /** Appends waiting for a flush that has not started. */
  waiting: number;
}

export class GroupCommit {
  private pending: Buffer[] = [];
  private waiters: Waiter[] = [];
  private flushing = false;
  private syncs = 0;
  private durable = 0;

  constructor(private readonly file: AppendFile) {}

  /** Resolves once `bytes` are written and a completed `fdatasync` covers them; rejects when the disk refused them. */
  append(bytes: Buffer): Promise<void> {
    this.pending.push(bytes);
    const done = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    if (!this.flushing) {
      this.flushing = true;
      void this.flushAll();
    }
    return done;
  }

  counts(): GroupCommitCounts {
    return { syncs: this.syncs, durable: this.durable, waiting: this.waiters.length };
  }

  /** Every byte, however many `write` calls it takes (a `write` may write fewer bytes than asked). */
  private async writeAll(bytes: Buffer): Promise<void> {
    let offset = 0;
    while (offset < bytes.length) {
      const { bytesWritten } = await this.file.write(bytes, offset, bytes.length - offset);
      if (bytesWritten <= 0) throw new Error('the journal took no bytes (no space left on the device?)');
      offset += bytesWritten;
    }
  }

  private async flushAll(): Promise<void> {
    try {
      while (this.waiters.length > 0) {
        // One group: everything appended so far. What arrives from here on waits for the next one.
        const group = this.waiters;
        const bytes = Buffer.concat(this.pending);
        this.waiters = [];
        this.pending = [];
        try {
          await this.writeAll(bytes);
          await this.file.datasync();
        } catch (failure) {
          for (const waiter of group) waiter.reject(failure);
          continue;
        }
        this.syncs += 1;
        this.durable += group.length;
        for (const waiter of group) waiter.resolve();
      }
    } finally {
      // Cleared in the same turn as the last check: an append arriving later starts a flush of its own.
      this.flushing = false;
    }
  }
}
