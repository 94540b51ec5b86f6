// Runs an extension's integration suite inside a real VS Code extension host (code-server's), with the
// @vscode/test-electron contract: the suite's module exports run(): Promise<void>. The workbench is opened in headless
// Chromium with the smoke-test driver, which reports the extension host's exit code to codeAutomationExit and the
// workbench log to codeAutomationLog; this script exits with the suite's own result.
//
// node --import tsx scripts/runIntegration.ts --extension-path DIR --tests-path FILE.js [--folder DIR]
//      [--timeout-minutes 10] [--locale es]
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { format } from 'node:util';
import { launchBrowser } from './browser';
import { ensureCodeServer, LOG_FILE, RESULTS_DIR, ROOT, startCodeServer } from './codeServer';
import { checkLocale, installLanguagePacks, localeArgs, prepareLocalePage } from './languagePacks';

interface Args {
  extensionPath: string;
  testsPath: string;
  folder?: string;
  timeoutMinutes: number;
  /** VS Code's display language (`--locale`); English when not given. */
  locale?: string;
}

/** Where a run's logs go: test-results/integration/, or integration-<locale>/ for a run in another language. */
let OUT_DIR = join(RESULTS_DIR, 'integration');

/**
 * Workbench start-up and shutdown lines that are not the suite's output: kept in output.log, not echoed to stdout.
 * Anything else (the suite's console output, mocha's report, errors) is echoed.
 */
const WORKBENCH_CHATTER =
  /^(\[(AgentHost|AgentHost:remote|ChatModelSelection|AccountPolicyGate|reconnection-grace-time|Service Worker)\]|Resolving connection token|Resolved connection token|Creating a socket|Updating additional builtin extensions cache|Ignoring fetching additional builtin extensions|Creation of workbench contribution '[^']*' took|Canceled: Canceled)/;

function say(message: string): void {
  process.stdout.write(`[integration] ${message}\n`);
}

function parseArgs(argv: string[]): Args {
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i += 1) {
    const name = argv[i] as string;
    const value = argv[i + 1];
    if (!name.startsWith('--') || value === undefined) throw new Error(`unexpected argument "${name}"`);
    values.set(name.slice(2), value);
    i += 1;
  }
  const known = new Set(['extension-path', 'tests-path', 'folder', 'timeout-minutes', 'locale']);
  for (const name of values.keys()) if (!known.has(name)) throw new Error(`unknown option --${name}`);
  const extensionPath = values.get('extension-path');
  const testsPath = values.get('tests-path');
  if (!extensionPath || !testsPath) {
    throw new Error(
      'usage: runIntegration.ts --extension-path DIR --tests-path FILE.js [--folder DIR] [--timeout-minutes N] [--locale es]',
    );
  }
  const timeoutMinutes = Number(values.get('timeout-minutes') ?? 10);
  if (!(timeoutMinutes > 0)) throw new Error('--timeout-minutes must be a positive number');
  return {
    extensionPath: resolve(extensionPath),
    testsPath: resolve(testsPath),
    folder: values.get('folder') ? resolve(values.get('folder') as string) : undefined,
    timeoutMinutes,
    locale: values.has('locale') ? checkLocale(values.get('locale') as string) : undefined,
  };
}

function validate(args: Args): void {
  if (!existsSync(join(args.extensionPath, 'package.json'))) {
    throw new Error(`--extension-path ${args.extensionPath} has no package.json`);
  }
  if (!existsSync(args.testsPath) || !statSync(args.testsPath).isFile()) {
    throw new Error(`--tests-path ${args.testsPath} is not a file (build the suite bundle first?)`);
  }
  if (args.folder && !existsSync(args.folder)) throw new Error(`--folder ${args.folder} does not exist`);
}

/** A vscode-remote URI for an absolute path on the code-server machine. */
export function remoteUri(authority: string, absolutePath: string): string {
  return `vscode-remote://${authority}${absolutePath.split('/').map(encodeURIComponent).join('/')}`;
}

/** The workbench URL that opens `folder` and runs the suite in the extension host. */
export function testUrl(serverUrl: string, folder: string, extensionPath: string, testsPath: string): string {
  const authority = new URL(serverUrl).host;
  const payload = [
    ['extensionDevelopmentPath', remoteUri(authority, extensionPath)],
    ['extensionTestsPath', remoteUri(authority, testsPath)],
  ];
  return `${serverUrl}/?folder=${encodeURIComponent(folder)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
}

interface Outcome {
  /** The suite's exit code, or undefined when the run ended some other way. */
  code?: number;
  /** Why the run ended without an exit code. */
  reason?: string;
}

interface AutomationLog {
  relativePath: string;
  contents: string;
}

function writeVsCodeLogs(logs: unknown): void {
  if (!Array.isArray(logs)) return;
  for (const entry of logs as AutomationLog[]) {
    if (typeof entry?.relativePath !== 'string' || typeof entry.contents !== 'string') continue;
    const target = join(OUT_DIR, 'vscode-logs', entry.relativePath.replace(/\.\.(\/|$)/g, ''));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, entry.contents);
  }
}

/** mocha's spec reporter totals, read from the suite's output. */
function mochaTotals(output: string): { passed: number; failed: number } | undefined {
  const passing = /^\s*(\d+) passing/m.exec(output);
  if (!passing) return undefined;
  const failing = /^\s*(\d+) failing/m.exec(output);
  return { passed: Number(passing[1]), failed: failing ? Number(failing[1]) : 0 };
}

/** The extension host's exit as code-server logged it, waiting a little for the line to arrive. */
async function extensionHostExit(output: () => string): Promise<{ code: string; signal: string } | undefined> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const exits = [...output().matchAll(/Extension Host Process exited with code: (\S+), signal: (\S+?)\.?$/gm)];
    const last = exits.at(-1);
    if (last) return { code: last[1] as string, signal: last[2] as string };
    if (Date.now() > deadline) return undefined;
    await new Promise((done) => setTimeout(done, 100));
  }
}

async function runSuite(args: Args): Promise<number> {
  const t0 = Date.now();
  if (args.locale && args.locale !== 'en') OUT_DIR = join(RESULTS_DIR, `integration-${args.locale}`);
  rmSync(OUT_DIR, { recursive: true, force: true });
  mkdirSync(OUT_DIR, { recursive: true });
  await ensureCodeServer();
  const scratch = mkdtempSync(join(tmpdir(), 'mi-integration-'));
  try {
    return await runInScratch(args, scratch, t0);
  } finally {
    rmSync(scratch, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}

async function runInScratch(args: Args, scratch: string, t0: number): Promise<number> {
  const folder = args.folder ?? join(scratch, 'workspace');
  mkdirSync(folder, { recursive: true });
  let output = '';
  const extensionsDir = join(scratch, 'extensions');
  const userDataDir = join(scratch, 'user-data');
  // Another display language needs an installed extension that contributes it (scripts/languagePacks.ts).
  if (args.locale && args.locale !== 'en') await installLanguagePacks(extensionsDir, userDataDir, scratch);
  // The suite learns the run's language through code-server's environment (test/integration/index.ts picks locale/).
  if (args.locale) process.env.MI_INTEGRATION_LOCALE = args.locale;
  const server = await startCodeServer({
    userDataDir,
    extensionsDir,
    args: ['--vscode-option', 'enable-smoke-test-driver', ...localeArgs(args.locale)],
  });
  const browser = await prepareLocalePage(server.url, args.locale)
    .then(() => launchBrowser())
    .catch(async (error: unknown) => {
      await server.stop();
      throw error;
    });
  try {
    const { page } = browser;
    let ended = false;
    let finish: (outcome: Outcome) => void = () => undefined;
    const outcomePromise = new Promise<Outcome>((done) => {
      finish = (outcome) => {
        ended = true;
        done(outcome);
      };
    });
    // The smoke-test driver hands over the workbench log, where the extension host's console lands: (level, args)
    // with args as console.log got them (mocha prints through format strings), so util.format puts them together.
    await page.exposeFunction('codeAutomationLog', (level: unknown, args: unknown) => {
      const text = Array.isArray(args) ? format(...args) : String(args);
      output += `${text}\n`;
      if (ended || WORKBENCH_CHATTER.test(text)) return;
      process.stdout.write(level === 'error' || level === 'warn' ? `[vscode ${level}] ${text}\n` : `${text}\n`);
    });
    await page.exposeFunction('codeAutomationExit', (code: unknown, logs: unknown) => {
      writeVsCodeLogs(logs);
      finish(typeof code === 'number' ? { code } : { reason: `the extension host exited with "${String(code)}"` });
    });
    page.on('crash', () => finish({ reason: 'the browser page crashed' }));
    page.on('pageerror', (error) => writeFileSync(join(OUT_DIR, 'page-errors.log'), `${error}\n`, { flag: 'a' }));
    page.on('console', (message) => {
      writeFileSync(join(OUT_DIR, 'browser-console.log'), `[${message.type()}] ${message.text()}\n`, { flag: 'a' });
    });
    browser.context.on('close', () => finish({ reason: 'the browser closed' }));
    void server.exited.then((code) => finish({ reason: `code-server exited (${code}) during the run` }));
    const timer = setTimeout(
      () => finish({ reason: `timed out after ${args.timeoutMinutes} minutes without the suite's exit code` }),
      args.timeoutMinutes * 60_000,
    );
    const url = testUrl(server.url, folder, args.extensionPath, args.testsPath);
    say(`opening ${url}`);
    // Playwright's own 30-s navigation limit is too short under load; --timeout-minutes bounds the run.
    page
      .goto(url, { timeout: 120_000 })
      .catch((error: unknown) => finish({ reason: `could not open the workbench: ${error}` }));
    const outcome = await outcomePromise;
    clearTimeout(timer);
    if (outcome.code === undefined) {
      await page
        .screenshot({ path: join(OUT_DIR, 'failure.png') })
        .then(() => say(`screenshot: ${join(OUT_DIR, 'failure.png')}`))
        .catch(() => undefined);
    }
    // The browser can report 0 for an extension host that died (a SIGKILL reads as a clean exit there): the server
    // side, which spawned the process, has the real exit status.
    const hostExit = outcome.code === undefined ? undefined : await extensionHostExit(server.output);
    writeFileSync(join(OUT_DIR, 'output.log'), output);
    const seconds = ((Date.now() - t0) / 1000).toFixed(1);
    const totals = mochaTotals(output);
    if (totals) process.stdout.write(`integration: ${totals.passed} passed, ${totals.failed} failed\n`);
    if (outcome.code === undefined) {
      say(`FAILED: ${outcome.reason} (${seconds} s). Logs: ${LOG_FILE}, ${OUT_DIR}/`);
      return 1;
    }
    if (outcome.code !== 0) {
      say(`FAILED: the suite exited with code ${outcome.code} (${seconds} s). Output: ${join(OUT_DIR, 'output.log')}`);
      return outcome.code > 0 && outcome.code < 256 ? outcome.code : 1; // exit(256) would read as success
    }
    if (hostExit && (hostExit.code !== '0' || hostExit.signal !== 'null')) {
      say(
        `FAILED: the extension host died (code ${hostExit.code}, signal ${hostExit.signal}) though the workbench reported 0 (${seconds} s). Log: ${LOG_FILE}`,
      );
      return 1;
    }
    if (!totals) {
      say(
        `FAILED: the suite exited 0 but printed no mocha summary ("N passing"): did it run its tests? (${seconds} s). Output: ${join(OUT_DIR, 'output.log')}`,
      );
      return 1;
    }
    if (totals.failed > 0) {
      say(`FAILED: the suite exited 0 but mocha reported ${totals.failed} failing (${seconds} s)`);
      return 1;
    }
    if (!hostExit) say('warning: code-server logged no exit status for the extension host; trusting the suite code');
    say(`passed (${seconds} s)`);
    return 0;
  } finally {
    await browser.close();
    await server.stop();
    // The server side (remote extension host, remote agent) logs into the user-data folder about to be removed.
    try {
      cpSync(join(scratch, 'user-data', 'logs'), join(OUT_DIR, 'server-logs'), { recursive: true });
    } catch {
      // no server logs: nothing to keep
    }
  }
}

if (require.main === module) {
  Promise.resolve()
    .then(() => {
      const args = parseArgs(process.argv.slice(2));
      validate(args);
      process.chdir(ROOT);
      return runSuite(args);
    })
    .then(
      (code) => process.exit(code),
      (error: unknown) => {
        process.stderr.write(`[integration] ${error instanceof Error ? error.message : String(error)}\n`);
        process.exit(1);
      },
    );
}
