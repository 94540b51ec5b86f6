// The six mode forms: their fields, the slots rebuilt when a site or an item id changes what they ask, the Quote
// button with its status line and request preview, and quoting itself.

import * as l10n from '@vscode/l10n';
import type { QuoteMode } from '../../src/model/protocols/shipping';
import { el } from '../shared/dom';
import { refresh, setInput } from './checks';
import { multiCityPicker, singleCityPicker } from './cities';
import { controls, previews, quoteButtons, slots, statusLines } from './controls';
import { dimensionsField, siteField, textField, userIdField, zipField } from './fields';
import { fieldLabel, modeInfo } from './labels';
import { payloadOf } from './request';
import { cityQuoteSites } from './siteChoice';
import {
  citySiteId,
  citySites,
  itemDestination,
  keepCitiesOf,
  sellerCities,
  sellerSiteId,
  siteById,
  siteLabel,
  zipSites,
} from './sites';
import { attempted, flushKeep, post, state } from './state';
import { showMode } from './tabs';

/** The form of a mode (`#form-<mode>`): its fields and its Quote button; Enter in a field quotes. */
export function form(target: QuoteMode): HTMLElement {
  const node = el('form', 'quote-form');
  node.id = `form-${target}`;
  node.noValidate = true;
  const info = modeInfo(target);
  node.setAttribute('aria-label', info.tab);
  node.append(el('p', 'about', info.about));
  const fields = el('div', 'fields');
  switch (target) {
    case 'siteZip':
      fields.append(
        siteField(target, zipSites(), l10n.t('Sites that quote by postal code.')),
        zipField(target, 'zipFrom', () => state.inputs.siteZip.site.trim()),
        zipField(target, 'zipTo', () => state.inputs.siteZip.site.trim()),
        dimensionsField(target),
      );
      break;
    case 'sellerZip':
      fields.append(
        userIdField(target),
        zipField(target, 'zip', () => sellerSiteId()),
        dimensionsField(target),
      );
      break;
    case 'siteCities':
      fields.append(
        siteField(target, citySites(), l10n.t('Sites that quote by city.'), () => rebuildCities(target)),
        slot(
          target,
          'cities',
          () => citySiteId(target),
          () => siteCitiesControls(target),
        ),
        dimensionsField(target),
      );
      break;
    case 'sellerCities':
      // The signed-in seller quotes from its own site: its cities, or a word that it does not quote by city. Another
      // seller's id brings the choice of a site that does.
      fields.append(
        userIdField(target, () => rebuildSlot(target, 'cities')),
        slot(target, 'cities', sellerCitiesSignature, () => sellerCitiesControls(target)),
      );
      break;
    case 'item':
      fields.append(
        textField(target, 'itemId', {
          placeholder: 'MLB1400000001',
          hint: l10n.t('Its site decides the destination: a postal code, or a city on sites that quote by city (MCO).'),
          onInput: () => rebuildSlot(target, 'destination'),
        }),
        slot(target, 'destination', itemDestinationSignature, itemDestinationControls),
      );
      break;
    case 'leadTime':
      fields.append(
        textField(target, 'shipmentId', {
          placeholder: '42000000001',
          hint: l10n.t('Digits; the shipment of an order (order → shipping → id).'),
          inputMode: 'numeric',
        }),
      );
      break;
  }
  node.append(fields, actions(target));
  node.addEventListener('submit', (event) => {
    event.preventDefault();
    tryQuote(target);
  });
  node.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || event.isComposing || event.defaultPrevented) return;
    const source = event.target;
    if (!(source instanceof HTMLInputElement)) return;
    event.preventDefault();
    tryQuote(target);
  });
  return node;
}

function actions(target: QuoteMode): HTMLElement {
  const button = el('button', 'button', l10n.t('Quote'));
  button.type = 'submit';
  button.id = `quote-${target}`;
  button.setAttribute('aria-describedby', `${target}-status`);
  quoteButtons.set(target, button);
  const status = el('p', 'form-status');
  status.id = `${target}-status`;
  statusLines.set(target, status);
  const preview = el('code', 'request-preview');
  preview.id = `${target}-preview`;
  previews.set(target, preview);
  const line = el(
    'p',
    'request-line',
    el('span', 'request-label', l10n.t('Request: ')),
    el('span', 'method', 'GET '),
    preview,
  );
  return el('div', 'form-actions', el('div', 'action-row', button, status), line);
}

/** A container whose content is rebuilt when its signature changes (the cities of another site…). */
function slot(target: QuoteMode, name: string, sign: () => string, build: () => HTMLElement[]): HTMLElement {
  const element = el('div', 'slot');
  element.append(...build());
  slots.set(`${target}:${name}`, { mode: target, element, signature: sign(), build, sign });
  return element;
}

function rebuildSlot(target: QuoteMode, name: string, force = false): void {
  const current = slots.get(`${target}:${name}`);
  if (!current) return;
  const signature = current.sign();
  if (!force && signature === current.signature) return;
  current.signature = signature;
  current.element.replaceChildren(...current.build());
  // Forget the controls that left the page, so refusals and focus go to the new ones.
  for (const [key, entry] of controls) if (!entry.control.isConnected) controls.delete(key);
  refresh(target);
}

/** After a site change, the cities of the old site cannot be valid: drop them, keep ids typed by hand. */
function rebuildCities(target: QuoteMode): void {
  keepCitiesOf(target, citySiteId(target));
  rebuildSlot(target, 'cities', true);
}

function sellerCitiesSignature(): string {
  const choice = sellerCities();
  return `${choice.kind}:${choice.siteId}`;
}

/**
 * The seller's cities: on its own site the site is named, not chosen; on a site that does not quote by city a notice
 * and the way that works; for another seller a site to choose among those that quote by city.
 */
function sellerCitiesControls(target: QuoteMode): HTMLElement[] {
  const choice = sellerCities();
  const given = state.inputs[target];
  if (given.site !== choice.siteId) {
    given.site = choice.siteId;
    keepCitiesOf(target, choice.siteId);
  }
  if (choice.kind === 'notByCity') {
    const byZip = el('button', 'button button-secondary', l10n.t('Quote by postal code'));
    byZip.type = 'button';
    byZip.id = `${target}-by-postal-code`;
    byZip.addEventListener('click', () => showMode('sellerZip', true));
    const notice = el('div', 'notice', el('p', 'notice-text', choice.message), byZip);
    notice.id = `${target}-not-by-city`;
    notice.setAttribute('role', 'note');
    return [notice];
  }
  const site = siteById(choice.siteId);
  const where =
    choice.kind === 'own'
      ? el(
          'p',
          'field-hint site-note',
          l10n.t(
            'Cities of {0}, the signed-in seller’s site: a seller quotes from its own site.',
            site ? siteLabel(site) : choice.siteId,
          ),
        )
      : siteField(target, cityQuoteSites(state.sites), l10n.t('The seller’s own site: a seller quotes from it.'), () =>
          rebuildCities(target),
        );
  if (choice.kind === 'own') where.id = `${target}-site-note`;
  return [where, multiCityPicker(target), dimensionsField(target)];
}

function itemDestinationSignature(): string {
  const destination = itemDestination();
  return `${destination.kind}:${destination.siteId}`;
}

function itemDestinationControls(): HTMLElement[] {
  const destination = itemDestination();
  if (destination.kind === 'unknown') {
    const hint = el('p', 'field-hint destination-hint', destination.hint);
    hint.id = 'item-destination-hint';
    return [hint];
  }
  if (destination.kind === 'zip') return [zipField('item', 'zip', () => itemDestination().siteId)];
  const site = siteById(destination.siteId);
  return [
    singleCityPicker('item', 'citiesTo', l10n.t('Destination city (city_to)'), site, {
      get: () => state.inputs.item.citiesTo[0] ?? '',
      set: (id) => setInput('item', 'citiesTo', id ? [id] : []),
    }),
  ];
}

function siteCitiesControls(target: QuoteMode): HTMLElement[] {
  const site = siteById(citySiteId(target));
  return [
    singleCityPicker(target, 'cityFrom', fieldLabel('cityFrom'), site, {
      get: () => state.inputs[target].cityFrom,
      set: (id) => setInput(target, 'cityFrom', id),
    }),
    multiCityPicker(target),
  ];
}

/** Quotes when the rules accept every input; otherwise shows every refusal and focuses the first. */
function tryQuote(target: QuoteMode): void {
  attempted.add(target);
  const { blocked } = refresh(target);
  if (blocked.length) {
    const first = blocked.map((field) => controls.get(`${target}:${field}`)).find(Boolean);
    first?.focus();
    return;
  }
  if (state.outcome?.kind === 'loading' && state.outcome.mode === target) return;
  flushKeep();
  post({ type: 'quote', mode: target, inputs: payloadOf(target) });
}
