import type { SaleTermDefinition } from '../../model/item';
import { hashString } from '../random';
import { ownRecord } from '../records';
import type { SandboxAttribute, SandboxItem, SandboxPicture, SandboxSaleTerm, SandboxVariation } from './state';

// Builders shared by the seed and the routes, so a created item and a seeded one look alike.

const ATTRIBUTE_NAMES: Record<string, string> = {
  BRAND: 'Marca',
  MODEL: 'Modelo',
  SIZE: 'Talle',
  COLOR: 'Color',
  GENDER: 'Género',
  VEHICLE_YEAR: 'Año',
  KILOMETERS: 'Kilómetros',
  FUEL_TYPE: 'Tipo de combustible',
  TRANSMISSION: 'Transmisión',
  DOORS: 'Puertas',
  COVERED_AREA: 'Superficie cubierta',
  ROOMS: 'Ambientes',
  OPERATION: 'Operación',
  SERVICE_TYPE: 'Tipo de servicio',
  UNIT_VOLUME: 'Volumen de la unidad',
  NET_WEIGHT: 'Peso neto',
  PART_NUMBER: 'Número de pieza',
  HAS_COMPATIBILITIES: 'Tiene compatibilidades',
  GTIN: 'Código universal de producto',
  LINE: 'Línea',
  ITEM_CONDITION: 'Condición del ítem',
};

const MAIN_GROUP = { attribute_group_id: 'MAIN', attribute_group_name: 'Principales' };

/** A stored attribute from an id and value. */
export function attribute(id: string, valueName: string | null, valueId: string | null = null): SandboxAttribute {
  return {
    id,
    name: ownRecord(ATTRIBUTE_NAMES, id) ?? id,
    value_id: valueId ?? (valueName === null ? null : String(hashString(`${id}:${valueName}`) % 10_000_000)),
    value_name: valueName,
    ...MAIN_GROUP,
  };
}

/** A stored picture for a source URL (the sandbox never downloads it; ids derive from the URL). */
export function picture(source: string): SandboxPicture {
  const code = hashString(source);
  const id = `${700000 + (code % 299999)}-MLA${40000000 + (code % 9999999)}_032026`;
  return {
    id,
    url: `http://pictures.marketplace.example/D_${id}-O.jpg`,
    secure_url: `https://pictures.marketplace.example/D_${id}-O.jpg`,
    size: '500x375',
    max_size: '1200x900',
    quality: '',
  };
}

/** Splits a number_unit value such as `30 días` into its number and unit. */
export function splitNumberUnit(value: string): { number: number; unit: string } | undefined {
  const match = /^\s*(\d+(?:[.,]\d+)?)\s+(\S.*?)\s*$/.exec(value);
  if (!match) return undefined;
  return { number: Number(match[1]!.replace(',', '.')), unit: match[2]! };
}

/**
 * The stored form of a sale term sent as `{id, value_name, value_id}`: list and boolean terms resolve to the
 * definition's value, number_unit terms gain their value_struct. Assumes the rules already accepted the input.
 */
/** A stored attribute from one sent: by its id, or by its name as older variation bodies send it. */
export function attributeFrom(input: {
  id?: string;
  name?: string | null;
  value_name?: string | null;
  value_id?: string | null;
}): SandboxAttribute {
  return attribute(input.id ?? input.name ?? '', input.value_name ?? null, input.value_id ?? null);
}

export function saleTerm(
  input: { id: string; value_name?: string | null; value_id?: string | null },
  definition: SaleTermDefinition | undefined,
): SandboxSaleTerm {
  const name = definition?.name ?? input.id;
  if (definition && (definition.value_type === 'list' || definition.value_type === 'boolean')) {
    const value = definition.values?.find(
      (candidate) => candidate.id === input.value_id || (!input.value_id && candidate.name === input.value_name),
    );
    const valueId = value?.id ?? input.value_id ?? null;
    const valueName = value?.name ?? input.value_name ?? null;
    return {
      id: input.id,
      name,
      value_id: valueId,
      value_name: valueName,
      value_struct: null,
      values: [{ id: valueId, name: valueName, struct: null }],
    };
  }
  const valueName = input.value_name ?? null;
  const struct =
    definition?.value_type === 'number_unit' && valueName !== null ? (splitNumberUnit(valueName) ?? null) : null;
  return {
    id: input.id,
    name,
    value_id: input.value_id ?? null,
    value_name: valueName,
    value_struct: struct,
    values: [{ id: input.value_id ?? null, name: valueName, struct }],
  };
}

/** A variation with its attribute combination. */
export function variation(
  id: number,
  price: number,
  availableQuantity: number,
  combination: [string, string][],
  pictureIds: string[],
  sku: string | null = null,
  soldQuantity = 0,
): SandboxVariation {
  return {
    id,
    price,
    available_quantity: availableQuantity,
    sold_quantity: soldQuantity,
    attribute_combinations: combination.map(([id, value]) => attribute(id, value)),
    picture_ids: pictureIds,
    seller_custom_field: sku,
  };
}

/** The title as a URL slug (accents dropped, words joined by dashes). */
export function slug(title: string): string {
  return title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The public URL of a listing. */
export function permalink(id: string, title: string): string {
  const country = id.slice(0, 3);
  return `https://articulo.marketplace.example/${country}-${id.slice(3)}-${slug(title)}-_JM`;
}

/** The item as the API answers it: bookkeeping fields (`_…`) removed. */
export function publicItem(item: SandboxItem): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(item)) if (!key.startsWith('_') && value !== undefined) out[key] = value;
  return out;
}

/** Keeps only the requested top-level fields (multi-get `attributes=`). */
export function trimItem(body: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) if (Object.hasOwn(body, field)) out[field] = body[field];
  return out;
}
