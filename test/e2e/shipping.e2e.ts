// The shipping quote panel as a person uses it: open it from the palette, fill a form, read the result table with the
// promise in words; a refused input says why beside the field. Screenshots in a light and a dark theme.
import * as assert from 'node:assert/strict';
import type { E2eSpec } from './support/workbench';

const spec: E2eSpec = {
  'signs in to the local sandbox and opens Quote Shipping… from the palette': async ({ workbench, page }) => {
    await workbench.runCommand('Marketplace: Use Local Sandbox');
    await page.locator('.statusbar-item', { hasText: 'TEST_SELLER_AUTOS' }).first().waitFor({ timeout: 30_000 });
    await workbench.closeAllEditors();
    await workbench.runCommand('Marketplace: Quote Shipping…');
    const view = workbench.webview();
    await view.locator('#form-siteZip').waitFor({ timeout: 30_000 });
  },

  'mode 1: a bad dimensions value is refused beside the field, and nothing is quoted': async ({ workbench }) => {
    const view = workbench.webview();
    await view.locator('#tab-siteZip').click();
    await view.locator('#siteZip-site').selectOption('MLB');
    await view.locator('#siteZip-zipFrom').fill('01310100');
    await view.locator('#siteZip-zipTo').fill('20040002');
    await view.locator('#siteZip-dimensions').fill('10x10,500');
    const error = view.locator('#siteZip-dimensions-error');
    await error.waitFor({ timeout: 10_000 });
    assert.match(await error.innerText(), /HxWxL,W/);
    assert.equal(await view.locator('#quote-siteZip').isDisabled(), true, 'the rule refuses: the form cannot quote');
    assert.equal(await view.locator('.quote-table').count(), 0);
  },

  'mode 1: a quote between two MLB postal codes shows each method with its cost and promise in words': async ({
    workbench,
    page,
    screenshot,
  }) => {
    const view = workbench.webview();
    await view.locator('#siteZip-dimensions').fill('10x10x20,500');
    await view
      .locator('#siteZip-dimensions-error')
      .waitFor({ state: 'hidden', timeout: 10_000 })
      .catch(() => undefined);
    await view.locator('#quote-siteZip').click();
    const rows = view.locator('.quote-table .quote-row');
    await rows.first().waitFor({ timeout: 30_000 });
    assert.ok((await rows.count()) >= 2, 'several methods');
    const promises = await view.locator('.quote-table .promise').allInnerTexts();
    assert.ok(
      promises.every((text) => /business day|Arrives|between/i.test(text)),
      promises.join(' | '),
    );
    assert.ok((await view.locator('.badge-cheapest').count()) >= 1);
    await workbench.useTheme('Light Modern');
    await page.waitForTimeout(500);
    await screenshot('shipping-light');
    await workbench.useTheme('Dark Modern');
    await page.waitForTimeout(500);
    await screenshot('shipping-dark');
  },

  'mode 3: several cities of MCO side by side, the cheapest and fastest marked across them': async ({
    workbench,
    screenshot,
  }) => {
    const view = workbench.webview();
    await view.locator('#tab-siteCities').click();
    await view.locator('#siteCities-cityFrom').selectOption('TUNPQ0JPR08');
    const destinations = view.locator('#siteCities-citiesTo');
    await destinations.locator('input[type=checkbox][value="TUNPQ01FREU"]').check();
    await destinations.locator('input[type=checkbox][value="TUNPQ0NBTEk"]').check();
    await view.locator('#siteCities-dimensions').fill('10x10x20,500');
    await view.locator('#quote-siteCities').click();
    const blocks = view.locator('.quote-block');
    await blocks.nth(1).waitFor({ timeout: 30_000 });
    assert.equal(await blocks.count(), 2);
    assert.ok((await view.locator('.badge-fastest').count()) >= 1);
    await screenshot('shipping-cities');
  },
};

export default spec;
