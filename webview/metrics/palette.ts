// The charts' line colours, pure (no DOM): parsed from what the theme's CSS variables hold, measured as WCAG 2
// measures contrast, and moved towards black or white until they reach 3:1 against the editor's background (WCAG
// 1.4.11, non-text contrast: a line must stand out from what is behind it). Colours that end up of one hue (High
// Contrast Light's "orange" is a dark blue) are skipped, so that compared campaigns never share a look; a fixed
// palette (Okabe & Ito's, readable with colour-blindness) follows the theme's own colours for when it has too few.

export interface Rgb {
  /** 0–255 each. */
  r: number;
  g: number;
  b: number;
}

/** WCAG 1.4.11: graphical objects need 3:1 against adjacent colours. */
export const GRAPHICS_CONTRAST = 3;
/** Two line colours are told apart by hue: at least this many degrees apart (CIE LCh). */
export const MIN_HUE_DISTANCE = 30;
/** Below this chroma a colour is a grey: it has no hue to tell a series by. */
export const MIN_CHROMA = 20;
/** Okabe & Ito's palette: blue, orange, bluish green, reddish purple, vermillion, sky blue, yellow. */
export const FALLBACK_COLOURS: readonly string[] = [
  '#0072b2',
  '#e69f00',
  '#009e73',
  '#cc79a7',
  '#d55e00',
  '#56b4e9',
  '#f0e442',
];

/** Last resort on a background that dulls every colour above: full colours every 30° of hue. */
const HUE_RING: readonly string[] = Array.from({ length: 12 }, (_, index) => {
  // hsl(hue, 100%, 50%): each channel from how far its own hue is.
  const channel = (offset: number) => {
    const k = (offset + index) % 12;
    return Math.round(255 * (0.5 - 0.5 * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return `rgb(${channel(0)}, ${channel(8)}, ${channel(4)})`;
});

const clamp = (value: number): number => Math.min(255, Math.max(0, value));

/** `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()` and `rgba()` (commas or spaces), with its alpha (0–1). */
export function parseRgba(text: string): (Rgb & { alpha: number }) | undefined {
  const value = text.trim().toLowerCase();
  let channels: number[] | undefined;
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(value)?.[1];
  if (hex) {
    const digits = hex.length <= 4 ? [...hex].map((digit) => digit + digit) : (hex.match(/../g) ?? []);
    channels = digits.map((pair) => Number.parseInt(pair, 16));
    if (channels.length === 4) channels[3] = (channels[3] ?? 255) / 255;
  } else {
    const inside = /^rgba?\(([^)]*)\)$/.exec(value)?.[1];
    if (!inside) return undefined;
    const parts = inside.split(/[\s,/]+/).filter(Boolean);
    if (parts.length < 3 || parts.length > 4) return undefined;
    channels = parts.map((part, index) => {
      const number = Number.parseFloat(part);
      if (!part.endsWith('%')) return number;
      return index === 3 ? number / 100 : (number * 255) / 100;
    });
  }
  const [r, g, b, alpha = 1] = channels;
  if (r === undefined || g === undefined || b === undefined) return undefined;
  if (![r, g, b, alpha].every(Number.isFinite)) return undefined;
  return { r: clamp(r), g: clamp(g), b: clamp(b), alpha: Math.min(1, Math.max(0, alpha)) };
}

/** A colour as it shows: a translucent one laid over `under` (white when not given). Undefined if not a colour. */
export function parseColour(text: string, under: Rgb = { r: 255, g: 255, b: 255 }): Rgb | undefined {
  const colour = parseRgba(text);
  if (!colour) return undefined;
  const over = (top: number, bottom: number) => top * colour.alpha + bottom * (1 - colour.alpha);
  return { r: over(colour.r, under.r), g: over(colour.g, under.g), b: over(colour.b, under.b) };
}

/** `#rrggbb`. */
export const hexOf = (colour: Rgb): string =>
  `#${[colour.r, colour.g, colour.b].map((channel) => Math.round(clamp(channel)).toString(16).padStart(2, '0')).join('')}`;

const linear = (channel: number): number => {
  const value = channel / 255;
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
};

/** WCAG 2's relative luminance. */
export const luminance = (colour: Rgb): number =>
  0.2126 * linear(colour.r) + 0.7152 * linear(colour.g) + 0.0722 * linear(colour.b);

/** WCAG 2's contrast ratio, 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `share` of the way from `from` to `to`, in whole channels. */
const mix = (from: Rgb, to: Rgb, share: number): Rgb => ({
  r: Math.round(clamp(from.r + (to.r - from.r) * share)),
  g: Math.round(clamp(from.g + (to.g - from.g) * share)),
  b: Math.round(clamp(from.b + (to.b - from.b) * share)),
});

/**
 * `colour` itself when it reaches `minimum` against `background`; else the least mix of it towards black or white that
 * does (the direction that needs less). Against any background one of black and white reaches 4.58:1, so 3:1 is
 * always reached.
 */
export function withContrast(colour: Rgb, background: Rgb, minimum = GRAPHICS_CONTRAST): Rgb {
  // Whole channels, as the colour is written: the colour drawn is the colour measured.
  const start = mix(colour, colour, 0);
  if (contrastRatio(start, background) >= minimum) return start;
  let best: { share: number; colour: Rgb } | undefined;
  for (const target of [
    { r: 0, g: 0, b: 0 },
    { r: 255, g: 255, b: 255 },
  ]) {
    if (contrastRatio(target, background) < minimum) continue;
    // Contrast grows with the share moved towards the target: the least share that reaches `minimum`, by halving
    // (`high` always reaches it: the target itself does).
    let [low, high] = [0, 1];
    for (let step = 0; step < 24; step++) {
      const middle = (low + high) / 2;
      if (contrastRatio(mix(start, target, middle), background) >= minimum) high = middle;
      else low = middle;
    }
    if (!best || high < best.share) best = { share: high, colour: mix(start, target, high) };
  }
  return best?.colour ?? start;
}

/** CIE LCh (D65) of a colour: lightness, chroma and hue in degrees. */
export function lchOf(colour: Rgb): { l: number; c: number; h: number } {
  const [r, g, b] = [linear(colour.r), linear(colour.g), linear(colour.b)];
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t) / 116 + 16 / 116);
  const [fx, fy, fz] = [f(x), f(y), f(z)];
  const l = 116 * fy - 16;
  const a = 500 * (fx - fy);
  const bb = 200 * (fy - fz);
  const h = (Math.atan2(bb, a) * 180) / Math.PI;
  return { l, c: Math.hypot(a, bb), h: h < 0 ? h + 360 : h };
}

/** Degrees between two hues, 0 to 180. */
export const hueDistance = (a: number, b: number): number => {
  const distance = Math.abs(a - b) % 360;
  return distance > 180 ? 360 - distance : distance;
};

/** Whether two line colours can be told apart by hue: both have one, at least `MIN_HUE_DISTANCE` apart. */
export function distinct(a: Rgb, b: Rgb): boolean {
  const [first, second] = [lchOf(a), lchOf(b)];
  return first.c >= MIN_CHROMA && second.c >= MIN_CHROMA && hueDistance(first.h, second.h) >= MIN_HUE_DISTANCE;
}

/**
 * `count` line colours for a background: the theme's colours in order, opaque, each brought to 3:1 against `background`,
 * skipping greys and any of a hue already taken, then the fallback palette treated the same way. `#rrggbb` each.
 */
export function seriesColours(themeColours: readonly string[], background: string, count: number): string[] {
  const behind = parseColour(background) ?? { r: 255, g: 255, b: 255 };
  const chosen: Rgb[] = [];
  for (const text of [...themeColours, ...FALLBACK_COLOURS, ...HUE_RING]) {
    if (chosen.length >= count) break;
    // A translucent theme colour (the Modern themes' orange is rgba(234, 92, 0, 0.33), a highlight's) is taken
    // without its transparency: a line is drawn solid.
    const parsed = parseRgba(text);
    if (!parsed) continue;
    const colour = withContrast({ r: parsed.r, g: parsed.g, b: parsed.b }, behind);
    if (lchOf(colour).c < MIN_CHROMA || chosen.some((other) => !distinct(other, colour))) continue;
    chosen.push(colour);
  }
  return chosen.map(hexOf);
}
