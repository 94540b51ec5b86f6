// The shipping quote panel as a person uses it: open it from the palette, fill a form, read the result table with the
// promise in words; a refused input says why beside the field. The signed-in seller's cities, city ids typed by hand,
// the listing's destination, the delivery promise and its JSON; no CSP violation in the console; and the panel at
// 400, 500 and 1600 px wide, photographed in the light, dark and high-contrast themes.
import * as assert from 'node:assert/strict';
import type { ConsoleMessage, FrameLocator, Page } from 'playwright-core';
import { SITES } from '../../src/sandbox/shipping/geo';
import { SEEDED_SHIPMENT_IDS } from '../../src/sandbox/shipping/seed';
import { quoteMlb } from './support/shippingQuote';
import type { E2eSpec, Workbench } from './support/workbench';

/** What the browser console said from the moment the panel was first opened. */
const consoleLines: string[] = [];
const listen = (message: ConsoleMessage) => consoleLines.push(`[${message.type()}] ${message.text()}`);

const MLA_CITIES = SITES.MLA!.cities;

async function setSideBar(workbench: Workbench, visible: boolean): Promise<void> {
  const sidebar = workbench.page.locator('.part.sidebar');
  if ((await sidebar.isVisible()) !== visible) await workbench.page.keyboard.press('Control+B');
  await sidebar.waitFor({ state: visible ? 'visible' : 'hidden', timeout: 10_000 });
}

/** Sizes the window so that the editor group (the side bar hidden) is `width` px wide, as a person's narrow group. */
async function setGroupWidth(workbench: Workbench, width: number, height = 900): Promise<void> {
  const { page } = workbench;
  await setSideBar(workbench, false);
  let viewport = width + 48;
  for (let attempt = 0; attempt < 4; attempt += 1) {
    await page.setViewportSize({ width: viewport, height });
    await page.waitForTimeout(500);
    const group = (await page.locator('.part.editor').boundingBox())?.width ?? 0;
    if (Math.abs(group - width) <= 2) return;
    viewport += Math.round(width - group);
  }
  throw new Error(`the editor group did not become ${width} px wide`);
}

/**
 * What does not fit in the panel's page as it is drawn: a page wider than its window (no side scrolling wanted), a
 * mode tab outside the window, a field label cut, a result table missing a column or overflowing without a visible
 * scrollbar, a page taller than its window that does not scroll.
 */
function layoutProblems(view: FrameLocator): Promise<string[]> {
  return view.locator('body').evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    const width = root.clientWidth;
    if (root.scrollWidth > width + 1) problems.push(`the page is ${root.scrollWidth} px wide in a ${width} px window`);
    // No named helpers here: the test runner's build would wrap them in a function the page does not have.
    for (const tab of document.querySelectorAll('vscode-panel-tab')) {
      const box = tab.getBoundingClientRect();
      if (tab.getClientRects().length === 0 || box.left < -1 || box.right > width + 1)
        problems.push(
          `the tab "${tab.textContent?.trim()}" is outside the window (${box.left}–${box.right} of ${width})`,
        );
    }
    for (const label of document.querySelectorAll<HTMLElement>('.field-label')) {
      if (label.getClientRects().length === 0) continue;
      const box = label.getBoundingClientRect();
      if (box.right > width + 1 || label.scrollWidth > label.clientWidth + 1)
        problems.push(`the label "${label.textContent?.trim()}" is cut (${box.right} of ${width})`);
    }
    for (const wrap of document.querySelectorAll<HTMLElement>('.table-wrap')) {
      const heads = [...wrap.querySelectorAll('thead th')].map((cell) => cell.textContent?.trim());
      if (heads.length !== 6) problems.push(`the table shows ${heads.length} columns: ${heads.join(', ')}`);
      const scrolls = wrap.scrollWidth > wrap.clientWidth + 1;
      const right = wrap.getBoundingClientRect().right;
      if (right > width + 1) problems.push(`a table reaches ${right} px in a ${width} px window`);
      // A scrollbar that takes room shows without hovering (an overlay one would not).
      if (scrolls && wrap.offsetHeight - wrap.clientHeight < 4)
        problems.push('a table scrolls sideways without a visible scrollbar');
    }
    if (root.scrollHeight > root.clientHeight + 1) {
      window.scrollTo(0, root.scrollHeight);
      if (window.scrollY === 0) problems.push('the page is taller than its window but does not scroll');
      window.scrollTo(0, 0);
    }
    return problems;
  });
}

async function inThreeThemes(workbench: Workbench, page: Page, shoot: (theme: string) => Promise<void>) {
  for (const [theme, short] of [
    ['Light Modern', 'light'],
    ['Dark Modern', 'dark'],
    ['Default High Contrast', 'hc'],
  ] as const) {
    await workbench.useTheme(theme);
    await page.waitForTimeout(700);
    await shoot(short);
  }
}

const spec: E2eSpec = {
  'signs in to the local sandbox and opens Quote Shipping… from the palette': async ({ workbench, page }) => {
    await workbench.runCommand('Marketplace: Use Local Sandbox');
    await page.locator('.statusbar-item', { hasText: 'TEST_SELLER_AUTOS' }).first().waitFor({ timeout: 30_000 });
    await workbench.closeAllEditors();
    page.on('console', listen);
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
  }) => {
    const view = workbench.webview();
    await quoteMlb(view);
    const rows = view.locator('.quote-table .quote-row');
    assert.ok((await rows.count()) >= 2, 'several methods');
    const promises = await view.locator('.quote-table .promise').allInnerTexts();
    assert.ok(
      promises.every((text) => /business day|Arrives|between/i.test(text)),
      promises.join(' | '),
    );
    assert.ok((await view.locator('.badge-cheapest').count()) >= 1);
    assert.equal(await view.locator('#sort-cost').count(), 1, 'several options: they can be sorted');
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

  'Seller · cities: the signed-in MLA seller’s own cities are offered, and the quote answers': async ({
    workbench,
    screenshot,
  }) => {
    const view = workbench.webview();
    await view.locator('#tab-sellerCities').click();
    const note = view.locator('#sellerCities-site-note');
    await note.waitFor({ timeout: 10_000 });
    assert.match(await note.innerText(), /\(MLA\), the signed-in seller’s site/);
    const destinations = view.locator('#sellerCities-citiesTo');
    const offered = await destinations
      .locator('input[type=checkbox]')
      .evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).value));
    assert.deepEqual(offered.sort(), MLA_CITIES.map((city) => city.id).sort(), 'MLA’s cities, not MCO’s');
    for (const city of MLA_CITIES.slice(0, 2))
      await destinations.locator(`input[type=checkbox][value="${city.id}"]`).check();
    await view.locator('#sellerCities-dimensions').fill('10x10x20,500');
    await view.locator('#quote-sellerCities').click();
    await view.locator('.quote-block').nth(1).waitFor({ timeout: 30_000 });
    assert.equal(await view.locator('#failure').count(), 0, 'no 400: the cities are the seller’s site’s');
    await screenshot('shipping-seller-cities');
  },

  'Seller · cities: ids typed by hand are checked before sending, every bad one named': async ({ workbench }) => {
    const view = workbench.webview();
    const add = view.locator('#sellerCities-citiesTo-add');
    await add.fill('bogota!!, XYZ, 123');
    await add.press('Enter');
    const said = await view.locator('#sellerCities-citiesTo-add-error').innerText();
    for (const id of ['bogota!!', 'XYZ', '123']) assert.ok(said.includes(id), `${id} is named: ${said}`);
    assert.equal(
      await view.locator('#sellerCities-citiesTo .city-item', { hasText: 'typed by hand' }).count(),
      0,
      'none of them was added to the quote',
    );
  },

  'Listing: a malformed item id says the form an item id takes, not a postal code hint': async ({ workbench }) => {
    const view = workbench.webview();
    await view.locator('#tab-item').click();
    await view.locator('#item-itemId').fill('ABC');
    const hint = view.locator('#item-destination-hint');
    await hint.waitFor({ timeout: 10_000 });
    assert.match(await hint.innerText(), /e\.g\. MLA1400000702/);
    assert.equal(await view.locator('#item-zip').count(), 0, 'no postal code is asked before the site is known');
    assert.doesNotMatch(await view.locator('#form-item').innerText(), /Digits only/);
    assert.match(await view.locator('#item-itemId-error').innerText(), /not an item id/);
  },

  'Delivery promise: the cost with its currency, a capitalised heading, no sorting of one option; Open as JSON opens a read-only named document':
    async ({ workbench, page, screenshot }) => {
      const view = workbench.webview();
      await view.locator('#tab-leadTime').click();
      await view.locator('#leadTime-shipmentId').fill(String(SEEDED_SHIPMENT_IDS.known));
      await view.locator('#quote-leadTime').click();
      const summary = view.locator('.summary-list');
      await summary.waitFor({ timeout: 30_000 });
      const text = await summary.innerText();
      assert.match(text, /Cost\s+(ARS [\d,.]+|Free)/, text);
      assert.equal(await view.locator('.block-title').first().innerText(), 'Delivery to an address');
      assert.equal(await view.locator('#sort-api, #sort-cost, #sort-speed').count(), 0, 'one option: nothing to sort');
      await screenshot('shipping-delivery-promise');
      await view.locator('#open-json').click();
      const tab = page.locator('.tabs-container .tab', { hasText: 'lead_time.json' });
      await tab.waitFor({ timeout: 15_000 });
      assert.equal(await page.locator('.tabs-container .tab', { hasText: /Untitled/ }).count(), 0);
      assert.equal(await tab.evaluate((node) => node.classList.contains('dirty')), false, 'nothing to save');
      await tab.click();
      await page.keyboard.press('Control+W');
      await tab.waitFor({ state: 'detached', timeout: 10_000 });
    },

  'no CSP violation in the browser console while the panel opened and quoted': async () => {
    const violations = consoleLines.filter((line) => /Content Security Policy/i.test(line));
    assert.deepEqual(violations, [], violations.join('\n'));
  },

  'at 400, 500 and 620 px the tabs, labels and every column stay reachable and the page scrolls; photographed at 500 and 1600 px':
    async ({ workbench, page, screenshot }) => {
      const view = workbench.webview();
      try {
        await quoteMlb(view);
        for (const width of [400, 500, 620]) {
          await setGroupWidth(workbench, width);
          for (const mode of ['siteZip', 'sellerCities', 'item']) {
            await view.locator(`#tab-${mode}`).click();
            const problems = await layoutProblems(view);
            assert.deepEqual(problems, [], `${width} px, ${mode}:\n${problems.join('\n')}`);
          }
          await view.locator('#tab-siteZip').click();
        }
        for (const width of [500, 1600]) {
          await setGroupWidth(workbench, width);
          await view.locator('#tab-siteZip').click();
          // Narrow, the results below the form (the request made and the table of methods); wide, the whole page.
          await view
            .locator(width < 1000 ? '#results' : 'header')
            .first()
            .evaluate((node) => node.scrollIntoView({ block: 'start' }));
          await inThreeThemes(workbench, page, (theme) =>
            screenshot(`shipping-${width}-${theme}`).then(() => undefined),
          );
        }
      } finally {
        await workbench.useTheme('Dark Modern');
        await page.setViewportSize({ width: 1440, height: 900 });
        await setSideBar(workbench, true);
      }
    },
};

export default spec;
