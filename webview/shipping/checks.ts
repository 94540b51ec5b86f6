// The input checks as the user types: each field's findings by the rules the sandbox answers with
// (src/rules/shippingInputs.ts), its refusal shown, and Quote enabled only when no field refuses.

import * as l10n from '@vscode/l10n';
import { QUOTE_MODES, type QuoteInputs, type QuoteMode } from '../../src/model/protocols/shipping';
import { errorsOf, type Finding } from '../../src/rules/finding';
import {
  cityIdRule,
  cityIdsRule,
  cityQuoteSiteRule,
  dimensionsRule,
  itemIdRule,
  MAX_CITY_DESTINATIONS,
  postalCodeRule,
  shipmentIdRule,
  siteIdRule,
  userIdRule,
} from '../../src/rules/shippingInputs';
import { controls, followers, previews, quoteButtons, statusLines } from './controls';
import { shortLabel } from './labels';
import { payloadOf, previewPath } from './request';
import { citySiteId, itemDestination, listedCities, sellerCities, sellerSiteId, siteById } from './sites';
import { attempted, type Field, keepInputs, serverErrors, state, touchedOf } from './state';

/** The findings of each field a mode sends, by the rules the sandbox answers with. */
function findingsOf(target: QuoteMode): Partial<Record<Field, Finding[]>> {
  const given = state.inputs[target];
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
        userId: userIdRule(text('userId'), ['userId']),
        zip: postalCodeRule(sellerSiteId(), text('zip'), ['zip_code']),
        dimensions: dimensionsRule(text('dimensions')),
      };
    case 'siteCities': {
      const listed = listedCities(citySiteId(target));
      return {
        site: siteIdRule(citySiteId(target)),
        cityFrom: cityIdRule(text('cityFrom'), ['city_from'], listed),
        citiesTo: cityIdsRule(cities, ['city_to'], MAX_CITY_DESTINATIONS, listed),
        dimensions: dimensionsRule(text('dimensions')),
      };
    }
    case 'sellerCities': {
      const choice = sellerCities();
      const userId = userIdRule(text('userId'), ['userId']);
      // The signed-in seller's site does not quote by city: the form says so instead of asking for cities.
      if (choice.kind === 'notByCity')
        return { userId, citiesTo: cityQuoteSiteRule(choice.siteId, siteById(choice.siteId)?.cities.length ?? 0) };
      return {
        userId,
        citiesTo: cityIdsRule(cities, ['city_to'], MAX_CITY_DESTINATIONS, listedCities(choice.siteId)),
        dimensions: dimensionsRule(text('dimensions')),
      };
    }
    case 'item': {
      const destination = itemDestination();
      const findings: Partial<Record<Field, Finding[]>> = { itemId: itemIdRule(text('itemId')) };
      if (destination.kind === 'zip') findings.zip = postalCodeRule(destination.siteId, text('zip'), ['zip_code']);
      if (destination.kind === 'city')
        findings.citiesTo = cityIdRule(cities[0] ?? '', ['city_to'], listedCities(destination.siteId));
      return findings;
    }
    case 'leadTime':
      return { shipmentId: shipmentIdRule(text('shipmentId')) };
  }
}

export function setInput<F extends Field>(target: QuoteMode, field: F, value: QuoteInputs[F]): void {
  state.inputs[target][field] = value;
  touchedOf(target).add(field);
  serverErrors.delete(`${target}:${field}`);
  keepInputs(target);
  refresh(target);
}

export function refreshAll(): void {
  for (const entry of QUOTE_MODES) refresh(entry);
}

/** Shows each field's refusal (once touched, filled or asked to quote), and enables Quote only when none refuses. */
export function refresh(target: QuoteMode): { blocked: Field[] } {
  const findings = findingsOf(target);
  const blocked: Field[] = [];
  for (const [field, list = []] of Object.entries(findings) as [Field, Finding[] | undefined][]) {
    const errors = errorsOf(list);
    if (errors.length) blocked.push(field);
    const entry = controls.get(`${target}:${field}`);
    if (!entry) continue;
    const value = state.inputs[target][field];
    const filled = Array.isArray(value) ? value.length > 0 : value.trim() !== '';
    const show = attempted.has(target) || touchedOf(target).has(field) || filled;
    const server = serverErrors.get(`${target}:${field}`);
    let text = '';
    let severity = '';
    if (server) [text, severity] = [server, 'error'];
    // Every refusal of the field, so that each bad city id typed by hand is named, not only the first.
    else if (errors[0] && show) [text, severity] = [errors.map((error) => error.message).join(' '), 'error'];
    else if (!errors.length && list[0]) [text, severity] = [list[0].message, list[0].severity];
    entry.error.textContent = text;
    entry.error.className = severity ? `field-error severity-${severity}` : 'field-error';
    entry.error.hidden = !text;
    entry.control.setAttribute('aria-invalid', String(severity === 'error'));
  }
  const loading = state.outcome?.kind === 'loading' && state.outcome.mode === target;
  const button = quoteButtons.get(target);
  if (button) {
    button.disabled = blocked.length > 0 || loading;
    button.textContent = loading ? l10n.t('Quoting…') : l10n.t('Quote');
  }
  const status = statusLines.get(target);
  // A form that cannot quote at all (the seller's site does not quote by city) says why rather than what to fill in.
  const impossible = Object.values(findings)
    .flat()
    .find((item) => item?.code === 'CITIES_NOT_QUOTED');
  if (status) {
    status.textContent = impossible
      ? l10n.t(
          'This seller quotes by postal code: use Seller · postal code, or type the id of a seller of a city site.',
        )
      : blocked.length
        ? l10n.t('To quote, fill in or correct: {0}.', blocked.map(shortLabel).join(', '))
        : loading
          ? l10n.t('Quoting…')
          : l10n.t('Enter in a field quotes too.');
    status.classList.toggle('form-status-blocked', blocked.length > 0);
  }
  const preview = previews.get(target);
  if (preview) preview.textContent = previewPath(target, payloadOf(target));
  for (const follow of followers.get(target) ?? []) follow();
  return { blocked };
}
