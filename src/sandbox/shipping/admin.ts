import { badRequest, notFound, ok } from '../http';
import { ownRecord } from '../records';
import type { Route } from '../router';
import { SITES, siteGeo } from './geo';
import type { ShippingProfile } from './state';

/** Admin surface: the city catalogue, the sellers' profiles and shipments, and profile changes for demos. */
export const shippingAdminRoutes: Route[] = [
  {
    method: 'GET',
    path: '/_sandbox/shipping/cities',
    auth: 'none',
    handler: (request) => {
      const siteId = request.query.get('site_id');
      const sites = siteId ? [siteGeo(siteId)].filter(Boolean) : Object.values(SITES);
      if (siteId && sites.length === 0) throw notFound(`Site ${siteId} not found`);
      return ok(
        Object.fromEntries(
          sites.map((site) => [
            site!.site_id,
            { zip_based: site!.zip_based, zip_length: site!.zip_length, cities: site!.cities },
          ]),
        ),
      );
    },
  },
  {
    method: 'GET',
    path: '/_sandbox/shipping',
    auth: 'none',
    handler: (_request, sandbox) =>
      ok({
        profiles: Object.values(sandbox.state.shipping.profiles),
        shipments: Object.values(sandbox.state.shipping.shipments),
      }),
  },
  {
    method: 'PUT',
    path: '/_sandbox/shipping/profiles/:user_id',
    auth: 'none',
    handler: (request, sandbox) => {
      const profile = ownRecord(sandbox.state.shipping.profiles, request.params.user_id ?? '');
      if (!profile) throw notFound(`User ${request.params.user_id} has no shipping profile`);
      const body = request.body;
      if (!body || typeof body !== 'object' || Array.isArray(body))
        throw badRequest('Send a JSON object of profile fields.');
      const changes = body as Record<string, unknown>;
      const next: ShippingProfile = { ...profile };
      for (const [key, value] of Object.entries(changes)) {
        switch (key) {
          case 'handling_hours':
          case 'free_shipping_max_weight_g':
            if (value !== null && (typeof value !== 'number' || !Number.isInteger(value) || value < 0))
              throw badRequest(`${key} must be a non-negative integer or null.`);
            next[key] = value as number | null;
            break;
          case 'allow_add_cost':
          case 'own_carrier':
            if (typeof value !== 'boolean') throw badRequest(`${key} must be a boolean.`);
            next[key] = value;
            break;
          default:
            throw badRequest(
              `${key} cannot be changed; send handling_hours, free_shipping_max_weight_g, allow_add_cost or own_carrier.`,
            );
        }
      }
      sandbox.state.shipping.profiles[String(profile.user_id)] = next;
      return ok(next);
    },
  },
];
