// A sandbox in its own process, as `npm run sandbox` starts it (node dist/sandbox.js), so that what loads it (a
// load generator, the client) never shares its thread. Its memory is read through a preloaded probe.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

export interface SandboxMemory {
  /** Resident set size, bytes. */
  rss: number;
  /** V8 heap in use after a full collection, bytes. */
  heapUsed: number;
}

export interface SandboxChild {
  url: string;
  token: string;
  pid: number;
  /** From spawning node to the URL printed (node start, bundle load, seed or load from the data folder, listen). */
  startMs: number;
  memory(): Promise<SandboxMemory>;
  stop(): Promise<void>;
}

const PROBE = join(__dirname, 'memoryProbe.cjs');

/** Whether this build's sandbox command line takes `--scale N` (the seller's catalogue and orders grown to N). */
export function sandboxHasScale(root: string): boolean {
  const usage = execFileSync(process.execPath, [join(root, 'dist/sandbox.js'), '--help'], { encoding: 'utf8' });
  return /--scale\b/.test(usage);
}

/** Starts `node dist/sandbox.js --port 0 --data DIR [--scale N]` and resolves once it printed its URL and token. */
export function startSandboxProcess(
  root: string,
  options: { dataDir: string; scale?: number; timeoutMs?: number },
): Promise<SandboxChild> {
  const args = ['--expose-gc', '--require', PROBE, join(root, 'dist/sandbox.js'), '--port', '0'];
  args.push('--data', options.dataDir, '--clock-start', '2026-03-02T15:00:00Z');
  if (options.scale) args.push('--scale', String(options.scale));
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  return new Promise<SandboxChild>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the sandbox did not start within ${options.timeoutMs ?? 120_000} ms: ${stderr}`));
    }, options.timeoutMs ?? 120_000);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the sandbox exited (${code ?? signal}) before it listened: ${stderr.trim()}`));
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const url = /^MARKETPLACE_SANDBOX_URL=(\S+)$/m.exec(stdout)?.[1];
      const token = /^MARKETPLACE_SANDBOX_TOKEN=(\S+)$/m.exec(stdout)?.[1];
      if (!url || !token) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      child.stdout?.removeAllListeners('data');
      child.stdout?.resume();
      resolve({
        url,
        token,
        pid: child.pid ?? 0,
        startMs: performance.now() - started,
        memory: () => askMemory(child),
        stop: () => stop(child),
      });
    });
  });
}

function askMemory(child: ChildProcess): Promise<SandboxMemory> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the sandbox did not report its memory')), 10_000);
    child.once('message', (message) => {
      clearTimeout(timer);
      resolve(message as SandboxMemory);
    });
    child.send('memory');
  });
}

/** SIGTERM (the sandbox closes and saves), SIGKILL if it has not ended within 10 s. */
function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
