// A server the bench starts as a command in its own process group (npx, the packaged sandbox's bin, Prism): waits
// for the line that gives its URL, keeps reading its output so a chatty server never blocks on a full pipe, and stops
// the whole group (npx runs the bin in a child of its own) with SIGTERM, SIGKILL if it has not ended within 10 s.
import { type ChildProcess, spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';

export interface ServerProcess {
  child: ChildProcess;
  /** The first group of `urlLine` in its output. */
  url: string;
  /** Its standard output so far (the last 16 KB). */
  stdout(): string;
  /** From spawning the command to the URL line, ms. */
  urlMs: number;
  /** performance.now() when the command was spawned. */
  spawnedAt: number;
  stop(): Promise<void>;
}

export interface ServerCommand {
  command: string;
  args: string[];
  cwd: string;
  /** Matches the line that says where it listens; its first group is the URL. */
  urlLine: RegExp;
  timeoutMs?: number;
  env?: NodeJS.ProcessEnv;
}

const KEEP = 16_384;

export function startServer(command: ServerCommand): Promise<ServerProcess> {
  const spawnedAt = performance.now();
  const child = spawn(command.command, command.args, {
    cwd: command.cwd,
    env: command.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8');
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-KEEP);
  });
  const timeoutMs = command.timeoutMs ?? 120_000;
  return new Promise<ServerProcess>((resolve, reject) => {
    let settled = false;
    const fail = (why: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void stopGroup(child).then(() => reject(new Error(`${why}${stderr.trim() ? `: ${lastLines(stderr)}` : ''}`)));
    };
    const timer = setTimeout(
      () => fail(`${command.command} did not say where it listens within ${timeoutMs} ms`),
      timeoutMs,
    );
    child.once('error', (error) => fail(`${command.command} could not be started (${error.message})`));
    child.once('exit', (code, signal) => fail(`${command.command} exited (${code ?? signal}) before it listened`));
    child.stdout?.on('data', (chunk: string) => {
      stdout = (stdout + chunk).slice(-KEEP);
      if (settled) return;
      const url = command.urlLine.exec(stdout)?.[1];
      if (!url) return;
      settled = true;
      clearTimeout(timer);
      resolve({
        child,
        url,
        stdout: () => stdout,
        urlMs: performance.now() - spawnedAt,
        spawnedAt,
        stop: () => stopGroup(child),
      });
    });
  });
}

function lastLines(text: string): string {
  return text.trim().split('\n').slice(-4).join(' ');
}

/** SIGTERM to the child's process group, SIGKILL to it after 10 s; resolves once the child ended. */
export function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return Promise.resolve();
  const pid = child.pid;
  return new Promise((resolve) => {
    const timer = setTimeout(() => signalGroup(pid, 'SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    signalGroup(pid, 'SIGTERM');
  });
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group has already ended.
  }
}
