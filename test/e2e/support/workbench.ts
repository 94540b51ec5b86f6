// What e2e specs drive: a page showing a real VS Code workbench (code-server in headless Chromium), with the selectors
// that proved to work on VS Code 1.139. Specs get an E2eContext from scripts/runE2e.ts.
import type { FrameLocator, Locator, Page } from 'playwright-core';

export interface E2eContext {
  page: Page;
  workbench: Workbench;
  /** Saves a PNG of the page under test-results/e2e/ and returns its path. */
  screenshot(name: string): Promise<string>;
  /** The folder the workbench has open. */
  folder: string;
}

/** An e2e spec file's default export: test titles mapped to async tests, run in order in one workbench. */
export type E2eSpec = Record<string, (context: E2eContext) => Promise<void>>;

export class Workbench {
  constructor(readonly page: Page) {}

  /** Waits until the workbench is rendered and its extension host has started. */
  async waitReady(timeoutMs = 90_000): Promise<void> {
    await this.page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: timeoutMs });
    await this.page.locator('.activitybar').waitFor({ state: 'visible', timeout: timeoutMs });
    await this.page.locator('[id="status.notifications"]').waitFor({ state: 'attached', timeout: timeoutMs });
  }

  /** Closes whatever quick input or menu is open. */
  async dismiss(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await this.page.keyboard.press('Escape');
  }

  /**
   * Runs a command by its palette title ("Category: Title"), as a person would: F1, type, Enter. The palette lists
   * only what is registered when it opens, and extensions register while the workbench starts, so a title that is
   * not listed yet is typed again in a freshly opened palette until `timeoutMs`.
   */
  async runCommand(title: string, timeoutMs = 30_000): Promise<void> {
    const input = this.page.locator('.quick-input-widget input.input');
    const row = this.page.locator('.quick-input-list .monaco-list-row.focused', { hasText: title });
    const deadline = Date.now() + timeoutMs;
    for (let attempt = 1; ; attempt += 1) {
      await this.page.keyboard.press('F1');
      await input.waitFor({ state: 'visible' });
      await input.fill(`>${title}`);
      try {
        await row.waitFor({ timeout: Math.min(5000, Math.max(deadline - Date.now(), 1)) });
        break;
      } catch (error) {
        if (Date.now() >= deadline) {
          throw new Error(`the command palette lists no "${title}" after ${attempt} tries (${timeoutMs / 1000} s)`, {
            cause: error,
          });
        }
        await input.press('Escape');
        await input.waitFor({ state: 'hidden' });
      }
    }
    await input.press('Enter');
    await input.waitFor({ state: 'hidden' });
  }

  /** Opens a workspace file by name through Quick Open (Ctrl+P), as a person would. */
  async quickOpen(name: string): Promise<void> {
    const input = this.page.locator('.quick-input-widget input.input');
    const row = this.page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first();
    // Quick Open lists a file only once the file watcher has reported it: a file written a moment ago may need the
    // picker opened again, as a person would.
    const deadline = Date.now() + 30_000;
    for (;;) {
      await this.page.keyboard.press('Control+P');
      await input.waitFor({ state: 'visible' });
      await input.fill(name);
      try {
        await row.waitFor({ timeout: 5_000 });
        break;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await input.press('Escape');
        await input.waitFor({ state: 'hidden' });
      }
    }
    await input.press('Enter');
    await this.page.locator('.tabs-container .tab', { hasText: name }).first().waitFor({ timeout: 15_000 });
  }

  /** Shows a view container of the activity bar by its name (e.g. "Explorer"); leaves it open if it already is. */
  async openViewContainer(name: string): Promise<void> {
    const tab = this.page.locator('.activitybar').getByRole('tab', { name });
    // Clicking the active container's tab would close the side bar.
    if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
    await this.page.locator('.sidebar').waitFor({ state: 'visible' });
  }

  /** A row of a tree view. */
  treeItem(name: string | RegExp): Locator {
    return this.page.getByRole('treeitem', { name });
  }

  /** The content of the active webview panel. */
  webview(): FrameLocator {
    return this.page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
  }

  /**
   * Waits for a notification containing `text`. A toast counts; otherwise (the smoke-test driver suppresses toasts)
   * the notification center is opened from the status bar and searched.
   */
  async waitForNotification(text: string, timeoutMs = 15_000): Promise<void> {
    const message = this.page.locator('.notification-list-item-message', { hasText: text });
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (await message.first().isVisible()) return;
      if (!(await this.page.locator('.notifications-center.visible').isVisible())) {
        await this.page.locator('[id="status.notifications"]').click();
      }
      await this.page.waitForTimeout(250);
    }
    throw new Error(`no notification containing "${text}" within ${timeoutMs / 1000} s`);
  }
}
