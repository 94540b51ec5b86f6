import type { LeadTime } from '../../model/shipping';
import { errorsOf, type Finding } from '../../rules/finding';
import { dimensionsRule, type PackageDimensions, parseDimensions } from '../../rules/shipping';
import {
  cityIdRule,
  cityIdsRule,
  type ListedCities,
  MAX_CITY_DESTINATIONS,
  postalCodeRule,
  quotesByCity,
  shipmentIdRule,
  siteIdRule,
  splitCityIds,
} from '../../rules/shippingInputs';
import { apiError, badRequest, forbidden, type HttpError, notFound, ok, type SandboxRequest } from '../http';
import { readItem } from '../items/lookup';
import { ownRecord } from '../records';
import type { Route } from '../router';
import type { Sandbox } from '../sandbox';
import { cityById, distanceBand, isZipOf, type Place, placeOfCity, placeOfZip, type SiteGeo, siteGeo } from './geo';
import { METHODS } from './methods';
import { addBusinessDays, deliveryPromise, siteTime } from './promise';
import { destinationOf, quote, ruleId, sellerOffersFree } from './quote';
import type { ShippingProfile } from './state';

/** Package assumed for an item whose listing declares no valid `shipping.dimensions`. */
export const DEFAULT_ITEM_DIMENSIONS = '10x20x30,1000';
/** At most this many destinations per city-based quote (the shared input rule's limit). */
export const MAX_DESTINATIONS = MAX_CITY_DESTINATIONS;
/** Business days after the last promised day until the delivery counts as late, then until the final date. */
export const LIMIT_BUSINESS_DAYS = 2;
export const FINAL_BUSINESS_DAYS = 5;

const param = (request: SandboxRequest, name: string): string | undefined => {
  const value = request.query.get(name);
  return value === null || value.trim() === '' ? undefined : value.trim();
};

function ruleFailure(value: string | undefined): HttpError | undefined {
  const first = errorsOf(dimensionsRule(value))[0];
  if (!first) return undefined;
  return apiError(400, 'bad_request', first.message, {
    cause: [{ code: first.code, message: first.message, type: 'error', references: ['dimensions'] }],
  });
}

function dimensions(request: SandboxRequest): PackageDimensions {
  const value = param(request, 'dimensions');
  const failure = ruleFailure(value);
  if (failure) throw failure;
  return parseDimensions(value!)!;
}

function siteOf(rawId: string | undefined): SiteGeo {
  const id = rawId ?? '';
  // Only the form refuses here (an unknown site is a hint of the rule): a site the sandbox lacks is a 404 below.
  const malformed = errorsOf(siteIdRule(id))[0];
  if (malformed) throw badRequest(malformed.message);
  const site = siteGeo(id);
  if (!site) throw notFound(`Site ${id} not found`);
  return site;
}

function zipPlace(site: SiteGeo, name: string, value: string | undefined): Place {
  if (!value)
    throw badRequest(`The parameter ${name} is required: a ${site.zip_length}-digit postal code of ${site.site_id}.`);
  const invalid = errorsOf(postalCodeRule(site.site_id, value, [name]))[0];
  if (invalid) throw badRequest(invalid.message);
  return placeOfZip(site, value);
}

/** The sandbox's cities of a site, as the shared rules take a list. */
const listedOf = (site: SiteGeo): ListedCities => ({
  siteId: site.site_id,
  ids: new Set(site.cities.map((city) => city.id)),
});

/** A 400 naming every bad city id: the rules' words joined, one cause per id. */
function citiesFailure(name: string, findings: readonly Finding[]): HttpError | undefined {
  const errors = errorsOf(findings);
  if (errors.length === 0) return undefined;
  return apiError(400, 'bad_request', errors.map((problem) => problem.message).join(' '), {
    cause: errors.map((problem) => ({
      code: problem.code,
      message: problem.message,
      type: 'error',
      references: [name],
    })),
  });
}

function cityPlace(site: SiteGeo, name: string, id: string): Place {
  const failure = citiesFailure(name, cityIdRule(id, [name], listedOf(site)));
  if (failure) throw failure;
  return placeOfCity(cityById(site, id)!);
}

function cityList(site: SiteGeo, value: string | undefined): Place[] {
  if (!value) throw badRequest('The parameter city_to is required: one or more city ids separated by commas.');
  const ids = splitCityIds(value);
  if (ids.length === 0)
    throw badRequest('The parameter city_to is required: one or more city ids separated by commas.');
  const tooMany = cityIdsRule(value).find((problem) => problem.code === 'TOO_MANY_CITY_IDS');
  if (tooMany) throw badRequest(tooMany.message);
  // Every id the site lacks is named, not only the first.
  const failure = citiesFailure('city_to', cityIdsRule(value, ['city_to'], MAX_CITY_DESTINATIONS, listedOf(site)));
  if (failure) throw failure;
  return ids.map((id) => placeOfCity(cityById(site, id)!));
}

function zipOnlyGuard(site: SiteGeo): void {
  if (quotesByCity(site.site_id)) throw badRequest(postalCodeRule(site.site_id, undefined)[0]!.message);
}

function sellerProfile(sandbox: Sandbox, rawId: string | undefined): ShippingProfile {
  const id = /^\d+$/.test(rawId ?? '') ? Number(rawId) : Number.NaN;
  const user = sandbox.userById(id);
  if (!user) throw notFound(`User ${rawId} not found`);
  const profile = ownRecord(sandbox.state.shipping.profiles, String(id));
  if (!profile) throw notFound(`User ${rawId} has no shipping preferences: shipping options are quoted for sellers.`);
  return profile;
}

const buyerOf = (request: SandboxRequest) => (request.user ? { id: request.user.id } : null);

/** Several city quotes keyed by destination city id. */
function byCity(destinations: Place[], one: (place: Place) => ReturnType<typeof quote>) {
  return Object.fromEntries(destinations.map((place) => [place.city!.id, one(place)]));
}

export const shippingRoutes: Route[] = [
  {
    method: 'GET',
    path: '/sites/:site_id/shipping_options',
    auth: 'optional',
    handler: (request, sandbox) => {
      const site = siteOf(request.params.site_id);
      const pkg = dimensions(request);
      const common = {
        site,
        pkg,
        freeStandard: false,
        now: sandbox.now(),
        withSettings: false,
        buyer: buyerOf(request),
      };
      const cityFrom = param(request, 'city_from');
      const cityTo = param(request, 'city_to');
      if (cityFrom !== undefined || cityTo !== undefined || !site.zip_based) {
        if (!cityFrom)
          throw badRequest(
            `The parameter city_from is required: the city id the package leaves from (site ${site.site_id}).`,
          );
        const origin = cityPlace(site, 'city_from', cityFrom);
        const destinations = cityList(site, cityTo);
        return ok(byCity(destinations, (destination) => quote({ ...common, origin, destination })));
      }
      const origin = zipPlace(site, 'zip_code_from', param(request, 'zip_code_from'));
      const destination = zipPlace(site, 'zip_code_to', param(request, 'zip_code_to'));
      return ok(quote({ ...common, origin, destination }));
    },
  },
  {
    method: 'GET',
    path: '/users/:user_id/shipping_options',
    auth: 'optional',
    handler: (request, sandbox) => {
      const seller = sellerProfile(sandbox, request.params.user_id);
      const site = siteGeo(seller.site_id)!;
      const zip = param(request, 'zip_code');
      const cities = param(request, 'city_to');
      if (zip && cities) throw badRequest('Send either zip_code or city_to, not both.');
      if (!zip && !cities)
        throw badRequest('The parameter zip_code (a postal code) or city_to (comma-separated city ids) is required.');
      const pkg = dimensions(request);
      const origin = placeOfZip(site, seller.zip_code);
      const common = {
        site,
        seller,
        origin,
        pkg,
        freeStandard: sellerOffersFree(seller, pkg),
        now: sandbox.now(),
        withSettings: true,
        buyer: buyerOf(request),
      };
      if (zip) {
        zipOnlyGuard(site);
        return ok(quote({ ...common, destination: zipPlace(site, 'zip_code', zip) }));
      }
      return ok(byCity(cityList(site, cities), (destination) => quote({ ...common, destination })));
    },
  },
  {
    method: 'GET',
    path: '/items/:item_id/shipping_options',
    auth: 'optional',
    handler: (request, sandbox) => {
      const itemId = request.params.item_id ?? '';
      const item = sandbox.state.items ? readItem(sandbox.state, itemId) : undefined;
      if (!item || item.deleted === 'true') throw notFound(`Item ${itemId} not found`);
      if (item.status === 'closed')
        throw badRequest(`Item ${itemId} is closed: shipping options are quoted only for listings that can be bought.`);
      const site = siteGeo(item.site_id);
      if (!site) throw notFound(`Site ${item.site_id} of item ${itemId} has no shipping in the sandbox`);
      const zip = param(request, 'zip_code');
      const cityTo = param(request, 'city_to');
      if (zip && cityTo) throw badRequest('Send either zip_code or city_to, not both.');
      if (!zip && !cityTo)
        throw badRequest('The parameter city_to (a city id) or zip_code (a postal code) is required.');
      let destination: Place;
      if (cityTo) {
        if (cityTo.includes(',')) throw badRequest('city_to takes one city id for an item quote.');
        destination = cityPlace(site, 'city_to', cityTo);
      } else {
        zipOnlyGuard(site);
        destination = zipPlace(site, 'zip_code', zip);
      }
      if (item.shipping?.mode === 'not_specified') {
        // Listings without marketplace shipping (vehicles, real estate, pick-up) quote no method: delivery is agreed.
        return ok({
          destination: destinationOf(site, destination),
          options: [],
          buyer: buyerOf(request),
          custom_message: {
            display_mode: 'text',
            reason: 'Shipping is agreed with the seller (shipping mode not_specified).',
          },
        });
      }
      const profile = ownRecord(sandbox.state.shipping.profiles, String(item.seller_id));
      // Item addresses may write the postal code with a dash (01310-100); quotes compare digits only.
      const addressZip = item.seller_address?.zip_code?.replace(/\D/g, '');
      const originZip =
        addressZip && isZipOf(site, addressZip) ? addressZip : (profile?.zip_code ?? site.cities[0]!.zip_code);
      const declared = item.shipping?.dimensions ?? undefined;
      const pkg = parseDimensions(declared ?? '') ?? parseDimensions(DEFAULT_ITEM_DIMENSIONS)!;
      return ok(
        quote({
          site,
          seller: profile ?? {
            user_id: item.seller_id,
            site_id: site.site_id,
            zip_code: originZip,
            handling_hours: null,
            free_shipping_max_weight_g: null,
            allow_add_cost: false,
            own_carrier: false,
          },
          origin: placeOfZip(site, originZip),
          destination,
          pkg,
          freeStandard: item.shipping?.free_shipping === true,
          now: sandbox.now(),
          withSettings: false,
          buyer: buyerOf(request),
        }),
      );
    },
  },
  {
    method: 'GET',
    path: '/shipments/:shipment_id/lead_time',
    auth: 'required',
    handler: (request, sandbox) => {
      const id = request.params.shipment_id ?? '';
      const shipment =
        shipmentIdRule(id).length === 0 ? ownRecord(sandbox.state.shipping.shipments, String(Number(id))) : undefined;
      if (!shipment) throw notFound(`Shipment ${id} not found`);
      const caller = request.user!.id;
      if (caller !== shipment.seller_id && caller !== shipment.buyer_id)
        throw forbidden(`Shipment ${shipment.id} belongs to another user; only its seller and buyer may read it.`);
      const method = METHODS[shipment.method];
      const handling = ownRecord(sandbox.state.shipping.profiles, String(shipment.seller_id))?.handling_hours ?? null;
      const band = distanceBand(shipment.origin_zip, shipment.destination_zip);
      const promise = deliveryPromise(method, band, handling, new Date(shipment.date_created));
      const limit = promise.last_day ? addBusinessDays(promise.last_day, LIMIT_BUSINESS_DAYS) : null;
      const final = limit ? addBusinessDays(limit, FINAL_BUSINESS_DAYS) : null;
      const site = siteGeo(shipment.site_id)!;
      const answer: LeadTime = {
        option_id: ruleId(shipment.site_id, shipment.seller_id, shipment.method, band),
        shipping_method: {
          id: method.shipping_method_id,
          type: method.type,
          name: method.names[site.language],
          deliver_to: 'address',
        },
        currency_id: site.currency_id,
        cost: shipment.cost,
        list_cost: shipment.list_cost,
        cost_type: shipment.cost === 0 ? 'free' : shipment.cost < shipment.list_cost ? 'partially_free' : 'charged',
        service_id: method.service_id,
        estimated_delivery_time: promise.estimated_delivery_time,
        estimated_delivery_limit: { date: limit ? siteTime(limit) : null },
        estimated_delivery_final: { date: final ? siteTime(final) : null },
        delay: [],
      };
      return ok(answer);
    },
  },
];
