import type { SaleTermDefinition } from '../../model/item';
import type { SandboxCategory, Vertical } from './state';

// Sale-term definitions as the category sale-terms resource answers them. MLA1577 is laid out exactly as the spec's
// example; the other categories reuse the same definitions, each with the subset that fits its vertical.

const GROUP = { attribute_group_id: 'OTHERS', attribute_group_name: 'Otros' };
const CURRENCY_UNITS = [
  { id: 'USD', name: 'USD' },
  { id: 'UVA', name: 'UVA' },
  { id: 'ARS', name: 'ARS' },
];

function numberUnit(
  id: string,
  name: string,
  units: { id: string; name: string }[],
  defaultUnit: string,
  relevance: number,
  tags: SaleTermDefinition['tags'] = {},
): SaleTermDefinition {
  return {
    id,
    name,
    tags,
    hierarchy: 'SALE_TERMS',
    relevance,
    value_type: 'number_unit',
    value_max_length: 255,
    allowed_units: units,
    default_unit: defaultUnit,
    ...GROUP,
  };
}

function boolean(id: string, name: string, relevance: number): SaleTermDefinition {
  return {
    id,
    name,
    tags: {},
    hierarchy: 'SALE_TERMS',
    relevance,
    value_type: 'boolean',
    values: [
      { id: '242085', name: 'Sí', metadata: { value: true } },
      { id: '242084', name: 'No', metadata: { value: false } },
    ],
    ...GROUP,
  };
}

const INVOICE: SaleTermDefinition = {
  id: 'INVOICE',
  name: 'Facturación',
  tags: {},
  hierarchy: 'SALE_TERMS',
  relevance: 1,
  value_type: 'list',
  values: [
    { id: '6891885', name: 'Factura A' },
    { id: '6891886', name: 'Factura B' },
    { id: '6891887', name: 'Factura C' },
  ],
  ...GROUP,
};

const WARRANTY_TYPE: SaleTermDefinition = {
  id: 'WARRANTY_TYPE',
  name: 'Tipo de garantía',
  tags: {},
  hierarchy: 'SALE_TERMS',
  relevance: 1,
  value_type: 'list',
  values: [
    { id: '2230280', name: 'Garantía del vendedor' },
    { id: '2230279', name: 'Garantía de fábrica' },
    { id: '6150835', name: 'Sin garantía' },
  ],
  ...GROUP,
};

const WARRANTY_TIME = numberUnit(
  'WARRANTY_TIME',
  'Tiempo de garantía',
  [
    { id: 'días', name: 'días' },
    { id: 'meses', name: 'meses' },
    { id: 'años', name: 'años' },
  ],
  'meses',
  1,
);

const MANUFACTURING_TIME = numberUnit(
  'MANUFACTURING_TIME',
  'Tiempo de elaboración',
  [{ id: 'días', name: 'días' }],
  'días',
  2,
  { hidden: true },
);

const PURCHASE_MAX_QUANTITY: SaleTermDefinition = {
  id: 'PURCHASE_MAX_QUANTITY',
  name: 'Cantidad máxima de compra',
  tags: { hidden: true, read_only: true },
  hierarchy: 'SALE_TERMS',
  relevance: 2,
  value_type: 'number',
  value_max_length: 18,
  ...GROUP,
};

const SUBSCRIPTION_TERMS: SaleTermDefinition[] = [
  boolean('SUBSCRIBABLE', 'Acepta suscripción', 2),
  numberUnit('PRICE_SUBSCRIPTION', 'Precio de suscripción', CURRENCY_UNITS, 'USD', 2),
  boolean('SUBSCRIPTION_FREE_SHIPPING', 'Envío gratis en suscripción', 2),
  ...[1, 2, 3, 4, 5, 6].map((level) =>
    numberUnit(`LOYALTY_LEVEL_${level}`, `Precio nivel ${level}`, CURRENCY_UNITS, 'USD', 2),
  ),
  numberUnit('CHECKOUT_EXCHANGE_RATE', 'Tipo de cambio', [{ id: 'ARS/USD', name: 'ARS/USD' }], 'ARS/USD', 2),
  numberUnit('DISCOUNT_SUBSCRIPTION', 'Descuento por suscripción', [{ id: '%', name: '%' }], '%', 2),
];

/** The spec's example category: every sale term it names, with their value types, units and tags. */
const MLA1577_TERMS: SaleTermDefinition[] = [
  INVOICE,
  WARRANTY_TYPE,
  WARRANTY_TIME,
  ...SUBSCRIPTION_TERMS,
  MANUFACTURING_TIME,
  PURCHASE_MAX_QUANTITY,
];

const WARRANTY = [INVOICE, WARRANTY_TYPE, WARRANTY_TIME];

function category(
  id: string,
  name: string,
  vertical: Vertical,
  sale_terms: SaleTermDefinition[],
  site_id = id.slice(0, 3),
): SandboxCategory {
  // Deep copies: a category's definitions must never share objects with another's in the persisted state.
  return { id, site_id, name, vertical, sale_terms: structuredClone(sale_terms) };
}

/** Well-known category ids of the seeded data. */
export const CATEGORY = {
  /** The spec's sale-terms example (general vertical; lists MANUFACTURING_TIME and PURCHASE_MAX_QUANTITY). */
  EXAMPLE: 'MLA1577',
  CELLPHONES: 'MLA1055',
  /** Lists no MANUFACTURING_TIME: setting it there breaks rule 4. */
  BOOKS: 'MLA3025',
  CARS: 'MLA1744',
  PICKUPS: 'MLA1745',
  APARTMENTS: 'MLA1472',
  SERVICES: 'MLA1540',
  T_SHIRTS: 'MLA109042',
  SNEAKERS: 'MLA109027',
  GROCERIES: 'MLA1403',
  USED_LIMITED: ['MLA1322', 'MLA3114', 'MLA47786', 'MLA430281'] as const,
  MLB_PHONES: 'MLB1055',
  MCO_PHONES: 'MCO1055',
} as const;

/** Every category of the sandbox, keyed by id. */
export function seedCategories(): Record<string, SandboxCategory> {
  const list: SandboxCategory[] = [
    category('MLA1577', 'Microondas', 'general', MLA1577_TERMS),
    category('MLA1055', 'Celulares y Smartphones', 'general', [...WARRANTY, MANUFACTURING_TIME]),
    category('MLA3025', 'Libros Físicos', 'general', [INVOICE]),
    // Vehicle, real-estate and services categories list MANUFACTURING_TIME like any other: the vertical is what
    // forbids it (rule 3), which is why the rule cannot rely on the category list alone.
    category('MLA1744', 'Autos y Camionetas', 'automobiles', [...WARRANTY, MANUFACTURING_TIME]),
    category('MLA1745', 'Pick-ups', 'automobiles', [...WARRANTY]),
    category('MLA1472', 'Departamentos', 'real_estate', [INVOICE, MANUFACTURING_TIME]),
    category('MLA1540', 'Servicios', 'services', [INVOICE, MANUFACTURING_TIME]),
    category('MLA109042', 'Remeras', 'fashion', [...WARRANTY, MANUFACTURING_TIME]),
    category('MLA109027', 'Zapatillas', 'fashion', [...WARRANTY, MANUFACTURING_TIME]),
    category('MLA1403', 'Almacén', 'supermarket', [INVOICE, PURCHASE_MAX_QUANTITY]),
    category('MLA1322', 'Hornos y Anafes', 'general', [...WARRANTY, MANUFACTURING_TIME]),
    category('MLA3114', 'Repuestos de Autos', 'general', [...WARRANTY]),
    category('MLA47786', 'Consolas', 'general', [...WARRANTY, MANUFACTURING_TIME]),
    category('MLA430281', 'Notebooks', 'general', [...WARRANTY]),
    category('MLB1055', 'Celulares e Smartphones', 'general', [...WARRANTY, MANUFACTURING_TIME]),
    category('MCO1055', 'Celulares y Teléfonos', 'general', [...WARRANTY, MANUFACTURING_TIME]),
  ];
  return Object.fromEntries(list.map((entry) => [entry.id, entry]));
}
