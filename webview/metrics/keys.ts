// Keyboard access to a chart: its canvas takes focus, the arrow keys move the active day (the tooltip follows, as a
// pointer would show it), and a polite live line says that day's values for screen readers.

import * as l10n from '@vscode/l10n';
import type { Chart } from 'chart.js';
import { formatValue, longDay } from './format';
import type { ChartPlan } from './plan';

export type LineChart = Chart<'line', (number | null)[], string>;

export interface DrawnChart {
  plan: ChartPlan;
  chart: LineChart;
  canvas: HTMLCanvasElement;
  readout: HTMLElement;
  days: string[];
  /** The day the keyboard (or the pointer) made active. */
  active: number | undefined;
}

/** How many days PageUp / PageDown move. */
const WEEK = 7;

export function enableKeys(entry: DrawnChart): void {
  entry.canvas.addEventListener('keydown', (event) => {
    const last = entry.days.length - 1;
    if (last < 0) return;
    const current = entry.active;
    let next: number;
    switch (event.key) {
      case 'ArrowRight':
      case 'ArrowDown':
        next = current === undefined ? 0 : Math.min(last, current + 1);
        break;
      case 'ArrowLeft':
      case 'ArrowUp':
        next = current === undefined ? last : Math.max(0, current - 1);
        break;
      case 'PageDown':
        next = Math.min(last, (current ?? -1) + WEEK);
        break;
      case 'PageUp':
        next = Math.max(0, (current ?? last + 1) - WEEK);
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = last;
        break;
      case 'Escape':
        if (current === undefined) return;
        event.preventDefault();
        clearActive(entry);
        return;
      default:
        return;
    }
    event.preventDefault();
    activate(entry, next);
  });
  entry.canvas.addEventListener('blur', () => clearActive(entry, false));
}

/** Makes a day active: every shown line's point on it, and the tooltip at the first of them. */
export function activate(entry: DrawnChart, index: number): void {
  entry.active = index;
  const { chart } = entry;
  const elements = chart.data.datasets.flatMap((dataset, datasetIndex) => {
    const value = dataset.data[index];
    return chart.isDatasetVisible(datasetIndex) && value !== null && value !== undefined
      ? [{ datasetIndex, index }]
      : [];
  });
  chart.setActiveElements(elements);
  const first = elements[0];
  const point = first ? chart.getDatasetMeta(first.datasetIndex).data[index] : undefined;
  const x = point?.x ?? chart.scales.x?.getPixelForValue(index) ?? 0;
  const y = point?.y ?? chart.chartArea.top;
  chart.tooltip?.setActiveElements(elements, { x, y });
  chart.update();
  entry.readout.textContent = readoutOf(entry, index);
}

/** Clears the active day (Escape, or focus leaving the canvas). */
export function clearActive(entry: DrawnChart, announce = true): void {
  entry.active = undefined;
  entry.chart.setActiveElements([]);
  entry.chart.tooltip?.setActiveElements([], { x: 0, y: 0 });
  entry.chart.update();
  if (announce) entry.readout.textContent = '';
}

/** "Thu, Feb 1, 2024: Consumed budget ARS 57,449.13; Direct amount (event time) ARS 576,150.00." */
function readoutOf(entry: DrawnChart, index: number): string {
  const { plan, chart } = entry;
  const parts = plan.lines.flatMap((line, datasetIndex) =>
    chart.isDatasetVisible(datasetIndex)
      ? [l10n.t('{0} {1}', line.label, formatValue(line.values[index], plan.unit, plan.currency))]
      : [],
  );
  const day = longDay(entry.days[index]);
  return parts.length ? l10n.t('{0}: {1}.', day, parts.join('; ')) : l10n.t('{0}: no series shown.', day);
}
