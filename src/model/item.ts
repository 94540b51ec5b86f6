import * as l10n from '@vscode/l10n';
import * as z from 'zod';
import { answer, IdName, Paging, request, SiteId, Timestamp, UserId } from './common';
import { ErrorBody } from './error';

/** Item states of the spec's "Item status" table (`deleted` is a closed item with sub_status deleted). */
export const ITEM_STATUSES = ['active', 'payment_required', 'under_review', 'paused', 'closed', 'inactive'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

/** Sub-states named by the spec (under review reasons, pause reasons, close reasons). */
export const ITEM_SUB_STATUSES = [
  'warning',
  'waiting_for_patch',
  'held',
  'pending_documentation',
  'forbidden',
  'out_of_stock',
  'picture_download_pending',
  'expired',
  'deleted',
  'suspended',
  'freezed',
] as const;

/**
 * Known values of the fields whose spec row says "Values used" (and of what public payloads of the real API show),
 * with their meaning. They are suggestions, not the set: the site decides (`GET /sites/{site_id}/listing_types` for
 * listing types), so an unknown value is a hint from `src/rules/knownValues.ts`, never a schema error.
 */
export const KNOWN_BUYING_MODES: Readonly<Record<string, string>> = {
  buy_it_now: 'Buy it now: the buyer purchases at the listed price.',
  classified:
    'Classified: buyer and seller get in touch (vehicles, real estate, services); vehicle reservations create reservation orders.',
  auction: 'Auction: buyers bid (seen in older public payloads; few categories still offer it).',
};

/** Listing types of the spec's "Values used" and of the real API's public payloads (api-facts). */
export const KNOWN_LISTING_TYPES: Readonly<Record<string, string>> = {
  gold_pro: 'Premium: the paid listing type with the most exposure on most sites (installments without interest).',
  gold_special: 'Classic (Clásica): a paid listing type; on MLU Classic and Premium were unified into it (2023-11-15).',
  gold_premium: 'Gold premium (Oro Premium): a paid listing type of high exposure, on the sites that still offer it.',
  gold: 'Gold (Oro): a paid listing type, on the sites that still offer it.',
  silver: 'Silver (Plata): a paid listing type of lower exposure, on the sites that still offer it.',
  bronze: 'Bronze (Bronce): a paid listing type of low exposure, on the sites that still offer it.',
  free: 'Free listing (Gratuita). Stock 0 does not pause it (the out_of_stock pause applies to listings that are not free).',
};

/** Listing types the spec itself names ("Values used"). */
export const SPEC_LISTING_TYPES = ['free', 'gold', 'gold_special', 'gold_premium'] as const;

export const KNOWN_CONDITIONS: Readonly<Record<string, string>> = {
  new: 'New. On MLA and MLM, orders of new products go through the mandatory integrated payment flow.',
  used: 'Used. In some categories (MLA1322, MLA3114, MLA47786, MLA430281 on MLA) a used item may stock at most 1 unit.',
  not_specified: 'Not specified.',
};

export const SALE_TERM_VALUE_TYPES = ['list', 'boolean', 'number_unit', 'number'] as const;

/** Verticals of the marketplace; three of them refuse MANUFACTURING_TIME. */
export const VERTICALS = ['automobiles', 'real_estate', 'services', 'fashion', 'supermarket', 'general'] as const;
export type Vertical = (typeof VERTICALS)[number];

/** The only unit MANUFACTURING_TIME accepts. */
export const MANUFACTURING_TIME_UNIT = 'días';

/** A MANUFACTURING_TIME value as the API writes it: a whole number of days, a space and the unit, e.g. `30 días`. */
export const ManufacturingTime = z
  .string()
  .regex(
    /^\d+ días$/,
    'Write the availability time as a whole number of days, a space and the unit "días", for example "30 días".',
  );

/** `{id, name}` of a list value, unit or sort option. */
const Named = answer({ id: z.string(), name: z.string().nullish() });

/** A picture of an item as the API returns it. */
export const Picture = answer({
  id: z.string(),
  url: z.string().nullish(),
  secure_url: z.string().nullish(),
  size: z.string().nullish(),
  max_size: z.string().nullish(),
  quality: z.string().nullish(),
});
export type Picture = z.infer<typeof Picture>;

/**
 * A picture on input: a new one by `source` (image URL) or one the item has by `id`. A copy of an answer's picture
 * (`id`, `url`, `secure_url`, `size`…) is accepted as it is: the id is what counts.
 */
export const PictureInput = request({
  source: z.url({ error: () => l10n.t('source must be the URL of the image') }).optional(),
  id: z.string().min(1).optional(),
  url: z.string().optional(),
  secure_url: z.string().optional(),
  size: z.string().optional(),
  max_size: z.string().optional(),
  quality: z.string().optional(),
}).refine((picture) => picture.source !== undefined || picture.id !== undefined, {
  error: () =>
    l10n.t('A picture is {"source": "<image URL>"} for a new one, or {"id": "…"} for one the item already has.'),
});
export type PictureInput = z.infer<typeof PictureInput>;

/** Shipping block of an item; `logistic_type: fulfillment` and the tag `self_service_in` (flex) matter to sale terms. */
export const Shipping = answer({
  mode: z.string().nullish(),
  local_pick_up: z.boolean().nullish(),
  free_shipping: z.boolean().nullish(),
  methods: z.array(z.unknown()).nullish(),
  dimensions: z.string().nullish(),
  tags: z.array(z.string()).nullish(),
  logistic_type: z.string().nullish(),
  profile_id: z.union([z.string(), z.number()]).nullish(),
});
export type Shipping = z.infer<typeof Shipping>;

/** Shipping as sent on creation or update; `free_methods` and `costs` are in public creation bodies of the real API. */
export const ShippingInput = request({
  mode: z.string().optional(),
  local_pick_up: z.boolean().optional(),
  free_shipping: z.boolean().optional(),
  methods: z.array(z.unknown()).optional(),
  free_methods: z.array(z.unknown()).optional(),
  costs: z.array(z.unknown()).optional(),
  dimensions: z.string().nullable().optional(),
  tags: z.array(z.string()).optional(),
  logistic_type: z.string().optional(),
  profile_id: z.union([z.string(), z.number()]).nullable().optional(),
});

/** The seller's address shown on a listing. */
export const SellerAddress = answer({
  id: z.union([z.string(), z.number()]).nullish(),
  comment: z.string().nullish(),
  address_line: z.string().nullish(),
  zip_code: z.string().nullish(),
  city: IdName.nullish(),
  state: IdName.nullish(),
  country: IdName.nullish(),
  latitude: z.union([z.number(), z.string()]).nullish(),
  longitude: z.union([z.number(), z.string()]).nullish(),
  search_location: answer({
    neighborhood: IdName.nullish(),
    city: IdName.nullish(),
    state: IdName.nullish(),
  }).nullish(),
});

/** Contact block of classified listings (vehicles, real estate, services). */
export const SellerContact = answer({
  contact: z.string().nullish(),
  other_info: z.string().nullish(),
  area_code: z.string().nullish(),
  phone: z.string().nullish(),
  area_code2: z.string().nullish(),
  phone2: z.string().nullish(),
  email: z.string().nullish(),
  webpage: z.string().nullish(),
});

/** Seller contact on input: the same strings, strictly. */
export const SellerContactInput = request({
  contact: z.string().optional(),
  other_info: z.string().optional(),
  area_code: z.string().optional(),
  phone: z.string().optional(),
  area_code2: z.string().optional(),
  phone2: z.string().optional(),
  email: z.string().optional(),
  webpage: z.string().optional(),
});

/** Location of a classified listing. */
export const Location = answer({
  address_line: z.string().nullish(),
  zip_code: z.string().nullish(),
  neighborhood: IdName.nullish(),
  city: IdName.nullish(),
  state: IdName.nullish(),
  country: IdName.nullish(),
  latitude: z.union([z.number(), z.string()]).nullish(),
  longitude: z.union([z.number(), z.string()]).nullish(),
  open_hours: z.string().nullish(),
});

/** Location on input. */
export const LocationInput = request({
  address_line: z.string().optional(),
  zip_code: z.string().optional(),
  neighborhood: request({ id: z.string().optional(), name: z.string().optional() }).optional(),
  city: request({ id: z.string().optional(), name: z.string().optional() }).optional(),
  state: request({ id: z.string().optional(), name: z.string().optional() }).optional(),
  country: request({ id: z.string().optional(), name: z.string().optional() }).optional(),
  latitude: z.number().optional(),
  longitude: z.number().optional(),
  open_hours: z.string().optional(),
});

/** Coordinates; real answers also carry them as text, empty when unknown. */
export const Geolocation = answer({
  latitude: z.union([z.number(), z.string()]).nullish(),
  longitude: z.union([z.number(), z.string()]).nullish(),
});

/** An attribute of an item (brand, model, SIZE, HAS_COMPATIBILITIES…). */
export const Attribute = answer({
  id: z.string(),
  name: z.string().nullish(),
  value_id: z.string().nullish(),
  value_name: z.string().nullish(),
  attribute_group_id: z.string().nullish(),
  attribute_group_name: z.string().nullish(),
});
export type Attribute = z.infer<typeof Attribute>;

/**
 * An attribute on input: its id and a value id or name (copies of an answer's attribute carry the rest too). Older
 * public variation bodies name the attribute (`{"name": "Color", "value_id": "52049"}`) instead of giving its id.
 */
export const AttributeInput = request({
  id: z.string().min(1).optional(),
  name: z.string().nullable().optional(),
  value_id: z.string().nullable().optional(),
  value_name: z.string().nullable().optional(),
  value_struct: z.unknown().optional(),
  values: z.array(z.unknown()).optional(),
  attribute_group_id: z.string().nullable().optional(),
  attribute_group_name: z.string().nullable().optional(),
}).refine((attribute) => attribute.id !== undefined || typeof attribute.name === 'string', {
  error: () => l10n.t('An attribute needs its id (e.g. "COLOR"), or at least its name.'),
});

/** One variation of an item (size/colour combination with its own stock). */
export const Variation = answer({
  id: z.union([z.number(), z.string()]),
  price: z.number().nullish(),
  available_quantity: z.number().int().nullish(),
  sold_quantity: z.number().int().nullish(),
  attribute_combinations: z.array(Attribute).nullish(),
  picture_ids: z.array(z.string()).nullish(),
  seller_custom_field: z.string().nullish(),
});
export type Variation = z.infer<typeof Variation>;

/** A variation on input; `id` refers to an existing variation. */
export const VariationInput = request({
  id: z.union([z.number(), z.string()]).optional(),
  price: z.number().positive().optional(),
  available_quantity: z.number().int().nonnegative().optional(),
  attribute_combinations: z.array(AttributeInput).optional(),
  /** Attributes of the variation itself (its SELLER_SKU, GTIN…), as public creation bodies send them. */
  attributes: z.array(AttributeInput).optional(),
  picture_ids: z.array(z.string()).optional(),
  seller_custom_field: z.string().nullable().optional(),
});

/** A sale term on an item. */
export const SaleTerm = answer({
  id: z.string(),
  name: z.string().nullish(),
  value_id: z.string().nullish(),
  value_name: z.string().nullish(),
  value_struct: answer({ number: z.number().nullish(), unit: z.string().nullish() }).nullish(),
  values: z
    .array(
      answer({
        id: z.string().nullish(),
        name: z.string().nullish(),
        struct: answer({ number: z.number().nullish(), unit: z.string().nullish() }).nullish(),
      }),
    )
    .nullish(),
});
export type SaleTerm = z.infer<typeof SaleTerm>;

/** A sale term on input: `{id, value_name}`, with value_id when needed; both null remove the term. */
export const SaleTermInput = request({
  id: z.string().min(1),
  value_name: z.string().nullable(),
  value_id: z.string().nullable().optional(),
});
export type SaleTermInput = z.infer<typeof SaleTermInput>;

/** A sale term definition of a category (`GET /categories/{id}/sale_terms`). */
export const SaleTermDefinition = answer({
  id: z.string(),
  name: z.string(),
  tags: answer({
    hidden: z.boolean().optional(),
    multivalued: z.boolean().optional(),
    read_only: z.boolean().optional(),
  }).nullish(),
  hierarchy: z.string().nullish(),
  relevance: z.number().int().nullish(),
  value_type: z.string(),
  values: z
    .array(answer({ id: z.string(), name: z.string(), metadata: answer({ value: z.unknown() }).nullish() }))
    .nullish(),
  value_max_length: z.number().int().nullish(),
  allowed_units: z.array(Named).nullish(),
  default_unit: z.string().nullish(),
  attribute_group_id: z.string().nullish(),
  attribute_group_name: z.string().nullish(),
});
export type SaleTermDefinition = z.infer<typeof SaleTermDefinition>;

/** The answer of `GET /categories/{id}/sale_terms`. */
export const SaleTermDefinitions = z.array(SaleTermDefinition);

/** An item (listing) as `GET /items/{id}` returns it. */
export const Item = answer({
  id: z.string(),
  site_id: SiteId,
  title: z.string(),
  subtitle: z.string().nullish(),
  // Identity fields only are required: documentation answers are trimmed (a catalog GET without seller or status).
  seller_id: UserId.optional(),
  category_id: z.string(),
  official_store_id: z.number().int().nullish(),
  price: z.number(),
  base_price: z.number().nullish(),
  original_price: z.number().nullish(),
  currency_id: z.string(),
  initial_quantity: z.number().int().nullish(),
  available_quantity: z.number().int().nullish(),
  sold_quantity: z.number().int().nullish(),
  buying_mode: z.string().nullish(),
  listing_type_id: z.string().nullish(),
  condition: z.string().nullish(),
  start_time: Timestamp.nullish(),
  stop_time: Timestamp.nullish(),
  date_created: Timestamp.nullish(),
  last_updated: Timestamp.nullish(),
  permalink: z.string().nullish(),
  thumbnail: z.string().nullish(),
  secure_thumbnail: z.string().nullish(),
  pictures: z.array(Picture).nullish(),
  video_id: z.string().nullish(),
  descriptions: z.array(answer({ id: z.string() })).nullish(),
  accepts_platformpago: z.boolean().nullish(),
  non_platformpago_payment_methods: z.array(z.unknown()).nullish(),
  shipping: Shipping.nullish(),
  international_delivery_mode: z.string().nullish(),
  seller_address: SellerAddress.nullish(),
  seller_contact: SellerContact.nullish(),
  location: Location.nullish(),
  geolocation: Geolocation.nullish(),
  coverage_areas: z.array(z.unknown()).nullish(),
  attributes: z.array(Attribute).nullish(),
  warnings: z.array(z.unknown()).nullish(),
  listing_source: z.string().nullish(),
  variations: z.array(Variation).nullish(),
  status: z.string().optional(),
  sub_status: z.array(z.string()).nullish(),
  tags: z.array(z.string()).nullish(),
  warranty: z.string().nullish(),
  catalog_product_id: z.string().nullish(),
  parent_item_id: z.string().nullish(),
  differential_pricing: z.unknown().nullish(),
  deal_ids: z.array(z.unknown()).nullish(),
  automatic_relist: z.boolean().nullish(),
  seller_custom_field: z.string().nullish(),
  sale_terms: z.array(SaleTerm).nullish(),
  deleted: z.string().nullish(),
});
export type Item = z.infer<typeof Item>;

/** An item trimmed by `attributes=`: any subset of the fields. */
export const TrimmedItem = Item.partial();
export type TrimmedItem = z.infer<typeof TrimmedItem>;

/** A number written as text, as some public examples (an official SDK's among them) send price and stock. */
export const NUMBER_AS_TEXT = /^\d+(\.\d+)?$/;
const WHOLE_NUMBER_AS_TEXT = /^\d+$/;
const positivePrice = z.union(
  [
    z.number().positive({ error: () => l10n.t('price must be greater than 0') }),
    z
      .string()
      .regex(NUMBER_AS_TEXT, { error: () => l10n.t('price must be a number'), abort: true })
      .refine((text) => Number(text) > 0, { error: () => l10n.t('price must be greater than 0') }),
  ],
  { error: () => l10n.t('price must be a number') },
);
const stock = z.union(
  [
    z
      .number()
      .int({ error: () => l10n.t('available_quantity must be a whole number') })
      .nonnegative({ error: () => l10n.t('available_quantity cannot be negative') }),
    z.string().regex(WHOLE_NUMBER_AS_TEXT, { error: () => l10n.t('available_quantity must be a whole number') }),
  ],
  { error: () => l10n.t('available_quantity must be a whole number') },
);

/** A price or stock as sent (a number, or the same number written as text) as the number the API reads. */
export const sentNumber = (value: number | string): number => (typeof value === 'number' ? value : Number(value));
/** A description as `{plain_text}`, or as a plain string as older public examples send it. */
export const DescriptionInput = z.union([z.string(), request({ plain_text: z.string() })], {
  error: () => l10n.t('description is {"plain_text": "…"} or a plain string'),
});
/** The text of a description as sent: `{plain_text}` or a plain string. */
export const descriptionText = (value: string | { plain_text: string }): string =>
  typeof value === 'string' ? value : value.plain_text;

/** A value of one of the open lists (listing type, buying mode, condition): any non-empty id, the site decides. */
const openValue = (field: string) =>
  z
    .string({ error: () => l10n.t('{0} must be a text id', field) })
    .min(1, { error: () => l10n.t('{0} cannot be empty', field) });

/**
 * Item fields the marketplace sets itself, with the reason: a creation body that carries one (a copy of an answer,
 * say) is still accepted, the value is ignored, and `src/rules/itemFields.ts` warns.
 */
export const serverSetReasons = (): Readonly<Record<string, string>> => ({
  id: l10n.t('the marketplace assigns the id'),
  seller_id: l10n.t('the seller is the owner of the access token'),
  sold_quantity: l10n.t('sold_quantity is counted by the marketplace from orders'),
  initial_quantity: l10n.t('initial_quantity is taken from available_quantity'),
  base_price: l10n.t('base_price follows price'),
  start_time: l10n.t('the marketplace dates the listing'),
  stop_time: l10n.t('the marketplace dates the listing'),
  date_created: l10n.t('the marketplace dates the listing'),
  last_updated: l10n.t('the marketplace dates the listing'),
  permalink: l10n.t('the marketplace sets the listing’s URLs'),
  thumbnail: l10n.t('the marketplace makes the thumbnail from pictures'),
  secure_thumbnail: l10n.t('the marketplace makes the thumbnail from pictures'),
  descriptions: l10n.t('descriptions lists the ids of stored descriptions; send description instead'),
  status: l10n.t('a new listing’s status is set by the marketplace (active, or payment_required for a debtor)'),
  sub_status: l10n.t('sub_status follows the status'),
  warnings: l10n.t('warnings are the marketplace’s advice on the answer'),
  deleted: l10n.t('deleted applies to a closed listing, with PUT'),
  listing_source: l10n.t('the marketplace records where the listing came from'),
  parent_item_id: l10n.t('the marketplace sets it when a listing is relisted'),
  deal_ids: l10n.t('deals are set by promotions'),
  seller_address: l10n.t('the address comes from the seller’s account'),
  geolocation: l10n.t('geolocation is derived from location'),
});

/** The fields the marketplace sets itself (the keys of `serverSetReasons`). */
export const SERVER_SET_FIELDS: readonly string[] = Object.keys(serverSetReasons());

const serverSet = Object.fromEntries(SERVER_SET_FIELDS.map((key) => [key, z.unknown().optional()])) as Record<
  string,
  z.ZodOptional<z.ZodUnknown>
>;

/** A text field a creation requires: "is required" when absent, "must be text" when of another type. */
const requiredText = (field: string) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined ? l10n.t('{0} is required', field) : l10n.t('{0} must be text', field),
    })
    .min(1, { error: () => l10n.t('{0} is required', field) });

/** The listing's title as a creation names it: `title`, or `family_name` in the User Products flow. */
export const creationTitle = (body: { title?: string; family_name?: string }): string =>
  body.title ?? body.family_name ?? '';

/**
 * `POST /items` (and `/items/validate`): title (or family_name), category_id, price and currency_id are required; every other item
 * field of the spec may come along ("optionally other item fields"), the ones the marketplace sets are tolerated.
 */
export const ItemCreate = request({
  // The order is completion's: what every creation needs first, then the spec's other item fields.
  site_id: SiteId.optional(),
  // A creation needs title, or family_name in the User Products flow (src/rules/items.ts says which is missing).
  title: z
    .string({ error: () => l10n.t('title must be text') })
    .min(1, { error: () => l10n.t('title cannot be empty') })
    .optional(),
  category_id: requiredText('category_id'),
  price: positivePrice,
  currency_id: requiredText('currency_id'),
  available_quantity: stock.optional(),
  buying_mode: openValue('buying_mode').optional(),
  listing_type_id: openValue('listing_type_id').optional(),
  condition: openValue('condition').optional(),
  pictures: z.array(PictureInput).optional(),
  sale_terms: z.array(SaleTermInput).optional(),
  description: DescriptionInput.optional(),
  attributes: z.array(AttributeInput).optional(),
  variations: z.array(VariationInput).optional(),
  shipping: ShippingInput.optional(),
  seller_contact: SellerContactInput.optional(),
  location: LocationInput.optional(),
  coverage_areas: z.array(z.unknown()).optional(),
  video_id: z.string().nullable().optional(),
  official_store_id: z.number().int().nullable().optional(),
  tags: z.array(z.string()).optional(),
  seller_custom_field: z.string().nullable().optional(),
  subtitle: z.string().nullable().optional(),
  original_price: z.number().nullable().optional(),
  accepts_platformpago: z.boolean().optional(),
  non_platformpago_payment_methods: z.array(z.unknown()).optional(),
  international_delivery_mode: z.string().optional(),
  warranty: z.string().nullable().optional(),
  catalog_product_id: z.string().nullable().optional(),
  differential_pricing: z.unknown().optional(),
  automatic_relist: z.boolean().optional(),
  /** The User Products creation: the family's name stands in for the title (its docs say not to send `title`). */
  family_name: z
    .string({ error: () => l10n.t('family_name must be text') })
    .min(1, { error: () => l10n.t('family_name cannot be empty') })
    .optional(),
  ...serverSet,
});
export type ItemCreate = z.infer<typeof ItemCreate>;

/** `PUT /items/{id}` change of status. */
export const StatusUpdate = request({ status: z.enum(['closed', 'paused', 'active']) });
/** `PUT /items/{id}` deletion of a closed item: the text `true`. */
export const DeleteUpdate = request({
  deleted: z.literal('true', { error: () => l10n.t('deleted must be the text "true"') }),
});
/** `PUT /items/{id}` change of title and price. */
export const TitleAndPriceUpdate = request({ title: z.string().min(1), price: positivePrice });
/** `PUT /items/{id}` change of stock. */
export const StockUpdate = request({ available_quantity: stock });
/** `PUT /items/{id}` setting or removing sale terms (MANUFACTURING_TIME, PURCHASE_MAX_QUANTITY…). */
export const SaleTermsUpdate = request({ sale_terms: z.array(SaleTermInput) });
/** `PUT /items/{id}` seller custom field (typically the seller's SKU). */
export const SellerCustomFieldUpdate = request({ seller_custom_field: z.string() });

/** `PUT /items/{id}`: any subset of the editable fields; every variant of the spec's table is a special case. */
export const ItemUpdate = request({
  title: z
    .string()
    .min(1, { error: () => l10n.t('title cannot be empty') })
    .optional(),
  price: positivePrice.optional(),
  status: z.enum(['closed', 'paused', 'active']).optional(),
  deleted: z.literal('true', { error: () => l10n.t('deleted must be the text "true"') }).optional(),
  available_quantity: stock.optional(),
  sale_terms: z.array(SaleTermInput).optional(),
  seller_custom_field: z.string().optional(),
  pictures: z.array(PictureInput).optional(),
  video_id: z.string().nullable().optional(),
  shipping: ShippingInput.optional(),
  description: DescriptionInput.optional(),
  listing_type_id: openValue('listing_type_id').optional(),
  condition: openValue('condition').optional(),
  buying_mode: openValue('buying_mode').optional(),
  attributes: z.array(AttributeInput).optional(),
  variations: z.array(VariationInput).optional(),
});
export type ItemUpdate = z.infer<typeof ItemUpdate>;

/** A sort the search offers; real answers carry some ids as objects. */
const SortOption = answer({ id: z.unknown(), name: z.string().nullish() });

/** `GET /users/{id}/items/search`: item ids of one seller, with offset paging or a scan `scroll_id`. */
export const ItemsSearchResult = answer({
  seller_id: z.union([z.string(), z.number()]),
  query: z.string().nullish(),
  paging: Paging,
  results: z.array(z.string()),
  orders: z.array(SortOption).nullish(),
  available_orders: z.array(SortOption).nullish(),
  scroll_id: z.string().nullish(),
});
export type ItemsSearchResult = z.infer<typeof ItemsSearchResult>;

const notOk = z
  .number()
  .int()
  .refine((code) => code !== 200, 'an entry with code 200 carries an item');

/** One entry of the multi-get `GET /items?ids=`: code 200 with the item, or the error status with its body. */
export const MultiGetEntry = z.union([
  answer({ code: z.literal(200), body: Item }),
  answer({ code: notOk, body: ErrorBody }),
]);
export type MultiGetEntry = z.infer<typeof MultiGetEntry>;

/** A multi-get entry when `attributes=` trimmed the bodies. */
export const TrimmedMultiGetEntry = z.union([
  answer({ code: z.literal(200), body: TrimmedItem }),
  answer({ code: notOk, body: ErrorBody }),
]);
export type TrimmedMultiGetEntry = z.infer<typeof TrimmedMultiGetEntry>;

/** The answer of the multi-get `GET /items?ids=`: one entry per id asked, in order. */
export const MultiGetAnswer = z.array(MultiGetEntry);

/** The multi-get's answer when `attributes=` trimmed the bodies. */
export const TrimmedMultiGetAnswer = z.array(TrimmedMultiGetEntry);
