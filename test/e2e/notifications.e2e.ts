// Notifications as a person meets them: the view's welcome following the receiver, a sandbox event triggered from the
// palette, its notifications in the Notifications view, grouped by topic, with attempts and times that move on by
// themselves, and a trigger with the receiver stopped (asked, left stopped, pulled as missed). Screenshots in a light
// and a dark theme.
import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { choose } from './support/walkthroughPage';
import type { E2eSpec } from './support/workbench';

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

  'the welcome follows the receiver: once it listens, it offers to trigger an event, not to start it': async ({
    workbench,
    page,
    screenshot,
  }) => {
    const pane = page.locator('.pane', { hasText: 'Notifications' });
    const welcome = pane.locator('.welcome-view-content');
    await welcome.getByRole('button', { name: 'Start Notification Receiver' }).click();
    await welcome.getByRole('button', { name: 'Trigger Sandbox Event…' }).waitFor({ timeout: 15_000 });
    await welcome.getByText(/The receiver is listening/).waitFor();
    // Neither the welcome nor the view's title offers to start what runs (the title's actions follow the same context
    // key a moment after the welcome).
    await pane
      .getByRole('button', { name: 'Start Notification Receiver' })
      .first()
      .waitFor({ state: 'detached', timeout: 5_000 });
    assert.equal(await pane.getByRole('button', { name: 'Start Notification Receiver' }).count(), 0);
    await workbench.dismiss();
    // Room for the welcome, as a person would make it: the panes above collapsed by their titles.
    for (const title of ['Explorer', 'Request History']) await workbench.setPaneExpanded(title, false);
    await page.mouse.move(0, 0);
    for (const [theme, name] of [
      ['Light Modern', 'notifications-welcome-listening-light'],
      ['Dark Modern', 'notifications-welcome-listening-dark'],
    ]) {
      await workbench.useTheme(theme!);
      await page.waitForTimeout(500);
      await screenshot(name!);
    }
    for (const title of ['Explorer', 'Request History']) await workbench.setPaneExpanded(title, true);
  },

  'a reservation triggered from the palette, then paid: its notifications appear grouped by topic': async ({
    workbench,
    page,
    screenshot,
  }) => {
    await workbench.startCommand('Marketplace Sandbox: Trigger Event…');
    await choose(page, 'A buyer reserves a vehicle listing', 'reserves a vehicle', 'Sandbox: Trigger Event');
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
    await choose(page, 'The buyer pays a reservation', 'pays a reservation', 'Sandbox: Trigger Event');
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
    // A click opens the notification as it was received, in a tab titled by what it is.
    const row = pane.getByRole('treeitem', { name: /^orders_v2 \/orders\/\d+/ }).first();
    const order = (await row.getAttribute('aria-label'))?.match(/\/orders\/(\d+)/)?.[1];
    await row.click();
    await page
      .locator('.tabs-container .tab', { hasText: `orders_v2 · ${order} (notification)` })
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

  'relative times move on by themselves while the view is shown, with no new notification': async ({
    workbench,
    page,
    screenshot,
  }) => {
    for (const title of ['Explorer', 'Request History']) await workbench.setPaneExpanded(title, false);
    await workbench.setPaneExpanded('Notifications', true);
    const url = await receiverUrl(page);
    // Notifications as a marketplace sends them, sent a while ago: one 35 s ago is "just now" for 10 s more.
    const now = Date.now();
    const run = now.toString(36);
    for (const [ago, resource] of [
      [2 * 3_600_000, '/items/MLA1400000201'],
      [3 * 60_000, '/items/MLA1400000202'],
      [35_000, '/items/MLA1400000104'],
    ] as const) {
      const answer = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          _id: `e2e-${run}-${ago}`,
          resource,
          user_id: 1400000001,
          topic: 'items_prices',
          application_id: 5503910054141466,
          attempts: 1,
          sent: new Date(now - ago).toISOString(),
          received: new Date(now - ago).toISOString(),
        }),
      });
      assert.equal(answer.status, 200, `the receiver at ${url} acknowledges`);
    }
    const pane = page.locator('.pane', { hasText: 'Notifications' });
    const fresh = pane.getByRole('treeitem', { name: /^items_prices \/items\/MLA1400000104, / }).first();
    await fresh.waitFor({ timeout: 15_000 });
    assert.match((await fresh.getAttribute('aria-label')) ?? '', /sent just now/);
    // Without any new notification or click, the row reads "1 min ago" once its 45 seconds are up.
    await pane
      .getByRole('treeitem', { name: /^items_prices \/items\/MLA1400000104, 1 attempt · sent 1 min ago/ })
      .first()
      .waitFor({ timeout: 20_000 });
    await page.mouse.move(0, 0);
    for (const [theme, name] of [
      ['Light Modern', 'notifications-times-light'],
      ['Dark Modern', 'notifications-times-dark'],
    ]) {
      await workbench.useTheme(theme!);
      await page.waitForTimeout(500);
      await screenshot(name!);
    }
  },

  'Trigger Event with the receiver stopped asks first; left stopped, the event is pulled as missed': async ({
    workbench,
    page,
    screenshot,
  }) => {
    const pane = page.locator('.pane', { hasText: 'Notifications' });
    await page.locator('.pane-header', { hasText: 'Notifications' }).first().hover();
    await pane.getByRole('button', { name: 'Stop Notification Receiver' }).click();
    await page.locator('.statusbar-item', { hasText: /Receiver · \d+/ }).waitFor({ state: 'hidden' });
    await workbench.startCommand('Marketplace Sandbox: Trigger Event…');
    await choose(page, 'The seller pauses a listing', 'pauses a listing', 'Sandbox: Trigger Event');
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor({ timeout: 15_000 });
    await dialog.getByText('The notification receiver is stopped.').waitFor();
    for (const name of ['Start Receiver and Trigger', 'Trigger Anyway', 'Cancel']) {
      await dialog.getByRole('button', { name }).waitFor();
    }
    await screenshot('notifications-trigger-stopped-dark');
    await dialog.getByRole('button', { name: 'Trigger Anyway' }).click();
    await workbench.waitForNotification('The receiver is stopped');
    await workbench.dismiss();
    assert.equal(await page.locator('.statusbar-item', { hasText: /Receiver · \d+/ }).count(), 0, 'still stopped');
    // Pulled from the missed feeds: the sandbox never tried to deliver it, and the row says so.
    await workbench.runCommand('Marketplace: Pull Missed Notifications');
    const pulled = pane.getByRole('treeitem', { name: /^items \/items\/MLA\d+, 0 attempts · sent .* · pulled / });
    await pulled.first().waitFor({ timeout: 15_000 });
    await page.mouse.move(0, 0);
    await workbench.useTheme('Light Modern');
    await page.waitForTimeout(500);
    await screenshot('notifications-pulled-light');
    for (const title of ['Explorer', 'Request History']) await workbench.setPaneExpanded(title, true);
    await workbench.setPaneExpanded('Notifications', false);
  },
};

/** The receiver's URL, as its status bar item's tooltip shows it. */
async function receiverUrl(page: Page): Promise<string> {
  await page
    .locator('.statusbar-item', { hasText: /Receiver · \d+/ })
    .first()
    .hover();
  const hover = page
    .locator('.monaco-hover, .workbench-hover', { hasText: /http:\/\/127\.0\.0\.1:\d+\/notifications/ })
    .first();
  await hover.waitFor({ timeout: 10_000 });
  const url = (await hover.innerText()).match(/http:\/\/127\.0\.0\.1:\d+\/notifications/)?.[0];
  await page.mouse.move(0, 0);
  assert.ok(url, 'the status bar names the receiver’s URL');
  return url;
}

export default spec;
