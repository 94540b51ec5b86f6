import { creationTitle, descriptionText, type ItemCreate, sentNumber } from '../../model/item';
import { type Finding, formatPath } from '../../rules/finding';
import { ownRecord } from '../records';
import { apiTimestamp, type Sandbox } from '../sandbox';
import type { SandboxUser } from '../users/state';
import { attributeFrom, permalink, picture, saleTerm } from './build';
import { NEW_ITEM_NUMBER_START } from './ids';
import type { SandboxCategory, SandboxItem, SandboxPicture } from './state';

const DAY = 86_400_000;

/** Currencies accepted on each site (only preset currency ids are accepted). */
export const SITE_CURRENCIES: Record<string, string[]> = {
  MLA: ['ARS', 'USD'],
  MLB: ['BRL'],
  MLM: ['MXN', 'USD'],
  MCO: ['COP'],
  MLC: ['CLP', 'CLF'],
  MPE: ['PEN', 'USD'],
  MLU: ['UYU', 'USD'],
};

const COUNTRY: Record<string, { id: string; name: string }> = {
  MLA: { id: 'AR', name: 'Argentina' },
  MLB: { id: 'BR', name: 'Brasil' },
  MLM: { id: 'MX', name: 'Mexico' },
  MCO: { id: 'CO', name: 'Colombia' },
  MLC: { id: 'CL', name: 'Chile' },
  MPE: { id: 'PE', name: 'Peru' },
  MLU: { id: 'UY', name: 'Uruguay' },
};

/**
 * How long a new listing runs: free listings 60 days, real estate on MLA 270 days (the spec's sale period), other
 * classifieds 90 days, everything else 20 years (effectively until closed).
 */
export function listingDurationDays(
  item: Pick<SandboxItem, 'listing_type_id' | 'buying_mode' | 'site_id'>,
  vertical: string,
): number {
  if (item.listing_type_id === 'free') return 60;
  if (vertical === 'real_estate' && item.site_id === 'MLA') return 270;
  if (item.buying_mode === 'classified') return 90;
  return 20 * 365;
}

/** Pictures on input become stored pictures: a new one per source URL, an existing one kept by id. */
export function picturesFrom(
  input: NonNullable<ItemCreate['pictures']>,
  existing: SandboxPicture[] = [],
): SandboxPicture[] {
  return input.map((entry) => {
    if (entry.id === undefined) return picture(entry.source ?? '');
    return existing.find((old) => old.id === entry.id) ?? { ...picture(`id://${entry.id}`), id: entry.id };
  });
}

/** Builds the item a valid creation body describes (the rules have accepted it). */
export function newItem(
  sandbox: Sandbox,
  seller: SandboxUser,
  body: ItemCreate,
  category: SandboxCategory,
  warnings: Finding[],
): SandboxItem {
  const site = category.site_id;
  const number = sandbox.nextId(`item:${site}`, NEW_ITEM_NUMBER_START - 1);
  const id = `${site}${number}`;
  const now = sandbox.now();
  const stamp = sandbox.nowIso();
  const pictures = picturesFrom(body.pictures ?? []);
  const price = sentNumber(body.price);
  const quantity = body.available_quantity === undefined ? 1 : sentNumber(body.available_quantity);
  const buyingMode = body.buying_mode ?? 'buy_it_now';
  const listingType = body.listing_type_id ?? 'gold_special';
  const duration = listingDurationDays(
    { listing_type_id: listingType, buying_mode: buyingMode, site_id: site },
    category.vertical,
  );
  const country = ownRecord(COUNTRY, site) ?? { id: site, name: site };
  const place = { id: `${site}-CITY`, name: 'Capital' };
  const region = { id: `${site}-STATE`, name: 'Capital' };
  const item: SandboxItem = {
    id,
    site_id: site,
    title: creationTitle(body),
    subtitle: body.subtitle ?? null,
    seller_id: seller.id,
    category_id: category.id,
    official_store_id: body.official_store_id ?? null,
    price,
    base_price: price,
    original_price: body.original_price ?? null,
    currency_id: body.currency_id,
    initial_quantity: quantity,
    available_quantity: quantity,
    sold_quantity: 0,
    buying_mode: buyingMode,
    listing_type_id: listingType,
    condition: body.condition ?? 'not_specified',
    start_time: stamp,
    stop_time: apiTimestamp(new Date(now.getTime() + duration * DAY)),
    date_created: stamp,
    last_updated: stamp,
    permalink: permalink(id, creationTitle(body)),
    thumbnail: pictures[0]?.url ?? '',
    secure_thumbnail: pictures[0]?.secure_url ?? '',
    pictures,
    video_id: body.video_id ?? null,
    descriptions: body.description ? [{ id: `${id}-${number % 10_000}` }] : [],
    accepts_platformpago: body.accepts_platformpago ?? buyingMode !== 'classified',
    non_platformpago_payment_methods: body.non_platformpago_payment_methods ?? [],
    shipping: {
      mode: 'not_specified',
      local_pick_up: false,
      free_shipping: false,
      methods: [],
      dimensions: null,
      tags: [],
      logistic_type: 'not_specified',
      profile_id: null,
      ...stripUndefined(body.shipping ?? {}),
    },
    international_delivery_mode: body.international_delivery_mode ?? 'none',
    seller_address: {
      id: 1_100_000_000 + (seller.id % 99_999),
      comment: '',
      address_line: '',
      zip_code: '',
      city: place,
      state: region,
      country,
      latitude: 0,
      longitude: 0,
      search_location: { neighborhood: place, city: place, state: region },
    },
    seller_contact: body.seller_contact
      ? {
          contact: '',
          other_info: '',
          area_code: '',
          phone: '',
          area_code2: '',
          phone2: '',
          email: '',
          webpage: '',
          ...stripUndefined(body.seller_contact),
        }
      : null,
    location: body.location
      ? {
          address_line: body.location.address_line ?? '',
          zip_code: body.location.zip_code ?? '',
          neighborhood: idName(body.location.neighborhood),
          city: idName(body.location.city),
          state: idName(body.location.state),
          country: idName(body.location.country),
          latitude: body.location.latitude ?? 0,
          longitude: body.location.longitude ?? 0,
          open_hours: body.location.open_hours ?? '',
        }
      : null,
    geolocation: { latitude: body.location?.latitude ?? 0, longitude: body.location?.longitude ?? 0 },
    coverage_areas: body.coverage_areas ?? [],
    attributes: (body.attributes ?? []).map((entry) => attributeFrom(entry)),
    // The API lists accepted-with-warning findings (too many pictures…) on the created item.
    warnings: warnings.map((entry, index) => ({
      department: 'items',
      cause_id: 200 + index,
      type: 'warning',
      code: entry.code,
      references: [formatPath(entry.path)],
      message: entry.message,
    })),
    listing_source: '',
    variations: [],
    status: 'active',
    sub_status: [],
    // The marketplace adds its own tags to those a creation sends (immediate_payment, say).
    tags: [...new Set(['immediate_payment', ...(body.tags ?? [])])],
    warranty: body.warranty ?? null,
    catalog_product_id: body.catalog_product_id ?? null,
    parent_item_id: null,
    differential_pricing: null,
    deal_ids: [],
    automatic_relist: body.automatic_relist ?? false,
    seller_custom_field: body.seller_custom_field ?? null,
    sale_terms: (body.sale_terms ?? [])
      .filter((term) => term.value_name !== null || term.value_id)
      .map((term) =>
        saleTerm(
          term,
          category.sale_terms.find((definition) => definition.id === term.id),
        ),
      ),
    _description: body.description === undefined ? undefined : descriptionText(body.description),
    _listing_type_changes: 0,
    _since_ms: now.getTime(),
  };
  if (body.variations?.length) {
    item.variations = body.variations.map((entry) => ({
      id: sandbox.nextId('variation', 190_000_000),
      price: entry.price ?? price,
      available_quantity: entry.available_quantity ?? 1,
      sold_quantity: 0,
      attribute_combinations: (entry.attribute_combinations ?? []).map((combination) => attributeFrom(combination)),
      ...(entry.attributes
        ? {
            attributes: entry.attributes.map((own) => attributeFrom(own)),
          }
        : {}),
      picture_ids: entry.picture_ids ?? pictures.map((stored) => stored.id),
      seller_custom_field: entry.seller_custom_field ?? null,
    }));
    item.available_quantity = item.variations.reduce((sum, entry) => sum + entry.available_quantity, 0);
    item.initial_quantity = item.available_quantity;
  }
  return item;
}

function idName(value: { id?: string; name?: string } | undefined): { id: string; name: string } {
  return { id: value?.id ?? '', name: value?.name ?? '' };
}

function stripUndefined<T extends object>(value: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as never;
}
