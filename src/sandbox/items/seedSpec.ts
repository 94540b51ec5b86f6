// How a seeded listing is described (`Spec`), the warranty terms, the vehicle and fashion describers and the
// catalogues of phones, microwaves and books the seed draws from.
import type { SandboxItem, SandboxShipping } from './state';

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

/**
 * A warranty of `months` as WARRANTY_TIME is written: a number, a space and a unit of its allowed_units (días, meses,
 * años: plural words only, in the spec and the real API), so one month is "30 días", never "1 meses".
 */
export const warrantyTime = (months: number): string => (months === 1 ? '30 días' : `${months} meses`);

export const WARRANTY_TERMS = (months: number) => [
  { id: 'WARRANTY_TYPE', value_name: 'Garantía del vendedor', value_id: '2230280' },
  { id: 'WARRANTY_TIME', value_name: warrantyTime(months) },
];
export const FACTORY_WARRANTY = (months: number) => [
  { id: 'WARRANTY_TYPE', value_name: 'Garantía de fábrica', value_id: '2230279' },
  { id: 'WARRANTY_TIME', value_name: warrantyTime(months) },
];
export const NO_WARRANTY = [{ id: 'WARRANTY_TYPE', value_name: 'Sin garantía', value_id: '6150835' }];

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
