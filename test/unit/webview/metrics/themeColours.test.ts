import assert from 'node:assert/strict';
import {
  contrastRatio,
  distinct,
  GRAPHICS_CONTRAST,
  hexOf,
  parseColour,
  seriesColours,
  withContrast,
} from '../../../../webview/metrics/palette';
import { colourAt, readTheme, type Theme } from '../../../../webview/metrics/theme';
import { seededRandom } from '../../support/seededRandom';

/**
 * The chart variables and editor background VS Code writes into a webview in its default themes, as the metrics e2e
 * spec read them in code-server 1.139 (test-results/e2e/metrics-theme-colours.json): blue, orange, green, purple,
 * yellow, red. The Modern themes' orange is a translucent highlight; the High Contrast themes have none.
 */
/** High Contrast Light, read by the same spec (its orange is empty: High Contrast themes have none). */
const HC_LIGHT = {
  blue: '#0063d3',
  orange: '',
  green: '#374e06',
  purple: '#652d90',
  yellow: '#895503',
  red: '#b5200d',
};

const THEMES: Record<string, { kind: string; background: string; charts: Record<string, string> }> = {
  'Light Modern': {
    kind: 'vscode-light',
    background: '#ffffff',
    charts: {
      blue: '#0063d3',
      orange: 'rgba(234, 92, 0, 0.33)',
      green: '#388a34',
      purple: '#652d90',
      yellow: '#bf8803',
      red: '#e51400',
    },
  },
  'Dark Modern': {
    kind: 'vscode-dark',
    background: '#1f1f1f',
    charts: {
      blue: '#59a4f9',
      orange: 'rgba(234, 92, 0, 0.33)',
      green: '#89d185',
      purple: '#b180d7',
      yellow: '#cca700',
      red: '#f14c4c',
    },
  },
  'Default High Contrast': {
    kind: 'vscode-high-contrast',
    background: '#000000',
    charts: { blue: '#59a4f9', orange: '', green: '#89d185', purple: '#b180d7', yellow: '#ffd370', red: '#f48771' },
  },
  'Default High Contrast Light': {
    kind: 'vscode-high-contrast-light',
    background: '#ffffff',
    charts: HC_LIGHT,
  },
};

/** `readTheme()` in a page whose body has `kind` and whose theme variables are `variables`. */
function themeIn(kind: string, variables: Record<string, string>): Theme {
  const globals = globalThis as unknown as Record<string, unknown>;
  const saved = { document: globals.document, getComputedStyle: globals.getComputedStyle };
  const classes = new Set([kind, ...(kind.includes('high-contrast') ? ['vscode-high-contrast'] : [])]);
  globals.document = { body: { classList: { contains: (name: string) => classes.has(name) }, dataset: {} } };
  globals.getComputedStyle = () => ({ getPropertyValue: (name: string) => variables[name] ?? '' });
  try {
    return readTheme();
  } finally {
    Object.assign(globals, saved);
  }
}

const variablesOf = (theme: (typeof THEMES)[string]): Record<string, string> => ({
  '--vscode-editor-background': theme.background,
  '--vscode-foreground': theme.kind.includes('light') ? '#3b3b3b' : '#cccccc',
  ...Object.fromEntries(Object.entries(theme.charts).map(([name, value]) => [`--vscode-charts-${name}`, value])),
});

/** How many campaigns the panel may draw at once with their own colour. */
const CAMPAIGNS = 4;

describe('metrics webview: line colours against the editor background', () => {
  it('measures contrast as WCAG 2 does', () => {
    const white = parseColour('#fff')!;
    assert.equal(contrastRatio(white, parseColour('rgb(0, 0, 0)')!), 21);
    assert.equal(contrastRatio(white, parseColour('#777777')!).toFixed(2), '4.48');
    assert.equal(hexOf(parseColour('rgba(255, 0, 0, 0.5)', parseColour('#000000'))!), '#800000');
    assert.equal(parseColour('transparent'), undefined);
    assert.equal(parseColour('#12345'), undefined);
    assert.ok(!distinct(parseColour('#1a85ff')!, parseColour('#0f4a85')!), 'two blues are one hue');
    assert.ok(distinct(parseColour('#1a85ff')!, parseColour('#d18616')!), 'blue and orange');
  });

  for (const [name, theme] of Object.entries(THEMES)) {
    it(`${name}: each campaign’s colour reaches 3:1 on the editor background, and no two look alike`, () => {
      const drawn = themeIn(theme.kind, variablesOf(theme));
      const background = parseColour(theme.background)!;
      const colours = Array.from({ length: CAMPAIGNS }, (_, index) => colourAt(drawn, index));
      const problems: string[] = [];
      for (const [index, text] of colours.entries()) {
        const colour = parseColour(text, background);
        if (!colour) problems.push(`campaign ${index + 1}: ${text} is not a colour`);
        else if (contrastRatio(colour, background) < GRAPHICS_CONTRAST)
          problems.push(`campaign ${index + 1}: ${text} has ${contrastRatio(colour, background).toFixed(2)}:1`);
        for (const other of colours.slice(0, index)) {
          const earlier = parseColour(other, background);
          if (colour && earlier && !distinct(colour, earlier)) problems.push(`${text} looks like ${other}`);
        }
      }
      assert.deepEqual(problems, [], `${name} on ${theme.background}: ${colours.join(' ')}`);
      assert.equal(colours[0], theme.charts.blue, 'the theme’s own blue where it already reads');
    });
  }

  it('the theme’s colours are kept where they read, opaque, changed only as much as needed where they do not', () => {
    const dark = themeIn('vscode-dark', variablesOf(THEMES['Dark Modern']!));
    assert.deepEqual([colourAt(dark, 0), colourAt(dark, 1)], ['#59a4f9', '#ea5c00'], 'the orange without its alpha');
    // The orange of VS Code's older light themes has 2.94:1 on white.
    const [blue, orange] = seriesColours(['#1a85ff', '#d18616'], '#ffffff', 2).map((text) => parseColour(text)!);
    assert.equal(hexOf(blue!), '#1a85ff');
    const ratio = contrastRatio(orange!, parseColour('#ffffff')!);
    assert.ok(ratio >= 3 && ratio < 3.1, `#d18616 darkened just enough: ${hexOf(orange!)} ${ratio}`);
  });

  it('any background, any theme colours (seeded draws): 3:1 reached and the colours distinct', () => {
    const random = seededRandom(20);
    const anyColour = () => hexOf({ r: random() * 255, g: random() * 255, b: random() * 255 });
    for (let draw = 0; draw < 300; draw++) {
      const background = anyColour();
      const colours = seriesColours([anyColour(), anyColour(), '#808080', 'not a colour'], background, CAMPAIGNS);
      assert.equal(colours.length, CAMPAIGNS, background);
      for (const [index, text] of colours.entries()) {
        const colour = parseColour(text)!;
        assert.ok(contrastRatio(colour, parseColour(background)!) >= GRAPHICS_CONTRAST, `${text} on ${background}`);
        for (const other of colours.slice(0, index))
          assert.ok(distinct(colour, parseColour(other)!), `${text} and ${other}`);
      }
      const grey = parseColour('#777777')!;
      assert.ok(contrastRatio(withContrast(grey, grey), grey) >= GRAPHICS_CONTRAST);
    }
  });
});
