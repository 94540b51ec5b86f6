import assert from 'node:assert/strict';
import { isUsedStockLimited, titleFindings, usedStockFindings } from '../../../src/rules/items';
import { parseNumberUnit, saleTermsFindings } from '../../../src/rules/saleTerms';
import { ITEM, RESERVABLE_VEHICLES, SIZED_FASHION_ITEMS, UNSIZED_FASHION_ITEMS } from '../../../src/sandbox/items/ids';
import { buildSyntheticItem, syntheticItemsOf } from '../../../src/sandbox/items/synthetic';
import { seedState } from '../../../src/sandbox/runtime';
import { MCO_SELLER_ID, MLB_SELLER_ID, SELLER_ID } from '../../../src/sandbox/users/ids';

const NOW = new Date('2026-03-02T15:00:00.000Z');

/** Spanish units of time, singular and plural: a number_unit value of 1 takes the singular, any other the plural. */
const TIME_UNITS: Record<string, 'singular' | 'plural'> = {
  día: 'singular',
  días: 'plural',
  semana: 'singular',
  semanas: 'plural',
  mes: 'singular',
  meses: 'plural',
  año: 'singular',
  años: 'plural',
};

describe('items seed', () => {
  const state = seedState('marketplace', NOW);
  const items = Object.values(state.items.items);
  const mine = items.filter((item) => item.seller_id === SELLER_ID);
  const has = (status: string, sub?: string) =>
    mine.some(
      (item) =>
        item.status === status && (sub === undefined ? item.sub_status.length === 0 : item.sub_status.includes(sub)),
    );

  it('is deterministic for a seed and a clock', () => {
    assert.deepEqual(seedState('marketplace', NOW).items, state.items);
    assert.notDeepEqual(seedState('other', NOW).items, state.items);
  });

  it('holds at least 60 items of the seller, more than 50 of them active (paging)', () => {
    assert.ok(mine.length >= 60, `${mine.length} items`);
    assert.ok(mine.filter((item) => item.status === 'active').length > 50);
  });

  it('covers every state and sub-state of the spec', () => {
    assert.ok(has('active'));
    assert.ok(has('payment_required'));
    for (const sub of ['warning', 'waiting_for_patch', 'held', 'pending_documentation', 'forbidden'])
      assert.ok(has('under_review', sub), sub);
    assert.ok(has('paused', 'out_of_stock'));
    assert.ok(has('paused', 'picture_download_pending'));
    assert.ok(has('paused'), 'paused by the seller');
    for (const sub of ['expired', 'suspended', 'deleted']) assert.ok(has('closed', sub), sub);
    assert.ok(has('inactive'));
  });

  it('has reservable vehicles: active, with stock, new and used, gold_premium, gold_special and free', () => {
    const vehicles = RESERVABLE_VEHICLES.map((id) => state.items.items[id]!);
    for (const vehicle of vehicles) {
      assert.equal(vehicle.status, 'active');
      assert.ok(vehicle.available_quantity > 0);
      assert.equal(state.items.categories[vehicle.category_id]!.vertical, 'automobiles');
    }
    assert.deepEqual(new Set(vehicles.map((vehicle) => vehicle.condition)), new Set(['new', 'used']));
    assert.deepEqual(
      new Set(vehicles.map((vehicle) => vehicle.listing_type_id)),
      new Set(['gold_premium', 'gold_special', 'free']),
    );
  });

  it('fashion items: complete SIZE on some, missing or null on others', () => {
    for (const id of SIZED_FASHION_ITEMS) {
      const size = state.items.items[id]!.attributes.find((entry) => entry.id === 'SIZE');
      assert.ok(size?.value_name, id);
    }
    assert.equal(state.items.items[ITEM.TSHIRT_M]!.attributes.find((entry) => entry.id === 'SIZE')?.value_name, 'M');
    const [missing, empty] = UNSIZED_FASHION_ITEMS.map((id) => state.items.items[id]!);
    assert.ok(!missing!.attributes.some((entry) => entry.id === 'SIZE'));
    assert.equal(empty!.attributes.find((entry) => entry.id === 'SIZE')?.value_name, null);
    assert.ok(state.items.items[ITEM.TSHIRT_VARIATIONS]!.variations.length >= 3);
  });

  it('has the traits the rules need: real estate, services, supermarket, used-limited, flex, fulfillment, sales', () => {
    const verticals = new Set(mine.map((item) => state.items.categories[item.category_id]!.vertical));
    for (const vertical of ['automobiles', 'real_estate', 'services', 'fashion', 'supermarket', 'general'])
      assert.ok(verticals.has(vertical as never), vertical);
    const groceries = state.items.categories.MLA1403!;
    assert.ok(groceries.sale_terms.some((entry) => entry.id === 'PURCHASE_MAX_QUANTITY'));
    for (const category of ['MLA1322', 'MLA3114', 'MLA47786', 'MLA430281'])
      assert.ok(
        mine.some((item) => item.category_id === category),
        category,
      );
    assert.ok(state.items.items[ITEM.PHONE_FLEX]!.shipping.tags.includes('self_service_in'));
    assert.equal(state.items.items[ITEM.PHONE_FULFILLMENT]!.shipping.logistic_type, 'fulfillment');
    assert.equal(state.items.items[ITEM.PHONE_LISTING_TYPE_CHANGED]!._listing_type_changes, 1);
    assert.ok(mine.some((item) => item.sold_quantity === 0));
    assert.ok(mine.some((item) => item.sold_quantity > 0));
    for (const seller of [MLB_SELLER_ID, MCO_SELLER_ID]) assert.ok(items.some((item) => item.seller_id === seller));
  });

  it('every seeded item obeys the rules it would be checked against', () => {
    for (const item of items) {
      const category = state.items.categories[item.category_id]!;
      assert.ok(category, `${item.id}: category ${item.category_id}`);
      assert.deepEqual(titleFindings(item.title), [], `${item.id}: ${item.title}`);
      assert.deepEqual(usedStockFindings(item), [], item.id);
      assert.deepEqual(
        saleTermsFindings(
          item.sale_terms.map((term) => ({ id: term.id, value_name: term.value_name, value_id: term.value_id })),
          { definitions: category.sale_terms, vertical: category.vertical, shipping: item.shipping },
        ),
        [],
        item.id,
      );
      assert.equal(item.site_id, category.site_id, item.id);
      assert.ok(item.id.startsWith(item.site_id), item.id);
      if (isUsedStockLimited(item.category_id) && item.condition === 'used') assert.ok(item.available_quantity <= 1);
    }
  });

  it('every seeded "number unit" value agrees with its number: no "1 meses" (the seed and the generated listings)', () => {
    const scaled = seedState('marketplace', NOW, undefined, 400);
    const source = syntheticItemsOf(scaled.items, scaled.meta.seed)!.source;
    const generated = Array.from({ length: 400 }, (_, at) => buildSyntheticItem(source, at, scaled.items.categories));
    const values: string[] = [];
    for (const item of [...items, ...generated]) {
      for (const term of item.sale_terms ?? []) {
        const words = term.value_name ? parseNumberUnit(term.value_name) : undefined;
        if (words && Object.hasOwn(TIME_UNITS, words.unit)) values.push(term.value_name as string);
      }
    }
    assert.ok(values.length > 100, `${values.length} time values`);
    const disagreeing = values.filter((value) => {
      const { number, unit } = parseNumberUnit(value)!;
      return (number === 1) !== (TIME_UNITS[unit] === 'singular');
    });
    assert.deepEqual([...new Set(disagreeing)], []);
  });
});
