import type { Rng } from '../random';
import { apiTimestamp, type SeedContext } from '../sandbox';
import { MCO_SELLER_ID, MLB_SELLER_ID, SELLER_ID } from '../users/ids';
import { attribute, permalink, picture, saleTerm, variation } from './build';
import { CATEGORY, seedCategories } from './categories';
import { ITEM } from './ids';
import type { ItemsSlice, SandboxCategory, SandboxItem, SandboxShipping } from './state';

const DAY = 86_400_000;

export interface Spec {
  id: string;
  title: string;
  category: string;
  price: number;
  currency?: string;
  quantity: number;
  sold?: number;
  mode?: SandboxItem['buying_mode'];
  listing: SandboxItem['listing_type_id'];
  condition: SandboxItem['condition'];
  status?: SandboxItem['status'];
  sub?: string[];
  attributes?: [string, string | null][];
  terms?: { id: string; value_name: string | null; value_id?: string | null }[];
  shipping?: Partial<SandboxShipping>;
  /** Days since creation. */
  age?: number;
  /** Days from now to stop_time (negative: already past). */
  stopIn?: number;
  sku?: string;
  pictures?: number;
  variations?: (ids: string[]) => SandboxItem['variations'];
  contact?: boolean;
  tags?: string[];
  /** Days the current review/pause sub-state has lasted. */
  sinceDays?: number;
  extra?: Partial<SandboxItem>;
}

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

export const WARRANTY_TERMS = (months: number) => [
  { id: 'WARRANTY_TYPE', value_name: 'Garantía del vendedor', value_id: '2230280' },
  { id: 'WARRANTY_TIME', value_name: `${months} meses` },
];
export const FACTORY_WARRANTY = (months: number) => [
  { id: 'WARRANTY_TYPE', value_name: 'Garantía de fábrica', value_id: '2230279' },
  { id: 'WARRANTY_TIME', value_name: `${months} meses` },
];
const NO_WARRANTY = [{ id: 'WARRANTY_TYPE', value_name: 'Sin garantía', value_id: '6150835' }];

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

export function vehicle(
  id: string,
  title: string,
  category: string,
  price: number,
  quantity: number,
  listing: SandboxItem['listing_type_id'],
  condition: 'new' | 'used',
  year: number,
  km: number,
  extra: Partial<Spec> = {},
): Spec {
  const [brand, model] = title.split(' ');
  return {
    id,
    title,
    category,
    price,
    currency: 'USD',
    quantity,
    mode: 'classified',
    listing,
    condition,
    attributes: [
      ['BRAND', brand ?? null],
      ['MODEL', model ?? null],
      ['VEHICLE_YEAR', String(year)],
      ['KILOMETERS', `${km} km`],
      ['FUEL_TYPE', 'Nafta'],
      ['TRANSMISSION', 'Manual'],
      ['DOORS', '5'],
    ],
    terms: condition === 'new' ? FACTORY_WARRANTY(36) : WARRANTY_TERMS(3),
    pictures: 6,
    ...extra,
  };
}

export function fashion(
  id: string,
  title: string,
  category: string,
  price: number,
  quantity: number,
  size: string | null | undefined,
  extra: Partial<Spec> = {},
): Spec {
  const attributes: [string, string | null][] = [
    ['BRAND', title.split(' ')[1] ?? 'Genérica'],
    ['COLOR', 'Negro'],
    ['GENDER', 'Hombre'],
  ];
  if (size !== undefined) attributes.push(['SIZE', size]);
  return {
    id,
    title,
    category,
    price,
    quantity,
    listing: 'gold_special',
    condition: 'new',
    attributes,
    terms: WARRANTY_TERMS(1),
    ...extra,
  };
}

export const PHONES: [string, string, number][] = [
  ['Samsung', 'Galaxy A15 128 GB Azul', 329_999],
  ['Samsung', 'Galaxy A25 256 GB Negro', 459_999],
  ['Samsung', 'Galaxy S23 FE 128 GB Menta', 899_999],
  ['Motorola', 'Moto G84 256 GB Grafito', 419_999],
  ['Motorola', 'Moto E13 64 GB Azul', 149_999],
  ['Motorola', 'Edge 40 Neo 256 GB Negro', 649_999],
  ['Xiaomi', 'Redmi Note 13 256 GB Verde', 389_999],
  ['Xiaomi', 'Redmi 13C 128 GB Azul', 219_999],
  ['Xiaomi', 'Poco X6 Pro 512 GB Amarillo', 749_999],
  ['Apple', 'iPhone 13 128 GB Medianoche', 1_099_999],
  ['Apple', 'iPhone 14 128 GB Azul', 1_299_999],
  ['Apple', 'iPhone 15 128 GB Rosa', 1_599_999],
  ['TCL', '40 SE 256 GB Gris', 199_999],
  ['Nokia', 'C32 64 GB Verde', 139_999],
  ['Realme', 'C55 256 GB Dorado', 299_999],
];
export const MICROWAVES: [string, string, number][] = [
  ['BGH', 'Quick Chef 20 Litros Blanco', 129_999],
  ['Samsung', 'MS23 23 Litros Grill Negro', 219_999],
  ['Philco', 'MPH23 23 Litros Digital', 149_999],
  ['Atma', 'MD1720 20 Litros Plata', 109_999],
  ['Whirlpool', 'WMS25 25 Litros Inox', 239_999],
];
export const BOOKS: [string, number][] = [
  ['Rayuela Julio Cortazar Edicion De Bolsillo', 18_999],
  ['Ficciones Jorge Luis Borges Tapa Blanda', 21_999],
  ['El Aleph Jorge Luis Borges Edicion Aniversario', 23_999],
  ['Martin Fierro Jose Hernandez Ilustrado', 15_999],
  ['Sobre Heroes Y Tumbas Ernesto Sabato', 24_999],
];

function generalSpecs(rng: Rng): Spec[] {
  const specs: Spec[] = [];
  let number = 1_400_000_901;
  for (const [brand, model, price] of PHONES) {
    const sold = rng.chance(0.6) ? rng.int(1, 40) : 0;
    specs.push({
      id: `MLA${number++}`,
      title: `Celular ${brand} ${model}`,
      category: CATEGORY.CELLPHONES,
      price,
      quantity: rng.int(2, 60),
      sold,
      listing: rng.pick(['gold_special', 'gold_premium'] as const),
      condition: 'new',
      attributes: [
        ['BRAND', brand],
        ['MODEL', model.split(' ').slice(0, 2).join(' ')],
      ],
      terms: FACTORY_WARRANTY(12),
      sku: `SKU-PHONE-${String(number).slice(-3)}`,
    });
  }
  for (const [brand, model, price] of MICROWAVES) {
    specs.push({
      id: `MLA${number++}`,
      title: `Microondas ${brand} ${model}`,
      category: CATEGORY.EXAMPLE,
      price,
      quantity: rng.int(1, 25),
      sold: rng.chance(0.5) ? rng.int(1, 15) : 0,
      listing: 'gold_special',
      condition: 'new',
      attributes: [
        ['BRAND', brand],
        ['MODEL', model.split(' ')[0] ?? model],
      ],
      terms: [
        ...FACTORY_WARRANTY(12),
        { id: 'INVOICE', value_name: 'Factura A', value_id: '6891885' },
        { id: 'SUBSCRIBABLE', value_name: 'No', value_id: '242084' },
      ],
      sku: `SKU-MW-${String(number).slice(-3)}`,
    });
  }
  for (const [title, price] of BOOKS) {
    specs.push({
      id: `MLA${number++}`,
      title: `Libro ${title}`,
      category: CATEGORY.BOOKS,
      price,
      quantity: rng.int(3, 30),
      sold: rng.int(0, 8),
      listing: rng.pick(['gold_special', 'free'] as const),
      condition: 'new',
      attributes: [['BRAND', 'Editorial Sudamericana']],
      terms: [{ id: 'INVOICE', value_name: 'Factura B', value_id: '6891886' }],
    });
  }
  return specs;
}

function specs(rng: Rng): Spec[] {
  const phone = (id: string, title: string, extra: Partial<Spec>): Spec => ({
    id,
    title,
    category: CATEGORY.CELLPHONES,
    price: 399_999,
    quantity: 10,
    listing: 'gold_special',
    condition: 'new',
    attributes: [
      ['BRAND', title.split(' ')[1] ?? 'Samsung'],
      ['MODEL', title.split(' ')[2] ?? 'Galaxy'],
    ],
    terms: FACTORY_WARRANTY(12),
    ...extra,
  });
  const c = CATEGORY;
  return [
    vehicle(ITEM.CAR_NEW_PREMIUM, 'Toyota Corolla 2.0 XEI CVT 0km', c.CARS, 32_500, 3, 'gold_premium', 'new', 2026, 0),
    vehicle(
      ITEM.CAR_USED_SPECIAL,
      'Volkswagen Gol Trend 1.6 Trendline',
      c.CARS,
      9_800,
      1,
      'gold_special',
      'used',
      2018,
      85_000,
    ),
    vehicle(ITEM.CAR_USED_FREE, 'Ford Fiesta 1.6 S Plus', c.CARS, 7_200, 1, 'free', 'used', 2015, 120_000, {
      age: 40,
      stopIn: 20,
    }),
    vehicle(ITEM.CAR_NEW_SPECIAL, 'Peugeot 208 1.6 Allure 0km', c.CARS, 24_900, 2, 'gold_special', 'new', 2026, 0),
    vehicle(
      ITEM.PICKUP_NEW_PREMIUM_SOLD,
      'Toyota Hilux 2.8 SRV 4x4 0km',
      c.PICKUPS,
      54_000,
      5,
      'gold_premium',
      'new',
      2026,
      0,
      {
        sold: 2,
      },
    ),
    vehicle(
      ITEM.CAR_USED_PREMIUM,
      'Chevrolet Cruze 1.4 LTZ Turbo',
      c.CARS,
      18_700,
      1,
      'gold_premium',
      'used',
      2020,
      64_000,
    ),
    vehicle(ITEM.CAR_PAUSED, 'Renault Sandero 1.6 Life', c.CARS, 11_300, 1, 'gold_special', 'used', 2019, 70_000, {
      status: 'paused',
    }),
    vehicle(ITEM.CAR_CLOSED_EXPIRED, 'Fiat Cronos 1.3 Drive', c.CARS, 14_100, 1, 'free', 'used', 2021, 40_000, {
      status: 'closed',
      sub: ['expired'],
      age: 90,
      stopIn: -30,
    }),
    {
      id: ITEM.APARTMENT_SALE,
      title: 'Departamento 3 Ambientes Palermo Con Balcon',
      category: c.APARTMENTS,
      price: 185_000,
      currency: 'USD',
      quantity: 1,
      mode: 'classified',
      listing: 'gold_premium',
      condition: 'not_specified',
      attributes: [
        ['OPERATION', 'Venta'],
        ['ROOMS', '3'],
        ['COVERED_AREA', '72 m²'],
      ],
      age: 30,
      stopIn: 240,
      pictures: 6,
    },
    {
      id: ITEM.APARTMENT_RENT,
      title: 'Departamento 2 Ambientes Belgrano Alquiler',
      category: c.APARTMENTS,
      price: 650_000,
      quantity: 1,
      mode: 'classified',
      listing: 'gold_special',
      condition: 'not_specified',
      attributes: [
        ['OPERATION', 'Alquiler'],
        ['ROOMS', '2'],
      ],
      age: 20,
      stopIn: 40,
    },
    {
      id: ITEM.APARTMENT_PAUSED,
      title: 'Departamento Monoambiente Caballito',
      category: c.APARTMENTS,
      price: 79_000,
      currency: 'USD',
      quantity: 1,
      mode: 'classified',
      listing: 'gold_special',
      condition: 'not_specified',
      status: 'paused',
      attributes: [['OPERATION', 'Venta']],
      age: 60,
      stopIn: 210,
    },
    {
      id: ITEM.SERVICE_PLUMBING,
      title: 'Plomero Matriculado Urgencias 24 Horas',
      category: c.SERVICES,
      price: 25_000,
      quantity: 1,
      mode: 'classified',
      listing: 'gold_special',
      condition: 'not_specified',
      attributes: [['SERVICE_TYPE', 'Plomería']],
      stopIn: 100,
    },
    {
      id: ITEM.SERVICE_MOVING,
      title: 'Fletes Y Mudanzas Capital Y Gran Buenos Aires',
      category: c.SERVICES,
      price: 60_000,
      quantity: 1,
      mode: 'classified',
      listing: 'free',
      condition: 'not_specified',
      attributes: [['SERVICE_TYPE', 'Mudanzas']],
      stopIn: 50,
    },
    fashion(ITEM.TSHIRT_M, 'Remera Lacoste Algodon Pima Negra', c.T_SHIRTS, 45_999, 12, 'M', { sku: 'SKU-TEE-M' }),
    fashion(ITEM.TSHIRT_L, 'Remera Topper Basica Negra', c.T_SHIRTS, 12_999, 20, 'L', { sku: 'SKU-TEE-L' }),
    fashion(ITEM.TSHIRT_S, 'Remera Adidas Essentials Negra', c.T_SHIRTS, 24_999, 8, 'S'),
    fashion(ITEM.SNEAKERS_40, 'Zapatillas Nike Revolution 7 Negras', c.SNEAKERS, 89_999, 6, '40'),
    fashion(ITEM.SNEAKERS_42, 'Zapatillas Puma Smash V2 Negras', c.SNEAKERS, 74_999, 4, '42'),
    fashion(ITEM.TSHIRT_XL_SOLD, 'Remera Kappa Logo Tape Negra', c.T_SHIRTS, 29_999, 5, 'XL', { sold: 7 }),
    fashion(ITEM.TSHIRT_NO_SIZE, 'Remera Generica Estampada Negra', c.T_SHIRTS, 8_999, 30, undefined),
    fashion(ITEM.TSHIRT_NULL_SIZE, 'Remera Umbro Entrenamiento Negra', c.T_SHIRTS, 15_999, 9, null),
    fashion(ITEM.TSHIRT_VARIATIONS, 'Remera Levis Housemark Negra', c.T_SHIRTS, 34_999, 0, 'M', {
      sku: 'SKU-LEVIS',
      pictures: 3,
      variations: (pictureIds) => [
        variation(
          180_000_001,
          34_999,
          4,
          [
            ['SIZE', 'S'],
            ['COLOR', 'Negro'],
          ],
          pictureIds.slice(0, 1),
          'SKU-LEVIS-S',
        ),
        variation(
          180_000_002,
          34_999,
          6,
          [
            ['SIZE', 'M'],
            ['COLOR', 'Negro'],
          ],
          pictureIds.slice(0, 2),
          'SKU-LEVIS-M',
        ),
        variation(
          180_000_003,
          36_999,
          2,
          [
            ['SIZE', 'L'],
            ['COLOR', 'Negro'],
          ],
          pictureIds,
          'SKU-LEVIS-L',
          1,
        ),
      ],
    }),
    {
      id: ITEM.GROCERY_YERBA,
      title: 'Yerba Mate Playadito 1 Kg',
      category: c.GROCERIES,
      price: 4_599,
      quantity: 200,
      sold: 150,
      listing: 'gold_special',
      condition: 'new',
      attributes: [
        ['BRAND', 'Playadito'],
        ['NET_WEIGHT', '1 kg'],
      ],
    },
    {
      id: ITEM.GROCERY_OIL_MAX_QTY,
      title: 'Aceite De Girasol Natura 1.5 L',
      category: c.GROCERIES,
      price: 2_899,
      quantity: 300,
      sold: 420,
      listing: 'gold_special',
      condition: 'new',
      attributes: [
        ['BRAND', 'Natura'],
        ['UNIT_VOLUME', '1.5 L'],
      ],
      terms: [{ id: 'PURCHASE_MAX_QUANTITY', value_name: '6' }],
    },
    {
      id: ITEM.GROCERY_COFFEE,
      title: 'Cafe Molido La Virginia 500 G',
      category: c.GROCERIES,
      price: 6_299,
      quantity: 80,
      listing: 'gold_special',
      condition: 'new',
      attributes: [['BRAND', 'La Virginia']],
    },
    {
      id: ITEM.GROCERY_RICE,
      title: 'Arroz Largo Fino Gallo Oro 1 Kg',
      category: c.GROCERIES,
      price: 1_999,
      quantity: 150,
      sold: 33,
      listing: 'free',
      condition: 'new',
      attributes: [['BRAND', 'Gallo']],
    },
    {
      id: ITEM.USED_OVEN,
      title: 'Horno Electrico Atma 45 Litros Usado',
      category: c.USED_LIMITED[0],
      price: 59_999,
      quantity: 1,
      listing: 'gold_special',
      condition: 'used',
      attributes: [['BRAND', 'Atma']],
      terms: NO_WARRANTY,
    },
    {
      id: ITEM.USED_CAR_PART,
      title: 'Alternador Bosch Gol Trend Usado',
      category: c.USED_LIMITED[1],
      price: 89_999,
      quantity: 1,
      listing: 'gold_special',
      condition: 'used',
      attributes: [
        ['BRAND', 'Bosch'],
        ['PART_NUMBER', '0124325171'],
        ['HAS_COMPATIBILITIES', 'Sí'],
      ],
      terms: WARRANTY_TERMS(1),
    },
    {
      id: ITEM.NEW_CONSOLE,
      title: 'Consola Sony Playstation 5 Slim 1 TB',
      category: c.USED_LIMITED[2],
      price: 1_199_999,
      quantity: 10,
      sold: 3,
      listing: 'gold_premium',
      condition: 'new',
      attributes: [['BRAND', 'Sony']],
      terms: FACTORY_WARRANTY(12),
    },
    {
      id: ITEM.USED_NOTEBOOK,
      title: 'Notebook Lenovo Ideapad 3 Usada',
      category: c.USED_LIMITED[3],
      price: 399_999,
      quantity: 1,
      listing: 'gold_special',
      condition: 'used',
      attributes: [['BRAND', 'Lenovo']],
      terms: NO_WARRANTY,
    },
    phone(ITEM.PHONE_FLEX, 'Celular Samsung Galaxy A35 Flex', {
      shipping: { tags: ['self_service_in'], logistic_type: 'cross_docking' },
      sold: 4,
    }),
    phone(ITEM.PHONE_FULFILLMENT, 'Celular Motorola Moto G54 Full', {
      shipping: { tags: ['fulfillment'], logistic_type: 'fulfillment', free_shipping: true },
      sold: 12,
    }),
    phone(ITEM.PHONE_MANUFACTURING_TIME, 'Celular Xiaomi Redmi 12 Importado', {
      terms: [...FACTORY_WARRANTY(6), { id: 'MANUFACTURING_TIME', value_name: '15 días' }],
      sku: 'SKU-IMPORT-1',
    }),
    phone(ITEM.PHONE_LISTING_TYPE_CHANGED, 'Celular Samsung Galaxy A05 Negro', {
      listing: 'gold_premium',
      extra: { _listing_type_changes: 1 },
    }),
    phone(ITEM.PHONE_NO_SALES, 'Celular Motorola Moto G24 Gris', { sold: 0, sku: 'SKU-G24' }),
    phone(ITEM.PHONE_WITH_SALES, 'Celular Samsung Galaxy A55 Azul', { sold: 9, sku: 'SKU-A55' }),
    {
      id: ITEM.MICROWAVE_EXAMPLE,
      title: 'Microondas Samsung Grill 28 Litros',
      category: c.EXAMPLE,
      price: 259_999,
      quantity: 7,
      listing: 'gold_special',
      condition: 'new',
      attributes: [['BRAND', 'Samsung']],
      terms: [...FACTORY_WARRANTY(12), { id: 'INVOICE', value_name: 'Factura A', value_id: '6891885' }],
    },
    phone(ITEM.PHONE_FREE_LISTING, 'Celular Nokia 105 Negro', { listing: 'free', price: 39_999, stopIn: 25, age: 35 }),
    phone(ITEM.PHONE_EXPIRING, 'Celular Alcatel 1B Gris', { listing: 'free', price: 89_999, stopIn: 1, age: 59 }),
    {
      id: ITEM.BOOK_NO_MANUFACTURING_TIME,
      title: 'Libro El Tunel Ernesto Sabato',
      category: c.BOOKS,
      price: 17_999,
      quantity: 12,
      listing: 'gold_special',
      condition: 'new',
      attributes: [['BRAND', 'Seix Barral']],
    },
    phone(ITEM.PAYMENT_REQUIRED, 'Celular Samsung Galaxy A06 Celeste', { status: 'payment_required', age: 1 }),
    phone(ITEM.PAYMENT_REQUIRED_2, 'Celular Motorola Moto E14 Verde', {
      status: 'payment_required',
      age: 0,
      listing: 'gold_premium',
    }),
    phone(ITEM.REVIEW_WARNING, 'Celular Xiaomi Redmi A3 Azul', {
      status: 'under_review',
      sub: ['warning'],
      sinceDays: 1,
    }),
    phone(ITEM.REVIEW_WARNING_RECENT, 'Celular TCL 403 Gris', {
      status: 'under_review',
      sub: ['warning'],
      sinceDays: 0,
    }),
    phone(ITEM.REVIEW_WAITING_FOR_PATCH, 'Celular Samsung Galaxy M14 Plata', {
      status: 'under_review',
      sub: ['waiting_for_patch'],
      sinceDays: 2,
    }),
    phone(ITEM.REVIEW_HELD, 'Celular Motorola Razr 40 Crema', { status: 'under_review', sub: ['held'], sinceDays: 1 }),
    phone(ITEM.REVIEW_PENDING_DOCUMENTATION, 'Celular Apple iPhone 12 Reacondicionado', {
      status: 'under_review',
      sub: ['pending_documentation'],
      sinceDays: 1,
      condition: 'used',
      quantity: 3,
    }),
    phone(ITEM.REVIEW_FORBIDDEN, 'Celular Replica Generico Dorado', {
      status: 'under_review',
      sub: ['forbidden'],
      sinceDays: 3,
    }),
    phone(ITEM.PAUSED_OUT_OF_STOCK, 'Celular Xiaomi Redmi Note 12 Gris', {
      status: 'paused',
      sub: ['out_of_stock'],
      quantity: 0,
      sold: 0,
      sku: 'SKU-NOTE12',
    }),
    phone(ITEM.PAUSED_OUT_OF_STOCK_SOLD, 'Celular Samsung Galaxy A14 Negro', {
      status: 'paused',
      sub: ['out_of_stock'],
      quantity: 0,
      sold: 25,
    }),
    phone(ITEM.PAUSED_PICTURE_PENDING, 'Celular Motorola Moto G14 Celeste', {
      status: 'paused',
      sub: ['picture_download_pending'],
      sinceDays: 0,
      age: 0,
    }),
    phone(ITEM.PAUSED_SELLER, 'Celular Apple iPhone 11 64 GB Blanco', {
      status: 'paused',
      condition: 'used',
      quantity: 2,
    }),
    phone(ITEM.PAUSED_SELLER_2, 'Celular Samsung Galaxy S21 FE Lavanda', { status: 'paused', sold: 3 }),
    phone(ITEM.CLOSED_EXPIRED, 'Celular LG K52 Rojo', {
      status: 'closed',
      sub: ['expired'],
      listing: 'free',
      age: 120,
      stopIn: -60,
    }),
    phone(ITEM.CLOSED_EXPIRED_2, 'Celular Huawei P30 Lite Azul', {
      status: 'closed',
      sub: ['expired'],
      listing: 'free',
      age: 80,
      stopIn: -20,
      sold: 2,
    }),
    phone(ITEM.CLOSED_SUSPENDED, 'Celular Generico Smart 4G Negro', { status: 'closed', sub: ['suspended'] }),
    phone(ITEM.CLOSED_DELETED, 'Celular BGH Joy Smart Negro', {
      status: 'closed',
      sub: ['deleted'],
      extra: { deleted: 'true' },
    }),
    phone(ITEM.INACTIVE, 'Celular Sin Marca Dual Sim Negro', { status: 'inactive', sub: [] }),
    phone(ITEM.INACTIVE_2, 'Celular Blu G91 Azul', { status: 'inactive', sub: [] }),
    ...generalSpecs(rng),
    // Other sellers' listings (MLB, MCO), for shipping quotes.
    {
      id: ITEM.MLB_PHONE,
      title: 'Celular Samsung Galaxy A15 128 GB Azul',
      category: c.MLB_PHONES,
      price: 1_099.9,
      quantity: 40,
      sold: 12,
      listing: 'gold_special',
      condition: 'new',
      attributes: [['BRAND', 'Samsung']],
    },
    {
      id: ITEM.MLB_PHONE_MOTO,
      title: 'Celular Motorola Moto G54 256 GB Azul',
      category: c.MLB_PHONES,
      price: 1_399.0,
      quantity: 15,
      listing: 'gold_premium',
      condition: 'new',
      attributes: [['BRAND', 'Motorola']],
    },
    {
      id: ITEM.MLB_PHONE_XIAOMI,
      title: 'Celular Xiaomi Redmi 13C 128 GB Preto',
      category: c.MLB_PHONES,
      price: 799.0,
      quantity: 22,
      listing: 'gold_special',
      condition: 'new',
      attributes: [['BRAND', 'Xiaomi']],
    },
    {
      id: ITEM.MCO_PHONE,
      title: 'Celular Samsung Galaxy A25 256 GB Negro',
      category: c.MCO_PHONES,
      price: 1_049_900,
      quantity: 18,
      listing: 'gold_special',
      condition: 'new',
      attributes: [['BRAND', 'Samsung']],
    },
    {
      id: ITEM.MCO_PHONE_MOTO,
      title: 'Celular Motorola Moto E13 64 GB Azul',
      category: c.MCO_PHONES,
      price: 399_900,
      quantity: 25,
      listing: 'gold_special',
      condition: 'new',
      attributes: [['BRAND', 'Motorola']],
    },
    {
      id: ITEM.MCO_PHONE_XIAOMI,
      title: 'Celular Xiaomi Redmi Note 13 256 GB Verde',
      category: c.MCO_PHONES,
      price: 1_199_900,
      quantity: 9,
      listing: 'gold_premium',
      condition: 'new',
      attributes: [['BRAND', 'Xiaomi']],
    },
  ];
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
