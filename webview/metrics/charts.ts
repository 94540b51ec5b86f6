// The charts (Chart.js 4, only the parts registered below): one per unit with its title, a focusable canvas, the
// legend as checkboxes outside the canvas and a keyboard readout. Colours come from the theme and follow its changes.

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
import type { MetricsView } from '../../src/model/metricsProtocol';
import { el } from '../shared/dom';
import { formatTick, formatValue, longDay, shortDay } from './format';
import { activate, type DrawnChart, enableKeys, type LineChart } from './keys';
import { type ChartPlan, type LegendPlan, type LinePlan, planCharts, SHAPE_GLYPHS } from './plan';
import { keep, state } from './state';
import { colourAt, readTheme, type Theme } from './theme';

Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Tooltip);

const drawn: DrawnChart[] = [];

const reducedMotion = (): boolean => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/** Draws the view's charts in `container` (#charts), replacing what was there; returns how many. */
export function drawCharts(container: HTMLElement, view: MetricsView): number {
  destroyCharts();
  const theme = readTheme();
  applyDefaults(theme);
  const plans = planCharts(view, state.attribution);
  const keys = el(
    'p',
    'chart-note',
    'Tab to a chart, then use the arrow keys (Home, End, Page Up, Page Down) to move across days; Escape hides the tooltip. The Table view lists every value.',
  );
  keys.id = 'chart-keys';
  container.replaceChildren(keys);
  if (state.attribution === 'both' && plans.some((plan) => plan.lines.some((line) => line.dashed))) {
    container.append(
      el('p', 'chart-note', 'Both attribution models: solid lines are event time, dashed lines are touch point.'),
    );
  }
  for (const plan of plans) {
    const entry = block(plan, view);
    container.append(entry.block);
    // Created once the canvas is in the page, so that Chart.js sizes it from its frame at once.
    const chart = new Chart(entry.canvas, {
      type: 'line',
      data: { labels: view.days, datasets: plan.lines.map((line) => datasetOf(line, plan, theme)) },
      options: optionsOf(plan, view.days, theme),
    }) as LineChart;
    const drawnChart: DrawnChart = { ...entry, plan, chart, days: view.days, active: undefined };
    drawn.push(drawnChart);
    enableKeys(drawnChart);
    paintLegend(drawnChart, theme);
    describe(drawnChart, view);
  }
  return plans.length;
}

export function destroyCharts(): void {
  for (const entry of drawn.splice(0)) entry.chart.destroy();
}

/** Colours again from the theme (on a theme change), without rebuilding. */
export function restyleCharts(): void {
  if (!drawn.length) return;
  const theme = readTheme();
  applyDefaults(theme);
  for (const entry of drawn) {
    for (const [index, line] of entry.plan.lines.entries())
      Object.assign(entry.chart.data.datasets[index] ?? {}, colours(line, theme));
    entry.chart.options = optionsOf(entry.plan, entry.days, theme);
    // Not 'none': in that mode Chart.js keeps the points' shared options, and so their old colours.
    entry.chart.update();
    paintLegend(entry, theme);
  }
}

function block(plan: ChartPlan, view: MetricsView) {
  const titleId = `chart-title-${plan.id}`;
  const title = el('h3', 'chart-title', plan.title);
  title.id = titleId;
  const canvas = el('canvas', 'chart', 'The Table view lists every value of this chart.');
  canvas.id = `chart-${plan.id}`;
  canvas.dataset.unit = plan.unit;
  if (plan.currency) canvas.dataset.currency = plan.currency;
  canvas.tabIndex = 0;
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-describedby', 'chart-keys');
  const frame = el('div', 'chart-frame', canvas);
  const legend = el('fieldset', 'legend', el('legend', 'legend-title', 'Series'));
  const readout = el('p', 'chart-readout visually-hidden');
  readout.setAttribute('aria-live', 'polite');
  const section = el('section', 'chart-block', title, frame, legend, readout);
  section.setAttribute('aria-labelledby', titleId);
  section.dataset.unit = plan.unit;
  // One row per campaign when a second one is compared.
  const rows = new Map<string, HTMLElement[]>();
  for (const item of plan.legend) {
    const campaign = item.id.slice(0, item.id.indexOf(':'));
    rows.set(campaign, [...(rows.get(campaign) ?? []), legendItem(plan, item, () => toggle(plan.id, item.id, view))]);
  }
  if (rows.size > 1) legend.append(...[...rows.values()].map((items) => el('div', 'legend-row', ...items)));
  else legend.append(...[...rows.values()].flat());
  return { block: section, canvas, legend, readout };
}

function legendItem(plan: ChartPlan, item: LegendPlan, onToggle: () => void): HTMLElement {
  const box = el('input', 'checkbox legend-toggle');
  box.type = 'checkbox';
  box.id = `legend-${plan.id}-${item.id.replace(/[^\w-]/g, '_')}`;
  box.dataset.legend = item.id;
  box.checked = state.shown.get(item.id) ?? item.shownByDefault;
  box.addEventListener('change', onToggle);
  const swatches = item.dashes.map((dashed) =>
    el('span', dashed ? 'swatch swatch-dashed' : 'swatch', el('span', 'swatch-point', SHAPE_GLYPHS[item.shape])),
  );
  const label = el('label', 'legend-item', box, ...swatches, el('span', 'legend-label', item.label));
  label.htmlFor = box.id;
  return label;
}

/** A legend checkbox changed: show or hide its lines (both models of a metric together) and keep the choice. */
function toggle(chartId: string, legendId: string, view: MetricsView): void {
  const entry = drawn.find((candidate) => candidate.plan.id === chartId);
  if (!entry) return;
  const box = entry.legend.querySelector<HTMLInputElement>(`input[data-legend="${CSS.escape(legendId)}"]`);
  const shown = box?.checked ?? true;
  state.shown.set(legendId, shown);
  keep();
  for (const [index, line] of entry.plan.lines.entries()) {
    const dataset = entry.chart.data.datasets[index];
    if (dataset && line.legendId === legendId) dataset.hidden = !shown;
  }
  entry.chart.update();
  if (entry.active !== undefined) activate(entry, entry.active);
  describe(entry, view);
}

function datasetOf(line: LinePlan, plan: ChartPlan, theme: Theme): ChartDataset<'line', (number | null)[]> {
  const byDefault = plan.legend.find((item) => item.id === line.legendId)?.shownByDefault ?? true;
  return {
    label: line.label,
    data: line.values,
    hidden: !(state.shown.get(line.legendId) ?? byDefault),
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
    pointRadius: theme.highContrast ? 4 : 3,
    pointHoverRadius: theme.highContrast ? 7 : 6,
  };
}

function optionsOf(plan: ChartPlan, days: string[], theme: Theme): ChartOptions<'line'> {
  const { unit, currency } = plan;
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
          autoSkipPadding: 12,
          callback: (value) => shortDay(days[Number(value)]),
        },
      },
      y: {
        type: 'linear',
        beginAtZero: true,
        grid: { color: theme.grid },
        border: { color: theme.grid },
        ticks: { color: theme.muted, callback: (value) => formatTick(Number(value), unit) },
        title: { display: true, text: plan.axis, color: theme.muted },
      },
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
          label: (item) => `${item.dataset.label ?? ''}: ${formatValue(item.parsed.y, unit, currency)}`,
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

/** The legend's swatches in the theme's colours (CSSOM properties: the CSP forbids style attributes). */
function paintLegend(entry: DrawnChart, theme: Theme): void {
  for (const item of entry.plan.legend) {
    const box = entry.legend.querySelector<HTMLInputElement>(`input[data-legend="${CSS.escape(item.id)}"]`);
    const label = box?.closest('.legend-item');
    if (!label) continue;
    const colour = colourAt(theme, item.colour);
    label.querySelectorAll<HTMLElement>('.swatch').forEach((swatch) => {
      swatch.style.borderTopColor = colour;
      swatch.style.color = colour;
    });
  }
  entry.canvas.dataset.theme = theme.kind;
  entry.canvas.dataset.colours = [...new Set(entry.plan.lines.map((line) => colourAt(theme, line.colour)))].join(' ');
}

/** The canvas' name: what it shows, over which days, and where its values are in words. */
function describe(entry: DrawnChart, view: MetricsView): void {
  const shown = entry.plan.legend
    .filter((item) => state.shown.get(item.id) ?? item.shownByDefault)
    .map((item) => item.label);
  const { from, to } = view.range;
  entry.canvas.setAttribute(
    'aria-label',
    `${entry.plan.title}, line chart of ${view.days.length} days from ${from} to ${to}: ${shown.length ? shown.join(', ') : 'no series shown'}.`,
  );
}
