import type { SaleTermDefinition, Vertical } from '../../model/item';
import type { SyntheticRecords } from '../scale';

export type { Vertical };

export interface SandboxIdName {
  id: string;
  name: string;
}

export interface SandboxPicture {
  id: string;
  url: string;
  secure_url: string;
  size: string;
  max_size: string;
  quality: string;
}

export interface SandboxAttribute {
  id: string;
  name: string;
  value_id: string | null;
  value_name: string | null;
  attribute_group_id: string;
  attribute_group_name: string;
}

export interface SandboxVariation {
  id: number;
  price: number;
  available_quantity: number;
  sold_quantity: number;
  attribute_combinations: SandboxAttribute[];
  /** The variation's own attributes (SELLER_SKU, GTIN…), when its creation sent them. */
  attributes?: SandboxAttribute[];
  picture_ids: string[];
  seller_custom_field: string | null;
}

export interface SandboxSaleTerm {
  id: string;
  name: string;
  value_id: string | null;
  value_name: string | null;
  value_struct: { number: number; unit: string } | null;
  values: { id: string | null; name: string | null; struct: { number: number; unit: string } | null }[];
}

export interface SandboxShipping {
  mode: string;
  local_pick_up: boolean;
  free_shipping: boolean;
  methods: unknown[];
  dimensions: string | null;
  tags: string[];
  /** `fulfillment` for items stored in the marketplace's warehouse; flex shows as the tag `self_service_in`. */
  logistic_type: string;
  profile_id: number | string | null;
}

/**
 * An item exactly as `GET /items/{id}` answers it, plus bookkeeping fields starting with `_`
 * that the routes strip before answering.
 */
export interface SandboxItem {
  id: string;
  site_id: string;
  title: string;
  subtitle: string | null;
  seller_id: number;
  category_id: string;
  official_store_id: number | null;
  price: number;
  base_price: number;
  original_price: number | null;
  currency_id: string;
  initial_quantity: number;
  available_quantity: number;
  sold_quantity: number;
  /** Open lists: the spec's values are the known ones, not the set (`KNOWN_BUYING_MODES`…). */
  buying_mode: string;
  listing_type_id: string;
  condition: string;
  start_time: string;
  stop_time: string;
  date_created: string;
  last_updated: string;
  permalink: string;
  thumbnail: string;
  secure_thumbnail: string;
  pictures: SandboxPicture[];
  video_id: string | null;
  descriptions: { id: string }[];
  accepts_platformpago: boolean;
  non_platformpago_payment_methods: unknown[];
  shipping: SandboxShipping;
  international_delivery_mode: string;
  seller_address: {
    id: number;
    comment: string;
    address_line: string;
    zip_code: string;
    city: SandboxIdName;
    state: SandboxIdName;
    country: SandboxIdName;
    latitude: number;
    longitude: number;
    search_location: { neighborhood: SandboxIdName; city: SandboxIdName; state: SandboxIdName };
  };
  seller_contact: {
    contact: string;
    other_info: string;
    area_code: string;
    phone: string;
    area_code2: string;
    phone2: string;
    email: string;
    webpage: string;
  } | null;
  location: {
    address_line: string;
    zip_code: string;
    neighborhood: SandboxIdName;
    city: SandboxIdName;
    state: SandboxIdName;
    country: SandboxIdName;
    latitude: number;
    longitude: number;
    open_hours: string;
  } | null;
  geolocation: { latitude: number; longitude: number };
  coverage_areas: unknown[];
  attributes: SandboxAttribute[];
  warnings: unknown[];
  listing_source: string;
  variations: SandboxVariation[];
  status: 'active' | 'payment_required' | 'under_review' | 'paused' | 'closed' | 'inactive';
  sub_status: string[];
  tags: string[];
  warranty: string | null;
  catalog_product_id: string | null;
  parent_item_id: string | null;
  differential_pricing: unknown;
  deal_ids: unknown[];
  automatic_relist: boolean;
  seller_custom_field: string | null;
  sale_terms: SandboxSaleTerm[];
  /** The text `true` once the seller deleted the (closed) item; otherwise absent from answers. */
  deleted?: string;

  /** Plain-text description (served by the description resource, not in the item body). */
  _description?: string;
  /** How many times the listing type changed (the spec allows once). */
  _listing_type_changes?: number;
  /** Sandbox-time ms when the current under_review / paused sub-state began (drives time-based transitions). */
  _since_ms?: number;
}

/** A category the sandbox knows, with the sale terms `GET /categories/{id}/sale_terms` answers. */
export interface SandboxCategory {
  id: string;
  site_id: string;
  name: string;
  vertical: Vertical;
  sale_terms: SaleTermDefinition[];
}

/** A `search_type=scan` cursor: the frozen result list and where the next page starts. */
export interface ScrollRecord {
  seller_id: number;
  ids: string[];
  position: number;
  limit: number;
  /** Sandbox-time ms after which the scroll_id is refused (5 minutes after its last use). */
  expires_ms: number;
  /** At scale: `ids` hold the stored items only, merged with the generated listings this walk goes through. */
  synthetic?: SyntheticScroll;
}

/** Where a scan at scale stands in the generated listings, and what it froze at its first call. */
export interface SyntheticScroll {
  /** The sort (`orders=`) and status filter of the scan. */
  sort: string;
  statuses: string[] | null;
  /** The one generated listing a seller_sku filter names (-1: none), or null without that filter. */
  sku_index: number | null;
  /** Sort keys of `ids`, for the merge. */
  keys: number[];
  /** Generated listings that were stored when the scan began: they are among `ids`, not walked twice. */
  exclude: number[];
  /** Next position in `ids` and in the generated listings' sort order. */
  stored_position: number;
  synthetic_position: number;
  /** Results of the whole scan. */
  total: number;
}

export interface ItemsSlice {
  items: Record<string, SandboxItem>;
  categories: Record<string, SandboxCategory>;
  scrolls: Record<string, ScrollRecord>;
  /** With `--scale N`: N generated listings of the seller, built on demand and stored only once changed. */
  synthetic?: SyntheticRecords;
}
