import type { SeedContext } from '../family';
import type { Rng } from '../random';
import { apiTimestamp } from '../sandbox';
import { MCO_SELLER_ID, MLB_SELLER_ID, SELLER_ID } from '../users/ids';
import { attribute, permalink, picture, saleTerm } from './build';
import { seedCategories } from './categories';
import type { ItemsSlice, SandboxCategory, SandboxItem } from './state';

const DAY = 86_400_000;

import { specs } from './seedCatalog';
import type { Spec } from './seedSpec';

const ADDRESSES: Record<
  string,
  { city: string; state: string; country: string; zip: string; lat: number; lng: number }
> = {
  MLA: { city: 'Palermo', state: 'Capital Federal', country: 'Argentina', zip: '1425', lat: -34.58, lng: -58.42 },
  MLB: { city: 'São Paulo', state: 'São Paulo', country: 'Brasil', zip: '01310-100', lat: -23.56, lng: -46.65 },
  MCO: { city: 'Bogotá', state: 'Bogotá D.C.', country: 'Colombia', zip: '110111', lat: 4.65, lng: -74.05 },
};

const CURRENCY: Record<string, string> = { MLA: 'ARS', MLB: 'BRL', MCO: 'COP' };
const SELLER_OF_SITE: Record<string, number> = { MLA: SELLER_ID, MLB: MLB_SELLER_ID, MCO: MCO_SELLER_ID };

export function build(spec: Spec, rng: Rng, now: Date, categories: Record<string, SandboxCategory>): SandboxItem {
  const site = spec.id.slice(0, 3);
  const category = categories[spec.category];
  if (!category) throw new Error(`seed: unknown category ${spec.category}`);
  const nowMs = now.getTime();
  const age = spec.age ?? rng.int(5, 300);
  const created = nowMs - age * DAY - rng.int(0, 23) * 3600_000;
  const stop = spec.stopIn !== undefined ? nowMs + spec.stopIn * DAY : created + 20 * 365 * DAY;
  const updated = Math.min(nowMs - rng.int(1, 72) * 3600_000, Math.max(created, nowMs - 3600_000));
  const pictures = Array.from({ length: spec.pictures ?? rng.int(1, 4) }, (_, index) =>
    picture(`seed://${spec.id}/${index}`),
  );
  const classified = spec.mode === 'classified';
  const address = ADDRESSES[site] ?? ADDRESSES.MLA!;
  const cityName = { id: `${site}-CITY`, name: address.city };
  const stateName = { id: `${site}-STATE`, name: address.state };
  const countryName = { id: site === 'MLA' ? 'AR' : site === 'MLB' ? 'BR' : 'CO', name: address.country };
  const sold = spec.sold ?? 0;
  const quantity = spec.variations ? 0 : spec.quantity;
  const item: SandboxItem = {
    id: spec.id,
    site_id: site,
    title: spec.title,
    subtitle: null,
    seller_id: SELLER_OF_SITE[site] ?? SELLER_ID,
    category_id: spec.category,
    official_store_id: null,
    price: spec.price,
    base_price: spec.price,
    original_price: null,
    currency_id: spec.currency ?? CURRENCY[site] ?? 'ARS',
    initial_quantity: quantity + sold,
    available_quantity: quantity,
    sold_quantity: sold,
    buying_mode: spec.mode ?? 'buy_it_now',
    listing_type_id: spec.listing,
    condition: spec.condition,
    start_time: apiTimestamp(new Date(created)),
    stop_time: apiTimestamp(new Date(stop)),
    date_created: apiTimestamp(new Date(created)),
    last_updated: apiTimestamp(new Date(updated)),
    permalink: permalink(spec.id, spec.title),
    thumbnail: pictures[0]?.url ?? '',
    secure_thumbnail: pictures[0]?.secure_url ?? '',
    pictures,
    video_id: null,
    descriptions: [{ id: `${spec.id}-${rng.int(1000, 9999)}` }],
    accepts_platformpago: !classified,
    non_platformpago_payment_methods: classified ? [{ id: 'MLAMO', description: 'Efectivo', type: 'G' }] : [],
    shipping: classified
      ? {
          mode: 'not_specified',
          local_pick_up: true,
          free_shipping: false,
          methods: [],
          dimensions: null,
          tags: [],
          logistic_type: 'not_specified',
          profile_id: null,
        }
      : {
          mode: 'me2',
          local_pick_up: false,
          free_shipping: spec.price > 60_000 && site === 'MLA',
          methods: [],
          dimensions: `${rng.int(5, 40)}x${rng.int(5, 40)}x${rng.int(5, 40)},${rng.int(100, 5000)}`,
          tags: [],
          logistic_type: 'drop_off',
          profile_id: null,
          ...spec.shipping,
        },
    international_delivery_mode: 'none',
    seller_address: {
      id: 1_100_000_000 + rng.int(1, 99_999),
      comment: '',
      address_line: `Av. Santa Fe ${rng.int(1000, 4999)}`,
      zip_code: address.zip,
      city: cityName,
      state: stateName,
      country: countryName,
      latitude: address.lat,
      longitude: address.lng,
      search_location: {
        neighborhood: { id: `${site}-NEIGH`, name: address.city },
        city: cityName,
        state: stateName,
      },
    },
    seller_contact:
      spec.contact || classified
        ? {
            contact: 'Ventas',
            other_info: 'Lunes a viernes de 9 a 18',
            area_code: '11',
            phone: `4${rng.int(100_0000, 999_9999)}`,
            area_code2: '',
            phone2: '',
            email: 'ventas@seller.marketplace.example',
            webpage: '',
          }
        : null,
    location: classified
      ? {
          address_line: `Av. Santa Fe ${rng.int(1000, 4999)}`,
          zip_code: address.zip,
          neighborhood: { id: `${site}-NEIGH`, name: address.city },
          city: cityName,
          state: stateName,
          country: countryName,
          latitude: address.lat,
          longitude: address.lng,
          open_hours: 'Lunes a viernes de 9 a 18',
        }
      : null,
    geolocation: { latitude: address.lat, longitude: address.lng },
    coverage_areas: [],
    attributes: (spec.attributes ?? []).map(([id, value]) => attribute(id, value)),
    warnings: [],
    listing_source: '',
    variations: [],
    status: spec.status ?? 'active',
    sub_status: spec.sub ?? [],
    tags: spec.tags ?? (sold > 0 ? ['good_quality_picture'] : ['good_quality_picture', 'immediate_payment']),
    warranty: null,
    catalog_product_id: null,
    parent_item_id: null,
    differential_pricing: null,
    deal_ids: [],
    automatic_relist: false,
    seller_custom_field: spec.sku ?? null,
    sale_terms: (spec.terms ?? []).map((term) =>
      saleTerm(
        term,
        category.sale_terms.find((definition) => definition.id === term.id),
      ),
    ),
    _description: `${spec.title}. Publicación de prueba del sandbox.`,
    ...spec.extra,
  };
  if (spec.variations) {
    item.variations = spec.variations(pictures.map((entry) => entry.id));
    item.available_quantity = item.variations.reduce((sum, entry) => sum + entry.available_quantity, 0);
    item.initial_quantity = item.available_quantity + sold;
  }
  if (spec.sinceDays !== undefined) item._since_ms = nowMs - spec.sinceDays * DAY;
  return item;
}

/** Seeds categories and items deterministically from the context's generator and clock. */
export function seedItems(context: SeedContext): ItemsSlice {
  const categories = seedCategories();
  const items: Record<string, SandboxItem> = {};
  for (const spec of specs(context.rng)) {
    if (items[spec.id]) throw new Error(`seed: duplicate item id ${spec.id}`);
    items[spec.id] = build(spec, context.rng, context.now, categories);
  }
  return { items, categories, scrolls: {} };
}
