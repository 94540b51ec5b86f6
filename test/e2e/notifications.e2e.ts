// Notifications as a person meets them: a sandbox event triggered from the palette, its notifications in the
// Notifications view, grouped by topic, with attempts and times. Screenshots in a light and a dark theme.
import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { E2eSpec } from './support/workbench';

/** Answers the quick pick a command opened: types, waits for the focused row, Enter. */
async function choose(page: Page, text: string, rowText: string): Promise<void> {
  const input = page.locator('.quick-input-widget input.input');
  await input.waitFor({ state: 'visible', timeout: 15_000 });
  await input.fill(text);
  await page.locator('.quick-input-list .monaco-list-row.focused', { hasText: rowText }).waitFor({ timeout: 15_000 });
  await input.press('Enter');
  await input.waitFor({ state: 'hidden' });
}

const spec: E2eSpec = {
  'signs in to the local sandbox; the Notifications view says how to fill it': async ({ workbench, page }) => {
    await workbench.runCommand('Marketplace: Use Local Sandbox');
    await page.locator('.statusbar-item', { hasText: 'TEST_SELLER_AUTOS' }).first().waitFor({ timeout: 30_000 });
    await workbench.closeAllEditors();
    if (await page.locator('.part.panel').isVisible()) await page.keyboard.press('Control+J');
    await workbench.openViewContainer('Marketplace');
    // The view starts collapsed under the explorer; Show Notifications opens it.
    await workbench.runCommand('Marketplace: Show Notifications');
    await workbench.runCommand('Marketplace: Clear Notifications…').catch(() => undefined);
    const dialog = page.locator('.monaco-dialog-box');
    if (await dialog.isVisible()) await dialog.getByRole('button', { name: 'Clear' }).click();
    const pane = page.locator('.pane', { hasText: 'Notifications' });
    await pane.getByRole('button', { name: 'Start Notification Receiver' }).first().waitFor({ timeout: 15_000 });
  },

  'a reservation triggered from the palette, then paid: its notifications appear grouped by topic': async ({
    workbench,
    page,
    screenshot,
  }) => {
    await workbench.startCommand('Marketplace Sandbox: Trigger Event…');
    await choose(page, 'reserves a vehicle', 'A buyer reserves a vehicle listing');
    const pane = page.locator('.pane', { hasText: 'Notifications' });
    await pane
      .getByRole('treeitem', { name: /^created_orders \/orders\/\d+/ })
      .first()
      .waitFor({ timeout: 30_000 });
    // The receiver's status bar item shows how many notifications the feed holds.
    await page
      .locator('.statusbar-item', { hasText: /Receiver · \d+/ })
      .first()
      .waitFor();

    await workbench.startCommand('Marketplace Sandbox: Trigger Event…');
    await choose(page, 'pays a reservation', 'The buyer pays a reservation');
    // Room for the feed, as a person would make it: the Explorer and Request History panes collapsed by their titles.
    for (const title of ['Explorer', 'Request History']) await workbench.setPaneExpanded(title, false);
    // A payment notifies payments, items (the vehicle's stock), orders and orders_v2, each on its own delivery.
    for (const topic of ['created_orders', 'orders', 'orders_v2', 'payments']) {
      await pane
        .getByRole('treeitem', { name: new RegExp(`^${topic} /`) })
        .first()
        .waitFor({ timeout: 30_000 });
    }
    const labels = await pane
      .getByRole('treeitem')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label') ?? ''));
    assert.ok(
      labels.some((label) => /1 attempt · sent .* · received /.test(label)),
      labels.join(' | '),
    );
    // Widen the side bar as a person would, by dragging its edge, so each row's attempts and times are readable.
    const sidebar = await page.locator('.part.sidebar').boundingBox();
    if (sidebar && sidebar.width < 600) {
      const edge = sidebar.x + sidebar.width + 1;
      await page.mouse.move(edge, sidebar.y + 300);
      await page.mouse.down();
      await page.mouse.move(edge + 300, sidebar.y + 300, { steps: 8 });
      await page.mouse.up();
    }
    // A click opens the notification as it was received.
    const row = pane.getByRole('treeitem', { name: /^orders_v2 \/orders\/\d+/ }).first();
    await row.click();
    await page
      .locator('.tabs-container .tab', { hasText: /\.json/ })
      .first()
      .waitFor({ timeout: 15_000 });
    const text = await page.locator('.editor-instance .view-lines').first().innerText();
    assert.match(text, /"topic":\s*"orders_v2"/);
    await page.mouse.move(0, 0);
    await workbench.useTheme('Light Modern');
    await page.waitForTimeout(500);
    await screenshot('notifications-light');
    await workbench.useTheme('Dark Modern');
    await page.waitForTimeout(500);
    await screenshot('notifications-dark');
  },

  'the inline action opens the order the notification names, as the API returns it': async ({ workbench, page }) => {
    const pane = page.locator('.pane', { hasText: 'Notifications' });
    const row = pane.getByRole('treeitem', { name: /^orders_v2 \/orders\/\d+/ }).first();
    await row.hover();
    await row.getByRole('button', { name: 'Open Notification Resource' }).click();
    await page
      .locator('.tabs-container .tab', { hasText: /^\d+\.json/ })
      .first()
      .waitFor({ timeout: 15_000 });
    await page
      .locator('.editor-instance .view-lines', { hasText: /"id":\s*\d{10}/ })
      .first()
      .waitFor({ timeout: 15_000 });
    // The explorer shows the order too, selected.
    const order = (await row.getAttribute('aria-label'))?.match(/\/orders\/(\d+)/)?.[1];
    await page
      .getByRole('treeitem', { name: new RegExp(`^#${order}`), selected: true })
      .first()
      .waitFor({ timeout: 15_000 });
    await workbench.closeAllEditors();
    // The panes collapsed for the feed open again, as the next specs expect them.
    for (const title of ['Explorer', 'Request History']) await workbench.setPaneExpanded(title, true);
    await workbench.setPaneExpanded('Notifications', false);
  },
};

export default spec;
