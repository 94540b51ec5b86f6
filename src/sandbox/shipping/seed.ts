import { parseDimensions } from '../../rules/shipping';
import type { SeedContext } from '../family';
import { apiTimestamp } from '../sandbox';
import {
  BUYER_BASE_ID,
  MCO_SELLER_ID,
  MLB_SELLER_ID,
  MLC_SELLER_ID,
  MLM_SELLER_ID,
  MLU_SELLER_ID,
  MPE_SELLER_ID,
  SELLER_ID,
} from '../users/ids';
import { cityById, distanceBand, SITES } from './geo';
import { METHODS } from './methods';
import { billableGrams, listCost } from './quote';
import type { MethodKey, SandboxShipment, ShippingProfile, ShippingSlice } from './state';

/** Ids of the seeded shipments, named by the promise each shows. */
export const SEEDED_SHIPMENT_IDS = {
  /** MLA seller, standard, 24 h handling: known_frame. */
  knownFrame: 42_000_000_001,
  /** MLA seller, express: known, with pay_before and a time frame. */
  known: 42_000_000_002,
  /** MLA seller, standard shipped free: cost_type free. */
  free: 42_000_000_003,
  /** MCO seller (no declared handling), standard: unknown_frame. */
  unknownFrame: 42_000_000_004,
  /** MCO seller, express: unknown. */
  unknown: 42_000_000_005,
  /** MLB seller, standard with half the cost discounted: cost_type partially_free. */
  partiallyFree: 42_000_000_006,
} as const;

/** The sellers' shipping profiles: where they dispatch from, how fast, and their free shipping offer. */
export const SEEDED_PROFILES: ShippingProfile[] = [
  {
    user_id: SELLER_ID,
    site_id: 'MLA',
    zip_code: '1414',
    handling_hours: 24,
    free_shipping_max_weight_g: null,
    allow_add_cost: true,
    own_carrier: true,
  },
  {
    user_id: MLB_SELLER_ID,
    site_id: 'MLB',
    zip_code: '01310100',
    handling_hours: 48,
    free_shipping_max_weight_g: 5_000,
    allow_add_cost: false,
    own_carrier: true,
  },
  {
    user_id: MCO_SELLER_ID,
    site_id: 'MCO',
    zip_code: '110111',
    handling_hours: null,
    free_shipping_max_weight_g: 2_000,
    allow_add_cost: true,
    own_carrier: false,
  },
  {
    user_id: MLU_SELLER_ID,
    site_id: 'MLU',
    zip_code: '11000',
    handling_hours: 24,
    free_shipping_max_weight_g: null,
    allow_add_cost: false,
    own_carrier: false,
  },
  // The sellers of MLM, MLC and MPE dispatch from a city the site's geography lists.
  {
    user_id: MLM_SELLER_ID,
    site_id: 'MLM',
    zip_code: '06500',
    handling_hours: 24,
    free_shipping_max_weight_g: null,
    allow_add_cost: true,
    own_carrier: false,
  },
  {
    user_id: MLC_SELLER_ID,
    site_id: 'MLC',
    zip_code: '8320000',
    handling_hours: 48,
    free_shipping_max_weight_g: null,
    allow_add_cost: false,
    own_carrier: false,
  },
  {
    user_id: MPE_SELLER_ID,
    site_id: 'MPE',
    zip_code: '15074',
    handling_hours: 24,
    free_shipping_max_weight_g: null,
    allow_add_cost: false,
    own_carrier: false,
  },
];

/** Seeds the profiles and a few paid shipments whose lead times show each promise type and cost type. */
export function seedShipping(context: SeedContext): ShippingSlice {
  const profiles = Object.fromEntries(SEEDED_PROFILES.map((profile) => [String(profile.user_id), profile]));
  const shipment = (
    id: number,
    seller: number,
    method: MethodKey,
    cityCode: string,
    dimensions: string,
    paidHoursAgo: number,
    discount: 0 | 0.5 | 1,
    status: SandboxShipment['status'],
  ): SandboxShipment => {
    const profile = profiles[String(seller)]!;
    const site = SITES[profile.site_id]!;
    const city = site.cities.find((candidate) => candidate.name === cityCode) ?? cityById(site, cityCode)!;
    const band = distanceBand(profile.zip_code, city.zip_code);
    const list = listCost(site, METHODS[method], band, billableGrams(parseDimensions(dimensions)!));
    const factor = 10 ** site.decimals;
    return {
      id,
      seller_id: seller,
      buyer_id: BUYER_BASE_ID + context.rng.int(1, 8),
      site_id: site.site_id,
      method,
      origin_zip: profile.zip_code,
      destination_zip: city.zip_code,
      destination_city_id: city.id,
      dimensions,
      list_cost: list,
      cost: Math.round(list * (1 - discount) * factor) / factor,
      date_created: apiTimestamp(new Date(context.now.getTime() - paidHoursAgo * 3600_000)),
      status,
    };
  };
  const shipments = [
    shipment(SEEDED_SHIPMENT_IDS.knownFrame, SELLER_ID, 'standard', 'Córdoba', '12x20x30,1500', 20, 0, 'ready_to_ship'),
    shipment(SEEDED_SHIPMENT_IDS.known, SELLER_ID, 'express', 'Palermo', '10x10x20,500', 3, 0, 'ready_to_ship'),
    shipment(SEEDED_SHIPMENT_IDS.free, SELLER_ID, 'standard', 'Rosario', '10x15x25,800', 30, 1, 'shipped'),
    shipment(
      SEEDED_SHIPMENT_IDS.unknownFrame,
      MCO_SELLER_ID,
      'standard',
      'Medellín',
      '15x20x30,2500',
      26,
      0,
      'shipped',
    ),
    shipment(SEEDED_SHIPMENT_IDS.unknown, MCO_SELLER_ID, 'express', 'Bogotá', '10x10x10,400', 5, 0, 'ready_to_ship'),
    shipment(
      SEEDED_SHIPMENT_IDS.partiallyFree,
      MLB_SELLER_ID,
      'standard',
      'Curitiba',
      '20x20x30,6000',
      50,
      0.5,
      'shipped',
    ),
  ];
  return { profiles, shipments: Object.fromEntries(shipments.map((entry) => [String(entry.id), entry])) };
}
