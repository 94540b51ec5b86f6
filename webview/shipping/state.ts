// What the shipping panel holds: the inputs of every mode, what the host last said, which refusals show, and the
// bridge to the host. The inputs are kept in the webview state at once and, debounced, with the host.

import {
  QUOTE_MODES,
  type QuoteFailure,
  type QuoteInputs,
  type QuoteMode,
  type QuoteResult,
  type QuoteSite,
  type ShippingViewMessage,
  type ShippingViewState,
} from '../../src/model/protocols/shipping';
import type { Bridge } from '../shared/bridge';

export type Field = keyof QuoteInputs;
export type AllInputs = Record<QuoteMode, QuoteInputs>;
export type Account = { userId: string; siteId: string; nickname: string } | null;
export type Outcome =
  | { kind: 'loading'; mode: QuoteMode; path: string }
  | { kind: 'result'; result: QuoteResult }
  | { kind: 'failure'; failure: QuoteFailure };

/** How long typing rests before the host is asked to keep the inputs. */
const KEEP_DELAY_MS = 400;

/** What the panel shows: the host's environment, account and sites, the shown mode, every mode's inputs, the outcome. */
export const state: {
  environment: string;
  account: Account;
  sites: QuoteSite[];
  mode: QuoteMode;
  inputs: AllInputs;
  outcome: Outcome | undefined;
} = {
  environment: '',
  account: null,
  sites: [],
  mode: 'siteZip',
  inputs: emptyInputs(),
  outcome: undefined,
};

let bridge: Bridge<ShippingViewMessage, ShippingViewState>;

/** The bridge main.ts connected: the other modules post through it. */
export function useBridge(connected: Bridge<ShippingViewMessage, ShippingViewState>): void {
  bridge = connected;
}

/** Sends a message to the host. */
export function post(message: ShippingViewMessage): void {
  bridge.post(message);
}

/** Fields the user changed, per mode: their refusals show as they type. */
export const touched = new Map<QuoteMode, Set<Field>>();
/** Modes whose Quote was asked: every refusal shows. */
export const attempted = new Set<QuoteMode>();
/** The host's word on a field after a failed quote, until the field changes. */
export const serverErrors = new Map<string, string>();

export function emptyInputs(): AllInputs {
  const blank = (): QuoteInputs => ({
    site: '',
    zipFrom: '',
    zipTo: '',
    zip: '',
    userId: '',
    cityFrom: '',
    citiesTo: [],
    dimensions: '',
    itemId: '',
    shipmentId: '',
  });
  return Object.fromEntries(QUOTE_MODES.map((entry) => [entry, blank()])) as AllInputs;
}

export function cloneInputs(source: AllInputs): AllInputs {
  const all = emptyInputs();
  for (const entry of QUOTE_MODES) {
    const given = source[entry];
    if (given) all[entry] = { ...given, citiesTo: [...given.citiesTo] };
  }
  return all;
}

// --- Keeping the inputs ----------------------------------------------------------------------------------------

const dirty = new Set<QuoteMode>();
let keepTimer: ReturnType<typeof setTimeout> | undefined;

/** Keeps the inputs in the webview state at once and, debounced, with the host (which persists them). */
export function keepInputs(changed: QuoteMode): void {
  bridge.keep({ mode: state.mode, inputs: state.inputs });
  dirty.add(changed);
  if (keepTimer !== undefined) clearTimeout(keepTimer);
  keepTimer = setTimeout(flushKeep, KEEP_DELAY_MS);
}

export function flushKeep(): void {
  if (keepTimer !== undefined) clearTimeout(keepTimer);
  keepTimer = undefined;
  // The host takes the mode of the last message as the one to reopen: the shown mode goes last.
  const order = [...dirty].filter((entry) => entry !== state.mode);
  if (dirty.has(state.mode)) order.push(state.mode);
  dirty.clear();
  for (const entry of order) bridge.post({ type: 'keepInputs', mode: entry, inputs: state.inputs[entry] });
}

export function cancelKeep(): void {
  if (keepTimer !== undefined) clearTimeout(keepTimer);
  keepTimer = undefined;
  dirty.clear();
}

// A hidden webview may be discarded before the timer fires: hand over what is pending.
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden' && dirty.size) flushKeep();
});
window.addEventListener('pagehide', () => {
  if (dirty.size) flushKeep();
});

export function touchedOf(target: QuoteMode): Set<Field> {
  let set = touched.get(target);
  if (!set) {
    set = new Set();
    touched.set(target, set);
  }
  return set;
}
