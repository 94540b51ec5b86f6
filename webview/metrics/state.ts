// What the metrics panel holds: the host's `init`, the range and comparison asked for, what the host last said, the
// user's choices (attribution, charts or table, which metrics are charted), and the bridge to the host. The choices are
// kept in the webview state so that a reload of the webview keeps them.

import type {
  AttributionChoice,
  DateRange,
  MetricsDisplay,
  MetricsFailure,
  MetricsHostMessage,
  MetricsView,
  MetricsViewMessage,
  MetricsViewState,
} from '../../src/model/protocols/metrics';
import type { Bridge } from '../shared/bridge';

export type InitMessage = Extract<MetricsHostMessage, { type: 'init' }>;

export type Outcome =
  | { kind: 'loading'; range: DateRange }
  | { kind: 'view'; view: MetricsView }
  | { kind: 'failure'; failure: MetricsFailure };

export const state: {
  init: InitMessage | undefined;
  /** The range last loaded or asked for. */
  range: DateRange;
  /** Campaigns drawn beside the panel's own (the picker offers one). */
  compareWith: number[];
  outcome: Outcome | undefined;
  attribution: AttributionChoice;
  display: MetricsDisplay;
  /** Metrics the user charted or not, by metric; the others follow the defaults. */
  shown: Map<string, boolean>;
} = {
  init: undefined,
  range: { from: '', to: '' },
  compareWith: [],
  outcome: undefined,
  attribution: 'event_time',
  display: 'charts',
  shown: new Map(),
};

let bridge: Bridge<MetricsViewMessage, MetricsViewState> | undefined;

/** The bridge main.ts connected: the other modules post through it. */
export function useBridge(connected: Bridge<MetricsViewMessage, MetricsViewState>): void {
  bridge = connected;
}

/** Sends a message to the host. */
export function post(message: MetricsViewMessage): void {
  bridge?.post(message);
}

/** Asks the host for a range (the form checked it with the window rule first). */
export function requestLoad(range: DateRange): void {
  state.range = range;
  post({ type: 'load', range, compareWith: [...state.compareWith] });
}

/** Takes back what a reload kept. */
export function restore(): void {
  const kept = bridge?.state();
  if (!kept) return;
  state.attribution = kept.attribution;
  state.display = kept.display;
  state.compareWith = kept.compareWith;
  state.shown = new Map(Object.entries(kept.shown));
}

/** Keeps the user's choices across a reload of the webview. */
export function keep(): void {
  bridge?.keep({
    attribution: state.attribution,
    display: state.display,
    compareWith: state.compareWith,
    shown: Object.fromEntries(state.shown),
  });
}
