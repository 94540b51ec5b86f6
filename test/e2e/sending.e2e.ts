// Sending as a person sees it: a payload file shows its request above the first line (method, path and how many
// fields change against the live item); clicking Send puts the API's answer in the response view beside it.
import * as assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ITEM } from '../../src/sandbox/items/ids';
import { newPhone } from '../fixtures/newPhone';
import type { E2eContext, E2eSpec } from './support/workbench';

const ITEM_ID = ITEM.PHONE_FLEX;
const FILE = `${ITEM_ID}.item.json`;
const TEXT = `{
  "price": 777777,
  "available_quantity": 9
}
`;

/**
 * Where a person starts: every editor closed, the payload file written and opened through Quick Open. Returns the
 * link of its CodeLens that holds a text.
 */
async function openPayload({ workbench, page, folder }: E2eContext, name: string, body: unknown) {
  await workbench.closeAllEditors();
  writeFileSync(join(folder, name), `${JSON.stringify(body, null, 2)}\n`);
  await workbench.quickOpen(name);
  const editor = page.locator('.editor-group-container.active .monaco-editor').first();
  return (text: string) => editor.locator('.codelens-decoration a', { hasText: text }).first();
}

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
    // The Request History view under the explorer lists the send, with its status.
    await workbench.openViewContainer('Marketplace');
    await workbench
      .treeItem(new RegExp(`^PUT /items/${ITEM_ID}, status 200`))
      .first()
      .waitFor({ timeout: 15_000 });
    await screenshot('sending-response');
    // The request shown copies as curl, the token as a variable (the status bar says so).
    await view.locator('#copy-curl').click();
    await page.locator('.statusbar-item', { hasText: 'copied as curl' }).first().waitFor({ timeout: 15_000 });
  },

  'Validate with the API on a refused listing shows the API’s message and each cause in the response view': async (
    context,
  ) => {
    const { workbench, page, screenshot } = context;
    const lens = await openPayload(
      context,
      'refused-listing.item.json',
      newPhone('Celular Motorola!!! $$$ oferta', { price: -1 }),
    );
    const validate = lens('Validate with the API');
    await validate.waitFor({ timeout: 30_000 });
    await validate.click();
    const view = workbench.webview();
    const status = view.locator('#status');
    await status.waitFor({ timeout: 30_000 });
    assert.match(await status.innerText(), /400/);
    assert.match(await view.locator('.request').innerText(), /POST\s+\/items\/validate/);
    const error = view.locator('.failure');
    await error.waitFor({ timeout: 15_000 });
    const causes = view.locator('.causes .cause');
    assert.ok((await causes.count()) >= 2, 'a cause for the title and one for the price');
    const text = (await error.innerText()).replace(/\s+/g, ' ');
    assert.match(text, /title/i);
    assert.match(text, /price/i);
    assert.match(text, /Next step: Correct what the message and its causes name/);
    await screenshot('sending-error');
    // The response view reads in the dark and the light theme alike (the suite runs on in the light one).
    for (const [short, theme] of [
      ['dark', 'Dark Modern'],
      ['light', 'Light Modern'],
    ] as const) {
      await workbench.useTheme(theme);
      await page.waitForTimeout(500);
      await screenshot(`sending-error-${short}`);
    }
  },

  'sending a creation file again asks before it creates a second listing, naming the first': async (context) => {
    const { workbench, page, screenshot } = context;
    const name = 'g85-once.item.json';
    const lens = await openPayload(context, name, newPhone('Celular Motorola Moto G85 Una Vez'));
    const send = lens('POST /items · create');
    await send.waitFor({ timeout: 30_000 });
    await send.click();
    const view = workbench.webview();
    await view.locator('#status', { hasText: /^20[01]/ }).waitFor({ timeout: 30_000 });
    const created = (await view.locator('#body').innerText()).match(/"id": "(MLA\d+)"/)?.[1];
    assert.ok(created, 'the answer carries the new listing id');
    // Afterwards the notification says how to change it from now on.
    await workbench.waitForNotification(`${name} created ${created}`);
    await workbench.dismiss();
    await page.keyboard.press('Escape');

    // The lens says it too, before anyone clicks.
    await lens(`already created ${created}`).waitFor({ timeout: 15_000 });
    await send.click();
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor({ timeout: 15_000 });
    const question = (await dialog.innerText()).replace(/\s+/g, ' ');
    assert.match(question, new RegExp(`${name} already created a listing \\(${created}, created at`));
    assert.match(question, /Create Another Listing/);
    assert.match(question, new RegExp(`Pull ${created} into a Payload File`));
    await screenshot('sending-create-again');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  },

  'Send Payload Files… on a folder asks first, then opens a report of what succeeded and what was not sent': async ({
    workbench,
    page,
    folder,
    screenshot,
  }) => {
    await workbench.closeAllEditors();
    const bulk = join(folder, 'bulk-demo');
    mkdirSync(bulk, { recursive: true });
    writeFileSync(join(bulk, 'g85.item.json'), JSON.stringify(newPhone('Celular Motorola Moto G85 Demo'), null, 2));
    writeFileSync(join(bulk, `${ITEM.PHONE_NO_SALES}.item.json`), JSON.stringify({ available_quantity: 42 }, null, 2));
    writeFileSync(join(bulk, `${ITEM.PHONE_WITH_SALES}.item.json`), JSON.stringify({ title: 'Otro Titulo' }, null, 2));
    await workbench.openViewContainer('Explorer');
    const row = workbench.treeItem('bulk-demo');
    await row.first().waitFor({ timeout: 15_000 });
    await row.first().click({ button: 'right' });
    const item = page.getByRole('menuitem', { name: 'Send Payload Files…' });
    await item.first().hover();
    await page.keyboard.press('Enter');
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor({ timeout: 15_000 });
    assert.match(await dialog.innerText(), /Send 3 payload files \(1 creating resources\)\?/);
    await dialog.getByRole('button', { name: 'Send' }).click();
    // The report opens rendered (Markdown preview), next to its source (unsaved, named after the run's time).
    await page
      .locator('.tabs-container .tab', { hasText: /bulk-report-.*\.md/ })
      .first()
      .waitFor({ timeout: 30_000 });
    const preview = workbench.webview();
    await preview.locator('h1', { hasText: 'Bulk send report' }).waitFor({ timeout: 30_000 });
    const text = (await preview.locator('body').innerText()).replace(/\s+/g, ' ');
    assert.match(text, /3 requests: 2 succeeded, 0 failed, 0 not confirmed, 1 not sent/);
    assert.match(text, /title cannot be modified because the item has sales/);
    await screenshot('sending-bulk-report');
  },

  'the Request History view lists every request sent; a click shows its answer again': async ({
    workbench,
    page,
    screenshot,
  }) => {
    await workbench.closeAllEditors();
    await workbench.openViewContainer('Marketplace');
    // Newest first: the bulk run's creation and update, the refused validation, the first send.
    const rows = page.locator('.pane', { hasText: 'Request History' }).getByRole('treeitem');
    await rows.nth(3).waitFor({ timeout: 15_000 });
    const labels = await rows.evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-label')));
    assert.ok(
      labels.some((label) => /^POST \/items, status 201/.test(label ?? '')),
      labels.join(' | '),
    );
    assert.ok(
      labels.some((label) => /^POST \/items\/validate, status 400/.test(label ?? '')),
      labels.join(' | '),
    );
    // The first send is there too (earlier specs may have added older rows, such as a campaign's metrics).
    assert.ok(
      labels.some((label) => new RegExp(`^PUT /items/${ITEM_ID}, status 200`).test(label ?? '')),
      labels.join(' | '),
    );
    const refused = workbench.treeItem(/^POST \/items\/validate, status 400/).first();
    await refused.click();
    const view = workbench.webview();
    await view.locator('#status', { hasText: '400' }).waitFor({ timeout: 15_000 });
    await view.locator('.failure .cause').first().waitFor({ timeout: 15_000 });
    // Hovering a row shows its inline actions: replay and copy as curl.
    await refused.hover();
    await refused.getByRole('button', { name: 'Replay Request from History' }).waitFor({ timeout: 15_000 });
    await refused.getByRole('button', { name: 'Copy Request from History as curl' }).waitFor({ timeout: 15_000 });
    await screenshot('sending-history');
    // From the keyboard: the Delete key removes the selected row.
    await refused.click();
    await page.keyboard.press('Delete');
    await refused.waitFor({ state: 'detached', timeout: 15_000 });
  },
};

export default spec;
