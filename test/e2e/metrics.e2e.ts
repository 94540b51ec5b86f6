// The campaign metrics panel as a person sees it: a campaign of the explorer opens its charts, drawn (pixels that are
// not the background), with the summary cards. Screenshots in a light and a dark theme.
import * as assert from 'node:assert/strict';
import type { FrameLocator } from 'playwright-core';
import { openSeededCampaign } from './support/campaigns';
import type { E2eSpec } from './support/workbench';

/** How many sampled pixels of the first chart differ from its top-left corner (the background). */
async function drawnPixels(view: FrameLocator): Promise<number> {
  return view
    .locator('#charts canvas.chart')
    .first()
    .evaluate((canvas: HTMLCanvasElement) => {
      const context = canvas.getContext('2d');
      if (!context) return 0;
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      const background = [data[0], data[1], data[2], data[3]];
      let differing = 0;
      for (let index = 0; index < data.length; index += 4 * 17) {
        if (
          data[index] !== background[0] ||
          data[index + 1] !== background[1] ||
          data[index + 2] !== background[2] ||
          data[index + 3] !== background[3]
        )
          differing += 1;
      }
      return differing;
    });
}

const spec: E2eSpec = {
  'signs in to the local sandbox and opens a campaign of the explorer': async ({ workbench, page }) => {
    await workbench.runCommand('Marketplace: Use Local Sandbox');
    await page.locator('.statusbar-item', { hasText: 'TEST_SELLER_AUTOS' }).first().waitFor({ timeout: 30_000 });
    await workbench.closeAllEditors();
    await workbench.openViewContainer('Marketplace');
    await openSeededCampaign(workbench);
    await workbench.webview().locator('#range-form').waitFor({ timeout: 30_000 });
  },

  'the charts are drawn and the summary cards show the API’s summary, in a light and a dark theme': async ({
    workbench,
    page,
    screenshot,
  }) => {
    const view = workbench.webview();
    await view.locator('#cards .card').first().waitFor({ timeout: 30_000 });
    assert.ok((await view.locator('#cards .card').count()) >= 8);
    await view.locator('#charts canvas.chart').first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(800);
    assert.ok((await drawnPixels(view)) > 50, 'the first chart has drawn pixels');
    // Room for the charts: the bottom panel an earlier spec opened is closed, and the cards are scrolled to the top.
    if (await page.locator('.part.panel').isVisible()) await page.keyboard.press('Control+J');
    await view.locator('#cards').evaluate((cards) => cards.scrollIntoView({ block: 'start' }));
    await workbench.useTheme('Light Modern');
    await page.waitForTimeout(800);
    await screenshot('metrics-light');
    await workbench.useTheme('Dark Modern');
    await page.waitForTimeout(800);
    assert.ok((await drawnPixels(view)) > 50, 'still drawn after the theme changed');
    await screenshot('metrics-dark');
  },

  'a range more than 90 days back is refused in the form with the rule’s reason': async ({ workbench }) => {
    const view = workbench.webview();
    await view.locator('#range-from').fill('2020-01-01');
    const error = view.locator('#range-error');
    await error.waitFor({ timeout: 10_000 });
    assert.match(await error.innerText(), /2022-09-01|90 days/);
  },
};

export default spec;
