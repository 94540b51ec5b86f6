// The walkthrough as a new user meets it: Marketplace: Get Started opens it, steps 1–4 are done by clicking in the
// page (a step's title, then its button) and are ticked (step 2 with its view visible already); steps 5 and 6 open
// their panels beside it; a failed sign-in does not tick step 8 and its error opens the setting it names. Then what
// each step shows is photographed in a light and a dark theme, clipped to the part of the window it is about, and
// checked readable at the size the page shows it: the walkthrough's own images (media/walkthrough/).
import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { RESULTS_DIR } from '../../scripts/codeServer';
import { newPhone } from '../fixtures/newPhone';
import { quoteMlb } from './support/shippingQuote';
import { boxOf } from './support/stepImages';
import {
  choose,
  clickStep,
  hoverOver,
  resizeSideBar,
  StepPictures,
  setPane,
  setSideBar,
  step,
  THEMES,
  waitTicked,
} from './support/walkthroughPage';
import type { E2eSpec } from './support/workbench';

const OUT_DIR = join(RESULTS_DIR, 'e2e');
/** The step images of media/walkthrough/, taken into test-results/e2e/ as walkthrough-<name>-<theme>.png. */
const pictures = new StepPictures();

let payloadName = '';

const spec: E2eSpec = {
  'signed out, with the walkthrough’s progress reset: Marketplace: Get Started shows eight steps, none ticked': async ({
    workbench,
    page,
  }) => {
    await workbench.closeAllEditors();
    if (await page.locator('.part.panel').isVisible()) await page.keyboard.press('Control+J');
    // Signed out, as after an install: earlier specs signed in to the sandbox. Opening the Marketplace view starts the
    // extension (a workspace without payload files does not), and its account item shows in the status bar.
    await workbench.openViewContainer('Marketplace');
    await page
      .locator('.statusbar-item', { hasText: /Sandbox · |API · |Marketplace: Sign in/ })
      .first()
      .waitFor({ timeout: 30_000 });
    const signedIn = page.locator('.statusbar-item', { hasText: /Sandbox · |API · / });
    const signedOut = page.locator('.statusbar-item', { hasText: 'Marketplace: Sign in' }).first();
    // One sign-out per account (the sandbox's and the API's), each given time to reach the status bar under load.
    const deadline = Date.now() + 60_000;
    while ((await signedOut.count()) === 0 && Date.now() < deadline) {
      if ((await signedIn.count()) > 0) await workbench.runCommand('Marketplace: Sign Out');
      await signedOut.waitFor({ timeout: 5_000 }).catch(() => undefined);
    }
    const statusBar = await page.locator('.part.statusbar').innerText();
    assert.ok((await signedOut.count()) > 0, `signed out within a minute; the status bar reads: ${statusBar}`);
    // The Marketplace explorer in view before the walkthrough starts: step 2's button must tick its step all the same.
    await workbench.openViewContainer('Marketplace');
    await setPane(page, 'Explorer', true);
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

    // 2. The Marketplace explorer, focused: it is in view already, the button ticks the step all the same.
    await page.locator('.sidebar .pane-header[aria-expanded="true"]', { hasText: 'Explorer' }).first().waitFor();
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
    for (const [suffix, theme] of THEMES) {
      await workbench.useTheme(theme);
      await workbench.runCommand('Marketplace: Get Started');
      await step(page, 'shipping').title.click();
      for (const id of ['sandbox', 'explorer', 'payload', 'send']) await waitTicked(page, id);
      await page.mouse.move(0, 0);
      await page.waitForTimeout(800);
      const editor = await page.locator('.part.editor').boundingBox();
      assert.ok(editor, 'the editor area');
      // The box the page shows the open step's image in (support/stepImages.ts assumes at most PAGE_MEDIA).
      const media = await page.locator('.getting-started-media').first().boundingBox();
      process.stdout.write(`[e2e]   the step image's box at 1440×900: ${JSON.stringify(media)}\n`);
      const path = join(OUT_DIR, `walkthrough-page-${suffix}.png`);
      await page.screenshot({ path, clip: editor });
      process.stdout.write(`[e2e]   screenshot: ${relative(process.cwd(), path)}\n`);
    }
  },

  'steps 5 and 6 open their panels beside the walkthrough, which stays in view': async ({
    workbench,
    page,
    folder,
  }) => {
    // As after steps 3 and 4: a file open beside the walkthrough, which has half of the editor area.
    await workbench.closeAllEditors();
    writeFileSync(join(folder, 'beside.txt'), 'Beside the walkthrough.\n');
    await workbench.quickOpen('beside.txt');
    // Split Editor (Ctrl+\\), then back to the first group (Ctrl+1), where Get Started opens.
    await page.keyboard.press('Control+Backslash');
    await page.locator('.editor-group-container').nth(1).waitFor({ timeout: 15_000 });
    await page.keyboard.press('Control+1');
    await workbench.runCommand('Marketplace: Get Started');
    await step(page, 'shipping').title.waitFor({ timeout: 30_000 });
    const groupWith = (label: string) =>
      page.locator('.editor-group-container').filter({ has: page.locator('.tab', { hasText: label }) });
    const besideTheWalkthrough = async (label: string, id: string) => {
      await page.locator('.tabs-container .tab', { hasText: label }).first().waitFor({ timeout: 30_000 });
      await page.waitForTimeout(500);
      assert.equal(await groupWith('Welcome').locator('.tab', { hasText: label }).count(), 0, `${label} beside`);
      assert.ok(await step(page, id).title.isVisible(), `the walkthrough is still in view beside ${label}`);
    };

    await clickStep(page, 'shipping', 'Quote Shipping…');
    await besideTheWalkthrough('Shipping Quotes', 'shipping');

    await clickStep(page, 'metrics', 'Show Campaign Metrics');
    await choose(page, /Autos del Sur(?! México| Chile)/, 'Autos del Sur', 'Show Campaign Metrics: advertiser');
    await choose(page, 'Lanzamiento SUV 2026', 'Lanzamiento SUV 2026', 'Show Campaign Metrics: campaign');
    await besideTheWalkthrough('Metrics: Lanzamiento SUV 2026', 'metrics');
  },

  'step 8: a token sign-in without the API address is not ticked, and its error opens that setting': async ({
    workbench,
    page,
  }) => {
    await workbench.closeAllEditors();
    await workbench.runCommand('Marketplace: Get Started');
    await step(page, 'connect').title.waitFor({ timeout: 30_000 });
    await clickStep(page, 'connect', 'Sign In with Access Token…');
    await workbench.waitForNotification('Set marketplace.api.baseUrl', 30_000);
    await page.waitForTimeout(1500);
    assert.equal(await step(page, 'connect').title.getAttribute('aria-checked'), 'false', 'step 8 is not ticked');
    const notification = page.locator('.notification-list-item', { hasText: 'Set marketplace.api.baseUrl' }).first();
    const buttons = await notification.locator('.monaco-button').allInnerTexts();
    assert.ok(buttons.includes('Open Setting'), `the error offers ${buttons.join(', ')}`);
    await notification.getByRole('button', { name: 'Open Setting' }).click();
    const setting = page.locator('.settings-editor .setting-item-contents', { hasText: 'Base Url' }).first();
    await setting.waitFor({ timeout: 15_000 });
    assert.equal(await page.locator('.settings-editor .setting-item-contents').count(), 1, 'that setting alone');
    await workbench.closeAllEditors();
  },

  'step images: the sandbox’s menu, and the explorer’s listings': async ({ workbench, page }) => {
    // A small window: VS Code's widgets and the side bar then fit in the ~530 px the walkthrough shows an image in.
    await workbench.closeAllEditors();
    if (await page.locator('.part.panel').isVisible()) await page.keyboard.press('Control+J');
    await pictures.useWindow(page, 820, 900);
    await setSideBar(workbench, true);
    await workbench.openViewContainer('Marketplace');
    await setPane(page, 'Request History', false);
    await setPane(page, 'Notifications', false);
    // Signed in to the sandbox, the status bar item's menu: the account, the sandbox's controls, Get Started.
    const menu = page.locator('.quick-input-widget');
    const openMenu = async () => {
      await page.locator('.statusbar-item', { hasText: 'TEST_SELLER_AUTOS' }).first().click();
      await menu.locator('.monaco-list-row', { hasText: 'Get Started' }).waitFor({ timeout: 15_000 });
    };
    await pictures.inBothThemes(workbench, '1-sandbox', () => boxOf([menu]), openMenu);
    await workbench.dismiss();
    // The listings, with room for their price, stock and status: the side bar's title down to the tenth listing.
    await resizeSideBar(page, 470);
    const items = workbench.treeItem(/^Items/).first();
    if ((await items.getAttribute('aria-expanded')) !== 'true') await items.click();
    const rows = page.locator('.sidebar .pane', { hasText: 'Explorer' }).first().locator('.monaco-list-row');
    await rows
      .filter({ hasText: /\d+ in stock/ })
      .first()
      .waitFor({ timeout: 30_000 });
    await pictures.inBothThemes(workbench, '2-explorer', () =>
      boxOf([page.locator('.part.sidebar .composite.title'), rows.nth(10)]),
    );
    pictures.assertClean();
  },

  'step images: a new listing payload, a rule’s reason on its underline': async ({ workbench, page }) => {
    await workbench.closeAllEditors();
    if (await page.locator('.part.panel').isVisible()) await page.keyboard.press('Control+J');
    await setSideBar(workbench, false);
    // The editor's hover is nearly as wide as the window: the activity bar is hidden so that it fits in the editor.
    await workbench.runCommand('View: Hide Activity Bar');
    try {
      await pictures.useWindow(page, 560, 480);
      await workbench.startCommand('Marketplace: New Item Payload…');
      await choose(page, 'Unsaved document', 'Unsaved document');
      await page
        .locator('.tabs-container .tab', { hasText: /new-listing(-\d+)?\.item\.json/ })
        .first()
        .waitFor({ timeout: 15_000 });
      await workbench.dismiss();
      const editor = page.locator('.editor-group-container.active .monaco-editor').first();
      const blank = editor.locator('.squiggly-error').first();
      await blank.waitFor({ timeout: 30_000 });
      const hover = page.locator('.monaco-hover:not(.hidden)', { hasText: 'category_id is required' }).first();
      // The pointer on the blank category's underline: the rule's reason (the Problems panel lists it too) and what the
      // field accepts.
      const pointAtTheBlank = () => hoverOver(page, blank, hover);
      // From the editor's tab down to the foot of the hover, from the editor's left edge to the hover's right edge.
      await pictures.inBothThemes(
        workbench,
        '3-payload',
        () => boxOf([page.locator('.part.editor .tabs-container'), hover], [page.locator('.part.editor'), hover]),
        pointAtTheBlank,
        false,
      );
      await page.mouse.move(0, 0);
    } finally {
      await workbench.runCommand('View: Move Activity Bar to Side');
    }
    pictures.assertClean();
  },

  'step images: Send from the CodeLens and the answer below it': async ({ workbench, page, folder }) => {
    await workbench.closeAllEditors();
    if (await page.locator('.part.panel').isVisible()) await page.keyboard.press('Control+J');
    await setSideBar(workbench, false);
    await pictures.useWindow(page, 600, 520);
    const name = 'g85-walkthrough.item.json';
    writeFileSync(join(folder, name), `${JSON.stringify(newPhone('Celular Motorola Moto G85 Demo Envio'), null, 2)}\n`);
    await workbench.quickOpen(name);
    const editor = page.locator('.editor-group-container.active .monaco-editor').first();
    const send = editor.locator('.codelens-decoration a', { hasText: 'POST /items · create' }).first();
    await send.waitFor({ timeout: 30_000 });
    await send.click();
    await workbench.webview().locator('#status', { hasText: /^201/ }).waitFor({ timeout: 30_000 });
    await workbench.dismiss();
    // The answer below the file rather than beside it (Toggle Vertical/Horizontal Editor Layout): both readable.
    await page.keyboard.press('Shift+Alt+0');
    await page.waitForTimeout(500);
    const groups = page.locator('.editor-group-container');
    const [top, bottom] = [await groups.nth(0).boundingBox(), await groups.nth(1).boundingBox()];
    assert.ok(top && bottom && bottom.y > top.y, 'the response view below the payload file');
    // From the file's tab down to the answer's headers, as wide as the editor area.
    const answer = workbench.webview().locator('details.headers');
    await pictures.inBothThemes(workbench, '4-send', () =>
      boxOf([page.locator('.part.editor .tabs-container').first(), answer], [page.locator('.part.editor')]),
    );
    pictures.assertClean();
  },

  'step images: a shipping quote between two postal codes': async ({ workbench, page }) => {
    await workbench.closeAllEditors();
    await setSideBar(workbench, false);
    await pictures.useWindow(page, 820, 640);
    await workbench.runCommand('Marketplace: Quote Shipping…');
    const view = workbench.webview();
    await quoteMlb(view);
    const table = view.locator('.quote-table').first();
    // The answer: its destination, then each method with its cost and its delivery promise in words, the cheapest
    // and the fastest marked: the table's first three columns, cut on the right edge of the third.
    const block = view.locator('.quote-block').first();
    await block.evaluate((section) => section.scrollIntoView({ block: 'start' }));
    const headings = table.locator('thead th');
    await pictures.inBothThemes(workbench, '5-shipping', () =>
      boxOf(
        [block.locator('.block-title'), table.locator('tbody.shown-rows tr').last()],
        [headings.nth(0), headings.nth(2)],
        // Into the panel's margin on the left, so the words do not touch the picture's edge.
        { left: 10, top: 10, bottom: 10 },
      ),
    );
    pictures.assertClean();
  },

  'step images: a campaign’s metrics': async ({ workbench, page }) => {
    await workbench.closeAllEditors();
    await setSideBar(workbench, false);
    await pictures.useWindow(page, 620, 700);
    // As the step's button does: the advertiser, then the campaign.
    await workbench.startCommand('Marketplace: Show Campaign Metrics');
    await choose(page, /Autos del Sur(?! México| Chile)/, 'Autos del Sur', 'Show Campaign Metrics: advertiser');
    await choose(page, 'Lanzamiento SUV 2026', 'Lanzamiento SUV 2026', 'Show Campaign Metrics: campaign');
    const view = workbench.webview();
    await view.locator('#charts canvas.chart').first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(800);
    // The first chart, whole: its title, the chart and its series.
    const chart = view.locator('#charts section.chart-block').first();
    await chart.evaluate((section) => section.scrollIntoView({ block: 'center' }));
    // Into the panel's margins, short of the line above the chart.
    await pictures.inBothThemes(workbench, '6-metrics', () =>
      boxOf([chart], undefined, { left: 10, top: 6, right: 10, bottom: 10 }),
    );
    await setSideBar(workbench, true);
    pictures.assertClean();
  },

  'step images: a reservation’s notifications': async ({ workbench, page }) => {
    await workbench.closeAllEditors();
    await pictures.useWindow(page, 820, 640);
    await setSideBar(workbench, true);
    await workbench.openViewContainer('Marketplace');
    await resizeSideBar(page, 470);
    await setPane(page, 'Explorer', false);
    await setPane(page, 'Request History', false);
    await setPane(page, 'Notifications', true);
    const pane = page.locator('.pane', { hasText: 'Notifications' });
    // The picture is of one reservation's notifications: earlier specs of the run share this feed, so it starts empty.
    await workbench.runCommand('Marketplace: Clear Notifications…').catch(() => undefined);
    const dialog = page.locator('.monaco-dialog-box');
    // The command asks only when the feed holds something: wait a moment for its question.
    const asked = await dialog.waitFor({ timeout: 3_000 }).then(
      () => true,
      () => false,
    );
    if (asked) await dialog.getByRole('button', { name: 'Clear' }).click();
    // Trigger Event asks before starting a stopped receiver: the step starts it first, as its text says.
    await workbench.runCommand('Marketplace: Start Notification Receiver');
    await workbench.startCommand('Marketplace Sandbox: Trigger Event…');
    await choose(page, 'A buyer reserves a vehicle listing', 'reserves a vehicle', 'Sandbox: Trigger Event');
    // Its notification arrives (and the view refreshes) before the payment is triggered.
    await pane
      .getByRole('treeitem', { name: /^created_orders \/orders\/\d+/ })
      .first()
      .waitFor({ timeout: 30_000 });
    await workbench.startCommand('Marketplace Sandbox: Trigger Event…');
    await choose(page, 'The buyer pays a reservation', 'pays a reservation', 'Sandbox: Trigger Event');
    await pane
      .getByRole('treeitem', { name: /^orders_v2 \/orders\/\d+/ })
      .first()
      .waitFor({ timeout: 30_000 });
    // From the side bar's title down to the last notification.
    await pictures.inBothThemes(workbench, '7-notifications', () =>
      boxOf([page.locator('.part.sidebar .composite.title'), pane.getByRole('treeitem').last()]),
    );
    await setPane(page, 'Explorer', true);
    pictures.assertClean();
  },

  'step images: Sign In… offering the sandbox, a token or OAuth': async ({ workbench, page }) => {
    await pictures.useWindow(page, 820, 600);
    const picker = page.locator('.quick-input-widget');
    const open = async () => {
      await workbench.startCommand('Marketplace: Sign In…');
      await picker.locator('.monaco-list-row', { hasText: 'Sign In with OAuth' }).waitFor({ timeout: 15_000 });
    };
    await pictures.inBothThemes(workbench, '8-connect', () => boxOf([picker]), open);
    await workbench.dismiss();
    // The runner's window again (Playwright's own device scale with it).
    await pictures.close();
    pictures.assertClean();
  },
};

export default spec;
