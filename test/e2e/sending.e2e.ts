// Sending as a person sees it: a payload file shows its request above the first line (method, path and how many
// fields change against the live item); clicking Send puts the API's answer in the response view beside it.
import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ITEM } from '../../src/sandbox/items/ids';
import type { E2eSpec } from './support/workbench';

const ITEM_ID = ITEM.PHONE_FLEX;
const FILE = `${ITEM_ID}.item.json`;
const TEXT = `{
  "price": 777777,
  "available_quantity": 9
}
`;

const spec: E2eSpec = {
  'a payload file shows Send with method, path and changed fields; Send shows the answer beside it': async ({
    workbench,
    page,
    folder,
    screenshot,
  }) => {
    await workbench.runCommand('Marketplace: Use Local Sandbox');
    await page.locator('.statusbar-item', { hasText: 'TEST_SELLER_AUTOS' }).first().waitFor({ timeout: 30_000 });
    // The Problems panel of the previous spec would cover the answer: a person closes it.
    if (await page.locator('.part.panel').isVisible()) {
      await page.keyboard.press('Control+J');
      await page.locator('.part.panel').waitFor({ state: 'hidden' });
    }
    writeFileSync(join(folder, FILE), TEXT);
    await workbench.quickOpen(FILE);
    const editor = page.locator('.editor-group-container.active .monaco-editor').first();
    const send = editor.locator('.codelens-decoration a', { hasText: `PUT /items/${ITEM_ID} · 2 fields changed` });
    await send.first().waitFor({ timeout: 30_000 });
    const lenses = await editor.locator('.codelens-decoration').first().innerText();
    assert.match(lenses, /Diff with live/);
    assert.match(lenses, /Copy as curl/);
    await screenshot('sending-codelens');

    await send.first().click();
    const view = workbench.webview();
    const status = view.locator('#status');
    await status.waitFor({ timeout: 30_000 });
    assert.match(await status.innerText(), /200 OK/);
    assert.match(await view.locator('.request').innerText(), new RegExp(`PUT\\s+/items/${ITEM_ID}`));
    await view.locator('#body').locator('text=777777').first().waitFor({ timeout: 15_000 });
    // What was sent is there too, collapsed: only the two changed fields.
    await view.locator('.request-body > summary').click();
    const sent = await view.locator('#request-body').innerText();
    assert.match(sent, /"price": 777777/);
    assert.match(sent, /"available_quantity": 9/);
    await screenshot('sending-response');
    // The request shown copies as curl, the token as a variable (the status bar says so).
    await view.locator('#copy-curl').click();
    await page.locator('.statusbar-item', { hasText: 'copied as curl' }).first().waitFor({ timeout: 15_000 });
  },
};

export default spec;
