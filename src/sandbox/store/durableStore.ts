import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { SandboxState } from '../state';
import { type LoadedStore, readStored } from './dataFolder';
import { DirtyUnits } from './dirtyUnits';
import { groupLine, journalName } from './journal';
import { snapshotText, writeSnapshot } from './snapshot';
import { NODE_FILE_SYSTEM, type StoreFile, type StoreFileSystem, writeAll } from './storeFileSystem';
import type { StateListener } from './trackedState';
import type { Unit } from './tracking';
import { StoreWriteError } from './writeFailure';

/** A journal this long (and twice the snapshot) is folded into a new snapshot. */
const COMPACT_AT_LEAST_BYTES = 8 * 1024 * 1024;

export interface StoreOptions {
  /** Journal size in bytes that starts a compaction; max(8 MB, 2 × the snapshot) when absent. For tests. */
  compactAtBytes?: number;
  /** The file operations the store writes with: Node's, unless a test injects a full or failing disk. */
  files?: StoreFileSystem;
}

/** The running state as the store sees it: read to be written, and put back to what is stored when a write fails. */
export interface StoreState {
  current(): SandboxState;
  /** Makes `state`, read back from the data folder, the running state (reporting the replacement to the listeners). */
  restore(state: SandboxState): void;
}

interface Waiter {
  resolve(): void;
  reject(failure: StoreWriteError): void;
}

const ignore = () => undefined;

/**
 * The sandbox state on disk: a snapshot plus a journal of the units changed since, written by group commit. Changes
 * are marked as they happen; `commit()` resolves once everything marked before it is durable. The first commit
 * starts a flush (one `write` and one `fdatasync` for every unit marked so far); commits arriving while it runs join
 * the next one. When the journal outgrows max(8 MB, 2 × the snapshot), a flush writes a new snapshot instead, with
 * the next generation and an empty journal. A whole new state (a reset, a fresh seed) is written as a snapshot too.
 *
 * A group the disk refuses (full, read-only, failing) is undone: the journal is cut back to its last flushed line,
 * the running state is put back to what is stored (read back from the folder), and every commit waiting, this
 * group's and the next one's (their changes built on it), rejects with a `StoreWriteError`, in one turn. Nothing is
 * retried: the next change tries again, and succeeds once the disk has room.
 */
export class DurableStore implements StateListener {
  private readonly pending = new DirtyUnits();
  private waiters: Waiter[] = [];
  private flushing = false;
  private snapshotDue = false;
  private journal: StoreFile | undefined;
  /**
   * A failed write may have left bytes past `journalBytes` that could not be cut off: nothing is appended after them,
   * and the next flush starts a new generation from a snapshot.
   */
  private journalSuspect = false;
  private generation: number;
  private snapshotBytes: number;
  private journalBytes: number;
  /** A compaction the journal's size asked for failed: the next is tried once the journal has grown past this. */
  private compactRetryAt = 0;
  private closed = false;
  /** The last flush failed: a snapshot due is only tried by the next commit or change (no loop on a full disk). */
  private failed = false;
  /** The stored state put back after a failure: its taking the running state's place is no change to write. */
  private restored: SandboxState | undefined;
  private readonly files: StoreFileSystem;

  constructor(
    readonly dataDir: string,
    private readonly state: StoreState,
    private readonly log: (line: string) => void,
    loaded: LoadedStore,
    private readonly options: StoreOptions = {},
  ) {
    this.files = options.files ?? NODE_FILE_SYSTEM;
    this.generation = loaded.generation;
    this.snapshotBytes = loaded.snapshotBytes;
    this.journalBytes = loaded.journalBytes;
    // No stored state, or another one seeded in its place: the caller's state is written as the first snapshot.
    this.snapshotDue = loaded.state === undefined || state.current() !== loaded.state;
  }

  changed(unit: Unit): void {
    if (unit.length === 0) this.snapshotDue = true;
    else this.pending.mark(unit);
  }

  /** The state was replaced as a whole: the next flush writes it as a snapshot (unless it is the stored one, put back). */
  replaced(): void {
    const restored = this.restored;
    this.restored = undefined;
    if (this.state.current() !== restored) this.snapshotDue = true;
  }

  /**
   * Resolves once every change marked so far is on disk; rejects with a `StoreWriteError` when the disk refused it
   * (the change is then undone). After `close()`, resolves at once.
   */
  commit(): Promise<void> {
    if (this.closed) return Promise.resolve();
    const done = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    if (!this.flushing) {
      this.flushing = true;
      void this.flushAll();
    }
    return done;
  }

  /**
   * Folds the journal into a snapshot once the flushes under way are done (on shutdown), unless the disk refused the
   * last write: the journal holds everything answered either way, and a fold the disk refuses leaves it as it was.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    if (!this.failed && (this.journalBytes > 0 || !this.pending.empty)) this.snapshotDue = true;
    await this.commit().catch(ignore);
    this.closed = true;
    await this.journal?.close().catch(ignore);
    this.journal = undefined;
  }

  private async flushAll(): Promise<void> {
    try {
      while (this.waiters.length > 0 || !this.pending.empty || (this.snapshotDue && !this.failed)) {
        const group = this.waiters;
        this.waiters = [];
        const failure = await this.flush();
        if (failure === undefined) {
          this.failed = false;
          for (const waiter of group) waiter.resolve();
          continue;
        }
        // Undone and told in one turn: no request sees the undone state after its own answer, or builds on it.
        this.failed = true;
        const waiting = [...group, ...this.waiters];
        this.waiters = [];
        const error = this.undo(failure);
        for (const waiter of waiting) waiter.reject(error);
      }
    } finally {
      // Cleared in the same turn as the last check: a commit arriving later starts a flush of its own.
      this.flushing = false;
    }
  }

  /**
   * One group: the units marked so far as one journal line, or the whole state as a snapshot. Both are read from the
   * state in this turn: what requests change from here on belongs to the next group. Returns the failure, if any.
   */
  private async flush(): Promise<unknown> {
    const units = this.pending.take();
    const forced = this.snapshotDue || this.journalSuspect;
    const bySize = this.journalBytes >= this.compactAt() && this.journalBytes >= this.compactRetryAt;
    const snapshot = forced || bySize ? snapshotText(this.state.current(), this.generation + 1) : undefined;
    const line = !forced && units.length > 0 ? Buffer.from(groupLine(this.state.current(), units)) : undefined;
    try {
      if (snapshot !== undefined) {
        try {
          await this.compact(snapshot);
          return undefined;
        } catch (failure) {
          if (forced) throw failure;
          // Folding only saves space and load time: the journal stands, and the group is appended to it.
          this.compactRetryAt = this.journalBytes + Math.ceil(this.compactAt() / 8);
          this.log(
            `Could not fold the journal into a new snapshot (${(failure as Error).message}); tried again later.`,
          );
        }
      }
      if (line !== undefined) await this.append(line);
      return undefined;
    } catch (failure) {
      return failure;
    }
  }

  private compactAt(): number {
    return this.options.compactAtBytes ?? Math.max(COMPACT_AT_LEAST_BYTES, 2 * this.snapshotBytes);
  }

  private async append(bytes: Buffer): Promise<void> {
    this.journal ??= await this.files.open(join(this.dataDir, journalName(this.generation)), 'a');
    const journal = this.journal;
    try {
      await writeAll(journal, bytes);
      await journal.datasync();
    } catch (failure) {
      await this.cutBack(journal);
      throw failure;
    }
    this.journalBytes += bytes.length;
  }

  /**
   * Takes a failed write off the journal: a line written whole but not flushed must not replay after a restart (its
   * requests are told it failed), and part of one would make the next line unreadable. Cutting a file needs no space.
   */
  private async cutBack(journal: StoreFile): Promise<void> {
    try {
      await journal.truncate(this.journalBytes);
      await journal.datasync();
    } catch (failure) {
      this.journalSuspect = true;
      this.journal = undefined;
      await journal.close().catch(ignore);
      this.log(`Could not cut the journal back (${(failure as Error).message}): the next write starts a new snapshot.`);
    }
  }

  /**
   * Writes the state's text as the snapshot of the next generation. Its (empty) journal is created first, so the one
   * folder flush of the snapshot's rename covers it too; until the rename the old snapshot and journal stand, and a
   * failure removes the new journal (as the next load would). Then the old journal goes.
   */
  private async compact(text: string): Promise<void> {
    this.snapshotDue = false;
    mkdirSync(this.dataDir, { recursive: true });
    const generation = this.generation + 1;
    const path = join(this.dataDir, journalName(generation));
    // Opened to append, as the journal always is: a failed write is cut back, and the next one lands right after.
    await this.files.remove(path);
    const journal = await this.files.open(path, 'a');
    try {
      await writeSnapshot(this.dataDir, text, this.files, this.log);
    } catch (failure) {
      await journal.close().catch(ignore);
      await this.files.remove(path).catch(ignore);
      throw failure;
    }
    const previous = { generation: this.generation, journal: this.journal };
    this.journal = journal;
    this.generation = generation;
    this.snapshotBytes = Buffer.byteLength(text);
    this.journalBytes = 0;
    this.journalSuspect = false;
    this.compactRetryAt = 0;
    await previous.journal?.close().catch(ignore);
    // The old journal is never read again (a load replays the snapshot's generation only): its deletion may fail.
    await this.files.remove(join(this.dataDir, journalName(previous.generation))).catch(ignore);
  }

  /**
   * Puts the running state back to what is stored (the snapshot and the journal up to its last flushed line) and
   * drops the marks of what was undone. When that cannot be read either, the state in memory stays, to be written
   * whole by the next flush: the one case where a change refused may still be stored later.
   */
  private undo(failure: unknown): StoreWriteError {
    this.pending.take();
    const reason = (failure as Error)?.message ?? String(failure);
    try {
      const stored = readStored(this.dataDir, this.generation, this.journalBytes, this.files);
      this.snapshotDue = false;
      this.restored = stored;
      this.state.restore(stored);
      this.log(
        `Could not save to ${this.dataDir} (${reason}): the changes since the last stored write are undone and refused.`,
      );
      return new StoreWriteError(this.dataDir, failure, true);
    } catch (unreadable) {
      this.snapshotDue = true;
      this.log(
        `Could not save to ${this.dataDir} (${reason}), nor read back what is stored (${(unreadable as Error).message}): the state in memory is kept and written whole next time.`,
      );
      return new StoreWriteError(this.dataDir, failure, false);
    }
  }
}
