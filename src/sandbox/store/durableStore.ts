import {
  closeSync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { type FileHandle, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { SandboxState } from '../state';
import { DirtyUnits } from './dirtyUnits';
import { groupLine, journalGeneration, journalName, replayJournal } from './journal';
import { parseSnapshot, removeStaleTemporaries, SNAPSHOT_FILE, snapshotText, writeSnapshot } from './snapshot';
import type { StateListener } from './trackedState';
import type { Unit } from './tracking';

/** A journal this long (and twice the snapshot) is folded into a new snapshot. */
const COMPACT_AT_LEAST_BYTES = 8 * 1024 * 1024;

export interface StoreOptions {
  /** Journal size in bytes that starts a compaction; max(8 MB, 2 × the snapshot) when absent. For tests. */
  compactAtBytes?: number;
}

/** What a data folder holds, read and replayed. */
export interface LoadedStore {
  /** The stored state, or undefined when there is none (or it was unreadable, which was reported and set aside). */
  state: SandboxState | undefined;
  /** Generation of the snapshot (and of the journal that follows it). */
  generation: number;
  snapshotBytes: number;
  journalBytes: number;
}

/**
 * Reads a data folder: the snapshot, then its journal replayed. A last journal line cut short by a crash was never
 * acknowledged: it is dropped and the file truncated before it. A snapshot or journal unreadable otherwise is set
 * aside (`.unreadable-<time>`) with a log line, and the caller seeds anew. Journals of other generations (what a
 * compaction or a reset left behind) are deleted, as are temporary files of killed writers.
 */
export function loadStore(dataDir: string, log: (line: string) => void): LoadedStore {
  const snapshotPath = join(dataDir, SNAPSHOT_FILE);
  removeStaleTemporaries(snapshotPath);
  const journals = journalGenerations(dataDir);
  const highest = Math.max(0, ...journals);
  let text: string;
  try {
    text = readFileSync(snapshotPath, 'utf8');
  } catch {
    deleteJournals(dataDir, journals, undefined);
    return { state: undefined, generation: highest, snapshotBytes: 0, journalBytes: 0 };
  }
  let generation = highest;
  const journalPath = () => join(dataDir, journalName(generation));
  try {
    const snapshot = parseSnapshot(text);
    generation = snapshot.generation;
    let journalBytes = 0;
    if (journals.includes(generation)) {
      const replay = replayJournal(snapshot.state, readFileSync(journalPath()));
      if (replay.tornTail) truncate(journalPath(), replay.validBytes);
      journalBytes = replay.validBytes;
    }
    deleteJournals(dataDir, journals, generation);
    return { state: snapshot.state, generation, snapshotBytes: Buffer.byteLength(text), journalBytes };
  } catch (failure) {
    const stamp = Date.now();
    const aside = `${snapshotPath}.unreadable-${stamp}`;
    renameSync(snapshotPath, aside);
    if (journals.includes(generation)) renameSync(journalPath(), `${journalPath()}.unreadable-${stamp}`);
    deleteJournals(dataDir, journals, generation);
    log(`The stored state could not be read (${(failure as Error).message}); kept it as ${aside} and seeded anew.`);
    return { state: undefined, generation: Math.max(highest, generation), snapshotBytes: 0, journalBytes: 0 };
  }
}

function journalGenerations(dataDir: string): number[] {
  let names: string[];
  try {
    names = readdirSync(dataDir);
  } catch {
    return [];
  }
  return names.map(journalGeneration).filter((generation) => generation !== undefined);
}

function deleteJournals(dataDir: string, generations: readonly number[], keep: number | undefined): void {
  for (const generation of generations) {
    if (generation === keep) continue;
    try {
      rmSync(join(dataDir, journalName(generation)), { force: true });
    } catch {
      // Not a file (a folder of that name): never read either, as only the snapshot's generation is.
    }
  }
}

/** Cuts a journal after its last whole line, so the next append starts a line of its own. */
function truncate(path: string, bytes: number): void {
  const descriptor = openSync(path, 'r+');
  try {
    ftruncateSync(descriptor, bytes);
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
}

/**
 * The sandbox state on disk: a snapshot plus a journal of the units changed since, written by group commit. Changes
 * are marked as they happen; `commit()` resolves once everything marked before it is durable. The first commit
 * starts a flush (one `write` and one `fdatasync` for every unit marked so far); commits arriving while it runs join
 * the next one. When the journal outgrows max(8 MB, 2 × the snapshot), a flush writes a new snapshot instead, with
 * the next generation and an empty journal. A whole new state (a reset, a fresh seed) is written as a snapshot too.
 */
export class DurableStore implements StateListener {
  private readonly pending = new DirtyUnits();
  private waiters: (() => void)[] = [];
  private flushing = false;
  private snapshotDue = false;
  private journal: FileHandle | undefined;
  private generation: number;
  private snapshotBytes: number;
  private journalBytes: number;
  private closed = false;
  /** The last flush failed: a snapshot is due, but only the next commit or change tries it (no loop on a full disk). */
  private failed = false;

  constructor(
    readonly dataDir: string,
    private readonly state: () => SandboxState,
    private readonly log: (line: string) => void,
    loaded: LoadedStore,
    private readonly options: StoreOptions = {},
  ) {
    this.generation = loaded.generation;
    this.snapshotBytes = loaded.snapshotBytes;
    this.journalBytes = loaded.journalBytes;
    // No stored state, or another one seeded in its place: the caller's state is written as the first snapshot.
    this.snapshotDue = loaded.state === undefined || state() !== loaded.state;
  }

  changed(unit: Unit): void {
    if (unit.length === 0) this.snapshotDue = true;
    else this.pending.mark(unit);
  }

  /** The state was replaced as a whole: the next flush writes it as a snapshot. */
  replaced(): void {
    this.snapshotDue = true;
  }

  /**
   * Resolves once every change marked so far is on disk. A failure to write is logged and resolves too (the answer
   * goes out, as it did before the journal); the next flush then writes a snapshot. After `close()`, resolves at once.
   */
  commit(): Promise<void> {
    if (this.closed) return Promise.resolve();
    const done = new Promise<void>((resolve) => this.waiters.push(resolve));
    if (!this.flushing) {
      this.flushing = true;
      void this.flushAll();
    }
    return done;
  }

  /** Folds the journal into a snapshot once the flushes under way are done (on shutdown). */
  async close(): Promise<void> {
    if (this.closed) return;
    if (this.journalBytes > 0 || !this.pending.empty) this.snapshotDue = true;
    await this.commit();
    this.closed = true;
    await this.journal?.close();
    this.journal = undefined;
  }

  private async flushAll(): Promise<void> {
    try {
      while (this.waiters.length > 0 || !this.pending.empty || (this.snapshotDue && !this.failed)) {
        const waiters = this.waiters;
        this.waiters = [];
        await this.flush();
        for (const resolve of waiters) resolve();
      }
    } finally {
      // Cleared in the same turn as the last check: a commit arriving later starts a flush of its own.
      this.flushing = false;
    }
  }

  /** One group: the units marked so far as one journal line, or the whole state as a snapshot. */
  private async flush(): Promise<void> {
    const units = this.pending.take();
    try {
      if (this.snapshotDue || this.journalBytes >= this.compactAt()) await this.compact();
      else if (units.length > 0) await this.append(units);
      this.failed = false;
    } catch (failure) {
      // A write that failed may have left part of a line: the next flush starts a new generation from a snapshot.
      this.snapshotDue = true;
      this.failed = true;
      this.log(`Could not persist the sandbox state: ${(failure as Error).message}`);
    }
  }

  private compactAt(): number {
    return this.options.compactAtBytes ?? Math.max(COMPACT_AT_LEAST_BYTES, 2 * this.snapshotBytes);
  }

  private async append(units: readonly Unit[]): Promise<void> {
    const bytes = Buffer.from(groupLine(this.state(), units));
    this.journal ??= await open(join(this.dataDir, journalName(this.generation)), 'a');
    await this.journal.write(bytes);
    await this.journal.datasync();
    this.journalBytes += bytes.length;
  }

  /**
   * Writes the current state as the snapshot of the next generation. Its (empty) journal is created first, so the one
   * folder flush of the snapshot's rename covers it too; until the rename the old snapshot and journal stand, and the
   * empty new journal is deleted by the next load. Then the old journal goes.
   */
  private async compact(): Promise<void> {
    this.snapshotDue = false;
    mkdirSync(this.dataDir, { recursive: true });
    const generation = this.generation + 1;
    const text = snapshotText(this.state(), generation);
    const journal = await open(join(this.dataDir, journalName(generation)), 'w');
    try {
      await writeSnapshot(this.dataDir, text);
    } catch (failure) {
      await journal.close();
      throw failure;
    }
    const previous = this.generation;
    await this.journal?.close();
    this.journal = journal;
    this.generation = generation;
    this.snapshotBytes = Buffer.byteLength(text);
    this.journalBytes = 0;
    // The old journal is never read again (a load replays the snapshot's generation only): its deletion may fail.
    await rm(join(this.dataDir, journalName(previous)), { force: true }).catch(() => undefined);
  }
}

/** The stored state (snapshot and journal replayed), or undefined when there is none or it is unreadable. */
export function loadState(dataDir: string, log: (line: string) => void): SandboxState | undefined {
  return loadStore(dataDir, log).state;
}

/**
 * Writes `state` as the data folder's snapshot, of a generation after the stored one and every journal there, and
 * drops the journals (tests and tools; the server's store writes its own).
 */
export async function saveState(dataDir: string, state: SandboxState): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const journals = journalGenerations(dataDir);
  let stored = 0;
  try {
    stored = parseSnapshot(readFileSync(join(dataDir, SNAPSHOT_FILE), 'utf8')).generation;
  } catch {
    // None, or unreadable: the journals alone say which generations were used.
  }
  const generation = Math.max(stored, ...journals) + 1;
  await writeSnapshot(dataDir, snapshotText(state, generation));
  deleteJournals(dataDir, journals, undefined);
}
