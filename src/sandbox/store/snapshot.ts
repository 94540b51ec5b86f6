import { join } from 'node:path';
import { syncFolder } from '../../node/durableFile';
import type { SandboxState } from '../state';
import { NODE_FILE_SYSTEM, type StoreFileSystem, writeAll } from './storeFileSystem';

/** The snapshot: the whole state as one JSON document, and the generation of the journal that follows it. */
export const SNAPSHOT_FILE = 'sandbox-state.json';

/** A snapshot's text: the state with its journal generation in `meta.generation` (absent from the state in memory). */
export function snapshotText(state: SandboxState, generation: number): string {
  return JSON.stringify({ ...state, meta: { ...state.meta, generation } });
}

/** The state and generation of a snapshot's text; throws when it is not a sandbox state. */
export function parseSnapshot(text: string): { state: SandboxState; generation: number } {
  const state = JSON.parse(text) as SandboxState;
  if (state?.meta?.format !== 1) throw new Error('unknown format');
  // A snapshot written before the journal existed has no generation: it is generation 0, with no journal.
  const generation = state.meta.generation ?? 0;
  if (!Number.isSafeInteger(generation) || generation < 0) throw new Error(`generation ${generation}`);
  delete state.meta.generation;
  return { state, generation };
}

/**
 * Writes a snapshot atomically: a temporary file in the same folder, flushed to disk, renamed over the old one, and
 * the folder flushed so the rename itself survives a power cut. A crash at any moment leaves either the old snapshot
 * or the new one, never a torn file. A failure before the rename leaves the old one and removes the temporary file
 * (on a full disk it holds the space the next write needs). The rename is the commit point: once it is done the new
 * snapshot is what the folder holds, so a folder flush that fails after it is logged, not thrown.
 */
export async function writeSnapshot(
  dataDir: string,
  text: string,
  files: StoreFileSystem = NODE_FILE_SYSTEM,
  log: (line: string) => void = () => {},
): Promise<void> {
  const path = join(dataDir, SNAPSHOT_FILE);
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    const file = await files.open(temporary, 'w');
    try {
      await writeAll(file, Buffer.from(text));
      await file.sync();
    } finally {
      await file.close();
    }
    await files.rename(temporary, path);
  } catch (failure) {
    await files.remove(temporary).catch(() => undefined);
    throw failure;
  }
  try {
    await syncFolder(dataDir, files);
  } catch (failure) {
    log(`The data folder ${dataDir} could not be flushed after a snapshot (${(failure as Error).message}).`);
  }
}
