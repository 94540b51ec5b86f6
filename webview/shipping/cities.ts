// The city pickers of the city-based modes: one city (a dropdown of the site's known cities, or an id typed by
// hand) and the destination list (checkboxes, a filter when long, and a box to add ids or names).

import * as l10n from '@vscode/l10n';
import type { QuoteMode, QuoteSite } from '../../src/model/protocols/shipping';
import { errorsOf } from '../../src/rules/finding';
import { CITY_ID_EXAMPLE, cityIdsRule, MAX_CITY_DESTINATIONS, splitCityIds } from '../../src/rules/shippingInputs';
import { el } from '../shared/dom';
import { setInput } from './checks';
import { register } from './controls';
import { fieldError, option } from './fields';
import { fieldLabel } from './labels';
import { citySiteId, listedCities, siteById, siteLabel } from './sites';
import { state } from './state';

/** Above this many known cities the destination list gets a filter box. */
const FILTER_FROM = 12;
/** The select option that reveals the "type a city id" box. */
const OTHER_CITY = '\u0000other';

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

/** A known city's id when the text is its name ("medellin"), else the text itself: ids may be typed. */
function cityIdOf(site: QuoteSite | undefined, text: string): string {
  const wanted = fold(text);
  return site?.cities.find((city) => fold(city.name) === wanted)?.id ?? text.trim();
}

/**
 * One city (`city_from`, the listing's `city_to`): a dropdown of the site's known cities by name, and "Another city
 * id…" that reveals a box for an id typed by hand. Without known cities, the box alone.
 */
export function singleCityPicker(
  target: QuoteMode,
  field: 'cityFrom' | 'citiesTo',
  labelText: string,
  site: QuoteSite | undefined,
  value: { get(): string; set(id: string): void },
): HTMLElement {
  const id = `${target}-${field}`;
  const error = fieldError(id);
  const hint = el('p', 'field-hint');
  hint.id = `${id}-hint`;
  const label = el('label', 'field-label', labelText);
  const cities = [...(site?.cities ?? [])].sort(byName);
  const other = el('input', 'input city-other');
  other.type = 'text';
  other.autocomplete = 'off';
  other.spellcheck = false;
  other.placeholder = CITY_ID_EXAMPLE;
  other.setAttribute('aria-describedby', `${hint.id} ${error.id}`);
  other.addEventListener('input', () => value.set(cityIdOf(site, other.value)));
  const wrap = el('div', 'field');
  wrap.dataset.field = field;
  if (!cities.length) {
    other.id = id;
    label.htmlFor = id;
    other.value = value.get();
    hint.textContent = site
      ? l10n.t('The environment lists no cities for {0}: type a city id.', site.id)
      : l10n.t('Type a city id as the API gives it.');
    register(target, field, other, error, () => other.focus());
    wrap.append(label, other, hint, error);
    return wrap;
  }
  const select = el('select', 'select');
  select.id = id;
  label.htmlFor = id;
  select.append(
    option('', l10n.t('Choose a city…')),
    ...cities.map((city) => option(city.id, `${city.name} · ${city.id}`)),
    option(OTHER_CITY, l10n.t('Another city id…')),
  );
  const current = value.get();
  const known = cities.some((city) => city.id === current);
  select.value = known ? current : current ? OTHER_CITY : '';
  other.id = `${id}-other`;
  other.value = known ? '' : current;
  other.setAttribute('aria-label', l10n.t('City id typed by hand'));
  other.hidden = select.value !== OTHER_CITY;
  hint.textContent = site
    ? l10n.t('Cities of {0}; choose "Another city id…" to type one.', siteLabel(site))
    : l10n.t('Cities of the site; choose "Another city id…" to type one.');
  select.setAttribute('aria-describedby', `${hint.id} ${error.id}`);
  select.addEventListener('change', () => {
    const typing = select.value === OTHER_CITY;
    other.hidden = !typing;
    value.set(typing ? cityIdOf(site, other.value) : select.value);
    if (typing) other.focus();
  });
  register(target, field, select, error, () => (select.value === OTHER_CITY ? other.focus() : select.focus()));
  wrap.append(label, select, other, hint, error);
  return wrap;
}

/**
 * Several destination cities (`city_to`, at most MAX_CITY_DESTINATIONS): the site's known cities as a checkbox list
 * (with a filter when long), and a box to add ids typed by hand (or names, or a comma-separated list).
 */
export function multiCityPicker(target: QuoteMode): HTMLElement {
  const id = `${target}-citiesTo`;
  const site = siteById(citySiteId(target));
  const fieldset = el('fieldset', 'field city-picker');
  fieldset.id = id;
  fieldset.dataset.field = 'citiesTo';
  const legend = el('legend', 'field-label', l10n.t('{0}, at most {1}', fieldLabel('citiesTo'), MAX_CITY_DESTINATIONS));
  const count = el('p', 'field-hint city-count');
  count.id = `${id}-count`;
  const error = fieldError(id);
  fieldset.setAttribute('aria-describedby', `${count.id} ${error.id}`);
  const list = el('ul', 'city-options');
  list.id = `${id}-list`;
  const boxes: HTMLInputElement[] = [];

  const chosen = () => state.inputs[target].citiesTo;
  const update = () => {
    const size = splitCityIds(chosen().join(',')).length;
    count.textContent = l10n.t('{0} of at most {1} chosen.', size, MAX_CITY_DESTINATIONS);
    for (const box of boxes) box.disabled = !box.checked && size >= MAX_CITY_DESTINATIONS;
  };
  const entry = (cityId: string, name: string, typed: boolean) => {
    const box = el('input', 'checkbox');
    box.type = 'checkbox';
    box.value = cityId;
    box.id = `${id}-${boxes.length}`;
    box.checked = chosen().includes(cityId);
    box.addEventListener('change', () => {
      const rest = chosen().filter((given) => given !== cityId);
      setInput(target, 'citiesTo', box.checked ? [...rest, cityId] : rest);
      update();
    });
    boxes.push(box);
    const label = el(
      'label',
      'city-option',
      box,
      el('span', 'city-name', name),
      el('span', 'city-id', typed ? l10n.t('typed by hand') : cityId),
    );
    label.htmlFor = box.id;
    const item = el('li', 'city-item', label);
    item.dataset.city = cityId;
    item.dataset.search = fold(`${name} ${cityId}`);
    return item;
  };
  const cities = [...(site?.cities ?? [])].sort(byName);
  const knownIds = new Set(cities.map((city) => city.id));
  list.append(
    ...cities.map((city) => entry(city.id, city.name, false)),
    ...chosen()
      .filter((given) => !knownIds.has(given))
      .map((given) => entry(given, given, true)),
  );

  fieldset.append(legend);
  if (cities.length > FILTER_FROM) {
    const filter = el('input', 'input city-filter');
    filter.type = 'search';
    filter.id = `${id}-filter`;
    filter.placeholder = l10n.t('Filter cities');
    filter.setAttribute('aria-label', l10n.t('Filter the cities by name or id'));
    filter.setAttribute('aria-controls', list.id);
    filter.addEventListener('input', () => {
      const wanted = fold(filter.value);
      for (const item of list.querySelectorAll<HTMLElement>('.city-item')) {
        item.hidden = Boolean(wanted) && !(item.dataset.search ?? '').includes(wanted);
      }
    });
    // Enter in the filter is not a quote.
    filter.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') event.preventDefault();
    });
    fieldset.append(filter);
  }
  if (!cities.length) {
    fieldset.append(
      el(
        'p',
        'field-hint',
        site
          ? l10n.t('The environment lists no cities for {0}: add city ids below.', site.id)
          : l10n.t('Add city ids as the API gives them.'),
      ),
    );
  }
  fieldset.append(list);

  const add = el('input', 'input city-add');
  add.type = 'text';
  add.id = `${id}-add`;
  add.autocomplete = 'off';
  add.spellcheck = false;
  add.placeholder = l10n.t('{0} or a city name', CITY_ID_EXAMPLE);
  add.setAttribute('aria-label', l10n.t('City id to add (several separated by commas)'));
  const addError = el('p', 'field-error');
  addError.id = `${id}-add-error`;
  add.setAttribute('aria-describedby', addError.id);
  const addButton = el('button', 'button button-secondary', l10n.t('Add'));
  addButton.type = 'button';
  addButton.id = `${id}-add-button`;
  addButton.setAttribute('aria-label', l10n.t('Add the typed city ids'));
  /** What the add box says: a refusal (marked as one) or a plain word. */
  const say = (text: string, refused = true) => {
    addError.textContent = text;
    addError.className = text && refused ? 'field-error severity-error' : 'field-error';
    add.setAttribute('aria-invalid', String(Boolean(text) && refused));
  };
  const addTyped = () => {
    const wanted = splitCityIds(add.value).map((text) => cityIdOf(site, text));
    say('');
    if (!wanted.length) return;
    // Every id the rules refuse is named (a name that is no city, an id the site's list lacks), not only the first.
    const problems = errorsOf(cityIdsRule(wanted, ['city_to'], Number.POSITIVE_INFINITY, listedCities(site?.id ?? '')));
    if (problems.length) {
      say(problems.map((problem) => problem.message).join(' '));
      return;
    }
    const fresh = wanted.filter((cityId) => !chosen().includes(cityId));
    const room = MAX_CITY_DESTINATIONS - splitCityIds(chosen().join(',')).length;
    if (fresh.length > room) {
      say(l10n.t('city_to accepts at most {0} city ids: {1} more fit.', MAX_CITY_DESTINATIONS, Math.max(room, 0)));
      return;
    }
    for (const cityId of fresh) {
      const existing = boxes.find((box) => box.value === cityId);
      if (existing) existing.checked = true;
      else {
        list.append(entry(cityId, cityId, true));
        const added = boxes[boxes.length - 1];
        if (added) added.checked = true;
      }
    }
    const listed = boxes.find((box) => box.value === fresh[0]);
    if (!fresh.length) say(l10n.t('Already chosen.'), false);
    setInput(target, 'citiesTo', [...chosen(), ...fresh]);
    update();
    add.value = '';
    if (listed) listed.closest('.city-item')?.scrollIntoView({ block: 'nearest' });
  };
  add.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || event.isComposing) return;
    // Enter here adds the city; it does not quote.
    event.preventDefault();
    addTyped();
  });
  addButton.addEventListener('click', addTyped);
  fieldset.append(el('div', 'city-add-row', add, addButton), addError, count, error);
  register(target, 'citiesTo', fieldset, error, () => (boxes.find((box) => !box.disabled) ?? add).focus());
  update();
  return fieldset;
}
