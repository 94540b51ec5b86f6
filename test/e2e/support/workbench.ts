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
  /** VS Code's display language in this run (`runE2e.ts --locale`): `en`, `es`, `pt-br`. */
  locale: string;
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
   * Opens a quick input with `key`, types `text` and presses Enter once the focused row holds `rowText`. The quick input
   * lists only what exists when it opens (commands register while the workbench starts; Quick Open sees a new file
   * once the file watcher reports it), so a row that is not listed yet is looked for in a freshly opened one, as a
   * person would, until `timeoutMs`.
   */
  async pick(key: string, text: string, rowText: string, timeoutMs = 30_000): Promise<void> {
    const input = this.page.locator('.quick-input-widget input.input');
    const row = this.page.locator('.quick-input-list .monaco-list-row.focused', { hasText: rowText });
    const deadline = Date.now() + timeoutMs;
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.page.keyboard.press(key);
        await input.waitFor({ state: 'visible', timeout: 10_000 });
        // A view or webview taking the focus as the input opens closes it again: then it is opened anew.
        await input.fill(text, { timeout: 5_000 });
        await row.waitFor({ timeout: Math.min(5000, Math.max(deadline - Date.now(), 1)) });
        break;
      } catch (error) {
        if (Date.now() >= deadline) {
          throw new Error(`the quick input lists no "${rowText}" after ${attempt} tries (${timeoutMs / 1000} s)`, {
            cause: error,
          });
        }
        if (await input.isVisible()) await input.press('Escape');
        await input.waitFor({ state: 'hidden' });
      }
    }
    await input.press('Enter');
  }

  /**
   * Starts a command by its palette title ("Category: Title"), as a person would: F1, type, Enter. Use it for a
   * command whose own prompt reuses the quick input at once; `runCommand` also waits for the palette to close.
   */
  async startCommand(title: string, timeoutMs = 30_000): Promise<void> {
    await this.pick('F1', `>${title}`, title, timeoutMs);
  }

  /** Runs a command by its palette title and waits for the palette to close. */
  async runCommand(title: string, timeoutMs = 30_000): Promise<void> {
    await this.startCommand(title, timeoutMs);
    await this.page.locator('.quick-input-widget input.input').waitFor({ state: 'hidden' });
  }

  /**
   * Closes every editor. A document an earlier spec left modified would stop it with "Do you want to save…?": its
   * changes are not this spec's to keep, so the dialog is answered "Don't Save".
   */
  async closeAllEditors(): Promise<void> {
    await this.startCommand('View: Close All Editors');
    const dialog = this.page.locator('.monaco-dialog-box', { hasText: 'Do you want to save' });
    const input = this.page.locator('.quick-input-widget input.input');
    await input.waitFor({ state: 'hidden' });
    // The question may come after a while (one per modified document): answer each until no tab is left.
    const tabs = this.page.locator('.editor-group-container .tabs-container .tab');
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      if (await dialog.isVisible()) await dialog.getByRole('button', { name: "Don't Save" }).click();
      if ((await tabs.count()) === 0) return;
      await this.page.waitForTimeout(200);
    }
    throw new Error('Close All Editors left tabs open');
  }

  /**
   * Switches the colour theme with its keyboard shortcut (Ctrl+K Ctrl+T), as a person would. A webview that holds the
   * focus may close the theme picker as it opens; the picker is opened again then, up to three times.
   */
  async useTheme(theme: string): Promise<void> {
    const input = this.page.locator('.quick-input-widget input.input');
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.page.keyboard.press('Escape');
        await this.page.keyboard.press('Control+K');
        await this.page.keyboard.press('Control+T');
        await input.waitFor({ state: 'visible', timeout: 15_000 });
        await input.fill(theme, { timeout: 5_000 });
        await this.page
          .locator('.quick-input-list .monaco-list-row.focused', { hasText: theme })
          .first()
          .waitFor({ timeout: 5_000 });
        await input.press('Enter', { timeout: 5_000 });
        await input.waitFor({ state: 'hidden' });
        return;
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
  }

  /** Opens a workspace file by name through Quick Open (Ctrl+P), as a person would. */
  async quickOpen(name: string): Promise<void> {
    await this.pick('Control+P', name, name);
    await this.page.locator('.tabs-container .tab', { hasText: name }).first().waitFor({ timeout: 15_000 });
  }

  /** Shows a view container of the activity bar by its name (e.g. "Explorer"); leaves it open if it already is. */
  async openViewContainer(name: string): Promise<void> {
    const tab = this.page.locator('.activitybar').getByRole('tab', { name });
    // Clicking the active container's tab would close the side bar.
    if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
    await this.page.locator('.sidebar').waitFor({ state: 'visible' });
  }

  /** Expands or collapses a view's pane of the side bar by clicking its title, as a person would, until it is so. */
  async setPaneExpanded(title: string, expanded: boolean): Promise<void> {
    const header = this.page.locator('.pane-header', { hasText: title }).first();
    const wanted = String(expanded);
    for (let attempt = 1; (await header.getAttribute('aria-expanded')) !== wanted; attempt += 1) {
      if (attempt > 3) throw new Error(`the ${title} pane did not ${expanded ? 'expand' : 'collapse'}`);
      await header.locator('.title').first().click();
      await this.page.waitForTimeout(300);
    }
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
