// A child `node` process whose standard output is read line by line as it comes: the crash-safety and two-window
// suites' writers print one line per acknowledged write.
import { type ChildProcess, spawn } from 'node:child_process';

export interface ChildEnd {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Everything it wrote to its standard error. */
  stderr: string;
}

export interface LineChild {
  process: ChildProcess;
  /** Resolves once it ended and its output is read to the end: every line it wrote has been passed on. */
  ended: Promise<ChildEnd>;
}

/** Runs `node bundle ...args` and calls `onLine` with each whole line it prints (an unterminated last part is not one). */
export function spawnLines(bundle: string, args: string[], onLine: (line: string) => void): LineChild {
  const child = spawn(process.execPath, [bundle, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let pending = '';
  let stderr = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    pending += chunk;
    const complete = pending.split('\n');
    pending = complete.pop() ?? '';
    for (const line of complete) onLine(line);
  });
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr += chunk;
  });
  // `close` comes after the pipes are drained.
  const ended = new Promise<ChildEnd>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ code, signal, stderr }));
  });
  return { process: child, ended };
}
