// The walkthrough's step images (media/walkthrough/): a part of the window photographed at twice its CSS size, with
// two checks that the walkthrough page can show it well. The page shows a step's image at most about 530 px wide
// (VS Code's `max-width: 100%` in its media column), scaled down to fit, never up beyond its natural size; so
//  - readable: the smallest text inside the picture, as the page shows it, is at least 11 px;
//  - clean edges: no text crosses the picture's edges (no stray letters, no row cut in half), which holds when each
//    edge lies on the box of an element (a widget, a pane, a row) rather than across one.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { CDPSession, Frame, Locator, Page } from 'playwright-core';
import { RESULTS_DIR } from '../../../scripts/codeServer';

export const STEP_IMAGE_DIR = join(RESULTS_DIR, 'e2e');
/** The largest box the walkthrough page shows a step's image in (CSS px): the issue's ~530 px wide column. */
export const PAGE_MEDIA = { width: 530, height: 560 };
/** The smallest text size a step image may show (CSS px on the page). */
export const MIN_TEXT_PX = 11;
/** Device pixels per CSS pixel of the pictures: sharp on a HiDPI screen, and room for the page to scale down. */
export const STEP_IMAGE_SCALE = 2;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A run of text as drawn: its visible box (page coordinates), font size and a few of its words. */
export interface DrawnText extends Box {
  fontSize: number;
  text: string;
  /** A line of it is cut across by a scrolling box (a list or an editor): half a row shows. */
  halved: boolean;
}

/** What a picture shows, measured on the live page. */
export interface StepImageCheck {
  name: string;
  clip: Box;
  /** The smallest font size of the text inside, in CSS px, and the size it shows at on the page. */
  smallestFont: number;
  /** Some of the text set in that smallest size. */
  smallestText: string;
  shownAt: number;
  /** Text that crosses an edge of the picture, or shows cut across inside it. */
  cut: DrawnText[];
  /** How many runs of text are inside. */
  texts: number;
}

/**
 * Every text node's drawn boxes in a frame, each cut to what its scrolling and clipping ancestors let show (a tree
 * row's ellipsis, an editor's viewport), in the frame's coordinates. Runs in the page: self-contained, and without
 * named inner functions (tsx would wrap them in a helper the page does not have).
 */
function drawnTextsInFrame(clip: Box): DrawnText[] {
  type Edges = { left: number; top: number; right: number; bottom: number } | null;
  const viewport: Edges = { left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight };
  // What of an element's content can show: its ancestors' clipping boxes intersected (null: nothing shows).
  const seen = new Map<Element, Edges>();
  const drawn: DrawnText[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim();
    const parent = node.parentElement;
    if (!text || !parent || parent.closest('script, style, textarea')) continue;
    const chain: Element[] = [];
    let known: Element | null = parent;
    while (known && !seen.has(known)) {
      chain.push(known);
      known = known.parentElement;
    }
    let edges: Edges = known ? (seen.get(known) ?? null) : viewport;
    for (const element of chain.reverse()) {
      const style = getComputedStyle(element);
      // A fixed widget (an editor's hover) escapes every ancestor's clipping; an absolute one, all but its containing
      // block's and those above it. (`null` stays: an invisible ancestor hides it all the same.)
      if (edges && style.position === 'fixed') edges = viewport;
      if (edges && style.position === 'absolute') {
        let block = element.parentElement;
        while (block && getComputedStyle(block).position === 'static') block = block.parentElement;
        if (block && seen.has(block)) edges = seen.get(block) ?? null;
      }
      if (edges && (style.visibility === 'hidden' || Number(style.opacity) === 0)) edges = null;
      // Screen-reader text is clipped away (`clip: rect(…)`): it never shows.
      if (edges && style.clip !== 'auto' && (style.position === 'absolute' || style.position === 'fixed')) edges = null;
      if (edges && (style.overflowX !== 'visible' || style.overflowY !== 'visible')) {
        const box = element.getBoundingClientRect();
        edges = {
          left: style.overflowX === 'visible' ? edges.left : Math.max(edges.left, box.left),
          right: style.overflowX === 'visible' ? edges.right : Math.min(edges.right, box.right),
          top: style.overflowY === 'visible' ? edges.top : Math.max(edges.top, box.top),
          bottom: style.overflowY === 'visible' ? edges.bottom : Math.min(edges.bottom, box.bottom),
        };
      }
      seen.set(element, edges);
    }
    if (!edges) continue;
    const fontSize = Number.parseFloat(getComputedStyle(parent).fontSize);
    range.selectNodeContents(node);
    for (const rect of range.getClientRects()) {
      const left = Math.max(rect.left, edges.left);
      const right = Math.min(rect.right, edges.right);
      const top = Math.max(rect.top, edges.top);
      const bottom = Math.min(rect.bottom, edges.bottom);
      // Less than a pixel each way shows nothing readable (caret helpers, collapsed rows).
      if (right - left < 1 || bottom - top < 1) continue;
      // Under a widget (a quick pick over the tree): what is on top at the middle of the text (of its part inside the
      // picture, if any) is not the text.
      const inLeft = Math.max(left, clip.x);
      const inRight = Math.min(right, clip.x + clip.width);
      const inTop = Math.max(top, clip.y);
      const inBottom = Math.min(bottom, clip.y + clip.height);
      const inside = inRight - inLeft >= 1 && inBottom - inTop >= 1;
      const onTop = inside
        ? document.elementFromPoint((inLeft + inRight) / 2, (inTop + inBottom) / 2)
        : document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
      if (!onTop || !(parent.contains(onTop) || onTop.contains(parent))) continue;
      drawn.push({
        x: left,
        y: top,
        width: right - left,
        height: bottom - top,
        fontSize,
        text: text.slice(0, 40),
        // Cut across by a scrolling box (a list, an editor), like a row half scrolled out of view.
        halved: rect.height - (bottom - top) > rect.height / 3,
      });
    }
  }
  return drawn;
}

/** The drawn text of the page and of every webview inside it, in page coordinates, as seen in a picture of `clip`. */
export async function drawnTexts(page: Page, clip: Box): Promise<DrawnText[]> {
  const all: DrawnText[] = [];
  for (const frame of page.frames()) {
    const offset = await frameBox(page, frame);
    if (!offset) continue;
    const texts = await frame.evaluate(drawnTextsInFrame, { ...clip, x: clip.x - offset.x, y: clip.y - offset.y });
    for (const text of texts) {
      const moved = intersect({ ...text, x: text.x + offset.x, y: text.y + offset.y }, offset);
      if (moved) all.push({ ...text, ...moved });
    }
  }
  return all;
}

/** Where a frame's viewport is on the page (the main frame: the whole page; a hidden webview: undefined). */
async function frameBox(page: Page, frame: Frame): Promise<Box | undefined> {
  if (frame === page.mainFrame()) {
    const size = page.viewportSize() ?? { width: 1440, height: 900 };
    return { x: 0, y: 0, ...size };
  }
  const element = await frame.frameElement().catch(() => undefined);
  return (await element?.boundingBox()) ?? undefined;
}

function intersect(a: Box, b: Box): Box | undefined {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const right = Math.min(a.x + a.width, b.x + b.width);
  const bottom = Math.min(a.y + a.height, b.y + b.height);
  return right - x >= 1 && bottom - y >= 1 ? { x, y, width: right - x, height: bottom - y } : undefined;
}

const within = (inner: Box, outer: Box, slack = 0.5) =>
  inner.x >= outer.x - slack &&
  inner.y >= outer.y - slack &&
  inner.x + inner.width <= outer.x + outer.width + slack &&
  inner.y + inner.height <= outer.y + outer.height + slack;

/** The scale the page shows a picture of `clip` at (CSS px on the page per CSS px of the window). */
export const shownScale = (clip: Box, deviceScale: number): number =>
  Math.min(deviceScale, PAGE_MEDIA.width / clip.width, PAGE_MEDIA.height / clip.height);

/** Measures a clip of the live page: its smallest text as the walkthrough shows it, and any text across its edges. */
export async function checkClip(page: Page, name: string, clip: Box, deviceScale: number): Promise<StepImageCheck> {
  // Any overlap counts: a line box a fraction of a pixel inside still shows the feet of its letters.
  const texts = (await drawnTexts(page, clip)).filter(
    (text) =>
      Math.min(text.x + text.width, clip.x + clip.width) > Math.max(text.x, clip.x) &&
      Math.min(text.y + text.height, clip.y + clip.height) > Math.max(text.y, clip.y),
  );
  const cut = texts.filter((text) => !within(text, clip) || text.halved);
  // Words and numbers are what must be read; a lone symbol (a legend's ● swatch) is an icon.
  const inside = texts.filter((text) => within(text, clip) && /[\p{L}\p{N}]/u.test(text.text));
  if (!inside.length) throw new Error(`${name}: no text found inside ${JSON.stringify(clip)}`);
  const smallestFont = Math.min(...inside.map((text) => text.fontSize));
  const smallestText = inside.find((text) => text.fontSize === smallestFont)?.text ?? '';
  const shownAt = smallestFont * shownScale(clip, deviceScale);
  return { name, clip, smallestFont, smallestText, shownAt, cut, texts: inside.length };
}

/** The problems of a check, in words (empty when the picture is readable and clean). */
export function clipProblems(check: StepImageCheck): string[] {
  const problems: string[] = [];
  const { width, height } = check.clip;
  if (!(check.shownAt >= MIN_TEXT_PX)) {
    problems.push(
      `${check.name} (${Math.round(width)}×${Math.round(height)} px of the window): its smallest text (${check.smallestFont} px, "${check.smallestText}") shows at ${check.shownAt.toFixed(1)} px in the walkthrough's ${PAGE_MEDIA.width}×${PAGE_MEDIA.height} media box, under ${MIN_TEXT_PX} px`,
    );
  }
  for (const text of check.cut.slice(0, 5)) {
    problems.push(
      `${check.name}: "${text.text}" ${text.halved ? 'shows cut across' : 'crosses its edge'} (text at ${Math.round(text.x)},${Math.round(text.y)} ${Math.round(text.width)}×${Math.round(text.height)})`,
    );
  }
  return problems;
}

/**
 * The smallest box holding every area, its edges on the nearest whole CSS pixels; `columns`, when given, bound it
 * left and right instead (a table cut on a column's edge); `pad` widens it on each side (into a panel's blank margin:
 * `checkClip` finds any text it would reach).
 */
export async function boxOf(
  areas: Locator[],
  columns?: Locator[],
  pad: number | { left?: number; top?: number; right?: number; bottom?: number } = 0,
): Promise<Box> {
  const {
    left = 0,
    top = 0,
    right: padRight = 0,
    bottom: padBottom = 0,
  } = typeof pad === 'number' ? { left: pad, top: pad, right: pad, bottom: pad } : pad;
  const boxes = (await Promise.all(areas.map((area) => area.boundingBox()))).filter((box) => box !== null);
  if (!boxes.length) throw new Error('nothing to photograph: no area is visible');
  if (columns) {
    const sides = await boxOf(columns);
    for (const box of boxes) Object.assign(box, { x: sides.x, width: sides.width });
  }
  const x = Math.round(Math.min(...boxes.map((box) => box.x)) - left);
  const y = Math.round(Math.min(...boxes.map((box) => box.y)) - top);
  const right = Math.round(Math.max(...boxes.map((box) => box.x + box.width)) + padRight);
  const bottom = Math.round(Math.max(...boxes.map((box) => box.y + box.height)) + padBottom);
  return { x, y, width: right - x, height: bottom - y };
}

/**
 * The window the step images are taken in: a smaller CSS size, rendered at `STEP_IMAGE_SCALE` device pixels per CSS
 * pixel, through one DevTools session held open while it is used (a session's overrides end with it). `close` puts
 * the runner's window back.
 */
export class StepCamera {
  private constructor(
    private readonly page: Page,
    private readonly session: CDPSession,
  ) {}

  static async open(page: Page): Promise<StepCamera> {
    return new StepCamera(page, await page.context().newCDPSession(page));
  }

  /** Makes the window `width` × `height` CSS px at twice the device pixels, and waits for the workbench to fit it. */
  async useWindow(width: number, height: number): Promise<void> {
    await this.page.setViewportSize({ width, height });
    await this.session.send('Emulation.setDeviceMetricsOverride', {
      width,
      height,
      deviceScaleFactor: STEP_IMAGE_SCALE,
      mobile: false,
    });
    await this.page.waitForFunction(
      ([w, h, scale]) => window.innerWidth === w && window.innerHeight === h && window.devicePixelRatio === scale,
      [width, height, STEP_IMAGE_SCALE],
    );
    // The workbench lays itself out again for the new size (its quick input takes 62 % of the width, up to 600 px).
    await this.page.waitForTimeout(1000);
  }

  /** Saves the clip as `dir`/`name`.png in device pixels (DevTools' capture: a CSS clip, device pixels out). */
  async save(name: string, clip: Box, dir = STEP_IMAGE_DIR): Promise<string> {
    mkdirSync(dir, { recursive: true });
    const path = join(dir, `${name}.png`);
    const { data } = await this.session.send('Page.captureScreenshot', { format: 'png', clip: { ...clip, scale: 1 } });
    writeFileSync(path, Buffer.from(data, 'base64'));
    process.stdout.write(`[e2e]   screenshot: ${relative(process.cwd(), path)}\n`);
    return path;
  }

  /** The runner's window again, at Playwright's own device scale. */
  async close(size = { width: 1440, height: 900 }): Promise<void> {
    await this.session.send('Emulation.clearDeviceMetricsOverride').catch(() => undefined);
    await this.session.detach().catch(() => undefined);
    await this.page.setViewportSize(size);
  }
}
