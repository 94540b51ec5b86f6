// Replacing a whole file durably, the way the snapshot is written: a temporary file beside it, flushed to disk,
// renamed over the old one, and the folder flushed so the rename itself survives a power cut. When it resolves, the
// new content is on disk; a crash at any moment leaves the old file or the new one, never a torn one.
import { randomUUID } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Writes `text` as the whole of `path`. The temporary file is `<path>.<pid>.<id>.tmp`, which `removeStaleTemporaries`
 * sweeps when a process dies mid-write; on failure (a full disk) it is removed here and the old file stays as it was.
 */
export async function writeFileDurably(path: string, text: string): Promise<void> {
  const temporary = `${path}.${process.pid}.${randomUUID()}.tmp`;
  try {
    const file = await open(temporary, 'w');
    try {
      await file.writeFile(text);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, path);
  } catch (failure) {
    await rm(temporary, { force: true });
    throw failure;
  }
  await syncFolderWherePossible(dirname(path));
}

/** The part of a file system `syncFolder` uses: opening a folder to read (the sandbox's store passes one that fails). */
export interface FolderOpener {
  open(path: string, flags: 'r'): Promise<{ sync(): Promise<void>; close(): Promise<void> }>;
}

const NODE_FOLDERS: FolderOpener = { open: (path, flags) => open(path, flags) };

/** Flushes a folder's entries (a rename, a created or deleted file) to disk. */
export async function syncFolder(folder: string, files: FolderOpener = NODE_FOLDERS): Promise<void> {
  const handle = await files.open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Windows cannot flush a folder (opening one fails); NTFS journals the rename itself. */
async function syncFolderWherePossible(folder: string): Promise<void> {
  try {
    await syncFolder(folder);
  } catch (failure) {
    if (process.platform !== 'win32') throw failure;
  }
}
