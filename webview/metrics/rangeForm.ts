// The date range form: the host's presets, a custom from/to checked as the user types with the metrics window rule
// (the rule's reason shows in the form, and a refused range is never posted), Load, and the "Compare with" picker.

import * as l10n from '@vscode/l10n';
import type { DateRange, RangePreset } from '../../src/model/protocols/metrics';
import { metricsWindowRule } from '../../src/rules/advertising';
import { errorsOf, type Finding } from '../../src/rules/finding';
import { el } from '../shared/dom';
import { type InitMessage, keep, requestLoad, state } from './state';

type Key = 'date_from' | 'date_to';
const KEYS: Key[] = ['date_from', 'date_to'];

let today = '';
let inputs: Record<Key, HTMLInputElement> | undefined;
let errorBox: HTMLElement | undefined;
let compareSelect: HTMLSelectElement | undefined;
let presetButtons: { button: HTMLButtonElement; preset: RangePreset }[] = [];
/** Whether the user changed a date or asked to load: from then on the rule's findings show. */
let checking = false;

/** `#range-form`: presets, `#range-from`, `#range-to`, `#load`, `#range-error` and `#compare`. */
export function rangeForm(init: InitMessage): HTMLElement {
  today = init.today;
  checking = false;
  const form = el('form', 'range-form');
  form.id = 'range-form';
  form.noValidate = true;
  form.setAttribute('aria-label', l10n.t('Date range'));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    submitRange();
  });

  presetButtons = init.presets.map((preset, index) => {
    const button = el('button', 'button toggle', preset.label);
    button.type = 'button';
    button.id = `preset-${/\d+/.exec(preset.label)?.[0] ?? index}`;
    button.title = l10n.t('{0} to {1}', preset.from, preset.to);
    button.addEventListener('click', () => {
      setInputs(preset);
      submitRange();
    });
    return { button, preset };
  });
  const presets = el(
    'div',
    'presets',
    el('span', 'group-label', l10n.t('Range')),
    ...presetButtons.map((entry) => entry.button),
  );
  presets.setAttribute('role', 'group');
  presets.setAttribute('aria-label', l10n.t('Range presets'));

  const from = dateInput('range-from', init, state.range.from);
  const to = dateInput('range-to', init, state.range.to);
  inputs = { date_from: from, date_to: to };
  const load = el('button', 'button', l10n.t('Load'));
  load.type = 'submit';
  load.id = 'load';
  // The comparison shares the dates' row (a row less above the charts); both hints share the line below it.
  const compare = comparePicker(init);
  const custom = el(
    'div',
    'custom-range',
    field(l10n.t('From'), from),
    field(l10n.t('To'), to),
    el('div', 'field field-action', load),
    compare.field,
  );
  const rangeHint = el('span', '', l10n.t('Metrics can be queried from {0} to {1}.', init.earliest, init.today));
  rangeHint.id = 'range-hint';
  const hint = el('p', 'field-hint', rangeHint, ' ', compare.hint);
  errorBox = el('div', 'range-error');
  errorBox.id = 'range-error';
  errorBox.setAttribute('aria-live', 'polite');

  form.append(presets, custom, hint, errorBox);
  check();
  return form;
}

function dateInput(id: string, init: InitMessage, value: string): HTMLInputElement {
  const input = el('input', 'input date-input');
  input.type = 'date';
  input.id = id;
  input.min = init.earliest;
  input.max = init.today;
  input.value = value;
  input.required = true;
  input.setAttribute('aria-describedby', 'range-hint range-error');
  const changed = () => {
    checking = true;
    check();
  };
  input.addEventListener('input', changed);
  input.addEventListener('change', changed);
  return input;
}

function field(label: string, control: HTMLElement): HTMLElement {
  const caption = el('label', 'field-label', label);
  caption.htmlFor = control.id;
  return el('div', 'field', caption, control);
}

/** The "Compare with" field (for the dates' row) and its hint (for the line below it). */
function comparePicker(init: InitMessage): { field: HTMLElement; hint: HTMLElement } {
  const select = el('select', 'select');
  select.id = 'compare';
  const none = el(
    'option',
    '',
    init.others.length ? l10n.t('No comparison') : l10n.t('No other campaigns of this advertiser'),
  );
  none.value = '';
  select.append(none);
  for (const other of init.others) {
    const option = el('option', '', l10n.t('{0} ({1}, {2})', other.name, other.status, other.id));
    option.value = String(other.id);
    select.append(option);
  }
  select.disabled = init.others.length === 0;
  select.value = state.compareWith[0] !== undefined ? String(state.compareWith[0]) : '';
  select.addEventListener('change', () => {
    state.compareWith = select.value ? [Number(select.value)] : [];
    keep();
    submitRange();
  });
  compareSelect = select;
  const caption = el('label', 'field-label', l10n.t('Compare with'));
  caption.htmlFor = select.id;
  const hint = el(
    'span',
    '',
    l10n.t('Compare with: another campaign of the same advertiser, drawn on the same charts.'),
  );
  hint.id = 'compare-hint';
  select.setAttribute('aria-describedby', hint.id);
  return { field: el('div', 'field compare-field', caption, select), hint };
}

function setInputs(range: DateRange): void {
  if (!inputs) return;
  inputs.date_from.value = range.from;
  inputs.date_to.value = range.to;
}

/** Checks the dates with the window rule, shows its findings (once the user is checking) and returns its errors. */
function check(): Finding[] {
  if (!inputs || !errorBox) return [];
  const findings = metricsWindowRule({ date_from: inputs.date_from.value, date_to: inputs.date_to.value }, today);
  const shown = checking ? findings : [];
  errorBox.replaceChildren(
    ...shown.map((finding) => el('p', `range-message severity-${finding.severity}`, finding.message)),
  );
  for (const key of KEYS) {
    const invalid = shown.some((finding) => finding.severity === 'error' && finding.path[0] === key);
    inputs[key].setAttribute('aria-invalid', String(invalid));
  }
  for (const { button, preset } of presetButtons) {
    const pressed = inputs.date_from.value === preset.from && inputs.date_to.value === preset.to;
    button.setAttribute('aria-pressed', String(pressed));
  }
  return errorsOf(findings);
}

/**
 * Loads the range in the form if the window rule allows it; otherwise shows the rule's reason, focuses the date it
 * names and posts nothing. Returns whether a load was posted.
 */
export function submitRange(): boolean {
  if (!inputs) return false;
  checking = true;
  const errors = check();
  if (errors.length) {
    const key = errors[0]?.path[0];
    (key === 'date_to' ? inputs.date_to : inputs.date_from).focus();
    return false;
  }
  requestLoad({ from: inputs.date_from.value, to: inputs.date_to.value });
  return true;
}

/** Shows the range the host is loading or loaded (it may come from elsewhere than the form). */
export function syncRange(range: DateRange): void {
  if (!inputs) return;
  for (const key of KEYS) {
    const value = key === 'date_from' ? range.from : range.to;
    if (document.activeElement !== inputs[key] || !inputs[key].value) inputs[key].value = value;
  }
  checking = false;
  check();
}

/** Shows the compared campaign of the view the host sent. */
export function syncCompare(): void {
  if (!compareSelect) return;
  const id = state.compareWith[0];
  const known = id !== undefined && [...compareSelect.options].some((option) => option.value === String(id));
  compareSelect.value = known ? String(id) : '';
}
