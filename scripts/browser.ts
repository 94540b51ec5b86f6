// Headless Debian Chromium driven by playwright-core (Playwright's own browser download is not reachable here).
// Every launch gets a fresh profile folder, removed on close.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { ensureDebianPackages } from './debianPackages';

export const CHROMIUM = '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface LaunchedBrowser {
  context: BrowserContext;
  /** The context's first page. */
  page: Page;
  /** Closes the browser and removes its profile folder. Safe to call twice. */
  close(): Promise<void>;
}

export interface LaunchOptions {
  viewport?: { width: number; height: number };
  /** Default timeout of page actions and waits. */
  actionTimeoutMs?: number;
}

/** Ensures Debian's chromium is installed (apt-get when missing and root). */
export function ensureChromium(): void {
  ensureDebianPackages([{ pkg: 'chromium', proof: CHROMIUM, why: 'the browser Playwright drives (headless)' }]);
}

/** Launches headless Chromium with a fresh profile. */
export async function launchBrowser(options: LaunchOptions = {}): Promise<LaunchedBrowser> {
  ensureChromium();
  const profile = mkdtempSync(join(tmpdir(), 'mi-chromium-'));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      // Playwright hides scrollbars in headless mode; a person sees them, and the specs check that they show.
      ignoreDefaultArgs: ['--hide-scrollbars'],
      viewport: options.viewport ?? { width: 1440, height: 900 },
      timeout: 60_000,
    });
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    throw new Error(`could not launch ${CHROMIUM}: ${error instanceof Error ? error.message : String(error)}`);
  }
  context.setDefaultTimeout(options.actionTimeoutMs ?? 30_000);
  const page = context.pages()[0] ?? (await context.newPage());
  let closed: Promise<void> | undefined;
  const close = () => {
    closed ??= context
      .close()
      .catch(() => undefined)
      .finally(() => rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 }));
    return closed;
  };
  return { context, page, close };
}
