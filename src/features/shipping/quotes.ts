// The shipping panel's quotes without VS Code: which request a form makes (checked with the same rules the sandbox
// answers with), and the answer turned into rows in words. Pure, so it is unit-tested against the sandbox; its words
// come from @vscode/l10n, configured with VS Code's bundle at activation.
import * as l10n from '@vscode/l10n';
import type { MarketplaceClient } from '../../api/client';
import type { ApiError } from '../../api/errors';
import {
  getItemShippingOptions,
  getLeadTime,
  getSiteShippingOptions,
  getSiteShippingOptionsByCity,
  getUserShippingOptions,
  getUserShippingOptionsByCity,
  type QuoteCall,
} from '../../api/shipping';
import {
  fieldOfParameter,
  type QuoteBlock,
  type QuoteFailure,
  type QuoteInputs,
  type QuoteMode,
  type QuoteResult,
  type QuoteRow,
  type QuoteSite,
} from '../../model/protocols/shipping';
import type { LeadTime, ShippingOption, ShippingOptionsResult } from '../../model/shipping';
import { costText, deliverToText, deliveryPromise, trackingText } from '../../rules/deliveryPromise';
import { errorsOf, type Finding } from '../../rules/finding';
import {
  cityIdRule,
  cityIdsRule,
  cityQuoteSiteRule,
  dimensionsRule,
  itemIdRule,
  KNOWN_SHIPPING_SITES,
  listedCitiesOf,
  MAX_CITY_DESTINATIONS,
  postalCodeRule,
  quotesByCity,
  quotesCitiesOn,
  SHIPPING_SITES,
  sellerCitySite,
  shipmentIdRule,
  shippingSite,
  siteIdRule,
  userIdRule,
} from '../../rules/shippingInputs';
import { type ArrangedOption, arrangeResults } from '../../rules/shippingOptions';
import type { Session } from '../auth/session';

/** Country names of the sites, for the form. */
const SITE_NAMES: Record<string, string> = {
  MLA: 'Argentina',
  MLB: 'Brasil',
  MLM: 'México',
  MCO: 'Colombia',
  MLC: 'Chile',
  MPE: 'Perú',
  MLU: 'Uruguay',
};

/** A form's request: its path (as the history and curl show it) and how to send it. */
export interface PlannedQuote {
  path: string;
  send(client: MarketplaceClient, call: QuoteCall): Promise<unknown>;
}

/** The input of a form each finding is about: the rules' path names the field. */
const fieldOf = (finding: Finding): string | undefined =>
  typeof finding.path[0] === 'string' ? fieldOfParameter(finding.path[0]) : undefined;

const query = (values: Record<string, string>) => `?${new URLSearchParams(values).toString().replace(/%2C/g, ',')}`;

/** What a form is checked against: the signed-in account, and the sites the form offers with their listed cities. */
export interface QuoteContext {
  /** The account's site: a seller's postal code is checked against it, and its own city quotes are on it. */
  siteId: string;
  /** The account's user id: the Seller · cities form quotes on the account's site when it is this seller. */
  userId?: string;
  /** The sites the form offers (`quoteSites`), with the cities the environment lists. */
  sites?: readonly QuoteSite[];
}

/**
 * The request a form makes, or the failure that stops it (the rules refuse an input). The form runs the same rules
 * as the user types; the host checks again, so nothing the rules refuse is ever sent.
 */
export function planQuote(
  mode: QuoteMode,
  inputs: QuoteInputs,
  context: QuoteContext,
): PlannedQuote | { failure: QuoteFailure } {
  const accountSite = context.siteId;
  const findings: Finding[] = [];
  const check = (rule: Finding[]) => findings.push(...errorsOf(rule));
  const dims = inputs.dimensions.trim();
  const itemSite = inputs.itemId.trim().slice(0, 3).toUpperCase();
  const listed = (siteId: string) => listedCitiesOf(context.sites ?? [], siteId);
  switch (mode) {
    case 'siteZip':
      check(siteIdRule(inputs.site, ['site_id']));
      check(postalCodeRule(inputs.site, inputs.zipFrom.trim(), ['zip_code_from']));
      check(postalCodeRule(inputs.site, inputs.zipTo.trim(), ['zip_code_to']));
      check(dimensionsRule(dims, ['dimensions']));
      break;
    case 'sellerZip':
      check(userIdRule(inputs.userId.trim(), ['user_id']));
      check(postalCodeRule(accountSite, inputs.zip.trim(), ['zip_code']));
      check(dimensionsRule(dims, ['dimensions']));
      break;
    case 'siteCities':
      check(cityIdRule(inputs.cityFrom.trim(), ['city_from'], listed('MCO')));
      check(cityIdsRule(inputs.citiesTo, ['city_to'], MAX_CITY_DESTINATIONS, listed('MCO')));
      check(dimensionsRule(dims, ['dimensions']));
      break;
    case 'sellerCities': {
      check(userIdRule(inputs.userId.trim(), ['user_id']));
      const { siteId, own } = sellerCitySite(inputs.userId, inputs.site, context);
      const cities = listed(siteId);
      // The signed-in seller's site may not quote by city at all: said before any city is judged.
      if (own) check(cityQuoteSiteRule(siteId, cities?.ids.size ?? 0, ['city_to']));
      if (findings.length === 0) check(cityIdsRule(inputs.citiesTo, ['city_to'], MAX_CITY_DESTINATIONS, cities));
      check(dimensionsRule(dims, ['dimensions']));
      break;
    }
    case 'item':
      check(itemIdRule(inputs.itemId.trim(), ['item_id']));
      if (quotesByCity(itemSite)) check(cityIdRule(inputs.citiesTo[0] ?? '', ['city_to'], listed(itemSite)));
      else if (shippingSite(itemSite)) check(postalCodeRule(itemSite, inputs.zip.trim(), ['zip_code']));
      break;
    case 'leadTime':
      check(shipmentIdRule(inputs.shipmentId.trim(), ['shipment_id']));
      break;
  }
  const [first] = findings;
  if (first) {
    return {
      failure: {
        mode,
        message: findings.map((entry) => entry.message).join(' '),
        causes: findings.map((entry) => ({ code: entry.code, message: entry.message })),
        field: fieldOf(first),
        next: l10n.t('Correct the field, then quote again: nothing was sent.'),
      },
    };
  }
  const site = inputs.site.trim().toUpperCase();
  const cities = inputs.citiesTo.map((city) => city.trim()).filter(Boolean);
  const userId = Number(inputs.userId.trim());
  const itemId = inputs.itemId.trim().toUpperCase();
  switch (mode) {
    case 'siteZip': {
      const q = { zipCodeFrom: inputs.zipFrom.trim(), zipCodeTo: inputs.zipTo.trim(), dimensions: dims };
      return {
        path: `/sites/${site}/shipping_options${query({ zip_code_from: q.zipCodeFrom, zip_code_to: q.zipCodeTo, dimensions: dims })}`,
        send: (client, call) => getSiteShippingOptions(client, site, q, call),
      };
    }
    case 'sellerZip':
      return {
        path: `/users/${userId}/shipping_options${query({ zip_code: inputs.zip.trim(), dimensions: dims })}`,
        send: (client, call) =>
          getUserShippingOptions(client, userId, { zipCode: inputs.zip.trim(), dimensions: dims }, call),
      };
    case 'siteCities': {
      const q = { cityFrom: inputs.cityFrom.trim(), cityTo: cities, dimensions: dims };
      return {
        path: `/sites/MCO/shipping_options${query({ city_from: q.cityFrom, city_to: cities.join(','), dimensions: dims })}`,
        send: (client, call) => getSiteShippingOptionsByCity(client, 'MCO', q, call),
      };
    }
    case 'sellerCities':
      return {
        path: `/users/${userId}/shipping_options${query({ city_to: cities.join(','), dimensions: dims })}`,
        send: (client, call) =>
          getUserShippingOptionsByCity(client, userId, { cityTo: cities, dimensions: dims }, call),
      };
    case 'item': {
      const city = cities[0] ?? '';
      const zip = inputs.zip.trim();
      const destination = quotesByCity(itemSite) ? { cityTo: city } : { zipCode: zip };
      const q: Record<string, string> = quotesByCity(itemSite) ? { city_to: city } : { zip_code: zip };
      return {
        path: `/items/${itemId}/shipping_options${query(q)}`,
        send: (client, call) => getItemShippingOptions(client, itemId, destination, call),
      };
    }
    case 'leadTime': {
      const shipmentId = Number(inputs.shipmentId.trim());
      return {
        path: `/shipments/${shipmentId}/lead_time`,
        send: (client, call) => getLeadTime(client, shipmentId, call),
      };
    }
  }
}

const hours = (value: number | null | undefined) =>
  typeof value === 'number' ? l10n.t('{0} h', value) : l10n.t('unknown');

/** One option in words. */
function rowOf(arranged: ArrangedOption<ShippingOption>, key: string, locale: string): QuoteRow {
  const { option } = arranged;
  const promise = deliveryPromise(option.estimated_delivery_time, locale);
  return {
    id: `${key}:${option.id}:${option.shipping_method_id ?? ''}:${arranged.index}`,
    name: option.name ?? l10n.t('Method {0}', option.shipping_method_id ?? option.id),
    cost: costText(option, option.currency_id, locale),
    costValue: option.cost ?? option.list_cost ?? 0,
    free: option.cost === 0,
    tracking: trackingText(option.tracks_shipments_status),
    handling: hours(option.speed?.handling ?? option.estimated_delivery_time?.handling),
    transport: hours(option.speed?.shipping ?? option.estimated_delivery_time?.shipping),
    promise: promise.text,
    speedHours: promise.latestHours,
    display: option.display ?? 'always',
    recommended: arranged.highlighted,
    cheapest: false,
    fastest: false,
  };
}

function destinationText(result: ShippingOptionsResult, key: string): string {
  const destination = result.destination;
  const place = [destination?.city?.name, destination?.state?.name].filter(Boolean).join(', ');
  const code = destination?.zip_code || key;
  return place ? (code ? l10n.t('{0} ({1})', place, code) : place) : code || l10n.t('Destination');
}

/** The blocks of one or several destinations, with the cheapest and fastest marked across all of them. */
function blocksOf(results: Record<string, ShippingOptionsResult>, locale: string): QuoteBlock[] {
  const arranged = arrangeResults(results, 'cost');
  const marked = (refs: { key: string; index: number }[], key: string, index: number) =>
    refs.some((ref) => ref.key === key && ref.index === index);
  const several = Object.keys(results).length > 1;
  return Object.entries(results).map(([key, result]) => {
    const arrangement = arranged.byKey[key]!;
    const rows = arrangement.shown.map((entry) => ({
      ...rowOf(entry, key, locale),
      // Across destinations when there are several, within the block otherwise.
      cheapest: several ? marked(arranged.cheapest, key, entry.index) : entry.cheapest,
      fastest: several ? marked(arranged.fastest, key, entry.index) : entry.fastest,
    }));
    const notes: string[] = [];
    if (result.settings?.allow_add_cost !== undefined && result.settings?.allow_add_cost !== null) {
      notes.push(
        result.settings.allow_add_cost
          ? l10n.t('The seller may add a cost.')
          : l10n.t('The seller may not add a cost.'),
      );
    }
    return {
      key: several || key ? key : '',
      destination: destinationText(result, key),
      rows,
      folded: arrangement.folded.map((entry) => rowOf(entry, key, locale)),
      notes,
    };
  });
}

/** A lead time as a block of one row, and its facts. */
function leadTimeResult(path: string, leadTime: LeadTime, durationMs: number | undefined, locale: string): QuoteResult {
  const promise = deliveryPromise(leadTime.estimated_delivery_time, locale);
  const currency = leadTime.currency_id;
  const row: QuoteRow = {
    id: String(leadTime.option_id),
    name: leadTime.shipping_method?.name ?? l10n.t('Option {0}', leadTime.option_id),
    cost: costText({ cost: leadTime.cost, list_cost: leadTime.list_cost }, currency, locale),
    costValue: leadTime.cost ?? 0,
    free: leadTime.cost === 0,
    tracking: trackingText(undefined),
    handling: hours(leadTime.estimated_delivery_time.handling),
    transport: hours(leadTime.estimated_delivery_time.shipping),
    promise: promise.text,
    speedHours: promise.latestHours,
    display: 'always',
    recommended: false,
    cheapest: false,
    fastest: false,
  };
  const summary = [
    { label: l10n.t('Promise'), value: promise.text },
    {
      label: l10n.t('Method'),
      value: [leadTime.shipping_method?.name, leadTime.shipping_method?.type].filter(Boolean).join(' · ') || '—',
    },
    { label: l10n.t('Cost'), value: row.cost },
    { label: l10n.t('Cost type'), value: leadTime.cost_type ?? '—' },
  ];
  const limit = leadTime.estimated_delivery_limit?.date;
  if (limit) summary.push({ label: l10n.t('Delivery limit'), value: limit.slice(0, 10) });
  const final = leadTime.estimated_delivery_final?.date;
  if (final) summary.push({ label: l10n.t('Final delivery date'), value: final.slice(0, 10) });
  if (leadTime.delay?.length)
    summary.push({ label: l10n.t('Delay'), value: l10n.t('{0} reported', leadTime.delay.length) });
  return {
    mode: 'leadTime',
    method: 'GET',
    path,
    durationMs,
    blocks: [
      {
        key: '',
        destination: deliverToText(leadTime.shipping_method?.deliver_to),
        rows: [row],
        folded: [],
        notes: [],
      },
    ],
    summary,
  };
}

/** A quote's answer as the panel shows it, its amounts and days written as `locale` writes them. */
export function quoteResultOf(
  mode: QuoteMode,
  path: string,
  answer: unknown,
  durationMs?: number,
  locale = 'en-US',
): QuoteResult {
  if (mode === 'leadTime') return leadTimeResult(path, answer as LeadTime, durationMs, locale);
  const byCity = mode === 'siteCities' || mode === 'sellerCities';
  const results = byCity ? (answer as Record<string, ShippingOptionsResult>) : { '': answer as ShippingOptionsResult };
  return { mode, method: 'GET', path, durationMs, blocks: blocksOf(results, locale), summary: [] };
}

/**
 * The name of a quote's answer as a read-only JSON document: its request's path without the query, as the explorer
 * names a resource (`/sites/MLB/shipping_options.json`, `/shipments/42000000002/lead_time.json`).
 */
export function answerJsonPath(path: string): string {
  const [bare = ''] = path.split('?');
  return `${bare.replace(/\/+$/, '') || '/quote'}.json`;
}

/** The inputs the API's messages are about, by the parameter names they quote. */
const FIELDS_BY_PARAMETER: [RegExp, string][] = [
  [/dimensions/, 'dimensions'],
  [/zip_code_from/, 'zipFrom'],
  [/zip_code_to/, 'zipTo'],
  [/zip_code/, 'zip'],
  [/city_from/, 'cityFrom'],
  [/city_to/, 'citiesTo'],
  [/[Ss]hipment/, 'shipmentId'],
  [/[Ii]tem /, 'itemId'],
  [/[Uu]ser /, 'userId'],
];

/** A refused quote in the API's words, next to the input its message names. */
export function failureOf(mode: QuoteMode, path: string, error: ApiError, next: string): QuoteFailure {
  const causes = error.causes.map((cause) => ({
    code: cause.code === undefined ? undefined : String(cause.code),
    message: cause.message ?? '',
  }));
  const text = [error.apiMessage, ...causes.map((cause) => cause.message)].join(' ');
  const field = FIELDS_BY_PARAMETER.find(([pattern]) => pattern.test(text))?.[1];
  return {
    mode,
    path,
    status: error.status || undefined,
    error: error.error,
    message: error.apiMessage,
    causes,
    ...(field ? { field } : {}),
    next,
  };
}

/** The sites the form offers, with the cities the environment lists (the sandbox does; the spec shows no list). */
export async function quoteSites(session: Pick<Session, 'environment' | 'baseUrl'> | undefined): Promise<QuoteSite[]> {
  let cities: Record<string, { cities?: { id: string; name: string }[] }> = {};
  if (session?.environment === 'sandbox') {
    try {
      const answer = await fetch(`${session.baseUrl}/_sandbox/shipping/cities`);
      if (answer.ok) cities = (await answer.json()) as typeof cities;
    } catch {
      // Without the list the form still takes typed city ids.
    }
  }
  return KNOWN_SHIPPING_SITES.map((id) => {
    const facts = SHIPPING_SITES[id]!;
    return {
      id,
      name: SITE_NAMES[id] ?? id,
      zipBased: facts.quotesBy === 'postal_code',
      cityBased: quotesCitiesOn(id, cities[id]?.cities?.length ?? 0),
      zipLength: facts.postalCodeLength,
      zipExample: facts.postalCodeExample,
      cities: (cities[id]?.cities ?? []).map((city) => ({ id: city.id, name: city.name })),
    };
  });
}
