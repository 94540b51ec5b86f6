// From the editor to CI as a person meets it: Export Data as Fixtures… from the palette, VS Code's own save dialog on
// the suggested name, the notification that says what was written with Open and Copy Command Line, the copied line,
// and the line offered again in the title of the fixtures file. Screenshots in light, dark and high contrast.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { E2eSpec } from './support/workbench';

const FILE = 'marketplace-sandbox.fixtures.json';
const THEMES = [
  ['Light Modern', 'light'],
  ['Dark Modern', 'dark'],
  ['Default High Contrast', 'hc'],
] as const;

const spec: E2eSpec = {
  'signs in to the local sandbox': async ({ workbench, page }) => {
    await workbench.runCommand('Marketplace: Use Local Sandbox');
    await page.locator('.statusbar-item', { hasText: 'TEST_SELLER_AUTOS' }).first().waitFor({ timeout: 30_000 });
    await workbench.closeAllEditors();
  },

  'Export Data as Fixtures… saves under the suggested name and says what it wrote': async ({
    workbench,
    page,
    folder,
    screenshot,
  }) => {
    await workbench.startCommand('Marketplace Sandbox: Export Data as Fixtures…');
    // VS Code's own save dialog (a remote window's) opens on the workspace folder with the suggested name.
    const input = page.locator('.quick-input-widget input.input');
    await input.waitFor({ state: 'visible', timeout: 15_000 });
    await page.waitForFunction(
      (name) =>
        (document.querySelector('.quick-input-widget input.input') as HTMLInputElement | null)?.value.endsWith(name),
      FILE,
      { timeout: 15_000 },
    );
    await screenshot('fixtures-export-dialog');
    await input.press('Enter');
    // A file left by an earlier run is replaced after VS Code asks.
    const replace = page.locator('.quick-input-widget', { hasText: /already exists/ });
    if (await replace.isVisible().catch(() => false)) await input.press('Enter');

    await workbench.waitForNotification('Exported ', 30_000);
    // Once: the progress is gone and one notification says what was written.
    await page
      .locator('.notification-list-item', { hasText: 'Exporting the local sandbox data' })
      .first()
      .waitFor({ state: 'detached', timeout: 15_000 });
    const exported = page.locator('.notification-list-item', { hasText: 'Exported ' });
    assert.equal(await exported.count(), 1, 'the export ran once');
    const message = (await exported.first().locator('.notification-list-item-message').innerText()).trim();
    assert.match(
      message,
      new RegExp(`^Exported [\\d,]+ listings?, [\\d,]+ orders?.* to ${FILE.replaceAll('.', '\\.')}\\.`),
    );
    // The name as typed: no second ending from the dialog's filter.
    const written = join(folder, FILE);
    assert.ok(existsSync(written), `${written} was written`);
    const text = readFileSync(written, 'utf8');
    assert.ok(!text.includes('"$schema"'));
    assert.doesNotMatch(text, /SBX-[0-9a-f]{8,}/);
    await page.mouse.move(0, 0);
    for (const [theme, name] of THEMES) {
      await workbench.useTheme(theme);
      // Switching themes closes the notification centre: opened again, as a person would.
      await workbench.waitForNotification('Exported ');
      await page.waitForTimeout(400);
      await screenshot(`fixtures-exported-${name}`);
    }
    await workbench.useTheme('Dark Modern');

    // Copy Command Line from the notification: the line is shown and on the clipboard.
    await workbench.waitForNotification('Exported ');
    await page
      .locator('.notification-list-item', { hasText: 'Exported ' })
      .first()
      .getByRole('button', { name: 'Copy Command Line' })
      .click();
    await workbench.waitForNotification(`Copied: npx --no marketplace-sandbox --port 0 --fixtures ${FILE}`);
    await screenshot('fixtures-copied-dark');
  },

  'the fixtures file offers Copy Command Line in its title, and its schema loads': async ({
    workbench,
    page,
    screenshot,
  }) => {
    await workbench.quickOpen(FILE);
    const action = page.locator('.editor-actions').getByRole('button', { name: /Copy Command Line/ });
    await action.first().waitFor({ timeout: 15_000 });
    await page.waitForTimeout(1500);
    // No "Unable to load schema" on the file: the schema the extension contributes for *.fixtures.json applies.
    await workbench.runCommand('View: Focus Problems (Errors, Warnings, Infos)');
    await page.waitForTimeout(1000);
    const problems = await page
      .locator('.markers-panel')
      .innerText()
      .catch(() => '');
    assert.doesNotMatch(problems, /Unable to load schema/i, problems);
    for (const [theme, name] of THEMES) {
      await workbench.useTheme(theme);
      await page.waitForTimeout(400);
      await screenshot(`fixtures-file-${name}`);
    }
    await workbench.useTheme('Dark Modern');
    await page.keyboard.press('Control+J');
    await action.first().click();
    await workbench.waitForNotification(`Copied: npx --no marketplace-sandbox --port 0 --fixtures ${FILE}`);
  },
};

export default spec;
