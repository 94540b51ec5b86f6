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

/**
 * The vehicle categories' own sale terms, as the public vehicle pages send them (test/fixtures/real/requests/
 * item-*-vehicle-*.json): financing offered (a yes/no with the marketplace's boolean value ids) and the initial
 * payment as an amount with its currency (`"8000000 ARS"`, `value_struct.unit`).
 */
const VEHICLE_TERMS: SaleTermDefinition[] = [
  boolean('WITH_FINANCING_OPTIONS', 'Con opciones de financiación', 10),
  numberUnit('INITIAL_PAYMENT_AMOUNT', 'Monto del pago inicial', CURRENCY_UNITS, 'ARS', 11),
];

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

// Real categories added so that real item bodies are accepted: each site's top-level categories (as
// `GET /sites/{site_id}/categories` lists them) and the leaf categories public item-creation examples use.
// Sources, as the search tool gave them (a GitHub file found by find_string is named by its index id, the tool
// gives no repository or path for those):
// - MLA top level: https://developers.mercadolivre.com.br/categorizacao-de-produtos (updated 2025-12-29), same list
//   as https://developers.mercadolibre.com.sv/es_ar/categorias-y-atributos and
//   https://developers.mercadolibre.com.ve/es_ar/categorias-y-atributos (which name MLA407134 "Herramientas y
//   Construcción" and lack MLA1500).
// - MLB top level: public GitHub script (search index file 18276003708); MLB1051, MLB1648, MLB1000, MLB1246, MLB1430,
//   MLB1144, MLB5672, MLB1574, MLB1367 agree in another public file (56816130491).
// - MLM top level: public GitHub file (index 14947275530); MLM1747, MLM1051, MLM1648, MLM1144, MLM1574, MLM1430 agree
//   in others (61739943485, 57434663996).
// - MCO top level: public GitHub file (index 11597881634), 20 of them agree in another (31483031433).
// - MLC, MPE, MLU: no full public list found; only the ids (and names) below were confirmed: MLC1743 "Vehículos"
//   (a search answer's path_from_root, index 5231548618), MLC1459 "Inmuebles" and MLC1747 (test fixture, index
//   62675593873), MLC1051, MLC1648, MLC1000, MLC1574 (index 29741043315); MPE1051, MPE1648, MPE1747 (index
//   44626664727, names as written there; MPE1051 and MPE1648 also in 55600071244); MLU1051 and MLU1055 (a search
//   answer's path_from_root, index 23346927209).
// - Leaves of public creation examples: MLA3530 "Otros" under "Otras categorías" (the developer pages' "Item de test -
//   No Ofertar" body and GET /categories/MLA3530, https://developers.mercadolivre.com.br/categorizacao-de-produtos);
//   MLA5529 (the Ray-Ban "Item de test" body of the official-store page and of the official SDK examples; its
//   name was not found, so the one below is a placeholder); MLA401685 "Propiedades Individuales" under Inmuebles >
//   Casas > Venta (domain MLA-INDIVIDUAL_HOUSES_FOR_SALE; index 69617957756, 44986324720, and a real "Item De Test"
//   answer 20801062746); MLM1055 "Celulares y Smartphones" (the user-products page's POST /items body; index
//   56994797789, 54131535686); MLA1902 ("Teacup"), MLA126455 ("Short" with size variations) and MLA52745 (a rental
//   property, classified) from https://developers.mercadolivre.com.br/validador-de-publicacoes; MLA5991 (the "Item de
//   test - No Ofertar" body of the official SDKs: nodejs, python, ruby, php, java; index 43790064590, 2956481158,
//   31285626315, 11701799022); MLA91727 and MLB74723 (shipping examples of the developer pages, index 54289198780,
//   35141387947); MLA378496 and MLB103661 (variation examples, index 59785141797, 38000705545); MLB437616 (the
//   immediate-payment example of the developer pages, index 69122660607; "Livros Físicos" per 56685904627).
//   MLA1055, MLA1744, MLA109042, MLB1055 and MCO1055 were already seeded. Where no public material gave a name, the
//   name says so (`unnamed`); MLA52745's "Alquiler Temporario" comes from public code (index 57449268285) only.
// The seeded categories above keep their ids, names and behaviour: where a real top-level id is one of them
// (MLA1403, MLA1540, MLA3025) the seeded one stays.

/** The name of an example category whose real name no public material gave. */
const unnamed = (example: string) => `Categoría del ejemplo "${example}" (nombre no confirmado)`;

/** Warranty terms without INVOICE, whose Factura A/B/C values only exist in Argentina. */
const WARRANTY_ONLY = [WARRANTY_TYPE, WARRANTY_TIME];

/**
 * WARRANTY_TYPE on MLB, with the same value ids and Portuguese names: the public MLB creation example sends
 * "Garantia do vendedor" (index 69122660607); "Garantia de fábrica" and "Sem garantia" as a public seller form lists
 * them (index 20219179128). The seeded MLB1055 keeps the Spanish definitions.
 */
const WARRANTY_TYPE_PT: SaleTermDefinition = {
  ...WARRANTY_TYPE,
  name: 'Tipo de garantia',
  values: [
    { id: '2230280', name: 'Garantia do vendedor' },
    { id: '2230279', name: 'Garantia de fábrica' },
    { id: '6150835', name: 'Sem garantia' },
  ],
};

type Kind = 'goods' | 'made_to_order' | 'vehicles' | 'real_estate' | 'services' | 'groceries' | 'clothing' | 'paper';

/** The vertical and sale terms of each kind of real category (MANUFACTURING_TIME only where goods are made to order). */
function realCategory(id: string, name: string, kind: Kind): SandboxCategory {
  const argentina = id.startsWith('MLA');
  const warranty = argentina ? WARRANTY : id.startsWith('MLB') ? [WARRANTY_TYPE_PT, WARRANTY_TIME] : WARRANTY_ONLY;
  const invoice = argentina ? [INVOICE] : [];
  switch (kind) {
    case 'goods':
      return category(id, name, 'general', warranty);
    case 'made_to_order':
      return category(id, name, 'general', [...warranty, MANUFACTURING_TIME]);
    case 'vehicles':
      return category(id, name, 'automobiles', warranty);
    case 'real_estate':
      return category(id, name, 'real_estate', invoice);
    case 'services':
      return category(id, name, 'services', invoice);
    case 'groceries':
      return category(id, name, 'supermarket', [...invoice, PURCHASE_MAX_QUANTITY]);
    case 'clothing':
      return category(id, name, 'fashion', [...warranty, MANUFACTURING_TIME]);
    case 'paper':
      // Books and tickets: invoicing on MLA (like the seeded MLA3025); elsewhere the seller's warranty, as the
      // public MLB437616 example sends.
      return category(id, name, 'general', argentina ? [INVOICE] : warranty);
  }
}

const REAL_CATEGORIES: [id: string, name: string, kind: Kind][] = [
  // MLA, top level (MLA1403, MLA1540 and MLA3025 are seeded above).
  ['MLA5725', 'Accesorios para Vehículos', 'goods'],
  ['MLA1512', 'Agro', 'goods'],
  ['MLA1071', 'Animales y Mascotas', 'goods'],
  ['MLA1367', 'Antigüedades y Colecciones', 'goods'],
  ['MLA1368', 'Arte, Librería y Mercería', 'made_to_order'],
  ['MLA1743', 'Autos, Motos y Otros', 'vehicles'],
  ['MLA1384', 'Bebés', 'goods'],
  ['MLA1246', 'Belleza y Cuidado Personal', 'goods'],
  ['MLA1039', 'Cámaras y Accesorios', 'goods'],
  ['MLA1051', 'Celulares y Teléfonos', 'goods'],
  ['MLA1648', 'Computación', 'goods'],
  ['MLA1144', 'Consolas y Videojuegos', 'goods'],
  ['MLA1500', 'Construcción', 'goods'],
  ['MLA1276', 'Deportes y Fitness', 'goods'],
  ['MLA5726', 'Electrodomésticos y Aires Ac.', 'goods'],
  ['MLA1000', 'Electrónica, Audio y Video', 'goods'],
  ['MLA2547', 'Entradas para Eventos', 'paper'],
  ['MLA407134', 'Herramientas', 'goods'],
  ['MLA1574', 'Hogar, Muebles y Jardín', 'made_to_order'],
  ['MLA1499', 'Industrias y Oficinas', 'goods'],
  ['MLA1459', 'Inmuebles', 'real_estate'],
  ['MLA1182', 'Instrumentos Musicales', 'goods'],
  ['MLA3937', 'Joyas y Relojes', 'made_to_order'],
  ['MLA1132', 'Juegos y Juguetes', 'goods'],
  ['MLA1168', 'Música, Películas y Series', 'goods'],
  ['MLA1430', 'Ropa y Accesorios', 'clothing'],
  ['MLA409431', 'Salud y Equipamiento Médico', 'goods'],
  ['MLA9304', 'Souvenirs, Cotillón y Fiestas', 'made_to_order'],
  ['MLA1953', 'Otras categorías', 'goods'],
  // MLA, leaves of public item-creation examples.
  ['MLA3530', 'Otros', 'goods'],
  ['MLA5529', unnamed('Anteojos Ray Ban Wayfare'), 'goods'],
  ['MLA401685', 'Propiedades Individuales', 'real_estate'],
  ['MLA1902', unnamed('Teacup'), 'goods'],
  ['MLA126455', unnamed('Short'), 'clothing'],
  ['MLA52745', 'Alquiler Temporario', 'real_estate'],
  ['MLA5991', unnamed('Item de test - No Ofertar'), 'goods'],
  ['MLA91727', unnamed('Item de teste'), 'goods'],
  ['MLA378496', unnamed('Item de testeo'), 'goods'],
  // MLB, top level.
  ['MLB5672', 'Acessórios para Veículos', 'goods'],
  ['MLB271599', 'Agro', 'goods'],
  ['MLB1403', 'Alimentos e Bebidas', 'groceries'],
  ['MLB1071', 'Animais', 'goods'],
  ['MLB1367', 'Antiguidades e Coleções', 'goods'],
  ['MLB1368', 'Arte, Papelaria e Armarinho', 'made_to_order'],
  ['MLB1384', 'Bebês', 'goods'],
  ['MLB1246', 'Beleza e Cuidado Pessoal', 'goods'],
  ['MLB1132', 'Brinquedos e Hobbies', 'goods'],
  ['MLB1430', 'Calçados, Roupas e Bolsas', 'clothing'],
  ['MLB1039', 'Câmeras e Acessórios', 'goods'],
  ['MLB1743', 'Carros, Motos e Outros', 'vehicles'],
  ['MLB1574', 'Casa, Móveis e Decoração', 'made_to_order'],
  ['MLB1051', 'Celulares e Telefones', 'goods'],
  ['MLB1500', 'Construção', 'goods'],
  ['MLB5726', 'Eletrodomésticos', 'goods'],
  ['MLB1000', 'Eletrônicos, Áudio e Vídeo', 'goods'],
  ['MLB1276', 'Esportes e Fitness', 'goods'],
  ['MLB263532', 'Ferramentas', 'goods'],
  ['MLB12404', 'Festas e Lembrancinhas', 'made_to_order'],
  ['MLB1144', 'Games', 'goods'],
  ['MLB1459', 'Imóveis', 'real_estate'],
  ['MLB1499', 'Indústria e Comércio', 'goods'],
  ['MLB1648', 'Informática', 'goods'],
  ['MLB218519', 'Ingressos', 'paper'],
  ['MLB1182', 'Instrumentos Musicais', 'goods'],
  ['MLB3937', 'Joias e Relógios', 'made_to_order'],
  ['MLB1196', 'Livros, Revistas e Comics', 'paper'],
  ['MLB1168', 'Música, Filmes e Seriados', 'goods'],
  ['MLB264586', 'Saúde', 'goods'],
  ['MLB1540', 'Serviços', 'services'],
  ['MLB1953', 'Mais Categorias', 'goods'],
  // MLB, leaves of public item-creation examples.
  ['MLB74723', unnamed('Item de teste'), 'goods'],
  ['MLB103661', unnamed('Test Item - Nao ofertar'), 'goods'],
  ['MLB437616', 'Livros Físicos', 'paper'],
  // MLM, top level, and the leaf of the user-products creation example.
  ['MLM1747', 'Accesorios para Vehículos', 'goods'],
  ['MLM189530', 'Agro', 'goods'],
  ['MLM1403', 'Alimentos y Bebidas', 'groceries'],
  ['MLM1071', 'Animales y Mascotas', 'goods'],
  ['MLM1367', 'Antigüedades y Colecciones', 'goods'],
  ['MLM1368', 'Arte, Papelería y Mercería', 'made_to_order'],
  ['MLM1743', 'Autos, Motos y Otros', 'vehicles'],
  ['MLM1384', 'Bebés', 'goods'],
  ['MLM1246', 'Belleza y Cuidado Personal', 'goods'],
  ['MLM1039', 'Cámaras y Accesorios', 'goods'],
  ['MLM1051', 'Celulares y Telefonía', 'goods'],
  ['MLM1648', 'Computación', 'goods'],
  ['MLM1144', 'Consolas y Videojuegos', 'goods'],
  ['MLM1500', 'Construcción', 'goods'],
  ['MLM1276', 'Deportes y Fitness', 'goods'],
  ['MLM1575', 'Electrodomésticos', 'goods'],
  ['MLM1000', 'Electrónica, Audio y Video', 'goods'],
  ['MLM186863', 'Herramientas', 'goods'],
  ['MLM1574', 'Hogar, Muebles y Jardín', 'made_to_order'],
  ['MLM1499', 'Industrias y Oficinas', 'goods'],
  ['MLM1459', 'Inmuebles', 'real_estate'],
  ['MLM1182', 'Instrumentos Musicales', 'goods'],
  ['MLM3937', 'Joyas y Relojes', 'made_to_order'],
  ['MLM1132', 'Juegos y Juguetes', 'goods'],
  ['MLM3025', 'Libros, Revistas y Comics', 'paper'],
  ['MLM1168', 'Música, Películas y Series', 'goods'],
  ['MLM44011', 'Recuerdos, Cotillón y Fiestas', 'made_to_order'],
  ['MLM1430', 'Ropa, Bolsas y Calzado', 'clothing'],
  ['MLM187772', 'Salud y Equipamiento Médico', 'goods'],
  ['MLM1540', 'Servicios', 'services'],
  ['MLM1953', 'Otras Categorías', 'goods'],
  ['MLM1055', 'Celulares y Smartphones', 'goods'],
  // MCO, top level (MCO1055 is seeded above).
  ['MCO1747', 'Accesorios para Vehículos', 'goods'],
  ['MCO441917', 'Agro', 'goods'],
  ['MCO1403', 'Alimentos y Bebidas', 'groceries'],
  ['MCO1071', 'Animales y Mascotas', 'goods'],
  ['MCO1367', 'Antigüedades y Colecciones', 'goods'],
  ['MCO1368', 'Arte, Papelería y Mercería', 'made_to_order'],
  ['MCO1384', 'Bebés', 'goods'],
  ['MCO1246', 'Belleza y Cuidado Personal', 'goods'],
  ['MCO40433', 'Boletas para Espectáculos', 'paper'],
  ['MCO1039', 'Cámaras y Accesorios', 'goods'],
  ['MCO1743', 'Carros, Motos y Otros', 'vehicles'],
  ['MCO1051', 'Celulares y Teléfonos', 'goods'],
  ['MCO1648', 'Computación', 'goods'],
  ['MCO1144', 'Consolas y Videojuegos', 'goods'],
  ['MCO1276', 'Deportes y Fitness', 'goods'],
  ['MCO5726', 'Electrodomésticos', 'goods'],
  ['MCO1000', 'Electrónica, Audio y Video', 'goods'],
  ['MCO175794', 'Herramientas y Construcción', 'goods'],
  ['MCO1574', 'Hogar y Muebles', 'made_to_order'],
  ['MCO1499', 'Industrias y Oficinas', 'goods'],
  ['MCO1459', 'Inmuebles', 'real_estate'],
  ['MCO1182', 'Instrumentos Musicales', 'goods'],
  ['MCO1132', 'Juegos y Juguetes', 'goods'],
  ['MCO3025', 'Libros, Revistas y Comics', 'paper'],
  ['MCO1168', 'Música, Películas y Series', 'goods'],
  ['MCO118204', 'Recuerdos, Piñatería y Fiestas', 'made_to_order'],
  ['MCO3937', 'Relojes y Joyas', 'made_to_order'],
  ['MCO1430', 'Ropa y Accesorios', 'clothing'],
  ['MCO180800', 'Salud y Equipamiento Médico', 'goods'],
  ['MCO1540', 'Servicios', 'services'],
  ['MCO1953', 'Otras categorías', 'goods'],
  // MLC: only the top-level ids confirmed from public material.
  ['MLC1743', 'Vehículos', 'vehicles'],
  ['MLC1459', 'Inmuebles', 'real_estate'],
  ['MLC1747', 'Accesorios para Vehiculos', 'goods'],
  ['MLC1051', 'Celulares y Telefonía', 'goods'],
  ['MLC1648', 'Computación', 'goods'],
  ['MLC1000', 'Electrónica, Audio y Video', 'goods'],
  ['MLC1574', 'Hogar y Muebles', 'made_to_order'],
  // MPE: only the top-level ids confirmed from public material (names as the public code writes them).
  ['MPE1051', 'Celulares y telefonos', 'goods'],
  ['MPE1648', 'Computación', 'goods'],
  ['MPE1747', 'Accesorios para Vehículos', 'goods'],
  // MLU: the only top-level id confirmed from public material, and its phones leaf.
  ['MLU1051', 'Celulares y Telefonía', 'goods'],
  ['MLU1055', 'Celulares y Smartphones', 'goods'],
];

/** Every category of the sandbox, keyed by id. */
export function seedCategories(): Record<string, SandboxCategory> {
  const list: SandboxCategory[] = [
    category('MLA1577', 'Microondas', 'general', MLA1577_TERMS),
    category('MLA1055', 'Celulares y Smartphones', 'general', [...WARRANTY, MANUFACTURING_TIME]),
    category('MLA3025', 'Libros Físicos', 'general', [INVOICE]),
    // Vehicle, real-estate and services categories list MANUFACTURING_TIME like any other: the vertical is what
    // forbids it (rule 3), which is why the rule cannot rely on the category list alone.
    category('MLA1744', 'Autos y Camionetas', 'automobiles', [...WARRANTY, MANUFACTURING_TIME, ...VEHICLE_TERMS]),
    category('MLA1745', 'Pick-ups', 'automobiles', [...WARRANTY, ...VEHICLE_TERMS]),
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
  const seeded = Object.fromEntries(list.map((entry) => [entry.id, entry]));
  // The seeded categories win over a real one with the same id (tests and seeded items depend on them).
  for (const [id, name, kind] of REAL_CATEGORIES) seeded[id] ??= realCategory(id, name, kind);
  return seeded;
}
