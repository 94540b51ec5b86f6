// The charts' colours, read from the VS Code theme's CSS variables (never written here), and a watch on theme changes:
// VS Code toggles `vscode-light` / `vscode-dark` / `vscode-high-contrast` on <body> and rewrites the variables, so
// the charts are restyled without reopening the panel. Line colours are the theme's chart colours, each brought to
// 3:1 against the editor background and kept apart by hue (palette.ts).

import { parseColour, seriesColours } from './palette';

/** How many line colours a theme gives: one per campaign drawn at once (the panel compares two). */
const LINE_COLOURS = 4;

/** The theme's chart colours, in the order campaigns get them. */
const PALETTE = [
  '--vscode-charts-blue',
  '--vscode-charts-orange',
  '--vscode-charts-green',
  '--vscode-charts-purple',
  '--vscode-charts-yellow',
  '--vscode-charts-red',
];

export interface Theme {
  /** Line colours, one per campaign: each reaches 3:1 against `background`, no two of one hue. */
  palette: string[];
  foreground: string;
  muted: string;
  grid: string;
  /** The editor's background: the fill of hollow (touch point) points. */
  background: string;
  tooltipBackground: string;
  tooltipForeground: string;
  tooltipBorder: string;
  fontFamily: string;
  fontSize: number;
  /** High-contrast themes get thicker lines and larger points. */
  highContrast: boolean;
  /** Which theme kind was read (for tests and the canvas' data attribute). */
  kind: string;
}

/** The theme as it is now. */
export function readTheme(): Theme {
  const style = getComputedStyle(document.body);
  const read = (name: string, fallback: string): string => style.getPropertyValue(name).trim() || fallback;
  // Neutral grey only if the webview has no theme variables at all (never inside VS Code).
  const foreground = read('--vscode-foreground', '#808080');
  const muted = read('--vscode-descriptionForeground', foreground);
  const classes = document.body.classList;
  const highContrast = classes.contains('vscode-high-contrast') || classes.contains('vscode-high-contrast-light');
  const light = classes.contains('vscode-light') || classes.contains('vscode-high-contrast-light');
  const background = read('--vscode-editor-background', 'transparent');
  // Measured against the editor's background; a page without one is taken as the theme kind's white or black.
  const measuredOn = parseColour(background) ? background : light ? '#ffffff' : '#000000';
  return {
    palette: seriesColours(
      PALETTE.map((name) => read(name, '')),
      measuredOn,
      LINE_COLOURS,
    ),
    foreground,
    muted,
    grid: read('--vscode-charts-lines', read('--vscode-widget-border', muted)),
    background,
    tooltipBackground: read('--vscode-editorHoverWidget-background', read('--vscode-editor-background', '#000000')),
    tooltipForeground: read('--vscode-editorHoverWidget-foreground', foreground),
    tooltipBorder: read('--vscode-editorHoverWidget-border', read('--vscode-contrastBorder', muted)),
    fontFamily: read('--vscode-font-family', 'sans-serif'),
    fontSize: Number.parseFloat(read('--vscode-font-size', '13')) || 13,
    highContrast,
    kind:
      document.body.dataset.vscodeThemeKind ??
      (highContrast ? 'vscode-high-contrast' : classes.contains('vscode-light') ? 'vscode-light' : 'vscode-dark'),
  };
}

/** The colour of a campaign by its index (cycling through the palette). */
export const colourAt = (theme: Theme, index: number): string =>
  theme.palette[index % theme.palette.length] ?? theme.foreground;

let observer: MutationObserver | undefined;

/** Calls `onChange` (once per frame at most) whenever the theme changes. */
export function watchTheme(onChange: () => void): void {
  observer?.disconnect();
  let pending = 0;
  const schedule = () => {
    if (pending) return;
    pending = requestAnimationFrame(() => {
      pending = 0;
      onChange();
    });
  };
  observer = new MutationObserver(schedule);
  // The body's classes and data-vscode-theme-* attributes, and the variables VS Code writes on <html>.
  observer.observe(document.body, { attributes: true });
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['style', 'class'] });
}
