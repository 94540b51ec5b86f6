// Where the form's pieces are in the DOM, per mode: each field's control and refusal, the Quote buttons, status
// lines and request previews, the slots rebuilt when what they offer changes, and the hints that follow other fields.

import type { QuoteMode } from '../../src/model/protocols/shipping';
import type { Field } from './state';

/** The controls of each field in the DOM, for refusals, aria-invalid and focus: `mode:field`. */
export const controls = new Map<string, { control: HTMLElement; error: HTMLElement; focus: () => void }>();
export const quoteButtons = new Map<QuoteMode, HTMLButtonElement>();
export const statusLines = new Map<QuoteMode, HTMLElement>();
export const previews = new Map<QuoteMode, HTMLElement>();
/** Containers rebuilt when what they offer changes (a site's cities, the item's destination). */
export const slots = new Map<
  string,
  { mode: QuoteMode; element: HTMLElement; signature: string; build: () => HTMLElement[]; sign: () => string }
>();
/** Hints and placeholders that follow other fields (a postal code's digits follow the site), per mode. */
export const followers = new Map<QuoteMode, (() => void)[]>();

export function followersOf(target: QuoteMode): (() => void)[] {
  let list = followers.get(target);
  if (!list) {
    list = [];
    followers.set(target, list);
  }
  return list;
}

export function register(target: QuoteMode, field: Field, control: HTMLElement, error: HTMLElement, focus: () => void) {
  controls.set(`${target}:${field}`, { control, error, focus });
}

/** Forgets every control, before the form is built again. */
export function clearControls(): void {
  controls.clear();
  quoteButtons.clear();
  statusLines.clear();
  previews.clear();
  slots.clear();
  followers.clear();
}
