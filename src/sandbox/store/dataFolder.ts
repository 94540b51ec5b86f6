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
import { join } from 'node:path';
import { removeStaleTemporaries } from '../../node/staleTemporaries';
import type { SandboxState } from '../state';
import { journalGeneration, journalName, replayJournal } from './journal';
import { parseSnapshot, SNAPSHOT_FILE, snapshotText, writeSnapshot } from './snapshot';
import type { StoreFileSystem } from './storeFileSystem';

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

/**
 * The state the running store has made durable: the snapshot of `generation` and the first `journalBytes` of its
 * journal (whole lines, each written and flushed), read back after a write failed. Whatever a failed write left past
 * them is not read. Throws when the snapshot is missing, unreadable or of another generation.
 */
export function readStored(
  dataDir: string,
  generation: number,
  journalBytes: number,
  files: StoreFileSystem,
): SandboxState {
  const snapshot = parseSnapshot(files.readFileSync(join(dataDir, SNAPSHOT_FILE)).toString('utf8'));
  if (snapshot.generation !== generation) {
    throw new Error(`the snapshot is of generation ${snapshot.generation}, not ${generation}`);
  }
  if (journalBytes > 0) {
    const journal = files.readFileSync(join(dataDir, journalName(generation)));
    if (journal.length < journalBytes) throw new Error(`the journal is shorter than the ${journalBytes} bytes written`);
    const replay = replayJournal(snapshot.state, journal.subarray(0, journalBytes));
    if (replay.tornTail) throw new Error('the journal written so far ends in a partial line');
  }
  return snapshot.state;
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
