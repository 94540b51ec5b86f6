// The charts (Chart.js 4, only the parts registered below) as small multiples: one small chart per metric, each with
// its own y scale, in a grid as wide as the panel (one column at 400 px, four at 1600). Above them the key (each
// campaign's colour and point shape, the two models' line styles) and the Metrics chooser; each chart has its title,
// a focusable canvas and a keyboard readout. Colours come from the theme and follow its changes.

import * as l10n from '@vscode/l10n';
import {
  CategoryScale,
  Chart,
  type ChartDataset,
  type ChartOptions,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import type { MetricsView } from '../../src/model/protocols/metrics';
import { el } from '../shared/dom';
import { formatTick, formatValue, longDay, shortDay } from './format';
import { type DrawnChart, enableKeys, type LineChart } from './keys';
import { type ChartPlan, type KeyPlan, type LinePlan, planCharts, planKey, SHAPE_GLYPHS } from './plan';
import { keep, state } from './state';
import { colourAt, readTheme, type Theme } from './theme';

Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Tooltip);

const drawn: DrawnChart[] = [];
/** Where the charts were drawn last (the key is repainted there on a theme change). */
let host: HTMLElement | undefined;
/** Whether the Metrics chooser was left open (a tick redraws the charts; the chooser stays as it was). */
let chooserOpen = false;

const reducedMotion = (): boolean => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

const isShown = (plan: ChartPlan): boolean => state.shown.get(plan.metric) ?? plan.shownByDefault;

/** Draws the view's charts in `container` (#charts), replacing what was there; returns how many. */
export function drawCharts(container: HTMLElement, view: MetricsView): number {
  destroyCharts();
  host = container;
  const theme = readTheme();
  applyDefaults(theme);
  const plans = planCharts(view, state.attribution);
  const shown = plans.filter(isShown);
  const grid = el('div', 'chart-grid');
  grid.id = 'chart-grid';
  const keys = el(
    'p',
    'chart-note',
    l10n.t(
      'Tab to a chart, then use the arrow keys (Home, End, Page Up, Page Down) to move across days; Escape hides the tooltip. The Table view lists every value.',
    ),
  );
  keys.id = 'chart-keys';
  const key = keyView(planKey(view, state.attribution));
  const controls = el('div', 'chart-controls', ...(key ? [key] : []), chooser(plans, container, view));
  container.replaceChildren(controls, grid, keys);
  if (!shown.length) grid.append(el('p', 'chart-note', l10n.t('No metric is charted: tick one under Metrics.')));
  for (const plan of shown) {
    const entry = block(plan);
    grid.append(entry.block);
    // Created once the canvas is in the page, so that Chart.js sizes it from its frame at once.
    const chart = new Chart(entry.canvas, {
      type: 'line',
      data: { labels: view.days, datasets: plan.lines.map((line) => datasetOf(line, theme)) },
      options: optionsOf(plan, view.days, theme),
    }) as LineChart;
    const drawnChart: DrawnChart = { ...entry, plan, chart, days: view.days, active: undefined };
    drawn.push(drawnChart);
    enableKeys(drawnChart);
    markColours(drawnChart, theme);
    describe(drawnChart, view);
  }
  paintKey(container, theme);
  return shown.length;
}

export function destroyCharts(): void {
  for (const entry of drawn.splice(0)) entry.chart.destroy();
}

/** Colours again from the theme (on a theme change), without rebuilding. */
export function restyleCharts(): void {
  if (!drawn.length && !host) return;
  const theme = readTheme();
  applyDefaults(theme);
  for (const entry of drawn) {
    for (const [index, line] of entry.plan.lines.entries())
      Object.assign(entry.chart.data.datasets[index] ?? {}, colours(line, theme));
    entry.chart.options = optionsOf(entry.plan, entry.days, theme);
    // Not 'none': in that mode Chart.js keeps the points' shared options, and so their old colours.
    entry.chart.update();
    markColours(entry, theme);
  }
  if (host) paintKey(host, theme);
}

/** `#chart-key`: each campaign's swatch and name, and the line styles of the two models when both are drawn. */
function keyView(key: KeyPlan): HTMLElement | undefined {
  if (key.campaigns.length < 2 && !key.dashes) return undefined;
  const items: HTMLElement[] = [];
  if (key.campaigns.length > 1) {
    for (const campaign of key.campaigns) {
      const item = el(
        'span',
        'key-item key-campaign',
        el('span', 'swatch', el('span', 'swatch-point', SHAPE_GLYPHS[campaign.shape])),
        el('span', 'key-name', campaign.name),
      );
      item.dataset.colour = String(campaign.colour);
      items.push(item);
    }
  }
  if (key.dashes) {
    items.push(
      el('span', 'key-item key-model', el('span', 'swatch swatch-plain'), l10n.t('event time')),
      el('span', 'key-item key-model', el('span', 'swatch swatch-plain swatch-dashed'), l10n.t('touch point')),
    );
  }
  const box = el('p', 'chart-key', el('span', 'group-label', l10n.t('Key')), ...items);
  box.id = 'chart-key';
  return box;
}

/** `#metric-chooser`: a checkbox per metric; a tick draws or removes its chart. */
function chooser(plans: ChartPlan[], container: HTMLElement, view: MetricsView): HTMLElement {
  const metrics = new Map<string, ChartPlan>();
  for (const plan of plans) if (!metrics.has(plan.metric)) metrics.set(plan.metric, plan);
  const options = [...metrics.values()].map((plan) => {
    const box = el('input', 'checkbox');
    box.type = 'checkbox';
    box.id = `metric-${plan.metric}`;
    box.dataset.metric = plan.metric;
    box.checked = isShown(plan);
    box.addEventListener('change', () => {
      state.shown.set(plan.metric, box.checked);
      keep();
      chooserOpen = true;
      drawCharts(container, view);
      container.querySelector<HTMLInputElement>(`#${CSS.escape(box.id)}`)?.focus();
    });
    const label = el('label', 'metric-option', box, el('span', '', plan.title));
    label.htmlFor = box.id;
    return label;
  });
  const charted = [...metrics.values()].filter(isShown).length;
  const list = el('fieldset', 'metric-list', el('legend', 'visually-hidden', l10n.t('Metrics to chart')), ...options);
  const summary = el('summary', 'metric-summary', l10n.t('Metrics: {0} of {1} charted', charted, metrics.size));
  const details = el('details', 'metric-chooser', summary, list);
  details.id = 'metric-chooser';
  details.open = chooserOpen;
  details.addEventListener('toggle', () => {
    chooserOpen = details.open;
  });
  return details;
}

function block(plan: ChartPlan) {
  const id = plan.id.replace(/[^\w-]/g, '_');
  const title = el('h3', 'chart-title', plan.title);
  title.id = `chart-title-${id}`;
  const canvas = el('canvas', 'chart', l10n.t('The Table view lists every value of this chart.'));
  canvas.id = `chart-${id}`;
  canvas.dataset.unit = plan.unit;
  if (plan.currency) canvas.dataset.currency = plan.currency;
  canvas.tabIndex = 0;
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-describedby', 'chart-keys');
  const frame = el('div', 'chart-frame', canvas);
  const readout = el('p', 'chart-readout visually-hidden');
  readout.setAttribute('aria-live', 'polite');
  const section = el('section', 'chart-block', title);
  if (plan.rightAxis) section.append(el('p', 'chart-axis-note', l10n.t('Right-hand scale: {0}', plan.rightAxis)));
  section.append(frame, readout);
  section.setAttribute('aria-labelledby', title.id);
  section.dataset.metric = plan.metric;
  section.dataset.unit = plan.unit;
  return { block: section, canvas, readout };
}

function datasetOf(line: LinePlan, theme: Theme): ChartDataset<'line', (number | null)[]> {
  return {
    label: line.label,
    data: line.values,
    yAxisID: line.axis,
    borderDash: line.dashed ? [6, 4] : [],
    pointStyle: line.shape,
    tension: 0,
    spanGaps: false,
    ...colours(line, theme),
  };
}

function colours(line: LinePlan, theme: Theme) {
  const colour = colourAt(theme, line.colour);
  return {
    borderColor: colour,
    backgroundColor: colour,
    pointBackgroundColor: line.dashed ? theme.background : colour,
    pointBorderColor: colour,
    borderWidth: theme.highContrast ? 3 : 2,
    pointRadius: theme.highContrast ? 3 : 2,
    pointHoverRadius: theme.highContrast ? 7 : 6,
  };
}

function optionsOf(plan: ChartPlan, days: string[], theme: Theme): ChartOptions<'line'> {
  const { unit, currency } = plan;
  const valueAxis = (position: 'left' | 'right', grid: boolean) => ({
    type: 'linear' as const,
    position,
    beginAtZero: true,
    grid: { color: theme.grid, drawOnChartArea: grid },
    border: { color: theme.grid },
    ticks: {
      color: theme.muted,
      maxTicksLimit: 5,
      callback: (value: string | number) => formatTick(Number(value), unit),
    },
  });
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: reducedMotion() ? false : { duration: 250 },
    interaction: { mode: 'index', intersect: false },
    onHover: (_event, elements) => {
      const entry = drawn.find((candidate) => candidate.plan === plan);
      if (entry && elements[0]) entry.active = elements[0].index;
    },
    scales: {
      x: {
        type: 'category',
        grid: { display: false },
        border: { color: theme.grid },
        ticks: {
          color: theme.muted,
          maxRotation: 0,
          autoSkipPadding: 16,
          callback: (value) => shortDay(days[Number(value)]),
        },
      },
      y: valueAxis('left', true),
      ...(plan.rightAxis ? { y1: valueAxis('right', false) } : {}),
    },
    plugins: {
      tooltip: {
        backgroundColor: theme.tooltipBackground,
        titleColor: theme.tooltipForeground,
        bodyColor: theme.tooltipForeground,
        borderColor: theme.tooltipBorder,
        borderWidth: 1,
        usePointStyle: true,
        boxPadding: 4,
        callbacks: {
          title: (items) => longDay(days[items[0]?.dataIndex ?? -1]),
          label: (item) => l10n.t('{0}: {1}', item.dataset.label ?? '', formatValue(item.parsed.y, unit, currency)),
        },
      },
    },
  };
}

function applyDefaults(theme: Theme): void {
  Chart.defaults.color = theme.foreground;
  Chart.defaults.borderColor = theme.grid;
  Chart.defaults.font.family = theme.fontFamily;
  Chart.defaults.font.size = theme.fontSize;
}

/** The key's swatches in the theme's colours (CSSOM properties: the CSP forbids style attributes). */
function paintKey(container: HTMLElement, theme: Theme): void {
  container.querySelectorAll<HTMLElement>('.key-campaign').forEach((item) => {
    const colour = colourAt(theme, Number(item.dataset.colour));
    item.querySelectorAll<HTMLElement>('.swatch').forEach((swatch) => {
      swatch.style.borderTopColor = colour;
      swatch.style.color = colour;
    });
  });
}

/** The colours a chart drew with, on its canvas (tests measure them against the background). */
function markColours(entry: DrawnChart, theme: Theme): void {
  entry.canvas.dataset.theme = theme.kind;
  entry.canvas.dataset.colours = [...new Set(entry.plan.lines.map((line) => colourAt(theme, line.colour)))].join(' ');
}

/** The canvas' name: what it shows, over which days, and where its values are in words. */
function describe(entry: DrawnChart, view: MetricsView): void {
  const { from, to } = view.range;
  const { title, rightAxis } = entry.plan;
  const lines = entry.plan.lines.map((line) => line.label).join(', ');
  const days = view.days.length;
  entry.canvas.setAttribute(
    'aria-label',
    rightAxis
      ? l10n.t(
          '{0}, line chart of {1} days from {2} to {3}: {4}; {5} on the right-hand scale.',
          title,
          days,
          from,
          to,
          lines,
          rightAxis,
        )
      : l10n.t('{0}, line chart of {1} days from {2} to {3}: {4}.', title, days, from, to, lines),
  );
}
