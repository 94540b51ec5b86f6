/**
 * The listings of `--scale N`: N items of the seller generated on demand from (seed, index), never stored. What a
 * search needs (status, sort keys) comes from cheap per-index facts kept in typed arrays; the full item is built only
 * when a route answers it, with the seed's own builder, so a generated item and a seeded one look alike.
 */
import { ITEM_STATUSES, type ItemStatus } from '../../model/item';
import { hashString, Rng } from '../random';
import { apiTimestamp } from '../sandbox';
import { DerivedCache, mix, type SyntheticRecords, unit } from '../scale';
import { SELLER_ID } from '../users/ids';
import { CATEGORY } from './categories';
import { build } from './seed';
import { BOOKS, FACTORY_WARRANTY, fashion, MICROWAVES, PHONES, type Spec, vehicle, WARRANTY_TERMS } from './seedSpec';
import type { ItemsSlice, SandboxCategory, SandboxItem } from './state';

const DAY_S = 86_400;
/** Number part of the first generated item: after the seeded ids, before the created ones (NEW_ITEM_NUMBER_START). */
export const SYNTHETIC_ITEM_NUMBER_START = 1_450_000_001;
/** The seller's SKU of generated item i is `SCALE-` and i + 1. */
const SKU_PREFIX = 'SCALE-';
/** Every fifth generated listing is a vehicle: the generated reservation orders are made on them. */
export const VEHICLE_EVERY = 5;

const SALT = { kind: 1, status: 2, price: 3, stock: 4, updated: 5, build: 6, listing: 7 } as const;

type Vehicle = [title: string, category: string, price: number, condition: 'new' | 'used', year: number, km: number];
/** Vehicle templates (MLA, USD), new and used, cars and pick-ups. */
const VEHICLES: Vehicle[] = [
  ['Toyota Corolla 2.0 XEI CVT 0km', CATEGORY.CARS, 32_500, 'new', 2026, 0],
  ['Volkswagen Gol Trend 1.6 Trendline', CATEGORY.CARS, 9_800, 'used', 2018, 85_000],
  ['Ford Fiesta 1.6 S Plus', CATEGORY.CARS, 7_200, 'used', 2015, 120_000],
  ['Peugeot 208 1.6 Allure 0km', CATEGORY.CARS, 24_900, 'new', 2026, 0],
  ['Toyota Hilux 2.8 SRV 4x4 0km', CATEGORY.PICKUPS, 54_000, 'new', 2026, 0],
  ['Chevrolet Cruze 1.4 LTZ Turbo', CATEGORY.CARS, 18_700, 'used', 2020, 64_000],
  ['Renault Sandero 1.6 Life', CATEGORY.CARS, 11_300, 'used', 2019, 70_000],
  ['Fiat Cronos 1.3 Drive', CATEGORY.CARS, 14_100, 'used', 2021, 40_000],
  ['Ford Ranger 3.2 XLT 4x4', CATEGORY.PICKUPS, 38_000, 'used', 2019, 90_000],
];
const SHIRTS: [string, number][] = [
  ['Remera Topper Basica', 12_999],
  ['Remera Adidas Essentials', 24_999],
  ['Remera Kappa Logo Tape', 29_999],
  ['Remera Umbro Entrenamiento', 15_999],
];
const COLORS = ['Negra', 'Blanca', 'Azul', 'Gris'];
const SIZES = ['S', 'M', 'L', 'XL'];
const GROCERIES: [string, string, number][] = [
  ['Yerba Mate Playadito 1 Kg', 'Playadito', 4_599],
  ['Cafe Molido La Virginia 500 G', 'La Virginia', 6_299],
  ['Arroz Largo Fino Gallo Oro 1 Kg', 'Gallo', 1_999],
  ['Aceite De Girasol Natura 1.5 L', 'Natura', 2_899],
];

/** Kinds of generated listings. */
const KIND = { vehicle: 0, phone: 1, microwave: 2, book: 3, shirt: 4, grocery: 5 } as const;
const TEMPLATES = [VEHICLES.length, PHONES.length, MICROWAVES.length, BOOKS.length, SHIRTS.length, GROCERIES.length];
const BASE_PRICES: readonly (readonly number[])[] = [
  VEHICLES.map((entry) => entry[2]),
  PHONES.map((entry) => entry[2]),
  MICROWAVES.map((entry) => entry[2]),
  BOOKS.map((entry) => entry[1]),
  SHIRTS.map((entry) => entry[1]),
  GROCERIES.map((entry) => entry[2]),
];

/**
 * The states generated listings are in, with their share. None of them moves with time (no warning review, no
 * pending picture download, active ones end 20 years after they start), so the clock never needs to visit them.
 */
const STATES: [share: number, status: ItemStatus, sub: string[]][] = [
  [0.7, 'active', []],
  [0.1, 'paused', []],
  [0.04, 'paused', ['out_of_stock']],
  [0.09, 'closed', ['expired']],
  [0.01, 'closed', []],
  [0.03, 'inactive', []],
  [0.01, 'under_review', ['held']],
  [0.01, 'under_review', ['forbidden']],
  [0.01, 'payment_required', []],
];
const STATE_BOUNDS = STATES.map((_, at) => STATES.slice(0, at + 1).reduce((sum, [share]) => sum + share, 0));

/** What a generated listing is, decided from (seed, index) alone without building it. */
export interface ItemFacts {
  index: number;
  kind: number;
  template: number;
  state: number;
  /** Dates in whole seconds: start_time (= date_created), stop_time, last_updated. */
  startSec: number;
  stopSec: number;
  updatedSec: number;
  price: number;
  quantity: number;
  sold: number;
}

/** Everything a generated listing derives from. */
export interface ItemsSource {
  seedHash: number;
  count: number;
  anchorSec: number;
}

export function itemsSource(seed: string, synthetic: SyntheticRecords): ItemsSource {
  return {
    seedHash: hashString(`${seed}:scale:items`),
    count: synthetic.count,
    anchorSec: Math.floor(synthetic.anchor_ms / 1000),
  };
}

/** start_time of generated listing i: strictly growing with i, spread over the year before the anchor. */
export function startSecOf(source: ItemsSource, index: number): number {
  const span = 364 * DAY_S;
  return source.anchorSec - 365 * DAY_S + Math.floor(((index + 1) * span) / (source.count + 1));
}

/** Vehicle templates: the rows of the orders' payment-flow table. */
export const VEHICLE_TEMPLATE_COUNT = VEHICLES.length;

/** The title of a vehicle template (every vehicle listing of it has this title). */
export const vehicleTitle = (template: number) => VEHICLES[template]![0];

/** The template of vehicle listing i (i a multiple of VEHICLE_EVERY). */
export function vehicleTemplateOf(source: ItemsSource, index: number): number {
  return mix(source.seedHash, index, SALT.kind) % VEHICLES.length;
}

/** The kind and template of listing i (every VEHICLE_EVERY-th one a vehicle). */
function kindOf(source: ItemsSource, index: number): { kind: number; template: number } {
  const h = mix(source.seedHash, index, SALT.kind);
  if (index % VEHICLE_EVERY === 0) return { kind: KIND.vehicle, template: vehicleTemplateOf(source, index) };
  const u = unit(h);
  const kind =
    u < 0.55 ? KIND.phone : u < 0.7 ? KIND.microwave : u < 0.8 ? KIND.book : u < 0.9 ? KIND.shirt : KIND.grocery;
  return { kind, template: (h >>> 8) % (TEMPLATES[kind] ?? 1) };
}

/** The facts of generated listing i. */
export function itemFactsAt(source: ItemsSource, index: number): ItemFacts {
  const { kind, template } = kindOf(source, index);
  const u = unit(mix(source.seedHash, index, SALT.status));
  let state = STATE_BOUNDS.findIndex((bound) => u < bound);
  if (state < 0) state = 0;
  const startSec = startSecOf(source, index);
  const [, status, sub] = STATES[state]!;
  const ended = status === 'closed' && sub.includes('expired');
  // An expired listing stopped before now; every other one runs 20 years, as seeded listings do.
  const stopSec = ended
    ? startSec +
      Math.floor((source.anchorSec - DAY_S - startSec) * (0.3 + 0.6 * unit(mix(source.seedHash, index, SALT.listing))))
    : startSec + 20 * 365 * DAY_S;
  const updatedSec =
    startSec + Math.floor((source.anchorSec - 3600 - startSec) * unit(mix(source.seedHash, index, SALT.updated)));
  const base = BASE_PRICES[kind]![template]!;
  const factor = 0.85 + 0.3 * unit(mix(source.seedHash, index, SALT.price));
  const price =
    kind === KIND.vehicle ? Math.max(100, Math.round((base * factor) / 100) * 100) : Math.round(base * factor);
  const stock = mix(source.seedHash, index, SALT.stock);
  const outOfStock = sub.includes('out_of_stock');
  const quantity = outOfStock ? 0 : kind === KIND.vehicle ? 1 + (stock % 3) : 1 + (stock % 60);
  const sold = (stock >>> 8) % 3 === 0 ? 0 : (stock >>> 12) % (kind === KIND.vehicle ? 4 : 40);
  return { index, kind, template, state, startSec, stopSec, updatedSec, price, quantity, sold };
}

/** The id of generated listing i, and back (undefined for an id that is not one of the generated listings). */
export const syntheticItemId = (index: number) => `MLA${SYNTHETIC_ITEM_NUMBER_START + index}`;
export function syntheticItemIndex(count: number, id: string): number | undefined {
  if (!/^MLA\d{10}$/.test(id)) return undefined;
  const index = Number(id.slice(3)) - SYNTHETIC_ITEM_NUMBER_START;
  return index >= 0 && index < count ? index : undefined;
}
/** The index of the generated listing a SKU names (`SCALE-123` is listing 122), if any. */
export function syntheticSkuIndex(count: number, sku: string): number | undefined {
  if (!sku.startsWith(SKU_PREFIX)) return undefined;
  const digits = sku.slice(SKU_PREFIX.length);
  if (!/^[1-9]\d*$/.test(digits)) return undefined;
  const index = Number(digits) - 1;
  return index < count ? index : undefined;
}

/** The status of a state number (for searches that look at status only). */
export const stateStatus = (state: number): ItemStatus => STATES[state]![1];

/** The part of a listing an order line copies, from the facts alone (no build). */
export function itemSummary(source: ItemsSource, index: number) {
  const facts = itemFactsAt(source, index);
  const spec = specOf(facts);
  return {
    id: spec.id,
    title: spec.title,
    category_id: spec.category,
    price: facts.price,
    currency_id: spec.currency ?? 'ARS',
    site_id: 'MLA',
    condition: spec.condition,
    official_store_id: null,
  };
}

function specOf(facts: ItemFacts): Spec {
  const id = syntheticItemId(facts.index);
  const [, status, sub] = STATES[facts.state]!;
  const common: Partial<Spec> = {
    status,
    sub: [...sub],
    sold: facts.sold,
    sku: `${SKU_PREFIX}${facts.index + 1}`,
    price: facts.price,
    quantity: facts.quantity,
  };
  const listing = (['gold_special', 'gold_premium', 'gold_special', 'free'] as const)[facts.index % 4]!;
  const t = facts.template;
  switch (facts.kind) {
    case KIND.vehicle: {
      const [title, category, price, condition, year, km] = VEHICLES[t]!;
      const used = condition === 'used';
      const shift = used ? facts.index % 4 : 0;
      return vehicle(id, title, category, price, 1, listing, condition, year - shift, km + shift * 15_000, common);
    }
    case KIND.phone: {
      const [brand, model] = PHONES[t]!;
      return {
        id,
        title: `Celular ${brand} ${model}`,
        category: CATEGORY.CELLPHONES,
        price: 0,
        quantity: 0,
        listing: listing === 'free' ? 'gold_special' : listing,
        condition: 'new',
        attributes: [
          ['BRAND', brand],
          ['MODEL', model.split(' ').slice(0, 2).join(' ')],
        ],
        terms: FACTORY_WARRANTY(12),
        ...common,
      };
    }
    case KIND.microwave: {
      const [brand, model] = MICROWAVES[t]!;
      return {
        id,
        title: `Microondas ${brand} ${model}`,
        category: CATEGORY.EXAMPLE,
        price: 0,
        quantity: 0,
        listing: 'gold_special',
        condition: 'new',
        attributes: [
          ['BRAND', brand],
          ['MODEL', model.split(' ')[0] ?? model],
        ],
        terms: [...FACTORY_WARRANTY(12), { id: 'INVOICE', value_name: 'Factura A', value_id: '6891885' }],
        ...common,
      };
    }
    case KIND.book: {
      const [title] = BOOKS[t]!;
      return {
        id,
        title: `Libro ${title}`,
        category: CATEGORY.BOOKS,
        price: 0,
        quantity: 0,
        listing: listing === 'gold_premium' ? 'gold_special' : listing,
        condition: 'new',
        attributes: [['BRAND', 'Editorial Sudamericana']],
        terms: [{ id: 'INVOICE', value_name: 'Factura B', value_id: '6891886' }],
        ...common,
      };
    }
    case KIND.shirt: {
      const [name] = SHIRTS[t]!;
      const color = COLORS[facts.index % COLORS.length]!;
      const size = SIZES[(facts.index >>> 2) % SIZES.length]!;
      return fashion(id, `${name} ${color}`, CATEGORY.T_SHIRTS, 0, 0, size, { terms: WARRANTY_TERMS(1), ...common });
    }
    default: {
      const [title, brand] = GROCERIES[t]!;
      return {
        id,
        title,
        category: CATEGORY.GROCERIES,
        price: 0,
        quantity: 0,
        listing: 'gold_special',
        condition: 'new',
        attributes: [['BRAND', brand]],
        ...common,
      };
    }
  }
}

/** Generated listing i in full, as `GET /items/{id}` stores it; a new object on each call. */
export function buildSyntheticItem(
  source: ItemsSource,
  index: number,
  categories: Record<string, SandboxCategory>,
): SandboxItem {
  const facts = itemFactsAt(source, index);
  const spec = specOf(facts);
  const start = apiTimestamp(new Date(facts.startSec * 1000));
  spec.extra = {
    ...spec.extra,
    start_time: start,
    date_created: start,
    stop_time: apiTimestamp(new Date(facts.stopSec * 1000)),
    last_updated: apiTimestamp(new Date(facts.updatedSec * 1000)),
  };
  const rng = new Rng(mix(source.seedHash, index, SALT.build));
  return build(spec, rng, new Date(source.anchorSec * 1000), categories);
}

/** A sort of the items search on generated listings: the field its key reads, and its direction. */
export type SyntheticSortField = 'start_time' | 'stop_time' | 'last_updated' | 'price';

/** Typed arrays over every generated listing: its status, its sort keys, counts by status, and sort orders. */
export interface ItemsIndex {
  source: ItemsSource;
  count: number;
  /** Index into ITEM_STATUSES, per listing. */
  status: Uint8Array;
  /** Listings per status (index into ITEM_STATUSES). */
  statusCounts: number[];
  /** Sort key of listing i (ms for dates, the price for price). */
  key(field: SyntheticSortField, index: number): number;
  /** Listing indexes in the order of a sort (ties by id, ascending, as the search breaks them). */
  order(field: SyntheticSortField, direction: 1 | -1): Uint32Array;
}

const INDEXES = new DerivedCache<ItemsIndex>();
/** Packing a key with an index in one float (key · 2^21 + index) lets a typed array sort natively. */
const INDEX_BITS = 2 ** 21;

/** The index of a slice's generated listings (built once per seed, scale and anchor). */
export function itemsIndex(seed: string, synthetic: SyntheticRecords): ItemsIndex {
  return INDEXES.get(`${seed}|${synthetic.count}|${synthetic.anchor_ms}`, () =>
    createIndex(itemsSource(seed, synthetic)),
  );
}

function createIndex(source: ItemsSource): ItemsIndex {
  const count = source.count;
  const status = new Uint8Array(count);
  const stop = new Uint32Array(count);
  const updated = new Uint32Array(count);
  const price = new Float64Array(count);
  const statusCounts = ITEM_STATUSES.map(() => 0);
  for (let index = 0; index < count; index++) {
    const facts = itemFactsAt(source, index);
    const code = ITEM_STATUSES.indexOf(STATES[facts.state]![1]);
    status[index] = code;
    statusCounts[code]!++;
    stop[index] = facts.stopSec;
    updated[index] = facts.updatedSec;
    price[index] = facts.price;
  }
  // Keys in whole units (seconds, price) for packing; the search compares milliseconds.
  const raw = (field: SyntheticSortField, index: number): number => {
    switch (field) {
      case 'start_time':
        return startSecOf(source, index);
      case 'stop_time':
        return stop[index]!;
      case 'last_updated':
        return updated[index]!;
      case 'price':
        return price[index]!;
    }
  };
  const orders = new Map<string, Uint32Array>();
  return {
    source,
    count,
    status,
    statusCounts,
    key: (field, index) => (field === 'price' ? price[index]! : raw(field, index) * 1000),
    order: (field, direction) => {
      const name = `${field}:${direction}`;
      let order = orders.get(name);
      if (order) return order;
      order = new Uint32Array(count);
      if (field === 'start_time') {
        // start_time grows with the index: no sorting needed.
        for (let index = 0; index < count; index++) order[index] = direction === 1 ? index : count - 1 - index;
      } else {
        const packed = new Float64Array(count);
        for (let index = 0; index < count; index++) {
          const key = raw(field, index);
          packed[index] = (direction === 1 ? key : 2 ** 32 - 1 - key) * INDEX_BITS + index;
        }
        packed.sort();
        for (let position = 0; position < count; position++) order[position] = packed[position]! % INDEX_BITS;
      }
      orders.set(name, order);
      return order;
    },
  };
}

/** The generated listings of a slice seeded at scale, with the seed they derive from. */
export function syntheticItemsOf(slice: ItemsSlice, seed: string): ItemsIndex | undefined {
  return slice.synthetic && slice.synthetic.count > 0 ? itemsIndex(seed, slice.synthetic) : undefined;
}

/** The generated listings' seller. */
export const SYNTHETIC_SELLER_ID = SELLER_ID;
