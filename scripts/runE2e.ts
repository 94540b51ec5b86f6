// End-to-end tests: a real VS Code (code-server) with the extension, driven in headless Chromium as a person would.
// Spec files (test/e2e/**/*.e2e.ts) default-export an E2eSpec: test titles mapped to async functions; each file gets
// a freshly loaded workbench, tests run in order, a failing test leaves a screenshot in test-results/e2e/.
//
// node --import tsx scripts/runE2e.ts (--extension-path DIR | --vsix FILE) [--spec GLOB]... [--folder DIR]
//      [--test-timeout-seconds 120] [--timeout-minutes 15] [--locale es]
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import type { E2eContext, E2eSpec } from '../test/e2e/support/workbench';
import { Workbench } from '../test/e2e/support/workbench';
import { launchBrowser } from './browser';
import { ensureCodeServer, installExtension, LOG_FILE, RESULTS_DIR, ROOT, startCodeServer } from './codeServer';
import { checkLocale, installLanguagePacks, localeArgs, prepareLocalePage } from './languagePacks';
import { remoteUri } from './runIntegration';

const OUT_DIR = join(RESULTS_DIR, 'e2e');

interface Args {
  extensionPath?: string;
  vsix?: string;
  specs: string[];
  folder?: string;
  testTimeoutSeconds: number;
  timeoutMinutes: number;
  /** VS Code's display language (`--locale`), `en` when not given. */
  locale: string;
}

/** A run in another language keeps the English run's files: its own start with `<locale>-`. */
const inOtherLanguage = (args: Args) => args.locale !== 'en';

function say(message: string): void {
  process.stdout.write(`[e2e] ${message}\n`);
}

function parseArgs(argv: string[]): Args {
  const args: Args = { specs: [], testTimeoutSeconds: 120, timeoutMinutes: 15, locale: 'en' };
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i] as string;
    const value = argv[i + 1];
    if (value === undefined) throw new Error(`${name} needs a value`);
    if (name === '--extension-path') args.extensionPath = resolve(value);
    else if (name === '--vsix') args.vsix = resolve(value);
    else if (name === '--spec') args.specs.push(value);
    else if (name === '--folder') args.folder = resolve(value);
    else if (name === '--test-timeout-seconds') args.testTimeoutSeconds = Number(value);
    else if (name === '--timeout-minutes') args.timeoutMinutes = Number(value);
    else if (name === '--locale') args.locale = checkLocale(value);
    else throw new Error(`unknown option ${name}`);
  }
  if (!args.extensionPath === !args.vsix) {
    throw new Error(
      'usage: runE2e.ts (--extension-path DIR | --vsix FILE) [--spec GLOB]... [--folder DIR] [--test-timeout-seconds N] [--timeout-minutes N] [--locale es]',
    );
  }
  if (args.extensionPath && !existsSync(join(args.extensionPath, 'package.json'))) {
    throw new Error(`--extension-path ${args.extensionPath} has no package.json`);
  }
  if (args.vsix && !existsSync(args.vsix)) throw new Error(`--vsix ${args.vsix} does not exist`);
  if (!(args.testTimeoutSeconds > 0) || !(args.timeoutMinutes > 0)) throw new Error('timeouts must be positive');
  if (args.specs.length === 0) args.specs.push('test/e2e/**/*.e2e.ts');
  return args;
}

/** A glob (`**`, `*`, `?`) relative to the project root as a regular expression over relative paths. */
function globToRegExp(glob: string): RegExp {
  let source = '';
  for (let i = 0; i < glob.length; i += 1) {
    const char = glob[i] as string;
    if (glob.startsWith('**/', i)) {
      source += '(?:.*/)?';
      i += 2;
    } else if (glob.startsWith('**', i)) {
      source += '.*';
      i += 1;
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? listFiles(path) : [path];
  });
}

function findSpecs(globs: string[]): string[] {
  // Specs run in the order of the --spec arguments (sorted within one glob), each file once: a spec that needs a
  // fresh workbench (the welcome view) is listed first.
  const found = new Set<string>();
  for (const glob of globs) {
    const normalized = relative(ROOT, resolve(ROOT, glob));
    const base = normalized.split('/').findIndex((part) => /[*?]/.test(part));
    const baseDir = join(ROOT, ...normalized.split('/').slice(0, base < 0 ? undefined : base));
    const pattern = globToRegExp(normalized);
    const candidates = base < 0 ? [join(ROOT, normalized)] : listFiles(baseDir).sort();
    for (const file of candidates) if (existsSync(file) && pattern.test(relative(ROOT, file))) found.add(file);
  }
  return [...found];
}

function loadSpec(file: string): E2eSpec {
  const loaded = require(file) as { default?: unknown };
  const spec = (loaded.default ?? loaded) as Record<string, unknown>;
  const entries = Object.entries(spec ?? {});
  if (entries.length === 0 || entries.some(([, test]) => typeof test !== 'function')) {
    throw new Error(`${relative(ROOT, file)} must default-export an E2eSpec: { 'title': async (context) => {…} }`);
  }
  return spec as E2eSpec;
}

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`${what} timed out after ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const fileSafe = (text: string) =>
  text
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();

async function runE2e(args: Args): Promise<number> {
  const t0 = Date.now();
  const specFiles = findSpecs(args.specs);
  if (specFiles.length === 0) throw new Error(`no e2e spec matched ${args.specs.join(', ')}`);
  const specs = specFiles.map((file) => ({ file, spec: loadSpec(file) }));
  if (inOtherLanguage(args)) {
    // The English run's screenshots stay; this language's earlier ones go.
    mkdirSync(OUT_DIR, { recursive: true });
    for (const file of readdirSync(OUT_DIR)) {
      if (file.startsWith(`${args.locale}-`)) rmSync(join(OUT_DIR, file), { force: true });
    }
  } else {
    rmSync(OUT_DIR, { recursive: true, force: true });
    mkdirSync(OUT_DIR, { recursive: true });
  }

  await ensureCodeServer();
  const scratch = mkdtempSync(join(tmpdir(), 'mi-e2e-'));
  try {
    return await runInScratch(args, specs, scratch, t0);
  } finally {
    rmSync(scratch, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}

async function runInScratch(
  args: Args,
  specs: { file: string; spec: E2eSpec }[],
  scratch: string,
  t0: number,
): Promise<number> {
  const folder = args.folder ?? join(scratch, 'workspace');
  mkdirSync(folder, { recursive: true });
  const extensionsDir = join(scratch, 'extensions');
  const userDataDir = join(scratch, 'user-data');
  if (args.vsix) await installExtension(args.vsix, { extensionsDir });
  // Another display language needs an installed extension that contributes it (scripts/languagePacks.ts).
  if (inOtherLanguage(args)) await installLanguagePacks(extensionsDir, userDataDir, scratch);
  // The smoke-test driver is what makes code-server honour extensionDevelopmentPath in the URL's payload; it is on in
  // both modes so a spec sees the same workbench either way (its one visible effect: notifications go straight to the
  // notification center instead of toasts, which Workbench.waitForNotification handles).
  const server = await startCodeServer({
    userDataDir,
    extensionsDir,
    args: ['--vscode-option', 'enable-smoke-test-driver', ...localeArgs(args.locale)],
  });
  let url = `${server.url}/?folder=${encodeURIComponent(folder)}`;
  if (args.extensionPath) {
    const payload = [['extensionDevelopmentPath', remoteUri(new URL(server.url).host, args.extensionPath)]];
    url += `&payload=${encodeURIComponent(JSON.stringify(payload))}`;
  }
  const browser = await prepareLocalePage(server.url, args.locale)
    .then(() => launchBrowser())
    .catch(async (error: unknown) => {
      await server.stop();
      throw error;
    });
  const { page } = browser;
  const prefix = inOtherLanguage(args) ? `${args.locale}-` : '';
  page.on('pageerror', (error) =>
    writeFileSync(join(OUT_DIR, `${prefix}page-errors.log`), `${error}\n`, { flag: 'a' }),
  );
  page.on('console', (message) => {
    const line = `[${message.type()}] ${message.text()}\n`;
    writeFileSync(join(OUT_DIR, `${prefix}browser-console.log`), line, { flag: 'a' });
  });
  const workbench = new Workbench(page);
  const context: E2eContext = {
    page,
    workbench,
    folder,
    locale: args.locale,
    screenshot: async (name) => {
      const path = join(OUT_DIR, `${fileSafe(name)}.png`);
      await page.screenshot({ path });
      say(`  screenshot: ${relative(ROOT, path)}`);
      return path;
    },
  };
  let serverGone: string | undefined;
  void server.exited.then((code) => {
    serverGone = `code-server exited (${code}); see ${relative(ROOT, LOG_FILE)}`;
  });
  let passed = 0;
  let failed = 0;
  const overall = Date.now() + args.timeoutMinutes * 60_000;
  try {
    for (const { file, spec } of specs) {
      say(relative(ROOT, file));
      let ready = true;
      try {
        await withTimeout(
          (async () => {
            // Playwright's own 30-s navigation limit is too short under load (and for a page in another language):
            // the 120 s of this step bound it instead.
            await page.goto(url, { timeout: 120_000 });
            await workbench.waitReady();
          })(),
          120_000,
          'opening the workbench',
        );
      } catch (error) {
        ready = false;
        say(`  could not open the workbench: ${(error as Error).message}`);
        const shot = join(OUT_DIR, `${prefix}${fileSafe(relative(ROOT, file))}--open.failure.png`);
        await page.screenshot({ path: shot }).catch(() => undefined);
      }
      for (const [title, test] of Object.entries(spec)) {
        const started = Date.now();
        const skipped =
          serverGone ??
          (!ready ? 'workbench not ready' : undefined) ??
          (Date.now() > overall ? `over the ${args.timeoutMinutes}-minute budget` : undefined);
        if (skipped) {
          failed += 1;
          say(`  ✗ ${title} (${skipped})`);
          continue;
        }
        try {
          await withTimeout(test(context), args.testTimeoutSeconds * 1000, `"${title}"`);
          passed += 1;
          say(`  ✓ ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
        } catch (error) {
          failed += 1;
          const shot = join(OUT_DIR, `${prefix}${fileSafe(relative(ROOT, file))}--${fileSafe(title)}.failure.png`);
          await page.screenshot({ path: shot }).catch(() => undefined);
          say(`  ✗ ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
          say(`    ${(error as Error).message?.split('\n').join('\n    ')}`);
          say(`    screenshot: ${relative(ROOT, shot)}`);
        }
        await workbench.dismiss().catch(() => undefined);
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  process.stdout.write(`e2e: ${passed} passed, ${failed} failed\n`);
  if (failed > 0)
    say(`FAILED (${seconds} s). Screenshots: ${relative(ROOT, OUT_DIR)}/, log: ${relative(ROOT, LOG_FILE)}`);
  else say(`passed (${seconds} s)`);
  return failed > 0 || passed === 0 ? 1 : 0;
}

if (require.main === module) {
  Promise.resolve()
    .then(() => runE2e(parseArgs(process.argv.slice(2))))
    .then(
      (code) => process.exit(code),
      (error: unknown) => {
        process.stderr.write(`[e2e] ${error instanceof Error ? error.message : String(error)}\n`);
        process.exit(1);
      },
    );
}
