// The campaign metrics panel as a person sees it: a campaign of the explorer opens its charts, drawn (pixels that are
// not the background), with the summary above them. The first chart shows without scrolling at 1600 × 1000; the
// panel works from 400 px up; screenshots at 500 and 1600 px wide in light, dark and high contrast, and one comparing
// two campaigns, whose colours must differ and reach 3:1 on the editor background; Export CSV writes the table in
// the order it is sorted.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { contrastRatio, distinct, GRAPHICS_CONTRAST, parseColour } from '../../webview/metrics/palette';
import { parseCsv } from '../unit/support/csv';
import { openSeededCampaign } from './support/campaigns';
import type { E2eContext, E2eSpec, Workbench } from './support/workbench';

/** The runner's window, put back at the end. */
const DEFAULT_VIEWPORT = { width: 1440, height: 900 };
const THEMES = [
  ['light', 'Light Modern'],
  ['dark', 'Dark Modern'],
  ['hc', 'Default High Contrast'],
] as const;

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

async function setSideBar(workbench: Workbench, visible: boolean): Promise<void> {
  const sidebar = workbench.page.locator('.part.sidebar');
  if ((await sidebar.isVisible()) !== visible) await workbench.page.keyboard.press('Control+B');
  await sidebar.waitFor({ state: visible ? 'visible' : 'hidden', timeout: 10_000 });
}

/** The width of the panel's page (the webview's frame) in CSS pixels. */
async function panelWidth(page: Page): Promise<number> {
  const box = await page.locator('iframe.webview.ready').first().boundingBox();
  return Math.round(box?.width ?? 0);
}

/** Sizes the window so that the panel (side bar hidden, nothing beside it) is `width` px wide, `height` px high. */
async function setPanelWidth(workbench: Workbench, width: number, height = 1000): Promise<void> {
  const { page } = workbench;
  await setSideBar(workbench, false);
  if (await page.locator('.part.panel').isVisible()) await page.keyboard.press('Control+J');
  let viewport = width + 60;
  for (let attempt = 0; attempt < 4; attempt++) {
    await page.setViewportSize({ width: viewport, height });
    await page.waitForTimeout(400);
    const actual = await panelWidth(page);
    if (Math.abs(actual - width) <= 2) return;
    viewport += width - actual;
  }
  assert.fail(`the panel is ${await panelWidth(page)} px wide, not ${width}`);
}

/** The page scrolled to its top, then where the first chart's frame is in the panel's visible height. */
async function firstChartPlace(view: FrameLocator): Promise<{ top: number; bottom: number; viewport: number }> {
  await view.locator('body').evaluate(() => window.scrollTo(0, 0));
  return view
    .locator('#charts .chart-frame')
    .first()
    .evaluate((frame) => {
      const box = frame.getBoundingClientRect();
      return { top: Math.round(box.top), bottom: Math.round(box.bottom), viewport: window.innerHeight };
    });
}

/** Whether the page scrolls sideways (what a narrow panel must not need) and what sticks out. */
async function overflow(view: FrameLocator): Promise<string[]> {
  return view.locator('body').evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out = [...document.querySelectorAll<HTMLElement>('#app *')]
      .filter((node) => node.offsetParent !== null && node.getBoundingClientRect().right > width + 1)
      .filter((node) => !node.closest('.table-wrap'))
      .slice(0, 5)
      .map((node) => `${node.tagName.toLowerCase()}.${node.className} ends at ${node.getBoundingClientRect().right}`);
    return document.documentElement.scrollWidth > width
      ? [`page ${document.documentElement.scrollWidth}`, ...out]
      : out;
  });
}

/** The line colours the first chart drew, the editor background, and how they measure. */
async function lineColours(view: FrameLocator): Promise<{ colours: string[]; background: string; problems: string[] }> {
  const found = await view
    .locator('#charts canvas.chart')
    .first()
    .evaluate((canvas) => ({
      colours: (canvas.dataset.colours ?? '').split(' ').filter(Boolean),
      background: getComputedStyle(document.body).getPropertyValue('--vscode-editor-background').trim(),
    }));
  const behind = parseColour(found.background);
  const problems: string[] = behind ? [] : [`the background ${found.background} is not a colour`];
  for (const [index, text] of found.colours.entries()) {
    const colour = behind && parseColour(text, behind);
    if (!colour || !behind) {
      problems.push(`${text} is not a colour`);
      continue;
    }
    const ratio = contrastRatio(colour, behind);
    if (ratio < GRAPHICS_CONTRAST) problems.push(`${text} has ${ratio.toFixed(2)}:1 on ${found.background}`);
    for (const other of found.colours.slice(0, index)) {
      const earlier = parseColour(other, behind);
      if (earlier && !distinct(colour, earlier)) problems.push(`${text} looks like ${other}`);
    }
  }
  return { ...found, problems };
}

/**
 * Each theme in turn at the current size: the charts drawn, their colours measured, a screenshot each (at the top of
 * the page, and scrolled to the charts too when `chartsToo`).
 */
async function inEachTheme(
  { workbench, page, screenshot }: E2eContext,
  name: string,
  themes: readonly (readonly [string, string])[] = THEMES,
  chartsToo = false,
): Promise<void> {
  const view = workbench.webview();
  for (const [short, theme] of themes) {
    await workbench.useTheme(theme);
    await page.waitForTimeout(900);
    assert.ok((await drawnPixels(view)) > 50, `${theme}: the first chart has drawn pixels`);
    const measured = await lineColours(view);
    assert.deepEqual(measured.problems, [], `${theme}: ${measured.colours.join(' ')} on ${measured.background}`);
    await view.locator('body').evaluate(() => window.scrollTo(0, 0));
    const shot = await screenshot(`${name}-${short}`);
    if (chartsToo) {
      await view.locator('#charts').evaluate((charts) => charts.scrollIntoView({ block: 'start' }));
      await screenshot(`${name}-${short}-charts`);
    }
    // What the theme gave, for the unit test's fixture (test/unit/metricsView/themeColours.test.ts).
    themeColours[theme] = await view.locator('body').evaluate(() => {
      const style = getComputedStyle(document.body);
      const names = [
        'editor-background',
        ...['blue', 'orange', 'green', 'purple', 'yellow', 'red'].map((n) => `charts-${n}`),
      ];
      return Object.fromEntries(names.map((n) => [n, style.getPropertyValue(`--vscode-${n}`).trim()]));
    });
    writeFileSync(join(dirname(shot), 'metrics-theme-colours.json'), `${JSON.stringify(themeColours, null, 2)}\n`);
  }
}

/** The theme variables read in each theme. */
const themeColours: Record<string, Record<string, string>> = {};

const spec: E2eSpec = {
  'signs in to the local sandbox and opens a campaign of the explorer': async ({ workbench, page }) => {
    await workbench.runCommand('Marketplace: Use Local Sandbox');
    await page.locator('.statusbar-item', { hasText: 'TEST_SELLER_AUTOS' }).first().waitFor({ timeout: 30_000 });
    await workbench.closeAllEditors();
    await workbench.openViewContainer('Marketplace');
    await openSeededCampaign(workbench);
    await workbench.webview().locator('#range-form').waitFor({ timeout: 30_000 });
  },

  'the charts are drawn and the summary shows the API’s summary': async ({ workbench, page }) => {
    const view = workbench.webview();
    await view.locator('#cards .card').first().waitFor({ timeout: 30_000 });
    assert.ok((await view.locator('#cards .card').count()) >= 8);
    await view.locator('#charts canvas.chart').first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(800);
    assert.ok((await drawnPixels(view)) > 50, 'the first chart has drawn pixels');
  },

  'at 1600 × 1000 the first chart shows without scrolling, with the side bar open or hidden': async ({
    workbench,
    page,
  }) => {
    const view = workbench.webview();
    if (await page.locator('.part.panel').isVisible()) await page.keyboard.press('Control+J');
    for (const sideBar of [true, false]) {
      await setSideBar(workbench, sideBar);
      await page.setViewportSize({ width: 1600, height: 1000 });
      await page.waitForTimeout(600);
      const place = await firstChartPlace(view);
      process.stdout.write(
        `[e2e]     side bar ${sideBar ? 'open' : 'hidden'}, panel ${await panelWidth(page)} px: the first chart spans ${place.top}–${place.bottom} px of ${place.viewport}\n`,
      );
      assert.ok(
        place.bottom <= place.viewport,
        `side bar ${sideBar ? 'open' : 'hidden'}, panel ${await panelWidth(page)} px wide: the first chart spans ${place.top}–${place.bottom} px of a ${place.viewport} px high panel`,
      );
    }
  },

  'at 500 px wide, in light, dark and high contrast; nothing sticks out at 500 or 400 px': async (context) => {
    const view = context.workbench.webview();
    await setPanelWidth(context.workbench, 400);
    assert.deepEqual(await overflow(view), [], 'at 400 px');
    await setPanelWidth(context.workbench, 500);
    assert.deepEqual(await overflow(view), [], 'at 500 px');
    await inEachTheme(context, 'metrics-500', THEMES, true);
  },

  'at 1600 px wide, in light, dark and high contrast': async (context) => {
    await setPanelWidth(context.workbench, 1600);
    await inEachTheme(context, 'metrics-1600', [...THEMES, ['hc-light', 'Default High Contrast Light']]);
  },

  'comparing two campaigns: each has its own colour, named in the key, on every chart': async ({
    workbench,
    page,
    screenshot,
  }) => {
    const view = workbench.webview();
    const compare = view.locator('#compare');
    const other = await compare.locator('option').nth(1).getAttribute('value');
    assert.ok(other, 'the advertiser has another campaign');
    await compare.selectOption(other);
    await view.locator('#chart-key .key-campaign').nth(1).waitFor({ timeout: 30_000 });
    await page.waitForTimeout(900);
    for (const [short, theme] of [THEMES[0], THEMES[2]]) {
      await workbench.useTheme(theme);
      await page.waitForTimeout(900);
      const measured = await lineColours(view);
      assert.equal(measured.colours.length, 2, `two colours: ${measured.colours.join(' ')}`);
      assert.deepEqual(measured.problems, [], `${theme}: ${measured.colours.join(' ')} on ${measured.background}`);
      await view.locator('body').evaluate(() => window.scrollTo(0, 0));
      await screenshot(`metrics-1600-compare-${short}`);
    }
    // Both attribution models: dashed touch point beside solid event time, in each campaign's colour.
    await workbench.useTheme('Dark Modern');
    await view.locator('#attribution-both').click();
    await view.locator('#chart-key .key-model').first().waitFor({ timeout: 10_000 });
    await page.waitForTimeout(900);
    assert.deepEqual((await lineColours(view)).problems, []);
    await view.locator('body').evaluate(() => window.scrollTo(0, 0));
    await screenshot('metrics-1600-compare-both-dark');
    await view.locator('#attribution-event_time').click();
    await compare.selectOption('');
    await view.locator('#chart-key .key-campaign').nth(1).waitFor({ state: 'detached', timeout: 30_000 });
  },

  'the Metrics chooser draws a chart for a metric ticked, on its own scale, and removes it when unticked': async ({
    workbench,
  }) => {
    const view = workbench.webview();
    await view.locator('#chart-prints').waitFor({ timeout: 30_000 });
    assert.equal(await view.locator('#chart-reach').count(), 0, 'reach is not charted at first');
    await view.locator('#metric-chooser summary').click();
    await view.locator('#metric-reach').check();
    await view.locator('#chart-reach').waitFor({ timeout: 10_000 });
    assert.match(await view.locator('#metric-chooser summary').innerText(), /8 of 18 charted/);
    assert.ok(await view.locator('#metric-chooser').evaluate((details) => (details as HTMLDetailsElement).open));
    await view.locator('#metric-reach').uncheck();
    await view.locator('#chart-reach').waitFor({ state: 'detached', timeout: 10_000 });
    await view.locator('#metric-chooser summary').click();
  },

  'Export CSV writes the table as shown: sorted by Prints, highest first': async ({ workbench, page, folder }) => {
    const view = workbench.webview();
    await workbench.useTheme('Dark Modern');
    await view.locator('#compare').selectOption('');
    const week = view.locator('#preset-7');
    const [weekFrom] = ((await week.getAttribute('title')) ?? '').split(' to ');
    await week.click();
    await view.locator('#results-title', { hasText: `Metrics from ${weekFrom} ` }).waitFor({ timeout: 30_000 });
    await view.locator('#charts canvas.chart').first().waitFor({ timeout: 30_000 });
    await view.locator('#view-table').click();
    const prints = view.locator('#table thead button[data-key="prints"]');
    await prints.click();
    await prints.click();
    await view.locator('#table thead th[aria-sort="descending"] button[data-key="prints"]').waitFor();
    const shown = await view.locator('#table tbody th.date-cell').allInnerTexts();
    assert.ok(shown.length >= 7, `the table lists the days: ${shown}`);
    const [from, to] = [[...shown].sort()[0], [...shown].sort().at(-1)];
    const file = join(folder, `Lanzamiento-SUV-2026-${from}-${to}.csv`);
    rmSync(file, { force: true });
    await view.locator('#export-csv').click();
    // The save dialog (code-server's own, a quick input) proposes the file in the workspace folder.
    const input = page.locator('.quick-input-widget input.input');
    await input.waitFor({ state: 'visible', timeout: 15_000 });
    // Its value is filled in steps (the folder, then the name).
    const proposed = /Lanzamiento-SUV-2026-.*\.csv$/;
    for (let wait = 0; wait < 50 && !proposed.test(await input.inputValue()); wait++) await page.waitForTimeout(200);
    assert.match(await input.inputValue(), proposed);
    await input.press('Enter');
    await workbench.waitForNotification('Exported');
    assert.ok(existsSync(file), `${file} was written`);
    const [header = [], ...records] = parseCsv(readFileSync(file, 'utf8'));
    assert.deepEqual(
      records.map((record) => record[0]),
      shown,
      'the rows in the table’s order',
    );
    const column = header.findIndex((name) => name.endsWith('· Prints'));
    const values = records.map((record) => Number(record[column]));
    assert.deepEqual(
      values,
      [...values].sort((a, b) => b - a),
      'prints from highest to lowest',
    );
    const columns = await view.locator('#table thead th button').count();
    assert.equal(header.length, columns, 'the table’s columns');
    await view.locator('#view-charts').click();
  },

  'a range more than 90 days back is refused in the form with the rule’s reason': async ({ workbench, page }) => {
    const view = workbench.webview();
    await view.locator('#range-from').fill('2020-01-01');
    const error = view.locator('#range-error');
    await error.waitFor({ timeout: 10_000 });
    assert.match(await error.innerText(), /2022-09-01|90 days/);
    await page.setViewportSize(DEFAULT_VIEWPORT);
    await setSideBar(workbench, true);
  },
};

export default spec;
