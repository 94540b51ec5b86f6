import * as l10n from '@vscode/l10n';
import { isRecord } from '../model/records';
import { type Finding, finding } from './finding';

/** What the editability rules need to know of the live item. */
export interface EditableItemView {
  sold_quantity?: number | null;
  listing_type_id?: string | null;
  condition?: string | null;
  buying_mode?: string | null;
  title?: string | null;
  /** How many times the listing type already changed (the sandbox tracks it; the API shows no such field). */
  listing_type_changes?: number;
  variations?: readonly unknown[] | null;
}

/** Fields a `PUT /items/{id}` may carry. */
export const UPDATABLE_FIELDS = [
  'title',
  'price',
  'status',
  'deleted',
  'available_quantity',
  'sale_terms',
  'seller_custom_field',
  'pictures',
  'video_id',
  'shipping',
  'description',
  'listing_type_id',
  'condition',
  'buying_mode',
  'attributes',
  'variations',
] as const;

/** Item fields that no PUT can change, with the reason shown to the user. */
export const readOnlyReasons = (): Record<string, string> => ({
  id: l10n.t('the id is assigned by the marketplace'),
  site_id: l10n.t('the site is fixed at creation'),
  seller_id: l10n.t('the seller of a listing cannot change'),
  category_id: l10n.t('the category is fixed at creation; relist the item in another category instead'),
  currency_id: l10n.t('the currency is fixed at creation'),
  sold_quantity: l10n.t('sold_quantity is counted by the marketplace from orders'),
  initial_quantity: l10n.t('initial_quantity records the stock at creation; change available_quantity instead'),
  base_price: l10n.t('base_price follows price; change price instead'),
  original_price: l10n.t('original_price is set by promotions'),
  official_store_id: l10n.t('the official store is fixed at creation'),
  start_time: l10n.t('dates are set by the marketplace'),
  stop_time: l10n.t('dates are set by the marketplace'),
  date_created: l10n.t('dates are set by the marketplace'),
  last_updated: l10n.t('dates are set by the marketplace'),
  permalink: l10n.t('URLs are set by the marketplace'),
  thumbnail: l10n.t('URLs are set by the marketplace; change pictures instead'),
  secure_thumbnail: l10n.t('URLs are set by the marketplace; change pictures instead'),
  descriptions: l10n.t('descriptions lists description ids; send description {plain_text} instead'),
  sub_status: l10n.t('sub_status follows the status; change status instead'),
  tags: l10n.t('tags are set by the marketplace'),
  warnings: l10n.t('warnings are set by the marketplace'),
  seller_address: l10n.t("the seller address comes from the seller's account"),
  geolocation: l10n.t('geolocation is derived from the location'),
  listing_source: l10n.t('listing_source is set by the marketplace'),
  catalog_product_id: l10n.t('catalog association is handled by a separate resource'),
  parent_item_id: l10n.t('parent_item_id is set by the marketplace when relisting'),
  deal_ids: l10n.t('deals are set by promotions'),
  differential_pricing: l10n.t('differential pricing is set by the marketplace'),
  international_delivery_mode: l10n.t('international delivery is set by the marketplace'),
});

/** The fields no PUT can change (the keys of `readOnlyReasons`). */
export const READ_ONLY_FIELDS: ReadonlySet<string> = new Set(Object.keys(readOnlyReasons()));

/**
 * Field-level editability of a `PUT /items/{id}` body: read-only fields refused; title, condition and buying_mode
 * locked once the item has sales; listing_type_id changeable once and only without sales; the stock of an item with
 * variations set through its variations. Which fields a state
 * accepts at all (closed, under review, payment_required…) is `itemTransition`'s business.
 */
export function itemEditabilityFindings(item: EditableItemView, payload: unknown): Finding[] {
  if (!isRecord(payload)) return [];
  const findings: Finding[] = [];
  const sold = item.sold_quantity ?? 0;
  const reasons = readOnlyReasons();
  for (const [key, value] of Object.entries(payload)) {
    // Own keys only: a field named toString or constructor is not a read-only field of the table.
    const readOnly = Object.hasOwn(reasons, key) ? reasons[key] : undefined;
    if (readOnly) {
      findings.push(finding(`item.${key}.read_only`, [key], l10n.t('{0} cannot be modified: {1}.', key, readOnly)));
      continue;
    }
    if ((key === 'title' || key === 'condition' || key === 'buying_mode') && sold > 0 && value !== item[key]) {
      findings.push(
        finding(
          `item.${key}.not_modifiable`,
          [key],
          l10n.t(
            '{0} cannot be modified because the item has sales (sold_quantity {1}); it can change only while sold_quantity is 0.',
            key,
            sold,
          ),
        ),
      );
      continue;
    }
    // An item with variations holds the sum of their stock: a bare item-level stock would contradict them.
    if (key === 'available_quantity' && (item.variations?.length ?? 0) > 0 && !('variations' in payload)) {
      findings.push(
        finding(
          'item.available_quantity.has_variations',
          [key],
          l10n.t(
            'The item has variations and its stock is the sum of theirs: send variations with each available_quantity instead.',
          ),
        ),
      );
      continue;
    }
    if (key === 'listing_type_id' && value !== item.listing_type_id) {
      if (sold > 0) {
        findings.push(
          finding(
            'item.listing_type_id.has_sales',
            [key],
            l10n.t(
              'The listing type can be modified only on items with no sales; this one has sold_quantity {0}.',
              sold,
            ),
          ),
        );
      } else if ((item.listing_type_changes ?? 0) >= 1) {
        findings.push(
          finding(
            'item.listing_type_id.already_changed',
            [key],
            l10n.t('The listing type can be modified only once, and it was already changed on this item.'),
          ),
        );
      }
    }
  }
  return findings;
}
