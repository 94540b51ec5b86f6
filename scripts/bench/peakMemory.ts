// The peak resident memory of a process the bench started through a launcher (npx runs the bin in a child of its
// own): the kernel's high-water mark (VmHWM in /proc/PID/status) of the largest process below the launcher. Linux
// only; elsewhere there is no figure.
import { readdirSync, readFileSync } from 'node:fs';

/** The processes whose parent chain reaches `root` (not `root` itself). */
export function descendants(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (command) state ppid …": the command may hold spaces and parentheses, so read after the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // It ended while the list was read.
    }
  }
  const found: number[] = [];
  const below = new Set([root]);
  // Parents come before children in pid order most of the time, not always: repeat until nothing is added.
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, ppid] of parents) {
      if (below.has(ppid) && !below.has(pid)) {
        below.add(pid);
        found.push(pid);
        grew = true;
      }
    }
  }
  return found;
}

/** VmHWM of a process, bytes; undefined when it cannot be read. */
export function peakRss(pid: number): number | undefined {
  try {
    const kb = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Number(kb) * 1024;
  } catch {
    return undefined;
  }
}

/** The largest peak among the launcher's descendants (the server itself), or the launcher's own when it has none. */
export function serverPeakRss(launcher: number): number | undefined {
  if (process.platform !== 'linux') return undefined;
  const below = descendants(launcher);
  const peaks = (below.length ? below : [launcher]).map(peakRss).filter((bytes) => bytes !== undefined);
  return peaks.length ? Math.max(...peaks) : undefined;
}
