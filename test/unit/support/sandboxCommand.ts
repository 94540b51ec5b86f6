// The sandbox's command line run as a child process, as CI runs it: started, read until its two stdout lines
// (MARKETPLACE_SANDBOX_URL=…, MARKETPLACE_SANDBOX_TOKEN=…), then stopped with a signal.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { bundleForNode } from './nodeBundles';

export interface CommandEnd {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface RunningCommand {
  process: ChildProcess;
  url: string;
  token: string;
  /** Everything written on stderr so far. */
  stderr(): string;
  /** Resolves once it ended and both its outputs are read to the end. */
  ended: Promise<CommandEnd>;
}

/**
 * The command line bundled once per suite, inside the repository (dist/test/): its version is that of the nearest
 * package.json, as in dist/sandbox.js.
 */
export async function bundledCommandLine(): Promise<string> {
  const root = join(__dirname, '..', '..', '..');
  const { cli } = await bundleForNode(
    { cli: join(root, 'src', 'sandbox', 'cli.ts') },
    join(root, 'dist', 'test', 'cli'),
  );
  return cli;
}

/** Starts `command args` and resolves once both stdout lines are out; rejects, with its stderr, when it ends first. */
export function startCommand(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<RunningCommand> {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr += chunk;
  });
  const ended = new Promise<CommandEnd>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return new Promise<RunningCommand>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${command} did not print its URL and token in time: ${stderr}`));
    }, options.timeoutMs ?? 20_000);
    child.stdout.on('data', (chunk: string) => {
      stdout += chunk;
      const url = /^MARKETPLACE_SANDBOX_URL=(.+)\n/m.exec(stdout)?.[1];
      const token = /^MARKETPLACE_SANDBOX_TOKEN=(.+)\n/m.exec(stdout)?.[1];
      if (url === undefined || token === undefined) return;
      clearTimeout(timer);
      resolve({ process: child, url, token, stderr: () => stderr, ended });
    });
    void ended.then((end) => {
      clearTimeout(timer);
      reject(new Error(`${command} ended (code ${end.code}) before it printed its URL and token: ${end.stderr}`));
    }, reject);
  });
}
