import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { SandboxState } from './state';

const FILE = 'sandbox-state.json';

/** Reads the persisted state, or undefined when there is none (or it is unreadable, which is reported). */
export function loadState(dataDir: string, log: (line: string) => void): SandboxState | undefined {
  const path = join(dataDir, FILE);
  removeStaleTemporaries(path);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const state = JSON.parse(text) as SandboxState;
    if (state?.meta?.format !== 1) throw new Error('unknown format');
    return state;
  } catch (failure) {
    const aside = `${path}.unreadable-${Date.now()}`;
    renameSync(path, aside);
    log(`The stored state could not be read (${(failure as Error).message}); kept it as ${aside} and seeded anew.`);
    return undefined;
  }
}

/**
 * Writes the state atomically: a temporary file in the same folder, flushed to disk, then renamed over the old one.
 * A crash at any moment leaves either the old state or the new one, never a torn file.
 */
export function saveState(dataDir: string, state: SandboxState): void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, FILE);
  const temporary = `${path}.${process.pid}.tmp`;
  const descriptor = openSync(temporary, 'w');
  try {
    writeSync(descriptor, JSON.stringify(state));
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
  renameSync(temporary, path);
}

/**
 * Deletes the temporary files of `path` (`<name>.<pid>[.<id>].tmp`) that a process killed while writing left behind,
 * those of processes still running excepted: the file itself was never touched by them, and they pile up otherwise.
 */
export function removeStaleTemporaries(path: string): void {
  const prefix = `${basename(path)}.`;
  let names: string[];
  try {
    names = readdirSync(dirname(path));
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(/^(\d+)(?:\.[\w-]+)?\.tmp$/.exec(name.slice(prefix.length))?.[1]);
    if (!name.startsWith(prefix) || !Number.isInteger(pid) || pid === process.pid || processIsRunning(pid)) continue;
    rmSync(join(dirname(path), name), { force: true });
  }
}

/** Whether a process with this id runs (EPERM: it does, as another user's). */
export function processIsRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (failure) {
    return (failure as NodeJS.ErrnoException).code === 'EPERM';
  }
}
