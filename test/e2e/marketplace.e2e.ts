// What a person sees: the Marketplace view, the local sandbox, the tree of items and orders, the status bar.
import * as assert from 'node:assert/strict';
import type { E2eSpec } from './support/workbench';

const spec: E2eSpec = {
  'the Marketplace view starts with welcome content that says what to do': async ({ workbench, page, screenshot }) => {
    await workbench.openViewContainer('Marketplace');
    // The explorer's own welcome (the Request History's says how to start too, with its own Use Local Sandbox).
    const welcome = page.locator('.sidebar .pane', { has: page.locator('.pane-header', { hasText: 'Explorer' }) });
    await welcome.getByRole('button', { name: 'Use Local Sandbox' }).waitFor({ timeout: 30_000 });
    await welcome.getByRole('button', { name: 'Sign In…' }).waitFor();
    await welcome.getByRole('button', { name: 'Get Started' }).waitFor();
    await screenshot('marketplace-welcome');
  },

  'Use Local Sandbox signs in and shows the five roots': async ({ workbench, page }) => {
    await page
      .locator('.sidebar .pane', { has: page.locator('.pane-header', { hasText: 'Explorer' }) })
      .getByRole('button', { name: 'Use Local Sandbox' })
      .click();
    for (const root of ['Items', 'Orders', 'Size charts', 'Blacklist', 'Advertising']) {
      await workbench
        .treeItem(new RegExp(`^${root}`))
        .first()
        .waitFor({ timeout: 30_000 });
    }
    const status = page.locator('.statusbar-item', { hasText: 'TEST_SELLER_AUTOS' });
    await status.first().waitFor({ timeout: 15_000 });
    assert.match((await status.first().innerText()).replace(/\s+/g, ' '), /Sandbox · TEST_SELLER_AUTOS · MLA/);
  },

  'expanding Items and Orders shows the sandbox listings and reservation orders': async ({
    workbench,
    page,
    screenshot,
  }) => {
    // Widen the side bar as a person would, by dragging its edge, so descriptions are readable.
    const sidebar = await page.locator('.part.sidebar').boundingBox();
    if (sidebar) {
      const edge = sidebar.x + sidebar.width + 1;
      await page.mouse.move(edge, sidebar.y + 300);
      await page.mouse.down();
      await page.mouse.move(edge + 420, sidebar.y + 300, { steps: 8 });
      await page.mouse.up();
    }
    await workbench
      .treeItem(/^Items/)
      .first()
      .click();
    // Listings show price and stock in their description.
    const listing = page.locator('.sidebar .monaco-list-row', { hasText: /\d+ in stock/ });
    await listing.first().waitFor({ timeout: 30_000 });
    assert.ok((await listing.count()) >= 10, 'a page of listings is visible');
    await page.mouse.move(0, 0);
    await screenshot('marketplace-items');
    // Collapse Items with the keyboard, then open Orders.
    await workbench
      .treeItem(/^Items/)
      .first()
      .focus();
    await page.keyboard.press('ArrowLeft');
    await workbench
      .treeItem(/^Orders/)
      .first()
      .click();
    const order = page.locator('.sidebar .monaco-list-row', { hasText: /#\d{6,}/ });
    await order.first().waitFor({ timeout: 30_000 });
    assert.ok((await order.count()) >= 10, 'a page of orders is visible');
    await page.mouse.move(0, 0);
    await screenshot('marketplace-orders');
  },
};

export default spec;
