// The walkthrough page and its step images, shared by the walkthrough spec (English, media/walkthrough/) and the
// locale spec (media/walkthrough/<lang>/): the page's steps and buttons, the side bar and quick inputs as a person
// uses them, and StepPictures, which photographs a part of the window in a light and a dark theme after checking it
// reads well at the size the walkthrough shows it (support/stepImages.ts).
import * as assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { type Box, checkClip, clipProblems, STEP_IMAGE_DIR, STEP_IMAGE_SCALE, StepCamera } from './stepImages';
import type { Workbench } from './workbench';

export const THEMES = [
  ['light', 'Light Modern'],
  ['dark', 'Dark Modern'],
] as const;

/**
 * The step images of one run: written as `<prefix><name>-light.png` and `-dark.png` into `dir`; what their checks
 * found wrong is reported by `assertClean` at the end of each test.
 */
export class StepPictures {
  private readonly problems: string[] = [];
  /** The step images' window, opened by the first picture, closed by `close`. */
  private camera: StepCamera | undefined;

  constructor(
    private readonly dir = STEP_IMAGE_DIR,
    private readonly prefix = 'walkthrough-',
  ) {}

  async useWindow(page: Page, width: number, height: number): Promise<void> {
    this.camera ??= await StepCamera.open(page);
    await this.camera.useWindow(width, height);
  }

  /**
   * Photographs the box `clipOf` gives (support/stepImages.ts `boxOf`) in Light Modern, then Dark Modern (`again`
   * redoes what switching theme closed), after checking that the walkthrough page will show its text large enough and
   * that no text crosses its edges.
   */
  async inBothThemes(
    workbench: Workbench,
    name: string,
    clipOf: () => Promise<Box>,
    again?: () => Promise<void>,
    pointerAway = true,
  ): Promise<void> {
    const { page } = workbench;
    for (const [suffix, theme] of THEMES) {
      await workbench.useTheme(theme);
      await again?.();
      // The pointer out of the way (no hover, no tooltip), unless `again` put it where the picture needs it.
      if (pointerAway) await page.mouse.move(0, 0);
      await page.waitForTimeout(700);
      const picture = `${this.prefix}${name}-${suffix}`;
      const clip = await clipOf();
      const check = await checkClip(page, picture, clip, STEP_IMAGE_SCALE);
      process.stdout.write(
        `[e2e]   ${picture}: ${clip.width}×${clip.height} CSS px, ${check.texts} runs of text, the smallest ${check.smallestFont} px ("${check.smallestText}") shown at ${check.shownAt.toFixed(1)} px\n`,
      );
      this.problems.push(...clipProblems(check));
      assert.ok(this.camera, 'the step images’ window is open');
      await this.camera.save(picture, clip, this.dir);
    }
  }

  /** Fails the test with every problem the pictures it took showed. */
  assertClean(): void {
    const found = this.problems.splice(0);
    assert.deepEqual(found, [], found.join('\n'));
  }

  /** The runner's window again (Playwright's own device scale with it). */
  async close(): Promise<void> {
    await this.camera?.close();
    this.camera = undefined;
  }
}

/** A step of the walkthrough page: its title button (`data-step-id` ends with the step's id) and its description. */
export function step(page: Page, id: string) {
  return {
    title: page.locator(`button.getting-started-step[data-step-id$="#${id}"]`),
    button: (name: string) =>
      page.locator(`[x-step-description-for$="#${id}"]`).getByRole('button', { name, exact: true }),
  };
}

/** Opens a step by its title, clicks its button. */
export async function clickStep(page: Page, id: string, button: string): Promise<void> {
  const { title, button: action } = step(page, id);
  await title.click();
  await page
    .locator(`button.getting-started-step[aria-expanded="true"][data-step-id$="#${id}"]`)
    .waitFor({ timeout: 10_000 });
  await action(button).click();
}

export async function waitTicked(page: Page, id: string): Promise<void> {
  await page
    .locator(`button.getting-started-step[data-step-id$="#${id}"][aria-checked="true"]`)
    .waitFor({ timeout: 30_000 });
}

/**
 * Answers the quick pick or input a command opened: waits for it (by its title, when given: the picker of a second
 * question reuses the first one's box, so text typed too early would go to the first), types (when given), waits for
 * the focused row, Enter.
 */
export async function choose(page: Page, rowText: string | RegExp, text?: string, title?: string): Promise<void> {
  const input = page.locator('.quick-input-widget input.input');
  await input.waitFor({ state: 'visible', timeout: 15_000 });
  if (title !== undefined) {
    await page.locator('.quick-input-widget .quick-input-title', { hasText: title }).waitFor({ timeout: 15_000 });
  }
  if (text !== undefined) await input.fill(text);
  await page.locator('.quick-input-list .monaco-list-row.focused', { hasText: rowText }).waitFor({ timeout: 15_000 });
  await input.press('Enter');
}

/** The side bar made about `width` px wide by dragging its edge, as a person would. */
export async function resizeSideBar(page: Page, width: number): Promise<void> {
  const sidebar = await page.locator('.part.sidebar').boundingBox();
  if (!sidebar || Math.abs(sidebar.width - width) < 20) return;
  const edge = sidebar.x + sidebar.width + 1;
  await page.mouse.move(edge, sidebar.y + 300);
  await page.mouse.down();
  await page.mouse.move(sidebar.x + width, sidebar.y + 300, { steps: 8 });
  await page.mouse.up();
}

/** Expands or collapses a pane of the side bar by clicking its title. */
export async function setPane(page: Page, title: string, expanded: boolean): Promise<void> {
  const header = page.locator('.sidebar .pane-header', { hasText: title }).first();
  for (let attempt = 0; attempt < 3 && (await header.getAttribute('aria-expanded')) !== String(expanded); attempt++) {
    await header.locator('.title').first().click();
    await page.waitForTimeout(300);
  }
}

/** Shows or hides the primary side bar (Ctrl+B), as a person makes room for a panel. */
export async function setSideBar(workbench: Workbench, visible: boolean): Promise<void> {
  const sidebar = workbench.page.locator('.part.sidebar');
  if ((await sidebar.isVisible()) !== visible) await workbench.page.keyboard.press('Control+B');
  await sidebar.waitFor({ state: visible ? 'visible' : 'hidden', timeout: 10_000 });
}

/**
 * Brings the pointer onto `target` until `shown` (its hover) appears. The pointer comes from outside each time: a move
 * to where it already is fires no mousemove, so no hover. A hover the editor dropped (a relayout under load) gets two
 * more approaches, then the test fails.
 */
export async function hoverOver(page: Page, target: Locator, shown: Locator): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const box = await target.boundingBox();
    // Drawn anew as the editor lays itself out (a panel opening below it): looked for again in a moment.
    if (!box) {
      assert.ok(attempt < 3, 'the element to point at is visible');
      await page.waitForTimeout(500);
      continue;
    }
    await page.mouse.move(0, 0);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
    try {
      await shown.waitFor({ timeout: 8_000 });
      return;
    } catch (failure) {
      if (attempt === 3) throw failure;
    }
  }
}
