// The temporary files a writer killed mid-write leaves beside the file it replaces (`writeFileDurably`, the sandbox's
// snapshot), swept when the file is first read.
import { readdirSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { processIsRunning } from './processes';

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
