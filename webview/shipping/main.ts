// Browser side of the Shipping Quotes panel, on the shared webview layer (webview/shared/). It talks to its host only
// through the messages of src/model/shippingProtocol.ts, and checks every input with the rules the sandbox answers
// with (src/rules/shippingInputs.ts), so the form never posts a quote the API would refuse for its form.

import {
  QUOTE_MODES,
  type QuoteBlock,
  type QuoteFailure,
  type QuoteInputs,
  type QuoteMode,
  type QuoteResult,
  type QuoteRow,
  type QuoteSite,
  ShippingHostMessage,
  type ShippingViewMessage,
  ShippingViewState,
} from '../../src/model/shippingProtocol';
import { errorsOf, type Finding, finding } from '../../src/rules/finding';
import {
  CITY_ID_EXAMPLE,
  cityIdRule,
  cityIdsRule,
  DIMENSIONS_EXAMPLE,
  dimensionsRule,
  itemIdRule,
  MAX_CITY_DESTINATIONS,
  parseDimensions,
  postalCodeRule,
  quotesByCity,
  shipmentIdRule,
  shippingSite,
  siteIdRule,
  splitCityIds,
} from '../../src/rules/shippingInputs';
import { connect } from '../shared/bridge';
import { component, el } from '../shared/dom';
import { useToolkit } from '../shared/toolkit';

type Field = keyof QuoteInputs;
type AllInputs = Record<QuoteMode, QuoteInputs>;
type Account = { userId: string; siteId: string; nickname: string } | null;
type Outcome =
  | { kind: 'loading'; mode: QuoteMode; path: string }
  | { kind: 'result'; result: QuoteResult }
  | { kind: 'failure'; failure: QuoteFailure };
type SortBy = 'api' | 'cost' | 'speed';

/** How long typing rests before the host is asked to keep the inputs. */
const KEEP_DELAY_MS = 400;
/** Above this many known cities the destination list gets a filter box. */
const FILTER_FROM = 12;
/** The select option that reveals the "type a city id" box. */
const OTHER_CITY = '\u0000other';

const MODE_INFO: Record<QuoteMode, { tab: string; about: string }> = {
  siteZip: { tab: 'Site · postal codes', about: 'What shipping costs on a site between two postal codes.' },
  sellerZip: {
    tab: 'Seller · postal code',
    about: "The options a seller's shipping preferences give for a destination postal code.",
  },
  siteCities: {
    tab: 'Cities (MCO)',
    about: `Sites that quote by city (Colombia): from one city to at most ${MAX_CITY_DESTINATIONS} destinations.`,
  },
  sellerCities: {
    tab: 'Seller · cities',
    about: `A seller's options to at most ${MAX_CITY_DESTINATIONS} destination cities (sites that quote by city).`,
  },
  item: { tab: 'Listing', about: "What a buyer sees on a listing: the item's own package and seller." },
  leadTime: { tab: 'Delivery promise', about: 'The delivery promise of an existing shipment (its lead time).' },
};

const LABELS: Record<Field, string> = {
  site: 'Site',
  zipFrom: 'Postal code from (zip_code_from)',
  zipTo: 'Postal code to (zip_code_to)',
  zip: 'Destination postal code (zip_code)',
  userId: 'Seller user id',
  cityFrom: 'City from (city_from)',
  citiesTo: 'Destination cities (city_to)',
  dimensions: 'Dimensions (height x width x length in cm, weight in grams)',
  itemId: 'Item id',
  shipmentId: 'Shipment id',
};

const SHORT_LABELS: Record<Field, string> = {
  site: 'site',
  zipFrom: 'postal code from',
  zipTo: 'postal code to',
  zip: 'postal code',
  userId: 'user id',
  cityFrom: 'city from',
  citiesTo: 'destination cities',
  dimensions: 'dimensions',
  itemId: 'item id',
  shipmentId: 'shipment id',
};

/** The API's parameter names, as a failure may name them, and the form's own. */
const FIELD_OF_PARAMETER: Record<string, Field> = {
  site_id: 'site',
  zip_code_from: 'zipFrom',
  zip_code_to: 'zipTo',
  zip_code: 'zip',
  user_id: 'userId',
  city_from: 'cityFrom',
  city_to: 'citiesTo',
  dimensions: 'dimensions',
  item_id: 'itemId',
  shipment_id: 'shipmentId',
};

// --- State -----------------------------------------------------------------------------------------------------

let environment = '';
let account: Account = null;
let sites: QuoteSite[] = [];
let mode: QuoteMode = 'siteZip';
let inputs: AllInputs = emptyInputs();
/** Fields the user changed, per mode: their refusals show as they type. */
const touched = new Map<QuoteMode, Set<Field>>();
/** Modes whose Quote was asked: every refusal shows. */
const attempted = new Set<QuoteMode>();
/** The host's word on a field after a failed quote, until the field changes. */
const serverErrors = new Map<string, string>();
let outcome: Outcome | undefined;
let sortBy: SortBy = 'api';
/** Blocks whose folded options are shown (by index in the current result). */
const unfolded = new Set<number>();
/** The webview state wins only at the first `init` after a (re)load; later ones are the host's prefill. */
let firstInit = true;

/** The controls of each field in the DOM, for refusals, aria-invalid and focus: `mode:field`. */
const controls = new Map<string, { control: HTMLElement; error: HTMLElement; focus: () => void }>();
const quoteButtons = new Map<QuoteMode, HTMLButtonElement>();
const statusLines = new Map<QuoteMode, HTMLElement>();
const previews = new Map<QuoteMode, HTMLElement>();
/** Containers rebuilt when what they offer changes (a site's cities, the item's destination). */
const slots = new Map<
  string,
  { mode: QuoteMode; element: HTMLElement; signature: string; build: () => HTMLElement[]; sign: () => string }
>();
/** Hints and placeholders that follow other fields (a postal code's digits follow the site), per mode. */
const followers = new Map<QuoteMode, (() => void)[]>();

const app = document.getElementById('app') as HTMLElement;
// The form lives in #app; only the results region announces changes.
app.removeAttribute('aria-live');
let panels: HTMLElement | undefined;
let resultsRegion: HTMLElement | undefined;

useToolkit();
const bridge = connect<ShippingHostMessage, ShippingViewMessage, ShippingViewState>(
  ShippingHostMessage,
  receive,
  ShippingViewState,
);

function receive(message: ShippingHostMessage): void {
  switch (message.type) {
    case 'init': {
      const kept = firstInit ? bridge.state() : undefined;
      firstInit = false;
      const sameAccount =
        environment === message.environment && JSON.stringify(account) === JSON.stringify(message.account);
      environment = message.environment;
      account = message.account;
      sites = message.sites;
      mode = kept?.mode ?? message.mode;
      inputs = cloneInputs(kept?.inputs ?? message.inputs);
      touched.clear();
      attempted.clear();
      serverErrors.clear();
      cancelKeep();
      if (!sameAccount) {
        outcome = undefined;
        unfolded.clear();
      }
      renderAll();
      bridge.keep({ mode, inputs });
      return;
    }
    case 'loading':
      outcome = { kind: 'loading', mode: message.mode, path: previewPath(message.mode, payloadOf(message.mode)) };
      renderOutcome();
      refreshAll();
      return;
    case 'result':
      outcome = { kind: 'result', result: message.result };
      unfolded.clear();
      renderOutcome();
      refreshAll();
      return;
    case 'failure':
      outcome = { kind: 'failure', failure: message.failure };
      noteServerError(message.failure);
      renderOutcome();
      refreshAll();
      return;
  }
}

function emptyInputs(): AllInputs {
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

function cloneInputs(source: AllInputs): AllInputs {
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
function keepInputs(changed: QuoteMode): void {
  bridge.keep({ mode, inputs });
  dirty.add(changed);
  if (keepTimer !== undefined) clearTimeout(keepTimer);
  keepTimer = setTimeout(flushKeep, KEEP_DELAY_MS);
}

function flushKeep(): void {
  if (keepTimer !== undefined) clearTimeout(keepTimer);
  keepTimer = undefined;
  // The host takes the mode of the last message as the one to reopen: the shown mode goes last.
  const order = [...dirty].filter((entry) => entry !== mode);
  if (dirty.has(mode)) order.push(mode);
  dirty.clear();
  for (const entry of order) bridge.post({ type: 'keepInputs', mode: entry, inputs: inputs[entry] });
}

function cancelKeep(): void {
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

function setInput<F extends Field>(target: QuoteMode, field: F, value: QuoteInputs[F]): void {
  inputs[target][field] = value;
  touchedOf(target).add(field);
  serverErrors.delete(`${target}:${field}`);
  keepInputs(target);
  refresh(target);
}

function touchedOf(target: QuoteMode): Set<Field> {
  let set = touched.get(target);
  if (!set) {
    set = new Set();
    touched.set(target, set);
  }
  return set;
}

// --- Sites and rules -------------------------------------------------------------------------------------------

const zipSites = () => sites.filter((site) => site.zipBased);
const citySites = () => sites.filter((site) => !site.zipBased);
const siteById = (id: string) => sites.find((site) => site.id === id);
const siteLabel = (site: QuoteSite) => (site.name ? `${site.name} (${site.id})` : site.id);

/** The site a listing belongs to: the item id's three letters (MLB1… → MLB), once three are typed. */
function itemSiteId(itemId: string): string | undefined {
  const prefix = itemId.trim().slice(0, 3).toUpperCase();
  return /^[A-Z]{3}$/.test(prefix) ? prefix : undefined;
}

/** Whether a site quotes by city: the host's list first, the rules' known sites otherwise. */
function siteQuotesByCity(siteId: string): boolean {
  const site = siteById(siteId);
  return site ? !site.zipBased : quotesByCity(siteId);
}

/** How the listing form asks its destination: a postal code, a city, or nothing until the item id names a site. */
function itemDestination(): { kind: 'zip' | 'city' | 'unknown'; siteId: string } {
  const siteId = itemSiteId(inputs.item.itemId);
  if (!siteId) return { kind: 'unknown', siteId: '' };
  return { kind: siteQuotesByCity(siteId) ? 'city' : 'zip', siteId };
}

/** The seller's site when the user id is the signed-in account's; unknown otherwise (only digits are checked). */
function sellerSiteId(target: QuoteMode): string {
  return account && inputs[target].userId.trim() === account.userId ? account.siteId : '';
}

/** The site whose cities a city form offers. */
function citySiteId(target: QuoteMode): string {
  const chosen = inputs[target].site.trim();
  if (chosen) return chosen;
  if (target === 'sellerCities' && account && siteQuotesByCity(account.siteId)) return account.siteId;
  return citySites()[0]?.id ?? '';
}

/**
 * A seller's user id: digits. The input rules have no user id rule yet; the sandbox answers 404 for anything else,
 * so the form asks digits only.
 */
function userIdCheck(value: string): Finding[] {
  if (!value) return [finding('MISSING_USER_ID', ['user_id'], 'The seller user id is required: digits only.')];
  if (!/^\d+$/.test(value))
    return [finding('INVALID_USER_ID', ['user_id'], `${value} is not a user id: a user id is digits only.`)];
  return [];
}

/** The findings of each field a mode sends, by the rules the sandbox answers with. */
function findingsOf(target: QuoteMode): Partial<Record<Field, Finding[]>> {
  const given = inputs[target];
  const text = (field: Exclude<Field, 'citiesTo'>) => given[field].trim();
  const cities = given.citiesTo.map((id) => id.trim());
  switch (target) {
    case 'siteZip':
      return {
        site: siteIdRule(text('site')),
        zipFrom: postalCodeRule(text('site'), text('zipFrom'), ['zip_code_from']),
        zipTo: postalCodeRule(text('site'), text('zipTo'), ['zip_code_to']),
        dimensions: dimensionsRule(text('dimensions')),
      };
    case 'sellerZip':
      return {
        userId: userIdCheck(text('userId')),
        zip: postalCodeRule(sellerSiteId(target), text('zip'), ['zip_code']),
        dimensions: dimensionsRule(text('dimensions')),
      };
    case 'siteCities':
      return {
        site: siteIdRule(citySiteId(target)),
        cityFrom: cityIdRule(text('cityFrom'), ['city_from']),
        citiesTo: cityIdsRule(cities, ['city_to']),
        dimensions: dimensionsRule(text('dimensions')),
      };
    case 'sellerCities':
      return {
        userId: userIdCheck(text('userId')),
        citiesTo: cityIdsRule(cities, ['city_to']),
        dimensions: dimensionsRule(text('dimensions')),
      };
    case 'item': {
      const destination = itemDestination();
      const findings: Partial<Record<Field, Finding[]>> = { itemId: itemIdRule(text('itemId')) };
      if (destination.kind === 'zip') findings.zip = postalCodeRule(destination.siteId, text('zip'), ['zip_code']);
      if (destination.kind === 'city') findings.citiesTo = cityIdRule(cities[0] ?? '', ['city_to']);
      return findings;
    }
    case 'leadTime':
      return { shipmentId: shipmentIdRule(text('shipmentId')) };
  }
}

/** What a quote of a mode sends: trimmed, and only the destination the mode asks (the item's zip or city). */
function payloadOf(target: QuoteMode): QuoteInputs {
  const given = inputs[target];
  const payload: QuoteInputs = {
    site: given.site.trim(),
    zipFrom: given.zipFrom.trim(),
    zipTo: given.zipTo.trim(),
    zip: given.zip.trim(),
    userId: given.userId.trim(),
    cityFrom: given.cityFrom.trim(),
    citiesTo: splitCityIds(given.citiesTo.join(',')),
    dimensions: given.dimensions.trim(),
    itemId: given.itemId.trim(),
    shipmentId: given.shipmentId.trim(),
  };
  if (target === 'siteCities' || target === 'sellerCities') payload.site = citySiteId(target);
  if (target === 'item') {
    const destination = itemDestination();
    if (destination.kind === 'city') {
      payload.zip = '';
      payload.citiesTo = payload.citiesTo.slice(0, 1);
    } else payload.citiesTo = [];
  }
  return payload;
}

/** The request a mode makes, as the user reads it (the host's own path comes with the result). */
function previewPath(target: QuoteMode, p: QuoteInputs): string {
  const value = (text: string) => encodeURIComponent(text).replace(/%2C/gi, ',');
  const segment = (text: string, placeholder: string) => (text ? value(text) : placeholder);
  const query = (pairs: [string, string][]) => {
    const text = pairs
      .filter(([, given]) => given)
      .map(([name, given]) => `${name}=${value(given)}`)
      .join('&');
    return text ? `?${text}` : '';
  };
  switch (target) {
    case 'siteZip':
      return (
        `/sites/${segment(p.site, '{site_id}')}/shipping_options` +
        query([
          ['zip_code_from', p.zipFrom],
          ['zip_code_to', p.zipTo],
          ['dimensions', p.dimensions],
        ])
      );
    case 'sellerZip':
      return (
        `/users/${segment(p.userId, '{user_id}')}/shipping_options` +
        query([
          ['zip_code', p.zip],
          ['dimensions', p.dimensions],
        ])
      );
    case 'siteCities':
      return (
        `/sites/${segment(p.site, '{site_id}')}/shipping_options` +
        query([
          ['city_from', p.cityFrom],
          ['city_to', p.citiesTo.join(',')],
          ['dimensions', p.dimensions],
        ])
      );
    case 'sellerCities':
      return (
        `/users/${segment(p.userId, '{user_id}')}/shipping_options` +
        query([
          ['city_to', p.citiesTo.join(',')],
          ['dimensions', p.dimensions],
        ])
      );
    case 'item':
      return (
        `/items/${segment(p.itemId, '{item_id}')}/shipping_options` +
        query([
          ['zip_code', p.zip],
          ['city_to', p.citiesTo.join(',')],
        ])
      );
    case 'leadTime':
      return `/shipments/${segment(p.shipmentId, '{shipment_id}')}/lead_time`;
  }
}

// --- Rendering the form ----------------------------------------------------------------------------------------

function renderAll(): void {
  controls.clear();
  quoteButtons.clear();
  statusLines.clear();
  previews.clear();
  slots.clear();
  followers.clear();
  defaultSites();
  panels = component('vscode-panels', { id: 'modes', activeid: `tab-${mode}`, 'aria-label': 'Quote modes' });
  for (const entry of QUOTE_MODES) {
    panels.append(component('vscode-panel-tab', { id: `tab-${entry}` }, MODE_INFO[entry].tab));
  }
  for (const entry of QUOTE_MODES) {
    panels.append(component('vscode-panel-view', { id: `view-${entry}` }, form(entry)));
  }
  panels.addEventListener('change', (event) => {
    // Form controls inside the views send `change` too: only the tabs' own event switches the mode.
    if (event.target !== panels) return;
    const chosen = QUOTE_MODES.find((entry) => `tab-${entry}` === panels?.getAttribute('activeid'));
    if (chosen && chosen !== mode) showMode(chosen, false);
  });
  resultsRegion = el('section', 'results');
  resultsRegion.id = 'results';
  resultsRegion.setAttribute('aria-live', 'polite');
  resultsRegion.setAttribute('aria-labelledby', 'results-title');
  app.replaceChildren(header(), panels, resultsRegion);
  refreshAll();
  renderOutcome();
}

/** The site dropdowns start on the account's site (or the first offered) rather than on nothing. */
function defaultSites(): void {
  const zipped = zipSites();
  if (!inputs.siteZip.site && zipped.length) {
    inputs.siteZip.site = zipped.find((site) => site.id === account?.siteId)?.id ?? zipped[0]?.id ?? '';
  }
  for (const target of ['siteCities', 'sellerCities'] as const) {
    if (!inputs[target].site) inputs[target].site = citySiteId(target);
  }
}

function header(): HTMLElement {
  const facts = el('p', 'facts', fact('Environment', environment || 'unknown'));
  facts.append(
    fact(
      'Account',
      account ? `${account.nickname} · ${account.siteId} · user ${account.userId}` : 'nobody is signed in',
    ),
  );
  return el('header', 'panel-header', el('h1', 'panel-title', 'Shipping quotes'), facts);
}

function fact(label: string, value: string): HTMLElement {
  return el('span', 'fact', el('span', 'fact-label', `${label}: `), el('span', 'fact-value', value));
}

/** Switches to a mode (from the tabs, or from a failure's "Go to the field"). */
function showMode(target: QuoteMode, selectTab: boolean): void {
  mode = target;
  if (selectTab) panels?.setAttribute('activeid', `tab-${target}`);
  keepInputs(target);
  refresh(target);
}

function form(target: QuoteMode): HTMLElement {
  const node = el('form', 'quote-form');
  node.id = `form-${target}`;
  node.noValidate = true;
  node.setAttribute('aria-label', MODE_INFO[target].tab);
  node.append(el('p', 'about', MODE_INFO[target].about));
  const fields = el('div', 'fields');
  switch (target) {
    case 'siteZip':
      fields.append(
        siteField(target, zipSites(), 'Sites that quote by postal code.'),
        zipField(target, 'zipFrom', () => inputs.siteZip.site.trim()),
        zipField(target, 'zipTo', () => inputs.siteZip.site.trim()),
        dimensionsField(target),
      );
      break;
    case 'sellerZip':
      fields.append(
        userIdField(target),
        zipField(target, 'zip', () => sellerSiteId(target)),
        dimensionsField(target),
      );
      break;
    case 'siteCities':
      fields.append(
        siteField(target, citySites(), 'Sites that quote by city.', () => rebuildCities(target)),
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
      fields.append(
        userIdField(target),
        siteField(target, citySites(), 'Whose cities the list offers (the seller quotes from its own site).', () =>
          rebuildCities(target),
        ),
        slot(
          target,
          'cities',
          () => citySiteId(target),
          () => [multiCityPicker(target)],
        ),
        dimensionsField(target),
      );
      break;
    case 'item':
      fields.append(
        textField(target, 'itemId', {
          placeholder: 'MLB1400000001',
          hint: 'Its site decides the destination: a postal code, or a city on sites that quote by city (MCO).',
          onInput: () => rebuildSlot(target, 'destination'),
        }),
        slot(target, 'destination', itemDestinationSignature, itemDestinationControls),
      );
      break;
    case 'leadTime':
      fields.append(
        textField(target, 'shipmentId', {
          placeholder: '42000000001',
          hint: 'Digits; the shipment of an order (order → shipping → id).',
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
  const button = el('button', 'button', 'Quote');
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
  const line = el('p', 'request-line', el('span', 'request-label', 'Request: '), el('span', 'method', 'GET '), preview);
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
  const known = new Set(sites.flatMap((site) => site.cities.map((city) => city.id)));
  const site = siteById(citySiteId(target));
  const offered = new Set(site?.cities.map((city) => city.id) ?? []);
  const keep = (id: string) => offered.has(id) || !known.has(id);
  const given = inputs[target];
  given.citiesTo = given.citiesTo.filter(keep);
  if (given.cityFrom && !keep(given.cityFrom)) given.cityFrom = '';
  rebuildSlot(target, 'cities', true);
}

function itemDestinationSignature(): string {
  const destination = itemDestination();
  return `${destination.kind}:${destination.siteId}`;
}

function itemDestinationControls(): HTMLElement[] {
  const destination = itemDestination();
  if (destination.kind === 'unknown') {
    return [el('p', 'field-hint destination-hint', 'Type the item id: its site says how to give the destination.')];
  }
  if (destination.kind === 'zip') return [zipField('item', 'zip', () => itemDestination().siteId)];
  const site = siteById(destination.siteId);
  return [
    singleCityPicker('item', 'citiesTo', 'Destination city (city_to)', site, {
      get: () => inputs.item.citiesTo[0] ?? '',
      set: (id) => setInput('item', 'citiesTo', id ? [id] : []),
    }),
  ];
}

function siteCitiesControls(target: QuoteMode): HTMLElement[] {
  const site = siteById(citySiteId(target));
  return [
    singleCityPicker(target, 'cityFrom', LABELS.cityFrom, site, {
      get: () => inputs[target].cityFrom,
      set: (id) => setInput(target, 'cityFrom', id),
    }),
    multiCityPicker(target),
  ];
}

interface TextFieldOptions {
  label?: string;
  placeholder?: string | (() => string);
  hint?: string | (() => string);
  inputMode?: string;
  onInput?: () => void;
}

/** A labelled text input `#<mode>-<field>` with its hint and its refusal `#<mode>-<field>-error`. */
function textField(target: QuoteMode, field: Exclude<Field, 'citiesTo'>, options: TextFieldOptions = {}): HTMLElement {
  const id = `${target}-${field}`;
  const input = el('input', 'input');
  input.id = id;
  input.type = 'text';
  input.name = field;
  input.value = inputs[target][field];
  input.autocomplete = 'off';
  input.spellcheck = false;
  if (options.inputMode) input.inputMode = options.inputMode;
  const label = el('label', 'field-label', options.label ?? LABELS[field]);
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

function followersOf(target: QuoteMode): (() => void)[] {
  let list = followers.get(target);
  if (!list) {
    list = [];
    followers.set(target, list);
  }
  return list;
}

function fieldError(id: string): HTMLElement {
  const error = el('p', 'field-error');
  error.id = `${id}-error`;
  return error;
}

function register(target: QuoteMode, field: Field, control: HTMLElement, error: HTMLElement, focus: () => void) {
  controls.set(`${target}:${field}`, { control, error, focus });
}

function userIdField(target: QuoteMode): HTMLElement {
  return textField(target, 'userId', {
    placeholder: account?.userId ?? '123456789',
    inputMode: 'numeric',
    hint: () =>
      account && inputs[target].userId.trim() === account.userId
        ? `The signed-in account (${account.nickname}, ${account.siteId}).`
        : 'Digits: the seller whose shipping preferences quote.',
  });
}

function zipField(target: QuoteMode, field: 'zipFrom' | 'zipTo' | 'zip', siteOf: () => string): HTMLElement {
  const hint = () => {
    const siteId = siteOf();
    const given = siteById(siteId);
    const facts = shippingSite(siteId);
    const length = given?.zipLength ?? facts?.postalCodeLength;
    const example = given?.zipExample ?? facts?.postalCodeExample;
    if (!siteId) return 'Digits only.';
    if (length && example) return `${length} digits on ${siteId}, e.g. ${example}.`;
    return `Digits only (${siteId}).`;
  };
  const placeholder = () => {
    const siteId = siteOf();
    return siteById(siteId)?.zipExample ?? shippingSite(siteId)?.postalCodeExample ?? '';
  };
  return textField(target, field, { placeholder, hint, inputMode: 'numeric' });
}

function dimensionsField(target: QuoteMode): HTMLElement {
  const describe = () => {
    const parsed = parseDimensions(inputs[target].dimensions.trim());
    return parsed
      ? `${parsed.height} × ${parsed.width} × ${parsed.length} cm, ${parsed.weight} g.`
      : `Three sides joined by x, a comma and the weight, e.g. ${DIMENSIONS_EXAMPLE}.`;
  };
  return textField(target, 'dimensions', { placeholder: DIMENSIONS_EXAMPLE, hint: describe });
}

/** The site dropdown of a mode (`#<mode>-site`); a text box when the host offered no site. */
function siteField(target: QuoteMode, offered: QuoteSite[], hint: string, onChange?: () => void): HTMLElement {
  if (!offered.length) {
    return textField(target, 'site', {
      placeholder: target === 'siteZip' ? 'MLB' : 'MCO',
      hint: 'M and two capital letters.',
      onInput: onChange,
    });
  }
  const id = `${target}-site`;
  const select = el('select', 'select');
  select.id = id;
  select.name = 'site';
  const current = inputs[target].site.trim();
  const options = offered.map((site) => option(site.id, siteLabel(site)));
  if (current && !offered.some((site) => site.id === current)) options.push(option(current, current));
  select.append(...options);
  select.value = current;
  const label = el('label', 'field-label', LABELS.site);
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

function option(value: string, text: string): HTMLOptionElement {
  const node = el('option', '', text);
  node.value = value;
  return node;
}

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
function singleCityPicker(
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
      ? `The environment lists no cities for ${site.id}: type a city id.`
      : 'Type a city id as the API gives it.';
    register(target, field, other, error, () => other.focus());
    wrap.append(label, other, hint, error);
    return wrap;
  }
  const select = el('select', 'select');
  select.id = id;
  label.htmlFor = id;
  select.append(
    option('', 'Choose a city…'),
    ...cities.map((city) => option(city.id, `${city.name} · ${city.id}`)),
    option(OTHER_CITY, 'Another city id…'),
  );
  const current = value.get();
  const known = cities.some((city) => city.id === current);
  select.value = known ? current : current ? OTHER_CITY : '';
  other.id = `${id}-other`;
  other.value = known ? '' : current;
  other.setAttribute('aria-label', 'City id typed by hand');
  other.hidden = select.value !== OTHER_CITY;
  hint.textContent = `Cities of ${site ? siteLabel(site) : 'the site'}; choose "Another city id…" to type one.`;
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
function multiCityPicker(target: QuoteMode): HTMLElement {
  const id = `${target}-citiesTo`;
  const site = siteById(citySiteId(target));
  const fieldset = el('fieldset', 'field city-picker');
  fieldset.id = id;
  fieldset.dataset.field = 'citiesTo';
  const legend = el('legend', 'field-label', `${LABELS.citiesTo}, at most ${MAX_CITY_DESTINATIONS}`);
  const count = el('p', 'field-hint city-count');
  count.id = `${id}-count`;
  const error = fieldError(id);
  fieldset.setAttribute('aria-describedby', `${count.id} ${error.id}`);
  const list = el('ul', 'city-options');
  list.id = `${id}-list`;
  const boxes: HTMLInputElement[] = [];

  const chosen = () => inputs[target].citiesTo;
  const update = () => {
    const size = splitCityIds(chosen().join(',')).length;
    count.textContent = `${size} of at most ${MAX_CITY_DESTINATIONS} chosen.`;
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
      el('span', 'city-id', typed ? `${cityId} (typed)` : cityId),
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
    filter.placeholder = 'Filter cities';
    filter.setAttribute('aria-label', 'Filter the cities by name or id');
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
          ? `The environment lists no cities for ${site.id}: add city ids below.`
          : 'Add city ids as the API gives them.',
      ),
    );
  }
  fieldset.append(list);

  const add = el('input', 'input city-add');
  add.type = 'text';
  add.id = `${id}-add`;
  add.autocomplete = 'off';
  add.spellcheck = false;
  add.placeholder = `${CITY_ID_EXAMPLE} or a city name`;
  add.setAttribute('aria-label', 'City id to add (several separated by commas)');
  const addError = el('p', 'field-error');
  addError.id = `${id}-add-error`;
  add.setAttribute('aria-describedby', addError.id);
  const addButton = el('button', 'button button-secondary', 'Add');
  addButton.type = 'button';
  addButton.id = `${id}-add-button`;
  addButton.setAttribute('aria-label', 'Add the typed city ids');
  const addTyped = () => {
    const wanted = splitCityIds(add.value).map((text) => cityIdOf(site, text));
    addError.textContent = '';
    if (!wanted.length) return;
    const problem = wanted.flatMap((cityId) => errorsOf(cityIdRule(cityId, ['city_to'])))[0];
    if (problem) {
      addError.textContent = problem.message;
      return;
    }
    const fresh = wanted.filter((cityId) => !chosen().includes(cityId));
    const room = MAX_CITY_DESTINATIONS - splitCityIds(chosen().join(',')).length;
    if (fresh.length > room) {
      addError.textContent = `city_to accepts at most ${MAX_CITY_DESTINATIONS} city ids: ${Math.max(room, 0)} more fit.`;
      return;
    }
    for (const cityId of fresh) {
      const existing = boxes.find((box) => box.value === cityId);
      if (existing) existing.checked = true;
      else list.append(entry(cityId, cityId, true));
    }
    const listed = boxes.find((box) => box.value === fresh[0]);
    if (!fresh.length) addError.textContent = 'Already chosen.';
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

// --- Checking and quoting --------------------------------------------------------------------------------------

function refreshAll(): void {
  for (const entry of QUOTE_MODES) refresh(entry);
}

/** Shows each field's refusal (once touched, filled or asked to quote), and enables Quote only when none refuses. */
function refresh(target: QuoteMode): { blocked: Field[] } {
  const findings = findingsOf(target);
  const blocked: Field[] = [];
  for (const [field, list = []] of Object.entries(findings) as [Field, Finding[] | undefined][]) {
    const errors = errorsOf(list);
    if (errors.length) blocked.push(field);
    const entry = controls.get(`${target}:${field}`);
    if (!entry) continue;
    const value = inputs[target][field];
    const filled = Array.isArray(value) ? value.length > 0 : value.trim() !== '';
    const show = attempted.has(target) || touchedOf(target).has(field) || filled;
    const server = serverErrors.get(`${target}:${field}`);
    let text = '';
    let severity = '';
    if (server) [text, severity] = [server, 'error'];
    else if (errors[0] && show) [text, severity] = [errors[0].message, 'error'];
    else if (!errors.length && list[0]) [text, severity] = [list[0].message, list[0].severity];
    entry.error.textContent = text;
    entry.error.className = severity ? `field-error severity-${severity}` : 'field-error';
    entry.error.hidden = !text;
    entry.control.setAttribute('aria-invalid', String(severity === 'error'));
  }
  const loading = outcome?.kind === 'loading' && outcome.mode === target;
  const button = quoteButtons.get(target);
  if (button) {
    button.disabled = blocked.length > 0 || loading;
    button.textContent = loading ? 'Quoting…' : 'Quote';
  }
  const status = statusLines.get(target);
  if (status) {
    status.textContent = blocked.length
      ? `To quote, fill in or correct: ${blocked.map((field) => SHORT_LABELS[field]).join(', ')}.`
      : loading
        ? 'Quoting…'
        : 'Enter in a field quotes too.';
    status.classList.toggle('form-status-blocked', blocked.length > 0);
  }
  const preview = previews.get(target);
  if (preview) preview.textContent = previewPath(target, payloadOf(target));
  for (const follow of followers.get(target) ?? []) follow();
  return { blocked };
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
  if (outcome?.kind === 'loading' && outcome.mode === target) return;
  flushKeep();
  bridge.post({ type: 'quote', mode: target, inputs: payloadOf(target) });
}

function noteServerError(failure: QuoteFailure): void {
  const field = fieldOfFailure(failure);
  if (field) serverErrors.set(`${failure.mode}:${field}`, failure.message);
}

function fieldOfFailure(failure: QuoteFailure): Field | undefined {
  const named = failure.field;
  if (!named) return undefined;
  if (named in LABELS) return named as Field;
  return FIELD_OF_PARAMETER[named];
}

// --- Rendering the outcome -------------------------------------------------------------------------------------

function renderOutcome(): void {
  const region = resultsRegion;
  if (!region) return;
  region.setAttribute('aria-busy', String(outcome?.kind === 'loading'));
  const title = el('h2', 'results-title', 'Results');
  title.id = 'results-title';
  if (!outcome) {
    region.replaceChildren(
      title,
      el(
        'p',
        'placeholder',
        'Fill in a form and choose Quote (or press Enter in a field) to see the shipping options.',
      ),
    );
    return;
  }
  if (outcome.kind === 'loading') {
    region.replaceChildren(
      title,
      el(
        'div',
        'loading',
        component('vscode-progress-ring', { 'aria-label': 'Quoting' }),
        el(
          'p',
          'loading-text',
          `Quoting ${MODE_INFO[outcome.mode].tab}: `,
          el('code', 'request', `GET ${outcome.path}`),
        ),
      ),
    );
    return;
  }
  if (outcome.kind === 'failure') {
    region.replaceChildren(title, failureView(outcome.failure));
    return;
  }
  region.replaceChildren(title, ...resultView(outcome.result));
}

function failureView(failure: QuoteFailure): HTMLElement {
  const block = el('section', 'failure');
  block.id = 'failure';
  block.setAttribute('aria-labelledby', 'failure-title');
  const status = [failure.status, failure.error].filter(Boolean).join(' ');
  const title = el(
    'h3',
    'failure-title',
    ...(status ? [el('span', 'failure-status', status), ' '] : []),
    el('span', 'failure-message', failure.message),
  );
  title.id = 'failure-title';
  block.append(title);
  if (failure.path) block.append(requestLine(failure.mode, failure.path));
  if (failure.causes.length) {
    block.append(
      el(
        'ul',
        'causes',
        ...failure.causes.map((cause) =>
          el(
            'li',
            'cause',
            ...(cause.code ? [el('code', 'cause-code', cause.code), ' '] : []),
            el('span', 'cause-message', cause.message),
          ),
        ),
      ),
    );
  }
  if (failure.next)
    block.append(el('p', 'failure-next', el('span', 'failure-next-label', 'Next step: '), failure.next));
  const buttons = el('div', 'toolbar');
  const field = fieldOfFailure(failure);
  if (field && controls.has(`${failure.mode}:${field}`)) {
    const go = el('button', 'button', `Go to ${SHORT_LABELS[field]}`);
    go.type = 'button';
    go.id = 'failure-go-to-field';
    go.addEventListener('click', () => {
      showMode(failure.mode, true);
      controls.get(`${failure.mode}:${field}`)?.focus();
    });
    buttons.append(go);
  }
  if (failure.path) buttons.append(curlButton());
  if (buttons.childElementCount) block.append(buttons);
  return block;
}

function requestLine(target: QuoteMode, path: string, durationMs?: number): HTMLElement {
  const line = el(
    'p',
    'request-line',
    el('span', 'mode-name', MODE_INFO[target].tab),
    ' ',
    el('code', 'request', el('span', 'method', 'GET '), path),
  );
  if (durationMs !== undefined) line.append(' ', el('span', 'duration', formatDuration(durationMs)));
  return line;
}

function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

function curlButton(): HTMLButtonElement {
  const curl = el('button', 'button button-secondary', 'Copy as curl');
  curl.type = 'button';
  curl.id = 'copy-curl';
  curl.title = 'The request as a curl command, with $MARKETPLACE_TOKEN in place of the token';
  curl.addEventListener('click', () => bridge.post({ type: 'copyAsCurl' }));
  return curl;
}

function resultView(result: QuoteResult): HTMLElement[] {
  const open = el('button', 'button button-secondary', 'Open as JSON');
  open.type = 'button';
  open.id = 'open-json';
  open.title = "The API's answer in a JSON editor";
  open.addEventListener('click', () => bridge.post({ type: 'openAsJson' }));
  const hasRows = result.blocks.some((block) => block.rows.length + block.folded.length > 0);
  const toolbar = el('div', 'toolbar', curlButton(), open);
  const blocks = el('div', result.blocks.length > 1 ? 'blocks blocks-several' : 'blocks');
  blocks.id = 'blocks';
  if (hasRows) toolbar.append(sortControls(() => blocks.replaceChildren(...blockViews(result))));
  blocks.append(...blockViews(result));
  const parts: HTMLElement[] = [requestLine(result.mode, result.path, result.durationMs), toolbar];
  if (result.summary.length) parts.push(definitionList('summary-list', result.summary));
  if (result.blocks.length) parts.push(blocks);
  else if (!result.summary.length) parts.push(el('p', 'empty', 'The answer has no shipping options.'));
  return parts;
}

function sortControls(resort: () => void): HTMLElement {
  const group = el('div', 'sort', el('span', 'sort-label', 'Sort by'));
  group.setAttribute('role', 'group');
  group.setAttribute('aria-label', 'Sort the options');
  const choices: [SortBy, string, string][] = [
    ['api', 'API order', 'The order of the answer'],
    ['cost', 'Cost', 'Cheapest first; equal costs fastest first'],
    ['speed', 'Speed', 'Fastest first; options without a promise last'],
  ];
  const buttons = choices.map(([value, text, title]) => {
    const button = el('button', 'button toggle', text);
    button.type = 'button';
    button.id = `sort-${value}`;
    button.title = title;
    button.addEventListener('click', () => {
      sortBy = value;
      for (const other of buttons) other.setAttribute('aria-pressed', String(other === button));
      resort();
    });
    return button;
  });
  for (const [index, [value]] of choices.entries())
    buttons[index]?.setAttribute('aria-pressed', String(value === sortBy));
  group.append(...buttons);
  return group;
}

/** Cheapest and fastest across blocks: the host's marks, or computed here when it sent none. */
function marksOf(result: QuoteResult): (row: QuoteRow) => { cheapest: boolean; fastest: boolean } {
  const all = result.blocks.flatMap((block) => [...block.rows, ...block.folded]);
  if (all.some((row) => row.cheapest || row.fastest))
    return (row) => ({ cheapest: row.cheapest, fastest: row.fastest });
  const shown = result.blocks.flatMap((block) => block.rows);
  if (shown.length < 2) return () => ({ cheapest: false, fastest: false });
  const lowest = Math.min(...shown.map((row) => row.costValue));
  const speeds = shown.map((row) => row.speedHours).filter((hours): hours is number => hours !== null);
  const quickest = speeds.length ? Math.min(...speeds) : undefined;
  return (row) => ({
    cheapest: shown.includes(row) && row.costValue === lowest,
    fastest: shown.includes(row) && quickest !== undefined && row.speedHours === quickest,
  });
}

function blockViews(result: QuoteResult): HTMLElement[] {
  const marks = marksOf(result);
  const several = result.blocks.length > 1;
  return result.blocks.map((block, index) => blockView(block, index, several, marks));
}

function blockView(
  block: QuoteBlock,
  index: number,
  several: boolean,
  marks: (row: QuoteRow) => { cheapest: boolean; fastest: boolean },
): HTMLElement {
  const section = el('section', 'quote-block');
  section.dataset.key = block.key;
  const titleId = `block-${index}-title`;
  section.setAttribute('aria-labelledby', titleId);
  const title = el('h3', 'block-title', several || block.destination ? block.destination || 'Destination' : 'Options');
  title.id = titleId;
  section.append(title);
  // With no option shown, the folded ones are all there is: show them rather than an empty table.
  const rows = block.rows.length ? block.rows : block.folded;
  const folded = block.rows.length ? block.folded : [];
  if (!rows.length) {
    section.append(el('p', 'empty', 'No shipping method reaches this destination.'));
  } else {
    const count = `${rows.length} option${rows.length === 1 ? '' : 's'}`;
    section.append(el('p', 'block-count', folded.length ? `${count}, ${folded.length} more folded` : count));
    const table = el('table', 'quote-table');
    table.setAttribute('aria-labelledby', titleId);
    table.append(
      el(
        'thead',
        '',
        el(
          'tr',
          '',
          ...['Method', 'Cost', 'Delivery promise', 'Tracking', 'Handling', 'Transport'].map((text) => {
            const cell = el('th', '', text);
            cell.scope = 'col';
            return cell;
          }),
        ),
      ),
    );
    table.append(el('tbody', 'shown-rows', ...sortRows(rows).map((row) => rowView(row, marks(row), false))));
    if (folded.length) {
      const body = el('tbody', 'folded-rows', ...sortRows(folded).map((row) => rowView(row, marks(row), true)));
      body.id = `block-${index}-folded`;
      body.hidden = !unfolded.has(index);
      table.append(body);
      section.append(tableWrap(table), foldToggle(index, folded.length, body));
    } else {
      section.append(tableWrap(table));
    }
  }
  if (block.notes.length) section.append(el('ul', 'block-notes', ...block.notes.map((note) => el('li', '', note))));
  return section;
}

function tableWrap(table: HTMLElement): HTMLElement {
  return el('div', 'table-wrap', table);
}

function foldToggle(index: number, count: number, body: HTMLElement): HTMLElement {
  const toggle = el('button', 'button button-secondary show-folded');
  toggle.type = 'button';
  toggle.id = `block-${index}-show-all`;
  toggle.setAttribute('aria-controls', body.id);
  const label = () => {
    const open = unfolded.has(index);
    toggle.textContent = open
      ? `Hide the ${count} folded option${count === 1 ? '' : 's'}`
      : `Show all options (${count} more)`;
    toggle.setAttribute('aria-expanded', String(open));
  };
  label();
  toggle.addEventListener('click', () => {
    if (unfolded.has(index)) unfolded.delete(index);
    else unfolded.add(index);
    body.hidden = !unfolded.has(index);
    label();
  });
  return toggle;
}

/** Rows in the chosen order: by cost or by speed (unknown last), the answer's order breaking ties. */
function sortRows(rows: QuoteRow[]): QuoteRow[] {
  if (sortBy === 'api') return rows;
  const compare = (a: number | null, b: number | null) => {
    if (a === b) return 0;
    if (a === null) return 1;
    if (b === null) return -1;
    return a - b;
  };
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => {
      const byCost = compare(a.row.costValue, b.row.costValue);
      const bySpeed = compare(a.row.speedHours, b.row.speedHours);
      const first = sortBy === 'cost' ? byCost || bySpeed : bySpeed || byCost;
      return first || a.index - b.index;
    })
    .map(({ row }) => row);
}

function rowView(row: QuoteRow, marks: { cheapest: boolean; fastest: boolean }, folded: boolean): HTMLElement {
  const tr = el('tr', 'quote-row');
  tr.dataset.name = row.name;
  tr.dataset.id = row.id;
  tr.classList.toggle('is-recommended', row.recommended);
  tr.classList.toggle('is-cheapest', marks.cheapest);
  tr.classList.toggle('is-fastest', marks.fastest);
  tr.classList.toggle('is-free', row.free);
  tr.classList.toggle('is-folded', folded);
  const name = el('th', 'method-name', el('span', 'name', row.name));
  name.scope = 'row';
  const badges: HTMLElement[] = [];
  if (row.recommended) badges.push(el('span', 'badge badge-recommended', 'Recommended'));
  if (marks.cheapest) badges.push(el('span', 'badge badge-cheapest', 'Cheapest'));
  if (marks.fastest) badges.push(el('span', 'badge badge-fastest', 'Fastest'));
  if (badges.length) name.append(el('span', 'badges', ...badges));
  tr.append(
    name,
    el('td', row.free ? 'cost cost-free' : 'cost', row.cost),
    el('td', 'promise', row.promise),
    el('td', 'tracking', row.tracking),
    el('td', 'handling', row.handling),
    el('td', 'transport', row.transport),
  );
  return tr;
}

function definitionList(className: string, pairs: { label: string; value: string }[]): HTMLElement {
  const list = el('dl', className);
  for (const pair of pairs) list.append(el('dt', '', pair.label), el('dd', '', pair.value));
  return list;
}
