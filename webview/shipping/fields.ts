// Building a form's fields: a labelled control with its hint and its refusal (`#<mode>-<field>`,
// `#<mode>-<field>-hint`, `#<mode>-<field>-error`), registered for the checks, and the fields the forms share.

import * as l10n from '@vscode/l10n';
import type { QuoteMode, QuoteSite } from '../../src/model/protocols/shipping';
import { DIMENSIONS_EXAMPLE, parseDimensions, shippingSite } from '../../src/rules/shippingInputs';
import { el } from '../shared/dom';
import { setInput } from './checks';
import { followersOf, register } from './controls';
import { fieldLabel } from './labels';
import { siteById, siteLabel } from './sites';
import { type Field, state } from './state';

interface TextFieldOptions {
  label?: string;
  placeholder?: string | (() => string);
  hint?: string | (() => string);
  inputMode?: string;
  onInput?: () => void;
}

/** A labelled text input `#<mode>-<field>` with its hint and its refusal `#<mode>-<field>-error`. */
export function textField(
  target: QuoteMode,
  field: Exclude<Field, 'citiesTo'>,
  options: TextFieldOptions = {},
): HTMLElement {
  const id = `${target}-${field}`;
  const input = el('input', 'input');
  input.id = id;
  input.type = 'text';
  input.name = field;
  input.value = state.inputs[target][field];
  input.autocomplete = 'off';
  input.spellcheck = false;
  if (options.inputMode) input.inputMode = options.inputMode;
  const label = el('label', 'field-label', options.label ?? fieldLabel(field));
  label.htmlFor = id;
  const hint = el('p', 'field-hint');
  hint.id = `${id}-hint`;
  const follow = () => {
    const { hint: hintOf, placeholder } = options;
    hint.textContent = typeof hintOf === 'function' ? hintOf() : (hintOf ?? '');
    input.placeholder = typeof placeholder === 'function' ? placeholder() : (placeholder ?? '');
  };
  follow();
  if (typeof options.hint === 'function' || typeof options.placeholder === 'function') followersOf(target).push(follow);
  const error = fieldError(id);
  input.setAttribute('aria-describedby', `${hint.id} ${error.id}`);
  input.addEventListener('input', () => {
    setInput(target, field, input.value);
    options.onInput?.();
  });
  register(target, field, input, error, () => input.focus());
  const wrap = el('div', 'field', label, input, hint, error);
  wrap.dataset.field = field;
  return wrap;
}

export function fieldError(id: string): HTMLElement {
  const error = el('p', 'field-error');
  error.id = `${id}-error`;
  return error;
}

export function userIdField(target: QuoteMode, onInput?: () => void): HTMLElement {
  return textField(target, 'userId', {
    ...(onInput ? { onInput } : {}),
    placeholder: state.account?.userId ?? '123456789',
    inputMode: 'numeric',
    hint: () =>
      state.account && state.inputs[target].userId.trim() === state.account.userId
        ? l10n.t('The signed-in account ({0}, {1}).', state.account.nickname, state.account.siteId)
        : l10n.t('Digits: the seller whose shipping preferences quote.'),
  });
}

export function zipField(target: QuoteMode, field: 'zipFrom' | 'zipTo' | 'zip', siteOf: () => string): HTMLElement {
  const hint = () => {
    const siteId = siteOf();
    const given = siteById(siteId);
    const facts = shippingSite(siteId);
    const length = given?.zipLength ?? facts?.postalCodeLength;
    const example = given?.zipExample ?? facts?.postalCodeExample;
    if (!siteId) return l10n.t('Digits only.');
    if (length && example) return l10n.t('{0} digits on {1}, e.g. {2}.', length, siteId, example);
    return l10n.t('Digits only ({0}).', siteId);
  };
  const placeholder = () => {
    const siteId = siteOf();
    return siteById(siteId)?.zipExample ?? shippingSite(siteId)?.postalCodeExample ?? '';
  };
  return textField(target, field, { placeholder, hint, inputMode: 'numeric' });
}

export function dimensionsField(target: QuoteMode): HTMLElement {
  const describe = () => {
    const parsed = parseDimensions(state.inputs[target].dimensions.trim());
    return parsed
      ? l10n.t('{0} × {1} × {2} cm, {3} g.', parsed.height, parsed.width, parsed.length, parsed.weight)
      : l10n.t('Three sides joined by x, a comma and the weight, e.g. {0}.', DIMENSIONS_EXAMPLE);
  };
  return textField(target, 'dimensions', { placeholder: DIMENSIONS_EXAMPLE, hint: describe });
}

/** The site dropdown of a mode (`#<mode>-site`); a text box when the host offered no site. */
export function siteField(target: QuoteMode, offered: QuoteSite[], hint: string, onChange?: () => void): HTMLElement {
  if (!offered.length) {
    return textField(target, 'site', {
      placeholder: target === 'siteZip' ? 'MLB' : 'MCO',
      hint: l10n.t('M and two capital letters.'),
      onInput: onChange,
    });
  }
  const id = `${target}-site`;
  const select = el('select', 'select');
  select.id = id;
  select.name = 'site';
  const current = state.inputs[target].site.trim();
  const options = offered.map((site) => option(site.id, siteLabel(site)));
  if (current && !offered.some((site) => site.id === current)) options.push(option(current, current));
  select.append(...options);
  select.value = current;
  const label = el('label', 'field-label', fieldLabel('site'));
  label.htmlFor = id;
  const hintNode = el('p', 'field-hint', hint);
  hintNode.id = `${id}-hint`;
  const error = fieldError(id);
  select.setAttribute('aria-describedby', `${hintNode.id} ${error.id}`);
  select.addEventListener('change', () => {
    setInput(target, 'site', select.value);
    onChange?.();
  });
  register(target, 'site', select, error, () => select.focus());
  const wrap = el('div', 'field', label, select, hintNode, error);
  wrap.dataset.field = 'site';
  return wrap;
}

export function option(value: string, text: string): HTMLOptionElement {
  const node = el('option', '', text);
  node.value = value;
  return node;
}
