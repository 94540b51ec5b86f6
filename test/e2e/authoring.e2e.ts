// Payload authoring as a person sees it: a sale-terms file whose availability time is over the limit is underlined,
// the Problems panel says why, and completion offers what the item's category accepts. Also: a new payload from the
// palette, saved under the name it proposes.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ITEM } from '../../src/sandbox/items/ids';
import officialStore from '../fixtures/real/requests/item-create-mla5529-official-store.json';
import type { E2eSpec } from './support/workbench';

/** A phone without sales, in a category whose sale terms list MANUFACTURING_TIME. */
const ITEM_ID = ITEM.PHONE_NO_SALES;
const FILE = `${ITEM_ID}.sale-terms.json`;
const TEXT = `{
  "sale_terms": [
    {
      "id": "MANUFACTURING_TIME",
      "value_name": "46 días"
    },
    {
      "id": "WARRANTY_TIME",
      "value_name": "6 meses"
    }
  ]
}
`;

/** Moves the cursor of the active editor to a line and column (1-based) through "Go to Line" (Ctrl+G). */
async function goTo(page: Page, line: number, column: number): Promise<void> {
  const input = page.locator('.quick-input-widget input.input');
  await page.keyboard.press('Control+G');
  await input.waitFor({ state: 'visible' });
  await input.fill(`:${line}:${column}`);
  await input.press('Enter');
  await input.waitFor({ state: 'hidden' });
}

const spec: E2eSpec = {
  'signs in to the local sandbox from the palette': async ({ workbench, page }) => {
    await workbench.runCommand('Marketplace: Use Local Sandbox');
    await page.locator('.statusbar-item', { hasText: 'TEST_SELLER_AUTOS' }).first().waitFor({ timeout: 30_000 });
  },

  'a sale-terms payload: 46 días is underlined with the reason, and completion offers valid availability times':
    async ({ workbench, page, folder, screenshot }) => {
      writeFileSync(join(folder, FILE), TEXT);
      await workbench.quickOpen(FILE);
      const editor = page.locator('.editor-group-container.active .monaco-editor').first();
      // The live check knows the limit of MANUFACTURING_TIME (45 días) and underlines the value.
      await editor.locator('.squiggly-error').first().waitFor({ timeout: 30_000 });
      // The Problems panel says why, in the rule's words.
      await workbench.runCommand('Problems: Focus on Problems View');
      const problem = page.locator('.markers-panel .monaco-tl-row', { hasText: /45/ });
      await problem.first().waitFor({ timeout: 15_000 });
      const reason = await problem.first().innerText();
      assert.match(reason, /MANUFACTURING_TIME/);
      assert.match(reason, /45 días/);
      // Back in the editor, completion inside the underlined value offers what MANUFACTURING_TIME accepts.
      await editor.click();
      await goTo(page, 5, 22);
      await page.keyboard.press('Control+Space');
      const suggest = page.locator('.editor-widget.suggest-widget.visible');
      await suggest.waitFor({ timeout: 15_000 });
      const rows = suggest.locator('.monaco-list-row');
      await rows.first().waitFor({ timeout: 15_000 });
      const labels = await rows.allInnerTexts();
      // Valid availability times are offered (at most 45 días).
      const days = labels.flatMap((label) => [...label.matchAll(/(\d+) días/g)].map((match) => Number(match[1])));
      assert.ok(
        days.some((value) => value <= 45),
        labels.join(' | '),
      );
      await screenshot('authoring-completion');
      await workbench.dismiss();
    },

  'a real creation body from the public pages: only hints, and completion offers the listing types with their meaning':
    async ({ workbench, page, folder, screenshot }) => {
      // The official-store example of the marketplace's public pages (test/fixtures/real/), on the premium type.
      const body = { ...officialStore, listing_type_id: 'gold_pro' };
      writeFileSync(join(folder, 'official-store.item.json'), `${JSON.stringify(body, null, 2)}\n`);
      await workbench.closeAllEditors();
      await workbench.quickOpen('official-store.item.json');
      const editor = page.locator('.editor-group-container.active .monaco-editor').first();
      // The title's punctuation is the spec's advice: an Information squiggle, nothing worse.
      await editor.locator('.squiggly-info').first().waitFor({ timeout: 30_000 });
      await page.waitForTimeout(1500);
      assert.equal(await editor.locator('.squiggly-error, .squiggly-warning').count(), 0, 'no Error or Warning');
      const line = Object.keys(body).indexOf('listing_type_id') + 2;
      await editor.click();
      // After "gold": completion keeps the known types that start so, with the meaning of each beside it.
      await goTo(page, line, 23 + 'gold'.length);
      await page.keyboard.press('Control+Space');
      const suggest = page.locator('.editor-widget.suggest-widget.visible');
      await suggest.waitFor({ timeout: 15_000 });
      const labels = await suggest.locator('.monaco-list-row').allInnerTexts();
      assert.ok(
        labels.some((label) => label.includes('gold_pro')),
        labels.join(' | '),
      );
      await page.keyboard.press('Control+Space');
      const details = page.locator('.suggest-details');
      await details.first().waitFor({ timeout: 15_000 });
      assert.match(await details.first().innerText(), /listing type/i);
      await screenshot('real-payload');
      await workbench.dismiss();
    },

  'New Item Payload… from the palette proposes the name, and an unsaved document saves under it': async ({
    workbench,
    page,
    folder,
  }) => {
    await workbench.startCommand('Marketplace: New Item Payload…');
    const input = page.locator('.quick-input-widget input.input');
    await page.locator('.quick-input-widget', { hasText: 'New item payload: where?' }).waitFor({ timeout: 15_000 });
    const unsaved = page.locator('.quick-input-list .monaco-list-row', { hasText: 'Unsaved document' });
    await unsaved.first().waitFor({ timeout: 15_000 });
    // The choice says which request the name makes.
    assert.match(await unsaved.first().innerText(), /POST \/items \(create\)/);
    await input.fill('Unsaved document');
    await page.locator('.quick-input-list .monaco-list-row.focused', { hasText: 'Unsaved document' }).waitFor();
    await input.press('Enter');
    await input.waitFor({ state: 'hidden' });
    await page.locator('.tabs-container .tab', { hasText: 'new-listing.item.json' }).first().waitFor();
    await workbench.waitForNotification('not saved yet');
    await workbench.dismiss();
    await page.locator('.editor-group-container.active .monaco-editor').first().click();
    await page.keyboard.press('Control+S');
    const path = join(folder, 'new-listing.item.json');
    // The file appears before its content is written: wait until it holds the whole document.
    const written = (): Record<string, unknown> | undefined => {
      try {
        return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>) : undefined;
      } catch {
        return undefined;
      }
    };
    const deadline = Date.now() + 15_000;
    while (!written() && Date.now() < deadline) await page.waitForTimeout(200);
    const body = written();
    assert.ok(body, 'Save wrote the file under its proposed name, in the workspace folder');
    assert.equal(body.site_id, 'MLA');
    assert.equal(body.currency_id, 'ARS');
  },
};

export default spec;
