// The extension in VS Code's display language (`runE2e.ts --locale es`, `--locale pt-br`; `npm run test:e2e:locales`):
// what a person sees, photographed as test-results/e2e/<locale>-<screen>.png (the explorer, a payload with problems,
// the shipping panel with a quote, the metrics panel with a chart, the walkthrough), and the walkthrough's step images
// in that language as media/walkthrough/<locale>/<name>-<theme>.png, the English pictures' names, taken as the
// walkthrough spec takes them (support/walkthroughPage.ts). Words are found through the extension's own bundles
// (support/words.ts), so the spec runs before and after the translations land. Not part of the English run: it lives
// below test/e2e/locale/, outside `test:e2e`'s 'test/e2e/*.e2e.ts'.
import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../../scripts/codeServer';
import { COMMANDS } from '../../../src/constants';
import { newPhone } from '../../fixtures/newPhone';
import { quoteMlb } from '../support/shippingQuote';
import { boxOf } from '../support/stepImages';
import { choose, hoverOver, resizeSideBar, StepPictures, setPane, setSideBar, step } from '../support/walkthroughPage';
import { literally, Words } from '../support/words';
import type { E2eContext, E2eSpec } from '../support/workbench';

let words = new Words('en');
let pictures = new StepPictures();

/** The run's words and where its step images go, set by the first test from the run's locale. */
function setUp({ locale }: E2eContext): void {
  assert.notEqual(locale, 'en', 'this spec runs in another display language: runE2e.ts --locale es');
  words = new Words(locale);
  pictures = new StepPictures(join(ROOT, 'media', 'walkthrough', locale), '');
}

const spec: E2eSpec = {
  'the explorer, signed in to the sandbox': async (context) => {
    setUp(context);
    const { workbench, page, locale, screenshot } = context;
    await workbench.openViewContainer(words.view('marketplace'));
    await workbench.runCommand(words.command(COMMANDS.useSandbox));
    await page.locator('.statusbar-item', { hasText: 'TEST_SELLER_AUTOS' }).first().waitFor({ timeout: 30_000 });
    await setPane(page, words.view('marketplace.history'), false);
    await setPane(page, words.view('marketplace.notifications'), false);
    const items = workbench.treeItem(new RegExp(`^${literally(words.t('Items'))}`)).first();
    await items.waitFor({ timeout: 30_000 });
    if ((await items.getAttribute('aria-expanded')) !== 'true') await items.click();
    const rows = page.locator('.sidebar .pane', { hasText: words.view('marketplace.explorer') }).first();
    await rows.locator('.monaco-list-row').nth(10).waitFor({ timeout: 30_000 });
    await resizeSideBar(page, 470);
    await screenshot(`${locale}-explorer`);
  },

  'step images: the sandbox’s menu, and the explorer’s listings': async ({ workbench, page }) => {
    // Step images 1 and 2: the status bar item's menu, the listings (a test of their own: four pictures under load
    // took most of a test's two minutes).
    const rows = page.locator('.sidebar .pane', { hasText: words.view('marketplace.explorer') }).first();
    await pictures.useWindow(page, 820, 900);
    const menu = page.locator('.quick-input-widget');
    const openMenu = async () => {
      await page.locator('.statusbar-item', { hasText: 'TEST_SELLER_AUTOS' }).first().click();
      await menu.locator('.monaco-list-row').nth(3).waitFor({ timeout: 15_000 });
    };
    await pictures.inBothThemes(workbench, '1-sandbox', () => boxOf([menu]), openMenu);
    await workbench.dismiss();
    await resizeSideBar(page, 470);
    await pictures.inBothThemes(workbench, '2-explorer', () =>
      boxOf([page.locator('.part.sidebar .composite.title'), rows.locator('.monaco-list-row').nth(10)]),
    );
    await pictures.close();
    pictures.assertClean();
  },

  'a payload with problems: the Problems panel and a rule’s reason on its underline': async ({
    workbench,
    page,
    folder,
    locale,
    screenshot,
  }) => {
    await workbench.closeAllEditors();
    // A new listing with its category left blank, as New Item Payload… writes it: the rules underline the blank.
    const name = 'sin-categoria.item.json';
    const body = newPhone('Celular Motorola Moto G85 Sin Categoría', { category_id: '' });
    writeFileSync(join(folder, name), `${JSON.stringify(body, null, 2)}\n`);
    await workbench.quickOpen(name);
    const editor = page.locator('.editor-group-container.active .monaco-editor').first();
    const underline = editor.locator('.squiggly-error').filter({ visible: true }).first();
    await underline.waitFor({ timeout: 30_000 });
    // The Problems panel lists the rules' findings; the pointer on the underline shows the first one's reason.
    if (!(await page.locator('.part.panel').isVisible())) await page.keyboard.press('Control+Shift+M');
    await page.locator('.part.panel .markers-panel').waitFor({ timeout: 15_000 });
    // The editor lays itself out again above the panel: its underline is drawn anew.
    await underline.waitFor({ timeout: 15_000 });
    const hover = page.locator('.monaco-hover:not(.hidden)').first();
    await hoverOver(page, underline, hover);
    await screenshot(`${locale}-payload`);

    // Step image 3: the editor alone, the reason on the underline.
    await page.keyboard.press('Control+J');
    await setSideBar(workbench, false);
    await workbench.runCommand('View: Hide Activity Bar');
    try {
      await pictures.useWindow(page, 560, 480);
      await pictures.inBothThemes(
        workbench,
        '3-payload',
        () => boxOf([page.locator('.part.editor .tabs-container'), hover], [page.locator('.part.editor'), hover]),
        () => hoverOver(page, underline, hover),
        false,
      );
      await page.mouse.move(0, 0);
    } finally {
      await pictures.close();
      await workbench.runCommand('View: Move Activity Bar to Side');
    }
    pictures.assertClean();
  },

  'step images: Send from the CodeLens and the answer below it': async ({ workbench, page, folder }) => {
    // Step image 4: a complete listing's file, sent from its CodeLens, the answer below it.
    await workbench.closeAllEditors();
    if (await page.locator('.part.panel').isVisible()) await page.keyboard.press('Control+J');
    await setSideBar(workbench, false);
    await pictures.useWindow(page, 600, 520);
    const name = 'g85-envio.item.json';
    writeFileSync(join(folder, name), `${JSON.stringify(newPhone('Celular Motorola Moto G85 Demo Envio'), null, 2)}\n`);
    await workbench.quickOpen(name);
    const editor = page.locator('.editor-group-container.active .monaco-editor').first();
    const lens = words.t('$(cloud-upload) Send {0}{1}').replace('$(cloud-upload) ', '');
    const send = editor
      .locator('.codelens-decoration a', { hasText: lens.replace('{0}{1}', `POST /items · ${words.t('create')}`) })
      .first();
    await send.waitFor({ timeout: 30_000 });
    await send.click();
    await workbench.webview().locator('#status', { hasText: /^201/ }).waitFor({ timeout: 30_000 });
    await workbench.dismiss();
    // The answer below the file (Toggle Vertical/Horizontal Editor Layout).
    await page.keyboard.press('Shift+Alt+0');
    await page.waitForTimeout(500);
    const answer = workbench.webview().locator('details.headers');
    await pictures.inBothThemes(workbench, '4-send', () =>
      boxOf([page.locator('.part.editor .tabs-container').first(), answer], [page.locator('.part.editor')]),
    );
    await pictures.close();
    pictures.assertClean();
  },

  'the shipping panel with a quote': async ({ workbench, page, locale, screenshot }) => {
    await workbench.closeAllEditors();
    // The panel area closed (a failed test before may have left the Problems panel open).
    if (await page.locator('.part.panel').isVisible()) await page.keyboard.press('Control+J');
    await setSideBar(workbench, true);
    await workbench.runCommand(words.command(COMMANDS.quoteShipping));
    const view = workbench.webview();
    await quoteMlb(view);
    await screenshot(`${locale}-shipping`);

    // Step image 5: the answer's first block, its first three columns.
    await setSideBar(workbench, false);
    await pictures.useWindow(page, 820, 640);
    const table = view.locator('.quote-table').first();
    const block = view.locator('.quote-block').first();
    await block.evaluate((section) => section.scrollIntoView({ block: 'start' }));
    const headings = table.locator('thead th');
    await pictures.inBothThemes(workbench, '5-shipping', () =>
      boxOf(
        [block.locator('.block-title'), table.locator('tbody.shown-rows tr').last()],
        [headings.nth(0), headings.nth(2)],
        { left: 10, top: 10, bottom: 10 },
      ),
    );
    await pictures.close();
    await setSideBar(workbench, true);
    pictures.assertClean();
  },

  'the metrics panel with a chart': async ({ workbench, page, locale, screenshot }) => {
    await workbench.closeAllEditors();
    if (await page.locator('.part.panel').isVisible()) await page.keyboard.press('Control+J');
    await workbench.startCommand(words.command(COMMANDS.showCampaignMetrics));
    await choose(
      page,
      /Autos del Sur(?! México| Chile)/,
      'Autos del Sur',
      words.t('Show Campaign Metrics: advertiser'),
    );
    // The campaign's question reuses the advertiser's box: typed only once its campaigns are listed.
    await page
      .locator('.quick-input-list .monaco-list-row', { hasText: 'Lanzamiento SUV 2026' })
      .first()
      .waitFor({ timeout: 15_000 });
    await choose(page, 'Lanzamiento SUV 2026', 'Lanzamiento SUV 2026', words.t('Show Campaign Metrics: campaign'));
    const view = workbench.webview();
    await view.locator('#charts canvas.chart').first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(800);
    await screenshot(`${locale}-metrics`);

    // Step image 6: the first chart, whole.
    await setSideBar(workbench, false);
    await pictures.useWindow(page, 620, 700);
    const chart = view.locator('#charts section.chart-block').first();
    await chart.evaluate((section) => section.scrollIntoView({ block: 'center' }));
    await pictures.inBothThemes(workbench, '6-metrics', () =>
      boxOf([chart], undefined, { left: 10, top: 6, right: 10, bottom: 10 }),
    );
    await pictures.close();
    await setSideBar(workbench, true);
    pictures.assertClean();
  },

  'step images: a reservation’s notifications': async ({ workbench, page }) => {
    // Step image 7: the notifications of one reservation, reserved then paid (the sandbox's scenarios keep their
    // English titles).
    await workbench.closeAllEditors();
    await pictures.useWindow(page, 820, 640);
    await setSideBar(workbench, true);
    await workbench.openViewContainer(words.view('marketplace'));
    await resizeSideBar(page, 470);
    const notifications = words.view('marketplace.notifications');
    await setPane(page, words.view('marketplace.explorer'), false);
    await setPane(page, words.view('marketplace.history'), false);
    await setPane(page, notifications, true);
    const pane = page
      .locator('.sidebar .pane')
      .filter({ has: page.locator('.pane-header', { hasText: notifications }) })
      .first();
    await workbench.runCommand(words.command(COMMANDS.clearNotifications)).catch(() => undefined);
    const dialog = page.locator('.monaco-dialog-box');
    const asked = await dialog.waitFor({ timeout: 3_000 }).then(
      () => true,
      () => false,
    );
    if (asked) await dialog.getByRole('button', { name: words.t('Clear') }).click();
    await workbench.runCommand(words.command(COMMANDS.startReceiver));
    await workbench.startCommand(words.command(COMMANDS.triggerSandboxEvent));
    await choose(page, 'A buyer reserves a vehicle listing', 'reserves a vehicle', words.t('Sandbox: Trigger Event'));
    await pane
      .getByRole('treeitem', { name: /^created_orders \/orders\/\d+/ })
      .first()
      .waitFor({ timeout: 30_000 });
    await workbench.startCommand(words.command(COMMANDS.triggerSandboxEvent));
    await choose(page, 'The buyer pays a reservation', 'pays a reservation', words.t('Sandbox: Trigger Event'));
    await pane
      .getByRole('treeitem', { name: /^orders_v2 \/orders\/\d+/ })
      .first()
      .waitFor({ timeout: 30_000 });
    await pictures.inBothThemes(workbench, '7-notifications', () =>
      boxOf([page.locator('.part.sidebar .composite.title'), pane.getByRole('treeitem').last()]),
    );
    await setPane(page, words.view('marketplace.explorer'), true);
    await pictures.close();
    pictures.assertClean();
  },

  'the walkthrough, and Sign In… offering the sandbox, a token or OAuth': async ({
    workbench,
    page,
    locale,
    screenshot,
  }) => {
    await workbench.closeAllEditors();
    await workbench.runCommand(words.command(COMMANDS.getStarted));
    await step(page, 'sandbox').title.waitFor({ timeout: 30_000 });
    await step(page, 'shipping').title.click();
    await page.mouse.move(0, 0);
    await page.waitForTimeout(800);
    await screenshot(`${locale}-walkthrough`);

    // Step image 8: the sign-in picker.
    await pictures.useWindow(page, 820, 600);
    const picker = page.locator('.quick-input-widget');
    const open = async () => {
      await workbench.startCommand(words.command(COMMANDS.signIn));
      await picker.locator('.monaco-list-row').nth(2).waitFor({ timeout: 15_000 });
    };
    await pictures.inBothThemes(workbench, '8-connect', () => boxOf([picker]), open);
    await workbench.dismiss();
    await pictures.close();
    pictures.assertClean();
  },
};

export default spec;
