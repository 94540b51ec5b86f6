import * as l10n from '@vscode/l10n';
import { ITEM_ID } from '../model/payloadFiles';
import { type Finding, finding, type JsonPath } from './finding';

// The inputs of shipping quotes and lead times, checked as the user types (the form) and by the sandbox, so both
// say the same. The dimensions rule lives in `shipping.ts` and is re-exported here.
export { DIMENSIONS_EXAMPLE, dimensionsRule, type PackageDimensions, parseDimensions } from './shipping';

/** What the quotes need to know of a site: its postal codes, and whether it quotes by postal code or by city. */
export interface ShippingSiteFacts {
  siteId: string;
  /** Digits of a postal code on the site. */
  postalCodeLength: number;
  /** `postal_code` (zip_code, zip_code_from/to) or `city` (city_from/city_to only: MCO). */
  quotesBy: 'postal_code' | 'city';
  /** A postal code of the site, quoted in the messages. */
  postalCodeExample: string;
}

/** The sites whose shipping the extension knows, in the spec's order of mention. */
export const KNOWN_SHIPPING_SITES = ['MLA', 'MLB', 'MLM', 'MCO', 'MLC', 'MPE', 'MLU'] as const;

const facts = (siteId: string, postalCodeLength: number, postalCodeExample: string, quotesBy = 'postal_code') =>
  ({ siteId, postalCodeLength, postalCodeExample, quotesBy }) as ShippingSiteFacts;

/** Per-site postal code facts (the sandbox's geography reads them from here). MCO quotes by city only. */
export const SHIPPING_SITES: Readonly<Record<string, ShippingSiteFacts>> = {
  MLA: facts('MLA', 4, '1414'),
  MLB: facts('MLB', 8, '01310100'),
  MLM: facts('MLM', 5, '06500'),
  MCO: facts('MCO', 6, '110111', 'city'),
  MLC: facts('MLC', 7, '8320000'),
  MPE: facts('MPE', 5, '15074'),
  MLU: facts('MLU', 5, '11000'),
};

/** The facts of a known site, or undefined. */
export const shippingSite = (siteId: string): ShippingSiteFacts | undefined =>
  Object.hasOwn(SHIPPING_SITES, siteId) ? SHIPPING_SITES[siteId] : undefined;

/** Whether a known site quotes by city only (MCO). Unknown sites: false. */
export const quotesByCity = (siteId: string): boolean => shippingSite(siteId)?.quotesBy === 'city';

/** Whether a text has the form of a postal code of a known site (its number of digits). */
export function isPostalCodeOf(siteId: string, zip: string): boolean {
  const site = shippingSite(siteId);
  return site !== undefined && zip.length === site.postalCodeLength && /^\d+$/.test(zip);
}

/** At most this many destinations in one city-based quote. */
export const MAX_CITY_DESTINATIONS = 10;

/** City ids used in examples (Medellín and Cali, as the sandbox writes them). */
export const CITY_ID_EXAMPLE = 'TUNPQ01FREU';
const CITY_IDS_EXAMPLE = 'TUNPQ01FREU,TUNPQ0NBTEk';
const SITE_ID = /^M[A-Z]{2}$/;

const missing = (value: unknown): boolean => value === undefined || value === null || value === '';
/** The parameter's name for messages: the last name in the path. */
const nameOf = (path: JsonPath, fallback: string): string =>
  [...path].reverse().find((part): part is string => typeof part === 'string') ?? fallback;
const asText = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;

/**
 * A site id: `M` and two capital letters (`^M[A-Z]{2}$`). A well-formed id outside MLA, MLB, MLM, MCO, MLC, MPE and
 * MLU is Information only: the marketplace has more sites than the extension knows the postal codes of.
 */
export function siteIdRule(value: unknown, path: JsonPath = ['site_id']): Finding[] {
  if (missing(value))
    return [
      finding(
        'MISSING_SITE_ID',
        path,
        l10n.t('The site id is required: M and two capital letters, e.g. MLA, MLB or MCO.'),
      ),
    ];
  const text = asText(value) ?? String(value);
  if (typeof value !== 'string' || !SITE_ID.test(value))
    return [finding('INVALID_SITE_ID', path, l10n.t('{0} is not a site id such as MLA, MLB or MCO.', text))];
  if (!shippingSite(value))
    return [
      finding(
        'UNKNOWN_SHIPPING_SITE',
        path,
        l10n.t(
          '{0} is not one of the sites whose shipping is known here ({1}): its postal codes cannot be checked.',
          value,
          KNOWN_SHIPPING_SITES.join(', '),
        ),
        'info', // l10n: not translated (a severity, not a word)
      ),
    ];
  return [];
}

/**
 * A postal code of a site: digits, as many as the site's (MLA 4, MLB 8, MLM 5, MLC 7, MPE 5, MLU 5). On a site
 * that quotes by city (MCO) any postal code is refused: send city ids. On an unknown site only digits are asked.
 */
export function postalCodeRule(siteId: string, value: unknown, path: JsonPath = ['zip_code']): Finding[] {
  const name = nameOf(path, 'zip_code');
  const site = shippingSite(siteId);
  if (site?.quotesBy === 'city')
    return [
      finding(
        'POSTAL_CODE_NOT_QUOTED',
        path,
        l10n.t(
          'Site {0} quotes shipping by city, not postal code: send city_to (comma-separated city ids).',
          site.siteId,
        ),
      ),
    ];
  if (missing(value)) {
    const message = site
      ? l10n.t(
          'The parameter {0} is required: a postal code of {1}, {2} digits, e.g. {3}.',
          name,
          site.siteId,
          site.postalCodeLength,
          site.postalCodeExample,
        )
      : l10n.t('The parameter {0} is required: a postal code in digits, e.g. 01310100.', name);
    return [finding('MISSING_POSTAL_CODE', path, message)];
  }
  const text = typeof value === 'string' ? value : String(value);
  if (typeof value !== 'string') {
    // A number loses leading zeros (01310100 → 1310100): postal codes are text.
    return [
      finding(
        'INVALID_POSTAL_CODE',
        path,
        l10n.t(
          '{0} {1} is a number: write the postal code as text, e.g. "{2}".',
          name,
          text,
          site?.postalCodeExample ?? '01310100',
        ),
      ),
    ];
  }
  if (site && !isPostalCodeOf(site.siteId, value))
    return [
      finding(
        'INVALID_POSTAL_CODE',
        path,
        l10n.t(
          '{0} {1} is not a postal code of {2}: use {3} digits, e.g. {4}.',
          name,
          value,
          site.siteId,
          site.postalCodeLength,
          site.postalCodeExample,
        ),
      ),
    ];
  if (!site && !/^\d+$/.test(value))
    return [
      finding(
        'INVALID_POSTAL_CODE',
        path,
        l10n.t('{0} {1} is not a postal code: use digits only, e.g. 01310100.', name, value),
      ),
    ];
  return [];
}

/** The city ids of a comma-separated list: trimmed, without empty entries or repeats, in order. */
export function splitCityIds(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
}

/** A list of city ids as `city_to` sends it: `a,b` (trimmed, no empty entries or repeats). */
export const joinCityIds = (ids: readonly string[]): string => splitCityIds(ids.join(',')).join(',');

/**
 * Characters of a city id as the API gives it: its ids are base64 text (`TUxBQ0NBUGZlZG1sYQ`, the sandbox's
 * `TUNPQ01FREU`), so letters, digits, `+`, `/`, `=` and the URL-safe `-` and `_`. A name (`bogota!!`) is not one.
 */
const CITY_ID_CHARS = /^[A-Za-z0-9+/=_-]+$/;

/** Why one trimmed, non-empty city id cannot be one, or undefined: spaces and commas, then foreign characters. */
function cityIdProblem(id: string, name: string, path: JsonPath, inList: boolean): Finding | undefined {
  if (/[\s,]/.test(id))
    return finding(
      'INVALID_CITY_ID',
      path,
      inList
        ? l10n.t(
            '{0} "{1}" is not one city id: a city id is text without spaces, and ids are separated by commas, e.g. {2}.',
            name,
            id,
            CITY_IDS_EXAMPLE,
          )
        : l10n.t(
            '{0} "{1}" is not one city id: a city id is text without spaces or commas, e.g. {2}.',
            name,
            id,
            CITY_ID_EXAMPLE,
          ),
    );
  if (!CITY_ID_CHARS.test(id))
    return finding(
      'INVALID_CITY_ID',
      path,
      l10n.t(
        '{0} "{1}" is not a city id: city ids are letters and digits as the API gives them, e.g. {2}.',
        name,
        id,
        CITY_ID_EXAMPLE,
      ),
    );
  return undefined;
}

/**
 * The cities an environment lists for a site, when it lists them (the sandbox does, for every site; the spec shows
 * no list for the real API): ids of other cities are refused by name.
 */
export interface ListedCities {
  siteId: string;
  ids: ReadonlySet<string>;
}

const unlisted = (id: string, name: string, path: JsonPath, listed: ListedCities | undefined): Finding | undefined =>
  listed && !listed.ids.has(id)
    ? finding('UNKNOWN_CITY_ID', path, l10n.t('{0} {1} is not a city of {2}.', name, id, listed.siteId))
    : undefined;

/**
 * One city id: opaque text as the API gives it (letters and digits, e.g. `TUNPQ01FREU`), not empty, without commas
 * or spaces; with the environment's list of the site's cities, one of them.
 */
export function cityIdRule(value: unknown, path: JsonPath = ['city_id'], listed?: ListedCities): Finding[] {
  const name = nameOf(path, 'city_id');
  if (missing(value))
    return [
      finding(
        'MISSING_CITY_ID',
        path,
        l10n.t('The parameter {0} is required: a city id as the API gives it, e.g. {1}.', name, CITY_ID_EXAMPLE),
      ),
    ];
  if (typeof value !== 'string')
    return [
      finding(
        'INVALID_CITY_ID',
        path,
        l10n.t(
          '{0} "{1}" is not one city id: a city id is text without spaces or commas, e.g. {2}.',
          name,
          String(value),
          CITY_ID_EXAMPLE,
        ),
      ),
    ];
  const problem = cityIdProblem(value, name, path, false) ?? unlisted(value, name, path, listed);
  return problem ? [problem] : [];
}

/**
 * `city_to` of a city-based quote: one or more city ids (a comma-separated text or a list), at most
 * `MAX_CITY_DESTINATIONS` once repeats are dropped. Every bad id is named, each in its own finding: malformed ones,
 * and, with the environment's list of the site's cities, ids it does not hold. A repeated id is Information (it is
 * quoted once).
 */
export function cityIdsRule(
  value: unknown,
  path: JsonPath = ['city_to'],
  max: number = MAX_CITY_DESTINATIONS,
  listed?: ListedCities,
): Finding[] {
  const name = nameOf(path, 'city_to');
  const required = finding(
    'MISSING_CITY_IDS',
    path,
    l10n.t(
      'The parameter {0} is required: one or more city ids separated by commas, e.g. {1}.',
      name,
      CITY_IDS_EXAMPLE,
    ),
  );
  if (missing(value)) return [required];
  const findings: Finding[] = [];
  let entries: string[];
  // A repeated unknown id is named once.
  const named = new Set<string>();
  const once = (id: string, problem: Finding | undefined) => {
    if (problem && !named.has(id)) findings.push(problem);
    named.add(id);
  };
  if (Array.isArray(value)) {
    entries = [];
    value.forEach((entry, index) => {
      const problems = cityIdRule(typeof entry === 'string' ? entry.trim() : entry, [...path, index], listed);
      if (problems[0]?.code === 'UNKNOWN_CITY_ID') once((entry as string).trim(), problems[0]);
      else findings.push(...problems);
      // An unlisted id still counts towards the limit: it is sent unless corrected.
      if (problems.every((problem) => problem.code === 'UNKNOWN_CITY_ID')) entries.push((entry as string).trim());
    });
  } else if (typeof value === 'string') {
    entries = [];
    for (const id of value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)) {
      const malformed = cityIdProblem(id, name, path, true);
      if (malformed) {
        findings.push(malformed);
        continue;
      }
      once(id, unlisted(id, name, path, listed));
      entries.push(id);
    }
  } else {
    return [
      finding(
        'INVALID_CITY_IDS',
        path,
        l10n.t('{0} is text: city ids separated by commas, e.g. {1}.', name, CITY_IDS_EXAMPLE),
      ),
    ];
  }
  const unique = [...new Set(entries)];
  if (unique.length === 0 && findings.length === 0) return [required];
  if (unique.length < entries.length)
    findings.push(
      finding(
        'REPEATED_CITY_ID',
        path,
        l10n.t('{0} names a city more than once; each city is quoted once.', name),
        'info', // l10n: not translated (a severity, not a word)
      ),
    );
  if (unique.length > max)
    findings.push(
      finding('TOO_MANY_CITY_IDS', path, l10n.t('{0} accepts at most {1} city ids; split the quote.', name, max)),
    );
  return findings;
}

/** The sites a form offers, as far as the rules read them: each id and the cities the environment lists for it. */
export type SitesWithCities = readonly { id: string; cities: readonly { id: string }[] }[];

/** A site's cities as the rules take them, when the environment lists them (the sandbox does; the API shows none). */
export function listedCitiesOf(sites: SitesWithCities, siteId: string): ListedCities | undefined {
  const site = sites.find((entry) => entry.id === siteId);
  return site?.cities.length ? { siteId, ids: new Set(site.cities.map((city) => city.id)) } : undefined;
}

/**
 * The site a seller's quote by city is on: a seller quotes from its own site, so for the signed-in seller (its id, or
 * none typed yet) the account's site; for another seller, whose site is unknown until the API answers, the site the
 * form chose (whose cities it offers).
 */
export function sellerCitySite(
  userId: string,
  chosenSite: string,
  account: { siteId: string; userId?: string } | null | undefined,
): { siteId: string; own: boolean } {
  const typed = userId.trim();
  if (account?.userId !== undefined && (typed === '' || typed === account.userId))
    return { siteId: account.siteId, own: true };
  return { siteId: chosenSite.trim().toUpperCase(), own: false };
}

/**
 * Whether a site quotes by city: the spec quotes by city on MCO (`quotesBy: 'city'`, its only way); an environment
 * that lists a site's cities quotes them too (the sandbox lists and quotes every site's). Without a list, a
 * postal-code site does not: the spec shows no city quote for it.
 */
export const quotesCitiesOn = (siteId: string, listedCities: number): boolean =>
  quotesByCity(siteId) || listedCities > 0;

/**
 * A seller's quote by city (`/users/{id}/shipping_options?city_to=`) on a site that does not quote by city
 * (`quotesCitiesOn`): refused before sending, with the way that works named.
 */
export function cityQuoteSiteRule(siteId: string, listedCities: number, path: JsonPath = ['city_to']): Finding[] {
  if (quotesCitiesOn(siteId, listedCities)) return [];
  const bySite = KNOWN_SHIPPING_SITES.filter((id) => quotesByCity(id)).join(', ');
  return [
    finding(
      'CITIES_NOT_QUOTED',
      path,
      l10n.t(
        'Site {0} quotes shipping by postal code, not by city (the spec quotes by city on {1}): send zip_code.',
        siteId,
        bySite,
      ),
    ),
  ];
}

/** A shipment id: digits (text or a whole number), e.g. 42000000001. */
export function shipmentIdRule(value: unknown, path: JsonPath = ['shipment_id']): Finding[] {
  if (missing(value))
    return [
      finding('MISSING_SHIPMENT_ID', path, l10n.t('The shipment id is required: digits only, e.g. 42000000001.')),
    ];
  const text = asText(value);
  if (text === undefined || !/^\d+$/.test(text))
    return [
      finding(
        'INVALID_SHIPMENT_ID',
        path,
        l10n.t('{0} is not a shipment id: a shipment id is digits only, e.g. 42000000001.', String(value)),
      ),
    ];
  return [];
}

/** A user id of the seller modes: the seller's number, digits only (user ids exceed 32 bits), e.g. 5503910054. */
export function userIdRule(value: unknown, path: JsonPath = ['user_id']): Finding[] {
  if (missing(value))
    return [finding('MISSING_USER_ID', path, l10n.t("The user id is required: the seller's number, e.g. 5503910054."))];
  const text = asText(value);
  if (text === undefined || !/^\d{1,19}$/.test(text))
    return [
      finding(
        'INVALID_USER_ID',
        path,
        l10n.t("{0} is not a user id: the seller's number, digits only, e.g. 5503910054.", String(value)),
      ),
    ];
  return [];
}

/** An item id: the site's three capital letters and the listing's number (`ITEM_ID`), e.g. MLA1400000702. */
export function itemIdRule(value: unknown, path: JsonPath = ['item_id']): Finding[] {
  if (missing(value))
    return [
      finding(
        'MISSING_ITEM_ID',
        path,
        l10n.t('The item id is required: three capital letters and digits, e.g. MLA1400000702.'),
      ),
    ];
  if (typeof value === 'string' && ITEM_ID.test(value)) return [];
  const text = String(value);
  const upper = typeof value === 'string' && ITEM_ID.test(value.toUpperCase()) ? value.toUpperCase() : undefined;
  return [
    finding(
      'INVALID_ITEM_ID',
      path,
      upper
        ? l10n.t(
            '{0} is not an item id: three capital letters and digits, e.g. MLA1400000702 (write {1}).',
            text,
            upper,
          )
        : l10n.t('{0} is not an item id: three capital letters and digits, e.g. MLA1400000702.', text),
    ),
  ];
}
