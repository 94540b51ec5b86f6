// The walkthrough as a new user meets it: Marketplace: Get Started opens it, steps 1–4 are done by clicking in the
// page (a step's title, then its button) and are ticked. Then what each step shows is photographed in a light and a
// dark theme, clipped to the part of the window it is about: the walkthrough's own images (media/walkthrough/).
import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { RESULTS_DIR } from '../../scripts/codeServer';
import { newPhone } from '../fixtures/newPhone';
import { openSeededCampaign } from './support/campaigns';
import type { E2eSpec, Workbench } from './support/workbench';

const OUT_DIR = join(RESULTS_DIR, 'e2e');
/** The window size of the step images (the runner's is 1440 × 900, put back at the end). */
const STEP_IMAGE_VIEWPORT = { width: 1024, height: 720 };
const THEMES = [
  ['light', 'Light Modern'],
  ['dark', 'Dark Modern'],
] as const;

/** Saves a PNG of the smallest rectangle holding `areas` (a few pixels around, at most `maxHeight` tall). */
async function shoot(
  page: Page,
  name: string,
  areas: Locator[],
  maxHeight = Number.POSITIVE_INFINITY,
): Promise<string> {
  const boxes = (await Promise.all(areas.map((area) => area.boundingBox()))).filter((box) => box !== null);
  assert.ok(boxes.length, `${name}: nothing to photograph`);
  const viewport = page.viewportSize() ?? { width: 1440, height: 900 };
  const x = Math.max(0, Math.min(...boxes.map((box) => box.x)) - 2);
  const y = Math.max(0, Math.min(...boxes.map((box) => box.y)) - 2);
  const right = Math.min(viewport.width, Math.max(...boxes.map((box) => box.x + box.width)) + 2);
  const bottom = Math.min(viewport.height, Math.max(...boxes.map((box) => box.y + box.height)) + 2, y + maxHeight);
  const path = join(OUT_DIR, `${name}.png`);
  await page.mouse.move(0, 0);
  await page.screenshot({ path, clip: { x, y, width: right - x, height: bottom - y } });
  process.stdout.write(`[e2e]   screenshot: ${relative(process.cwd(), path)}\n`);
  return path;
}

/** Photographs the same areas in Light Modern then Dark Modern; `again` redoes what switching theme closed. */
async function inBothThemes(
  workbench: Workbench,
  name: string,
  areas: () => Locator[],
  again?: () => Promise<void>,
  maxHeight?: number,
): Promise<void> {
  for (const [suffix, theme] of THEMES) {
    await workbench.useTheme(theme);
    await again?.();
    await workbench.page.waitForTimeout(700);
    await shoot(workbench.page, `walkthrough-${name}-${suffix}`, areas(), maxHeight);
  }
}

/** A step of the walkthrough page: its title button (`data-step-id` ends with the step's id) and its description. */
function step(page: Page, id: string) {
  return {
    title: page.locator(`button.getting-started-step[data-step-id$="#${id}"]`),
    button: (name: string) =>
      page.locator(`[x-step-description-for$="#${id}"]`).getByRole('button', { name, exact: true }),
  };
}

/** Opens a step by its title, clicks its button. */
async function clickStep(page: Page, id: string, button: string): Promise<void> {
  const { title, button: action } = step(page, id);
  await title.click();
  await page
    .locator(`button.getting-started-step[aria-expanded="true"][data-step-id$="#${id}"]`)
    .waitFor({ timeout: 10_000 });
  await action(button).click();
}

async function waitTicked(page: Page, id: string): Promise<void> {
  await page
    .locator(`button.getting-started-step[data-step-id$="#${id}"][aria-checked="true"]`)
    .waitFor({ timeout: 30_000 });
}

/** Answers the quick pick or input a command opened: types (when given), waits for the focused row, Enter. */
async function choose(page: Page, rowText: string | RegExp, text?: string): Promise<void> {
  const input = page.locator('.quick-input-widget input.input');
  await input.waitFor({ state: 'visible', timeout: 15_000 });
  if (text !== undefined) await input.fill(text);
  await page.locator('.quick-input-list .monaco-list-row.focused', { hasText: rowText }).waitFor({ timeout: 15_000 });
  await input.press('Enter');
}

/** The side bar made about `width` px wide by dragging its edge, as a person would. */
async function resizeSideBar(page: Page, width: number): Promise<void> {
  const sidebar = await page.locator('.part.sidebar').boundingBox();
  if (!sidebar || Math.abs(sidebar.width - width) < 20) return;
  const edge = sidebar.x + sidebar.width + 1;
  await page.mouse.move(edge, sidebar.y + 300);
  await page.mouse.down();
  await page.mouse.move(sidebar.x + width, sidebar.y + 300, { steps: 8 });
  await page.mouse.up();
}

/** Expands or collapses a pane of the side bar by clicking its title. */
async function setPane(page: Page, title: string, expanded: boolean): Promise<void> {
  const header = page.locator('.sidebar .pane-header', { hasText: title }).first();
  for (let attempt = 0; attempt < 3 && (await header.getAttribute('aria-expanded')) !== String(expanded); attempt++) {
    await header.locator('.title').first().click();
    await page.waitForTimeout(300);
  }
}

/** Shows or hides the primary side bar (Ctrl+B), as a person makes room for a panel. */
async function setSideBar(workbench: Workbench, visible: boolean): Promise<void> {
  const sidebar = workbench.page.locator('.part.sidebar');
  if ((await sidebar.isVisible()) !== visible) await workbench.page.keyboard.press('Control+B');
  await sidebar.waitFor({ state: visible ? 'visible' : 'hidden', timeout: 10_000 });
}

let payloadName = '';

const spec: E2eSpec = {
  'signed out, with the walkthrough’s progress reset: Marketplace: Get Started shows eight steps, none ticked': async ({
    workbench,
    page,
  }) => {
    await workbench.closeAllEditors();
    if (await page.locator('.part.panel').isVisible()) await page.keyboard.press('Control+J');
    // Signed out, as after an install: earlier specs signed in to the sandbox.
    // The account's status bar item shows once the extension has started.
    await page
      .locator('.statusbar-item', { hasText: /Sandbox · |API · |Marketplace: Sign in/ })
      .first()
      .waitFor({ timeout: 30_000 });
    const signedIn = page.locator('.statusbar-item', { hasText: /Sandbox · |API · / });
    for (let attempt = 0; attempt < 5 && (await signedIn.count()) > 0; attempt++) {
      await workbench.runCommand('Marketplace: Sign Out');
      await page.waitForTimeout(500);
    }
    await page.locator('.statusbar-item', { hasText: 'Marketplace: Sign in' }).first().waitFor({ timeout: 15_000 });
    await workbench.openViewContainer('Explorer');
    // Earlier specs widen the side bar: room for the walkthrough and the editor it opens beside it.
    await resizeSideBar(page, 320);
    await workbench.runCommand('Developer: Reset Welcome Page Walkthrough Progress');

    await workbench.runCommand('Marketplace: Get Started');
    const steps = page.locator('button.getting-started-step');
    await steps.first().waitFor({ timeout: 30_000 });
    assert.equal(await steps.count(), 8);
    for (const id of ['sandbox', 'explorer', 'payload', 'send']) {
      assert.equal(await step(page, id).title.getAttribute('aria-checked'), 'false', `${id} not ticked yet`);
    }
  },

  'steps 1–4 done by clicking their buttons in the page are ticked': async ({ workbench, page, folder }) => {
    // Escape (which the runner presses between tests) leaves the walkthrough: open it again.
    await workbench.runCommand('Marketplace: Get Started');
    await step(page, 'sandbox').title.waitFor({ timeout: 30_000 });
    // 1. Use Local Sandbox.
    await clickStep(page, 'sandbox', 'Use Local Sandbox');
    await page.locator('.statusbar-item', { hasText: 'TEST_SELLER_AUTOS' }).first().waitFor({ timeout: 30_000 });
    await waitTicked(page, 'sandbox');

    // 2. The Marketplace explorer, focused.
    await clickStep(page, 'explorer', 'Open the Marketplace Explorer');
    await workbench
      .treeItem(/^Items/)
      .first()
      .waitFor({ timeout: 30_000 });
    await waitTicked(page, 'explorer');

    // 3. New Item Payload…: the workspace folder, the proposed name.
    await clickStep(page, 'payload', 'New Item Payload…');
    await page.locator('.quick-input-widget', { hasText: 'New item payload: where?' }).waitFor({ timeout: 15_000 });
    await choose(page, 'writes new-listing');
    const nameInput = page.locator('.quick-input-widget input.input');
    await page.locator('.quick-input-widget', { hasText: 'New item payload in' }).waitFor({ timeout: 15_000 });
    payloadName = (await nameInput.inputValue()).trim();
    assert.match(payloadName, /^new-listing(-\d+)?\.item\.json$/);
    await nameInput.press('Enter');
    await page.locator('.tabs-container .tab', { hasText: payloadName }).first().waitFor({ timeout: 15_000 });
    // The group showing the file: usually the one the walkthrough opened beside itself, sometimes the walkthrough's.
    const editor = page
      .locator('.editor-group-container')
      .filter({ has: page.locator('.tab.active', { hasText: payloadName }) })
      .locator('.monaco-editor')
      .first();
    // The live rules underline the blanks (the category first).
    await editor.locator('.squiggly-error').first().waitFor({ timeout: 30_000 });

    // The person fills the listing in (here: the file written as they would have typed it), saved; the rules then
    // find nothing to refuse, so Send asks nothing.
    writeFileSync(
      join(folder, payloadName),
      `${JSON.stringify(newPhone('Celular Motorola Moto G85 Primera'), null, 2)}\n`,
    );
    await editor.locator('.view-lines', { hasText: 'Primera' }).waitFor({ timeout: 15_000 });
    await editor
      .locator('.codelens-decoration a', { hasText: 'POST /items · create', hasNotText: 'refused' })
      .first()
      .waitFor({ timeout: 30_000 });
    // Back to the walkthrough by its tab, when the file opened in its place.
    if (!(await step(page, 'payload').title.isVisible())) {
      await page.locator('.tabs-container .tab', { hasText: 'Welcome' }).first().click();
    }
    await waitTicked(page, 'payload');

    // 4. Send Payload File: the payload file open in the window is sent; the response view shows the new listing.
    await clickStep(page, 'send', 'Send Payload File');
    const view = workbench.webview();
    await view.locator('#status', { hasText: /^201/ }).waitFor({ timeout: 30_000 });
    assert.match(await view.locator('.request').innerText(), /POST\s+\/items/);
    await waitTicked(page, 'send');
  },

  'the walkthrough with four steps ticked (the README’s picture)': async ({ workbench, page }) => {
    // The walkthrough alone, the next step open: what a person comes back to. Switching theme presses Escape, which
    // leaves the walkthrough: it is opened again for each picture.
    await workbench.closeAllEditors();
    const reopen = async () => {
      await workbench.runCommand('Marketplace: Get Started');
      await step(page, 'shipping').title.click();
      for (const id of ['sandbox', 'explorer', 'payload', 'send']) await waitTicked(page, id);
      await page.waitForTimeout(800);
    };
    await inBothThemes(workbench, 'page', () => [page.locator('.part.editor')], reopen);
  },

  'step images: the sandbox signed in, and the explorer’s listings': async ({ workbench, page }) => {
    // A smaller window: the walkthrough shows its images in half of an editor, so less room keeps the text legible.
    await page.setViewportSize(STEP_IMAGE_VIEWPORT);
    await workbench.closeAllEditors();
    await workbench.openViewContainer('Marketplace');
    await setPane(page, 'Request History', false);
    await setPane(page, 'Notifications', false);
    const sidebar = page.locator('.part.sidebar');
    // Signed in to the sandbox, the status bar item's menu: the account, the sandbox's controls, Get Started.
    const menu = page.locator('.quick-input-widget');
    const openMenu = async () => {
      await page.locator('.statusbar-item', { hasText: 'TEST_SELLER_AUTOS' }).first().click();
      await menu.locator('.monaco-list-row', { hasText: 'Get Started' }).waitFor({ timeout: 15_000 });
    };
    await inBothThemes(workbench, '1-sandbox', () => [menu], openMenu);
    await workbench.dismiss();
    // The listings, with room for their price, stock and status.
    await resizeSideBar(page, 560);
    const items = workbench.treeItem(/^Items/).first();
    if ((await items.getAttribute('aria-expanded')) !== 'true') await items.click();
    await page
      .locator('.sidebar .monaco-list-row', { hasText: /\d+ in stock/ })
      .first()
      .waitFor({ timeout: 30_000 });
    await inBothThemes(workbench, '2-explorer', () => [sidebar]);
  },

  'step images: a new listing payload with a rule’s reason and completion': async ({ workbench, page }) => {
    await setSideBar(workbench, false);
    await workbench.startCommand('Marketplace: New Item Payload…');
    await choose(page, 'Unsaved document', 'Unsaved document');
    await page
      .locator('.tabs-container .tab', { hasText: /new-listing(-\d+)?\.item\.json/ })
      .first()
      .waitFor({ timeout: 15_000 });
    await workbench.dismiss();
    const editor = page.locator('.editor-group-container.active .monaco-editor').first();
    await editor.locator('.squiggly-error').first().waitFor({ timeout: 30_000 });
    await workbench.runCommand('Problems: Focus on Problems View');
    await page
      .locator('.markers-panel .monaco-tl-row', { hasText: /category/i })
      .first()
      .waitFor({ timeout: 15_000 });
    const suggest = page.locator('.editor-widget.suggest-widget.visible');
    const complete = async () => {
      // In the value of listing_type_id: the listing types, each with its meaning.
      // Found with Find (Ctrl+F), the cursor after "gold" in "gold_special".
      await editor.click();
      await page.keyboard.press('Control+F');
      const find = page.locator('.find-widget.visible textarea, .find-widget.visible input').first();
      await find.waitFor({ timeout: 10_000 });
      await find.fill('gold_special');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Escape');
      await page.keyboard.press('ArrowLeft');
      for (let index = 0; index < 4; index++) await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Control+Space');
      await suggest.locator('.monaco-list-row').first().waitFor({ timeout: 15_000 });
      // Ctrl+Space again shows the meaning of the focused listing type beside the list (VS Code keeps it shown).
      const details = page.locator('.suggest-details').first();
      await page.waitForTimeout(300);
      if (!(await details.isVisible())) await page.keyboard.press('Control+Space');
      await details.waitFor({ timeout: 15_000 });
    };
    await inBothThemes(
      workbench,
      '3-payload',
      () => [page.locator('.part.editor'), page.locator('.part.panel')],
      complete,
      // Down to the Problems panel's first rows.
      500,
    );
    await workbench.dismiss();
  },

  'step images: Send from the CodeLens and the answer beside it': async ({ workbench, page, folder }) => {
    await workbench.closeAllEditors();
    if (await page.locator('.part.panel').isVisible()) await page.keyboard.press('Control+J');
    const name = 'g85-walkthrough.item.json';
    writeFileSync(join(folder, name), `${JSON.stringify(newPhone('Celular Motorola Moto G85 Demo Envio'), null, 2)}\n`);
    await workbench.quickOpen(name);
    const editor = page.locator('.editor-group-container.active .monaco-editor').first();
    const send = editor.locator('.codelens-decoration a', { hasText: 'POST /items · create' }).first();
    await send.waitFor({ timeout: 30_000 });
    await send.click();
    await workbench.webview().locator('#status', { hasText: /^201/ }).waitFor({ timeout: 30_000 });
    await workbench.dismiss();
    await setSideBar(workbench, false);
    // The answer's first fields are enough: the picture stays small.
    await inBothThemes(workbench, '4-send', () => [page.locator('.part.editor')], undefined, 520);
  },

  'step images: a shipping quote between two postal codes': async ({ workbench, page }) => {
    await workbench.closeAllEditors();
    await workbench.runCommand('Marketplace: Quote Shipping…');
    const view = workbench.webview();
    await view.locator('#tab-siteZip').click();
    await view.locator('#siteZip-site').selectOption('MLB');
    await view.locator('#siteZip-zipFrom').fill('01310100');
    await view.locator('#siteZip-zipTo').fill('20040002');
    await view.locator('#siteZip-dimensions').fill('10x10x20,500');
    await view.locator('#quote-siteZip').click();
    await view.locator('.quote-table .quote-row').first().waitFor({ timeout: 30_000 });
    await setSideBar(workbench, false);
    // The Quote button at the top: the request it made and the answer below it.
    await view.locator('#quote-siteZip').evaluate((button) => button.scrollIntoView({ block: 'start' }));
    await inBothThemes(workbench, '5-shipping', () => [page.locator('.part.editor')]);
    await setSideBar(workbench, true);
  },

  'step images: a campaign’s metrics': async ({ workbench, page }) => {
    await workbench.closeAllEditors();
    await setSideBar(workbench, true);
    await workbench.openViewContainer('Marketplace');
    // Items collapsed again (a click on an open row closes it): Advertising comes into view.
    const items = workbench.treeItem(/^Items/).first();
    if ((await items.getAttribute('aria-expanded')) === 'true') await items.click();
    await openSeededCampaign(workbench);
    const view = workbench.webview();
    await view.locator('#charts canvas.chart').first().waitFor({ timeout: 30_000 });
    await view.locator('#cards .card').first().waitFor({ timeout: 30_000 });
    await setSideBar(workbench, false);
    // The first chart at the bottom of the view, the last summary cards above it.
    await view
      .locator('#charts canvas.chart')
      .first()
      .evaluate((chart) => chart.scrollIntoView({ block: 'end' }));
    await inBothThemes(workbench, '6-metrics', () => [page.locator('.part.editor')]);
    await setSideBar(workbench, true);
  },

  'step images: a reservation’s notifications': async ({ workbench, page }) => {
    await workbench.closeAllEditors();
    await setSideBar(workbench, true);
    await workbench.openViewContainer('Marketplace');
    await setPane(page, 'Explorer', false);
    await setPane(page, 'Request History', false);
    await setPane(page, 'Notifications', true);
    const pane = page.locator('.pane', { hasText: 'Notifications' });
    await workbench.startCommand('Marketplace Sandbox: Trigger Event…');
    await choose(page, 'A buyer reserves a vehicle listing', 'reserves a vehicle');
    // Its notification arrives (and the view refreshes) before the payment is triggered.
    await pane
      .getByRole('treeitem', { name: /^created_orders \/orders\/\d+/ })
      .first()
      .waitFor({ timeout: 30_000 });
    await workbench.startCommand('Marketplace Sandbox: Trigger Event…');
    await choose(page, 'The buyer pays a reservation', 'pays a reservation');
    await pane
      .getByRole('treeitem', { name: /^orders_v2 \/orders\/\d+/ })
      .first()
      .waitFor({ timeout: 30_000 });
    // From the side bar's title down to the last notification.
    await inBothThemes(workbench, '7-notifications', () => [
      page.locator('.part.sidebar .composite.title'),
      pane.getByRole('treeitem').last(),
    ]);
    await setPane(page, 'Explorer', true);
  },

  'step images: Sign In… offering the sandbox, a token or OAuth': async ({ workbench, page }) => {
    const picker = page.locator('.quick-input-widget');
    const open = async () => {
      await workbench.startCommand('Marketplace: Sign In…');
      await picker.locator('.monaco-list-row', { hasText: 'Sign In with OAuth' }).waitFor({ timeout: 15_000 });
    };
    await inBothThemes(workbench, '8-connect', () => [picker], open);
    await workbench.dismiss();
    await page.setViewportSize({ width: 1440, height: 900 });
  },
};

export default spec;
