// The enrichment table of the payload schemas (`jsonSchemas.ts` generates them): what each field means in the spec's
// words, the known values with their meaning, snippets and examples, one entry per field path of each payload family.
import * as l10n from '@vscode/l10n';
import {
  KNOWN_BUYING_MODES,
  KNOWN_CONDITIONS,
  KNOWN_LISTING_TYPES,
  MANUFACTURING_TIME_UNIT,
  serverSetReasons,
} from './item';
import { FEEDBACK_MESSAGE_LIMIT, NOTE_MAX_LENGTH } from './order';
import { MAX_MEASUREMENTS_PER_CHART, type MEASUREMENT_IDS } from './sizeChart';

export type JsonSchema = { [keyword: string]: unknown };

/** A completion snippet: `^` before a string inserts it raw (numbers, booleans, null); `$1`, `${1:text}` are tab stops. */
export interface Snippet {
  label: string;
  description: string;
  body: unknown;
}

/** One generated schema and where it applies. */

export interface FieldDoc {
  /** What the field means, in the spec's words (hover and completion documentation). */
  doc: string;
  /** A description for each enum value, in any order (every value of the enum must have one). */
  values?: Record<string, string>;
  /** With `values`: suggest them, but accept any string (the spec's list is not closed: sites add their own). */
  open?: boolean;
  examples?: unknown[];
  snippets?: Snippet[];
  doNotSuggest?: boolean;
  /** Conditional suggestions (`allOf` of `if`/`then` with examples); they may not replace what the model generated. */
  constraints?: JsonSchema;
}

// ---------------------------------------------------------------------------------------------------------------
// Facts shared by several fields
// ---------------------------------------------------------------------------------------------------------------

/** Sale term ids the spec shows (a category may list others; `GET /categories/{id}/sale_terms` is the authority). */
export const SALE_TERM_IDS = [
  'INVOICE',
  'WARRANTY_TYPE',
  'WARRANTY_TIME',
  'MANUFACTURING_TIME',
  'PURCHASE_MAX_QUANTITY',
  'SUBSCRIBABLE',
  'PRICE_SUBSCRIPTION',
  'SUBSCRIPTION_FREE_SHIPPING',
  'LOYALTY_LEVEL_1',
  'LOYALTY_LEVEL_2',
  'LOYALTY_LEVEL_3',
  'LOYALTY_LEVEL_4',
  'LOYALTY_LEVEL_5',
  'LOYALTY_LEVEL_6',
  'CHECKOUT_EXCHANGE_RATE',
  'DISCOUNT_SUBSCRIPTION',
] as const;

export const loyaltyLevel = (level: number): [string, string] => [
  `LOYALTY_LEVEL_${level}`,
  `Price for loyalty level ${level}: \`number_unit\`, a number, a space and a unit (USD, UVA or ARS; default USD), at most 255 characters.`,
];

/** What each sale term id means (value types and units of the spec's example category MLA1577). */
export const SALE_TERM_DOCS: Record<(typeof SALE_TERM_IDS)[number], string> = {
  INVOICE: 'Invoice (Facturación): `list`, one of the values of the category’s definition, e.g. "Factura A".',
  WARRANTY_TYPE:
    'Warranty type: `list`, one of the values of the category’s definition, e.g. "Garantía del vendedor", "Garantía de fábrica" or "Sin garantía".',
  WARRANTY_TIME:
    'Warranty time: `number_unit`, a number, a space and a unit (días, meses or años; default meses), e.g. "6 meses".',
  MANUFACTURING_TIME:
    'Stock availability time: whole days and the unit días, at most 45, e.g. "30 días". Not allowed for Real Estate, Automobiles and Services listings, nor for items with flex delivery or in fulfillment; the category’s sale terms must list it. Items with an availability time are shown after items with stock. Remove it with `value_id` and `value_name` null.',
  PURCHASE_MAX_QUANTITY:
    'Maximum purchase quantity: a number sent as text, at most 18 characters (value_max_length). Only for supermarket-type categories whose sale terms list it.',
  SUBSCRIBABLE: 'Accepts subscription: `boolean`, "Sí" or "No".',
  PRICE_SUBSCRIPTION:
    'Subscription price: `number_unit`, a number, a space and a unit (USD, UVA or ARS; default USD), at most 255 characters.',
  SUBSCRIPTION_FREE_SHIPPING: 'Free shipping on subscription: `boolean`, "Sí" or "No".',
  ...(Object.fromEntries([1, 2, 3, 4, 5, 6].map(loyaltyLevel)) as Record<
    `LOYALTY_LEVEL_${1 | 2 | 3 | 4 | 5 | 6}`,
    string
  >),
  CHECKOUT_EXCHANGE_RATE: 'Checkout exchange rate: `number_unit` with the unit ARS/USD.',
  DISCOUNT_SUBSCRIPTION: 'Subscription discount: `number_unit` with the unit %.',
};

/** The country sites the spec names and their currencies. */
export const SITES: Record<string, [country: string, currency: string]> = {
  MLA: ['Argentina', 'ARS'],
  MLB: ['Brazil', 'BRL'],
  MLM: ['Mexico', 'MXN'],
  MCO: ['Colombia', 'COP'],
  MLC: ['Chile', 'CLP'],
  MPE: ['Peru', 'PEN'],
  MLU: ['Uruguay', 'UYU'],
};
export const CURRENCY_DOCS: Record<string, string> = {
  ...Object.fromEntries(
    Object.entries(SITES).map(([site, [country, currency]]) => [currency, `Currency of ${country} (site ${site}).`]),
  ),
  USD: 'US dollar, where the site accepts it.',
};

/** The `N días` examples of MANUFACTURING_TIME, and the unit every example uses. */
export const MANUFACTURING_TIME_EXAMPLES = [`30 ${MANUFACTURING_TIME_UNIT}`, `15 ${MANUFACTURING_TIME_UNIT}`];

/** JSON Schema's `if`/`then`: when `condition` holds, `consequence` must too. */
export const when = (condition: JsonSchema, consequence: JsonSchema): JsonSchema => ({
  if: condition,
  // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword, not a thenable.
  then: consequence,
});

/** Values to suggest for a sale term's value_name once its id is known. */
export const saleTermValues = (id: string, examples: string[]): JsonSchema =>
  when({ properties: { id: { const: id } }, required: ['id'] }, { properties: { value_name: { examples } } });

/** The feedback pairing: once fulfilled is written, the rating that goes with it is suggested. */
export const feedbackPair = (fulfilled: boolean, rating: string): JsonSchema =>
  when(
    { properties: { fulfilled: { const: fulfilled } }, required: ['fulfilled'] },
    { properties: { rating: { examples: [rating] } } },
  );

export const idName = (what: string, of: string): Record<string, FieldDoc> => ({
  [of]: { doc: `${what}: \`{id, name}\`.` },
  [`${of}.id`]: { doc: `Id of the ${what.toLowerCase()}.` },
  [`${of}.name`]: { doc: `Name of the ${what.toLowerCase()}.` },
});

export const attributeDocs = (path: string): Record<string, FieldDoc> => ({
  [`${path}[].id`]: { doc: 'Attribute id, e.g. `BRAND`, `MODEL`, `SIZE` or `COLOR`.' },
  [`${path}[].name`]: { doc: 'Attribute name as the category shows it.' },
  [`${path}[].value_id`]: { doc: 'Id of one of the attribute’s preset values, when it has them.' },
  [`${path}[].value_name`]: { doc: 'The value as text, e.g. "M" for SIZE.' },
  [`${path}[].value_struct`]: {
    doc: 'A number and a unit, for attributes measured in units: `{"number": 10, "unit": "cm"}`.',
  },
  [`${path}[].values`]: {
    doc: 'The values of the attribute as an answer lists them; a copy may keep them.',
    doNotSuggest: true,
  },
  [`${path}[].attribute_group_id`]: { doc: 'Group of the attribute as an answer shows it.', doNotSuggest: true },
  [`${path}[].attribute_group_name`]: {
    doc: 'Name of the attribute’s group as an answer shows it.',
    doNotSuggest: true,
  },
});

// ---------------------------------------------------------------------------------------------------------------
// Snippets
// ---------------------------------------------------------------------------------------------------------------

/** A tab stop with its default text: `${1:text}` (`$1` without one). */
export const tab = (index: number, text?: string): string =>
  text === undefined ? `$${index}` : '$' + `{${index}:${text}}`;
/** A tab stop that offers a choice: `${1|a,b|}`. */
export const choice = (index: number, options: string[]): string => '$' + `{${index}|${options.join(',')}|}`;
/** A value inserted as is, not as a JSON string (numbers, booleans, null). */
export const raw = (text: string): string => `^${text}`;

export const SET_MANUFACTURING_TIME = { id: 'MANUFACTURING_TIME', value_name: `${tab(1, '30')} días` };
export const REMOVE_MANUFACTURING_TIME = { id: 'MANUFACTURING_TIME', value_id: raw('null'), value_name: raw('null') };
export const SET_PURCHASE_MAX_QUANTITY = { id: 'PURCHASE_MAX_QUANTITY', value_name: tab(1, '6') };

export const SALE_TERM_SNIPPETS: Snippet[] = [
  {
    label: 'MANUFACTURING_TIME',
    description: 'Stock availability time: whole days and the unit días, at most 45.',
    body: SET_MANUFACTURING_TIME,
  },
  {
    label: 'Remove MANUFACTURING_TIME',
    description: 'Removes the availability time: value_id and value_name null.',
    body: REMOVE_MANUFACTURING_TIME,
  },
  {
    label: 'PURCHASE_MAX_QUANTITY',
    description: 'Maximum purchase quantity, a number as text (supermarket-type categories).',
    body: SET_PURCHASE_MAX_QUANTITY,
  },
  {
    label: 'WARRANTY_TIME',
    description: 'Warranty time: a number and a unit (días, meses, años).',
    body: { id: 'WARRANTY_TIME', value_name: `${tab(1, '6')} ${choice(2, ['meses', 'días', 'años'])}` },
  },
];

export const NEW_ITEM: Snippet = {
  label: 'New item',
  description: 'A new listing with the fields every creation needs (title, category_id, price, currency_id) and stock.',
  body: {
    title: tab(1, 'Celular Motorola Moto G54 128 GB Azul'),
    category_id: tab(2, 'MLA1055'),
    price: raw(tab(3, '350000')),
    currency_id: tab(4, 'ARS'),
    available_quantity: raw(tab(5, '10')),
    buying_mode: 'buy_it_now',
    listing_type_id: choice(6, ['gold_special', 'gold_premium', 'gold', 'free']),
    condition: choice(7, ['new', 'used', 'not_specified']),
    pictures: [{ source: tab(8, 'https://example.com/pictures/moto-g54.jpg') }],
  },
};

export const SET_AVAILABILITY: Snippet = {
  label: 'Set availability time (MANUFACTURING_TIME)',
  description: 'Declares the days needed to have stock: whole days and the unit días, at most 45.',
  body: { sale_terms: [SET_MANUFACTURING_TIME] },
};
export const REMOVE_AVAILABILITY: Snippet = {
  label: 'Remove availability time (MANUFACTURING_TIME)',
  description: 'Removes the availability time: value_id and value_name null.',
  body: { sale_terms: [REMOVE_MANUFACTURING_TIME] },
};
export const SET_MAX_QUANTITY: Snippet = {
  label: 'Set maximum purchase quantity (PURCHASE_MAX_QUANTITY)',
  description: 'Supermarket-type categories whose sale terms list PURCHASE_MAX_QUANTITY: the number as text.',
  body: { sale_terms: [SET_PURCHASE_MAX_QUANTITY] },
};

export const ITEM_UPDATE_SNIPPETS: Snippet[] = [
  {
    label: 'Change title and price',
    description: 'The title can change while the item has no sales.',
    body: { title: tab(1, 'Celular Motorola Moto G54 128 GB Azul'), price: raw(tab(2, '340000')) },
  },
  {
    label: 'Change stock',
    description: 'available_quantity 0 pauses an active item (out_of_stock); more than 0 reactivates it.',
    body: { available_quantity: raw(tab(1, '10')) },
  },
  { label: 'Pause', description: 'Hidden from other users; can be reactivated.', body: { status: 'paused' } },
  { label: 'Reactivate', description: 'Reactivates a paused item.', body: { status: 'active' } },
  {
    label: 'Close',
    description: 'Final: a closed item cannot be reactivated (it can be relisted).',
    body: { status: 'closed' },
  },
  {
    label: 'Delete a closed item',
    description: 'Irreversible; the item must be closed first.',
    body: { deleted: 'true' },
  },
  SET_AVAILABILITY,
  REMOVE_AVAILABILITY,
  SET_MAX_QUANTITY,
  {
    label: 'Seller custom field (SKU)',
    description: 'A free string with no preset values, typically the seller’s own SKU.',
    body: { seller_custom_field: tab(1, 'SKU-0001') },
  },
];

// ---------------------------------------------------------------------------------------------------------------
// The enrichment table: one entry per field path (`a.b`, `list[]` for an array's items) of each payload family
// ---------------------------------------------------------------------------------------------------------------

export const ITEM_FIELDS: Record<string, FieldDoc> = {
  site_id: {
    doc: 'Country site id, e.g. MLA; the category belongs to the same site (MLA1055 is on MLA).',
    values: Object.fromEntries(Object.entries(SITES).map(([site, [country]]) => [site, `${country}.`])),
    open: true,
  },
  title: {
    doc: 'Required at creation, unless the User Products flow sends family_name instead. Best as words separated by spaces, without symbols or punctuation (the spec’s advice; the API accepts others). It can change while the item has no sales (sold_quantity 0); with sales it cannot.',
  },
  family_name: {
    doc: 'The User Products creation: the name of the product family, sent instead of `title` (the flow’s docs say not to send `title`); a creation needs one of the two.',
  },
  subtitle: { doc: 'Subtitle of the listing (or null), where the site offers it.' },
  category_id: {
    doc: 'Required; only preset category ids are accepted: the site id and a number, e.g. MLA1055 (Celulares y Smartphones) or MLA1577 (Microondas). The category’s sale terms (`GET /categories/{category_id}/sale_terms`) say which sale terms the item may set.',
  },
  official_store_id: {
    doc: 'Id of the seller’s official store (a number, or null): publishing in an official store needs it. Fixed at creation.',
  },
  original_price: { doc: 'The price before a discount (or null); promotions usually set it.' },
  price: {
    doc: 'Required at creation: the price in `currency_id`, above 0, a number (numeric text such as "1000" is taken too). It can change while the item is active.',
  },
  currency_id: {
    doc: 'Required; a preset currency id, the site’s own currency (ARS on MLA, BRL on MLB…).',
    values: CURRENCY_DOCS,
    open: true,
  },
  available_quantity: {
    doc: 'Stock: a whole number of units (whole-number text such as "10" is taken too). Setting 0 on an active item with condition new that is not a free listing pauses it (sub_status out_of_stock); more than 0 reactivates it. In some categories a used item may stock at most 1 unit (MLA1322, MLA3114, MLA47786, MLA430281 on MLA).',
  },
  buying_mode: {
    doc: 'How buyers buy. It cannot change once the item has sales. The known modes are suggestions: the category decides.',
    values: { ...KNOWN_BUYING_MODES },
    open: true,
  },
  listing_type_id: {
    doc: 'Listing type (exposure and sale charges). Each site lists its own (`GET /sites/{site_id}/listing_types`); the known ones are suggestions. With no sales it can be modified only once; upgrades are a separate resource.',
    values: { ...KNOWN_LISTING_TYPES },
    open: true,
  },
  condition: {
    doc: 'Condition of the product. It cannot change once the item has sales. The known conditions are suggestions: the category decides.',
    values: { ...KNOWN_CONDITIONS },
    open: true,
  },
  pictures: {
    doc: 'Pictures: `{"source": "<image URL>"}` for a new one, `{"id": "…"}` to keep one already uploaded. At most six URLs are recommended at creation.',
    snippets: [
      {
        label: 'Picture by URL',
        description: 'A new picture downloaded from its URL.',
        body: { source: tab(1, 'https://example.com/pictures/front.jpg') },
      },
    ],
  },
  'pictures[].source': {
    doc: 'URL of the image; the marketplace downloads it (the item waits paused while a picture download is pending).',
  },
  'pictures[].id': { doc: 'Id of a picture the item already has, to keep it.' },
  ...Object.fromEntries(
    ['url', 'secure_url', 'size', 'max_size', 'quality'].map((key) => [
      `pictures[].${key}`,
      {
        doc: `The picture’s ${key} as an answer shows it; the marketplace sets it, a copied picture may keep it.`,
        doNotSuggest: true,
      },
    ]),
  ),
  sale_terms: {
    doc: 'Sale terms, each sent as `{id, value_name}` (and `value_id` when needed). To remove one, send `value_id` and `value_name` null. Only the sale terms of the category’s list can be set.',
  },
  'sale_terms[]': {
    doc: 'One sale term: `{id, value_name}`, or `{id, value_id: null, value_name: null}` to remove it.',
    snippets: SALE_TERM_SNIPPETS,
    constraints: {
      allOf: [
        saleTermValues('MANUFACTURING_TIME', MANUFACTURING_TIME_EXAMPLES),
        saleTermValues('PURCHASE_MAX_QUANTITY', ['6']),
      ],
    },
  },
  'sale_terms[].id': {
    doc: 'Sale term id, from the category’s sale terms (`GET /categories/{category_id}/sale_terms`).',
    values: SALE_TERM_DOCS,
    open: true,
  },
  'sale_terms[].value_name': {
    doc: 'The value as text: a number, a space and a unit for `number_unit` terms ("30 días", "6 meses"), a number for `number` terms ("6"), a value’s name for `list` terms. null together with `value_id` null removes the term.',
  },
  'sale_terms[].value_id': {
    doc: 'Id of one of the values of a `list` or `boolean` term (from its definition). null together with `value_name` null removes the term.',
  },
  seller_contact: {
    doc: 'Contact of a classified listing (vehicles, real estate, services). All fields are strings.',
  },
  'seller_contact.contact': { doc: 'Name of the contact person.' },
  'seller_contact.other_info': { doc: 'Other contact information.' },
  'seller_contact.area_code': { doc: 'Area code of the phone.' },
  'seller_contact.phone': { doc: 'Phone number.' },
  'seller_contact.area_code2': { doc: 'Area code of the second phone.' },
  'seller_contact.phone2': { doc: 'Second phone number.' },
  'seller_contact.email': { doc: 'Contact e-mail.' },
  'seller_contact.webpage': { doc: 'Contact web page.' },
  location: { doc: 'Location of a classified listing (vehicles, real estate, services).' },
  'location.address_line': { doc: 'Street and number.' },
  'location.zip_code': { doc: 'Postal code.' },
  ...idName('Neighborhood', 'location.neighborhood'),
  ...idName('City', 'location.city'),
  ...idName('State', 'location.state'),
  ...idName('Country', 'location.country'),
  'location.latitude': { doc: 'Latitude, in decimal degrees.' },
  'location.longitude': { doc: 'Longitude, in decimal degrees.' },
  'location.open_hours': { doc: 'Opening hours, as text.' },
  shipping: {
    doc: 'Shipping: mode, local_pick_up, free_shipping, methods, dimensions (or null), tags, profile_id (or null, on creation). Flex delivery (tag `self_service_in`) and fulfillment exclude MANUFACTURING_TIME.',
  },
  'shipping.mode': { doc: 'Shipping mode, e.g. `me2` or `not_specified`.', examples: ['me2', 'not_specified'] },
  'shipping.local_pick_up': { doc: 'Whether the buyer may pick the item up.' },
  'shipping.free_shipping': { doc: 'Whether shipping is free for the buyer.' },
  'shipping.methods': { doc: 'Shipping methods.' },
  'shipping.free_methods': {
    doc: 'Shipping methods offered free to the buyer, as public creation bodies send them (e.g. `[{"id": 73328, "rule": {"free_mode": "country", "value": null}}]`).',
  },
  'shipping.costs': { doc: 'Costs of a custom shipping mode, as older public creation bodies send them.' },
  'shipping.dimensions': {
    doc: 'Package dimensions: height x width x length joined by x, then a comma and the weight, e.g. `10x10x20,500` (cm and grams). null when unknown.',
    examples: ['10x10x20,500'],
  },
  'shipping.tags': {
    doc: 'Shipping tags. `self_service_in` means flex delivery, which excludes MANUFACTURING_TIME.',
  },
  'shipping.logistic_type': {
    doc: 'Logistic type; `fulfillment` means the item belongs to fulfillment, which excludes MANUFACTURING_TIME. Usually set by the marketplace.',
    doNotSuggest: true,
  },
  'shipping.profile_id': { doc: 'Shipping profile id (or null), on creation.' },
  attributes: {
    doc: 'Attributes such as BRAND, MODEL or SIZE. An item can be associated with a size chart only when its SIZE attribute is complete. HAS_COMPATIBILITIES shows an item made compatible with vehicles.',
  },
  ...attributeDocs('attributes'),
  'variations[].attributes': {
    doc: 'Attributes of the variation itself, such as its `SELLER_SKU` or `GTIN` (not the combination that tells it apart).',
  },
  ...attributeDocs('variations[].attributes'),
  variations: { doc: 'Variations: combinations of attributes (size, colour) with their own stock and price.' },
  'variations[].id': { doc: 'Id of an existing variation (leave it out for a new one).' },
  'variations[].price': { doc: 'Price of the variation, above 0.' },
  'variations[].available_quantity': { doc: 'Stock of the variation.' },
  'variations[].attribute_combinations': { doc: 'The attributes that make this variation, e.g. SIZE M.' },
  ...attributeDocs('variations[].attribute_combinations'),
  'variations[].picture_ids': { doc: 'Ids of the item’s pictures that show this variation.' },
  'variations[].seller_custom_field': { doc: 'The seller’s own SKU of this variation.' },
  coverage_areas: { doc: 'Coverage areas of the listing.' },
  video_id: { doc: 'Id of the listing’s video (or null).' },
  accepts_platformpago: { doc: 'Whether the integrated payment platform is accepted.' },
  non_platformpago_payment_methods: { doc: 'Payment methods accepted besides the integrated payment platform.' },
  description: {
    doc: 'The description: `{"plain_text": "…"}`, or a plain string as older public examples send it. Plain text only, with no contact information.',
  },
  'description.plain_text': { doc: 'Plain text; it must not contain contact information.' },
  seller_custom_field: { doc: 'Optional free string with no preset values; typically holds the seller’s own SKU.' },
  international_delivery_mode: { doc: 'International delivery mode, e.g. `none`.' },
  tags: {
    doc: 'Tags of the listing, e.g. `immediate_payment`; the marketplace adds its own.',
    examples: [['immediate_payment']],
  },
  warranty: {
    doc: 'Warranty as free text (or null); the WARRANTY_TYPE and WARRANTY_TIME sale terms say it in a structured way.',
  },
  catalog_product_id: { doc: 'Catalog product the listing belongs to (or null).' },
  differential_pricing: {
    doc: 'Differential pricing (or null); set by the marketplace for some sellers.',
    doNotSuggest: true,
  },
  automatic_relist: { doc: 'Whether the listing is relisted automatically when it ends.' },
};

/** A creation: every shared field, and the fields the marketplace sets, explained and never suggested. */
export const ITEM_CREATE_FIELDS: Record<string, FieldDoc> = {
  ...ITEM_FIELDS,
  ...Object.fromEntries(
    Object.entries(serverSetReasons()).map(([key, reason]) => [
      key,
      {
        doc: `Set by the marketplace: ${reason}. A creation that carries it is accepted and the value ignored.`,
        doNotSuggest: true,
      },
    ]),
  ),
};

/** An update: the shared fields, and the status and deletion variants of the spec's PUT table. */
export const ITEM_UPDATE_FIELDS: Record<string, FieldDoc> = {
  ...ITEM_FIELDS,
  status: {
    doc: 'Change of status. A paused item is hidden and can be reactivated; a closed one cannot (it can be relisted, or deleted with `deleted: "true"`).',
    values: {
      active: 'Reactivates a paused item.',
      paused: 'Pauses an active item: hidden from other users; it can be reactivated.',
      closed: 'Closes an active or paused item: final, it cannot be reactivated.',
    },
  },
  deleted: {
    doc: 'Sent as the text `"true"` to delete a closed item (irreversible). Close it first with `status: "closed"`.',
  },
};

export const sizeChartFields = (): Record<string, FieldDoc> => ({
  name: { doc: l10n.t('Name of the chart, e.g. "Remeras hombre".') },
  sizes: {
    doc: l10n.t(
      'The sizes (rows) of the chart, each with its measurements. Size names are unique, each measurement appears once per size, and the chart uses between 1 and {0} distinct measurement attributes.',
      MAX_MEASUREMENTS_PER_CHART,
    ),
  },
  'sizes[].name': { doc: l10n.t('The size, e.g. "M" or "40"; unique within the chart.') },
  'sizes[].measurements': {
    doc: l10n.t(
      'The size’s measurements: `{id, value}`, each measurement attribute once, at most {0}.',
      MAX_MEASUREMENTS_PER_CHART,
    ),
    snippets: [
      {
        label: l10n.t('Measurement'),
        description: l10n.t('A measurement attribute and its value in cm.'),
        body: { id: tab(1, 'CHEST_CIRCUMFERENCE'), value: tab(2, '96') },
      },
    ],
  },
  'sizes[].measurements[].id': {
    doc: l10n.t(
      'Measurement attribute id (type NUMBER_UNIT, default unit cm). A chart may use only the measurements applicable to it: `GET /size_charts/measurements?site_id=MLA` lists them.',
    ),
    values: {
      BELT_LENGTH: l10n.t('Belt length (cm).'),
      CHEST_CIRCUMFERENCE: l10n.t('Chest circumference (cm).'),
      FOOTWEAR_LENGTH: l10n.t('Footwear length (cm).'),
      FOOTWEAR_WIDTH: l10n.t('Footwear width (cm).'),
      HEAD_CIRCUMFERENCE: l10n.t('Head circumference (cm).'),
      HIP_CIRCUMFERENCE: l10n.t('Hip circumference (cm).'),
      INSEAM_LENGTH: l10n.t('Inseam length (cm).'),
      PALM_WIDTH: l10n.t('Palm width (cm).'),
      SLEEVE_LENGTH: l10n.t('Sleeve length (cm).'),
      TOTAL_LENGTH: l10n.t('Total length (cm).'),
      WAIST_CIRCUMFERENCE: l10n.t('Waist circumference (cm).'),
    } satisfies Record<(typeof MEASUREMENT_IDS)[number], string>,
    open: true,
  },
  'sizes[].measurements[].value': {
    doc: l10n.t(
      'A number such as `92`, or a range written `a - b` such as `90 - 94` (smaller figure first). The chart shows one figure for a range.',
    ),
    examples: ['92', '90 - 94'],
  },
});

export const chartItemsFields = (): Record<string, FieldDoc> => ({
  items: {
    doc: l10n.t(
      'The full list of items to keep associated with the chart: the call replaces the previous list. Each item must be a listing of the chart’s creator with its SIZE attribute complete.',
    ),
  },
  'items[]': {
    doc: l10n.t('An item id, e.g. MLA1400000401.'),
  },
});

export const noteFields = (): Record<string, FieldDoc> => ({
  note: {
    doc: l10n.t(
      'The seller’s note on the order: at most {0} characters. Notes may be changed or deleted later.',
      NOTE_MAX_LENGTH,
    ),
  },
});

export const feedbackFields = (): Record<string, FieldDoc> => ({
  fulfilled: {
    doc: l10n.t(
      '`true` when the vehicle was delivered (rate it `positive`; the buyer then confirms receipt and the reservation money is released), `false` when the reservation is returned (rate it `neutral`; the amount is refunded to the buyer automatically).',
    ),
  },
  rating: {
    doc: l10n.t('The rating: `positive` with fulfilled true, `neutral` with fulfilled false.'),
    values: {
      positive: l10n.t('Delivered: goes with fulfilled true.'),
      neutral: l10n.t('Returned: goes with fulfilled false; the reservation amount is refunded to the buyer.'),
      negative: l10n.t('Not used for reservations: a delivered one is positive and a returned one neutral.'),
    },
    open: true,
  },
  message: { doc: l10n.t('An optional message, under {0} characters.', FEEDBACK_MESSAGE_LIMIT) },
  reason: { doc: l10n.t('An optional reason for the rating (the spec does not describe it).') },
  restock_item: {
    doc: l10n.t(
      'On a return (fulfilled false): whether the vehicle goes back on sale. The sandbox restocks unless it is false.',
    ),
  },
});

export const blacklistFields = (): Record<string, FieldDoc> => ({
  user_id: { doc: l10n.t('Id of the user to bar from bidding on your listings (a number).') },
});

/** Every field's enrichment, by payload family; the families after the items' in the language configured when it runs. */
export const fieldDocs = () =>
  ({
    itemCreate: ITEM_CREATE_FIELDS,
    itemUpdate: ITEM_UPDATE_FIELDS,
    sizeChart: sizeChartFields(),
    chartItems: chartItemsFields(),
    note: noteFields(),
    feedback: feedbackFields(),
    blacklist: blacklistFields(),
  }) as const;
export type FieldDocs = ReturnType<typeof fieldDocs>;
