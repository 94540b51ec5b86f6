import assert from 'node:assert/strict';
import {
  DeleteUpdate,
  Item,
  ItemCreate,
  ItemsSearchResult,
  ItemUpdate,
  ManufacturingTime,
  MultiGetEntry,
  SaleTermDefinition,
  SaleTermDefinitions,
  SaleTermInput,
  SaleTermsUpdate,
  SellerCustomFieldUpdate,
  StatusUpdate,
  StockUpdate,
  TitleAndPriceUpdate,
  TrimmedMultiGetEntry,
} from '../../../src/model/item';
import { publicItem } from '../../../src/sandbox/items/build';
import { seedCategories } from '../../../src/sandbox/items/categories';
import { seedState } from '../../../src/sandbox/runtime';

describe('item model', () => {
  describe('public examples of api-facts.md', () => {
    it('the MLA1577 MANUFACTURING_TIME sale-term entry parses', () => {
      const entry = SaleTermDefinition.parse(
        JSON.parse(
          '{"id":"MANUFACTURING_TIME","name":"Tiempo de elaboración","tags":{"hidden":true},"hierarchy":"SALE_TERMS","value_type":"number_unit","allowed_units":[{"id":"días","name":"días"}],"default_unit":"días"}',
        ),
      );
      assert.equal(entry.tags?.hidden, true);
      assert.equal(entry.allowed_units?.[0]?.id, 'días');
    });

    it('a number_unit value_name "30 días" is a valid MANUFACTURING_TIME', () => {
      assert.equal(ManufacturingTime.parse('30 días'), '30 días');
      const failure = ManufacturingTime.safeParse('30 dias');
      assert.ok(!failure.success);
      assert.match(failure.error.issues[0]!.message, /for example "30 días"/);
      assert.ok(!ManufacturingTime.safeParse('30días').success);
    });

    it('the seller item search answer parses', () => {
      const result = ItemsSearchResult.parse({
        seller_id: '5503910054',
        query: null,
        paging: { limit: 50, offset: 0, total: 2 },
        results: ['MLA1400000101', 'MLA1400000102'],
        orders: [{ id: 'stop_time_asc', name: 'Order by stop time asc' }],
        available_orders: [{ id: 'start_time_desc', name: 'Order by start time desc' }],
      });
      assert.deepEqual(result.results, ['MLA1400000101', 'MLA1400000102']);
      assert.equal(ItemsSearchResult.parse({ ...result, scroll_id: 'abc' }).scroll_id, 'abc');
    });

    it('multi-get entries parse: an item, a trimmed item and a 404 body', () => {
      const state = seedState('marketplace', new Date('2026-03-02T15:00:00Z'));
      const item = publicItem(state.items.items.MLA1400000101!);
      assert.equal(MultiGetEntry.parse({ code: 200, body: item }).code, 200);
      const missing = MultiGetEntry.parse({
        code: 404,
        body: { message: 'Resource not found', error: 'business_logic_error', status: 404, cause: [] },
      });
      assert.equal((missing.body as { error?: string }).error, 'business_logic_error');
      const trimmed = TrimmedMultiGetEntry.parse({ code: 200, body: { id: 'MLA1', price: 10 } });
      assert.equal((trimmed.body as { price?: number }).price, 10);
    });
  });

  it('every seeded item parses as Item and keeps unknown fields (loose answers)', () => {
    const state = seedState('marketplace', new Date('2026-03-02T15:00:00Z'));
    for (const stored of Object.values(state.items.items)) {
      const body = publicItem(stored);
      const parsed = Item.safeParse(body);
      assert.ok(parsed.success, `${stored.id}: ${parsed.success ? '' : parsed.error.message}`);
      assert.ok(!Object.keys(body).some((key) => key.startsWith('_')), 'bookkeeping stripped');
    }
    const future = Item.parse({ ...publicItem(state.items.items.MLA1400000101!), brand_new_field: 1 });
    assert.equal((future as Record<string, unknown>).brand_new_field, 1);
  });

  it('every seeded category definition list parses', () => {
    for (const category of Object.values(seedCategories())) SaleTermDefinitions.parse(category.sale_terms);
  });

  describe('ItemCreate', () => {
    const valid = { title: 'Celular Samsung', category_id: 'MLA1055', price: 10, currency_id: 'ARS' };

    it('requires category_id, price and currency_id; takes family_name for title (the rules require one of them)', () => {
      assert.ok(ItemCreate.safeParse(valid).success);
      const { title: _title, ...untitled } = valid;
      assert.ok(ItemCreate.safeParse({ ...untitled, family_name: 'Celular Samsung' }).success);
      assert.equal(ItemCreate.safeParse({ ...valid, title: 5 }).error?.issues[0]?.message, 'title must be text');
      for (const key of Object.keys(untitled)) {
        const without = { ...valid } as Record<string, unknown>;
        delete without[key];
        const result = ItemCreate.safeParse(without);
        assert.ok(!result.success, key);
        assert.deepEqual(result.error.issues[0]!.path, [key]);
      }
    });

    it('is strict: an unknown field is an error', () => {
      const result = ItemCreate.safeParse({ ...valid, colour: 'red' });
      assert.ok(!result.success);
      assert.equal(result.error.issues[0]!.code, 'unrecognized_keys');
    });

    it('accepts the optional fields of the spec', () => {
      const parsed = ItemCreate.parse({
        ...valid,
        site_id: 'MLA',
        available_quantity: 3,
        buying_mode: 'buy_it_now',
        listing_type_id: 'gold_special',
        condition: 'new',
        pictures: [{ source: 'https://x.example/1.jpg' }],
        sale_terms: [{ id: 'WARRANTY_TIME', value_name: '6 meses' }],
        seller_contact: { contact: 'Ventas', phone: '4444' },
        location: { address_line: 'Calle 1', city: { name: 'Palermo' } },
        shipping: { mode: 'me2', local_pick_up: false, free_shipping: true },
        attributes: [{ id: 'BRAND', value_name: 'Samsung' }],
        variations: [{ available_quantity: 2, attribute_combinations: [{ id: 'COLOR', value_name: 'Negro' }] }],
        coverage_areas: [],
        video_id: 'YT1',
        accepts_platformpago: true,
        non_platformpago_payment_methods: [],
        description: { plain_text: 'Texto' },
        seller_custom_field: 'SKU-1',
      });
      assert.equal(parsed.pictures?.length, 1);
    });

    it('refuses a picture without an image URL', () => {
      assert.ok(!ItemCreate.safeParse({ ...valid, pictures: [{ source: 'not a url' }] }).success);
    });
  });

  describe('ItemUpdate covers every PUT variant of the spec', () => {
    const variants: [string, unknown, { parse(value: unknown): unknown }][] = [
      ['title and price', { title: 'Nuevo titulo', price: 100 }, TitleAndPriceUpdate],
      ['status closed', { status: 'closed' }, StatusUpdate],
      ['status paused', { status: 'paused' }, StatusUpdate],
      ['status active', { status: 'active' }, StatusUpdate],
      ['delete', { deleted: 'true' }, DeleteUpdate],
      ['stock', { available_quantity: 0 }, StockUpdate],
      ['set availability time', { sale_terms: [{ id: 'MANUFACTURING_TIME', value_name: '30 días' }] }, SaleTermsUpdate],
      [
        'remove availability time',
        { sale_terms: [{ id: 'MANUFACTURING_TIME', value_id: null, value_name: null }] },
        SaleTermsUpdate,
      ],
      ['max purchase quantity', { sale_terms: [{ id: 'PURCHASE_MAX_QUANTITY', value_name: '6' }] }, SaleTermsUpdate],
      ['seller custom field', { seller_custom_field: 'SKU-9' }, SellerCustomFieldUpdate],
    ];
    for (const [name, body, schema] of variants) {
      it(name, () => {
        assert.deepEqual(ItemUpdate.parse(body), body);
        assert.deepEqual(schema.parse(body), body);
      });
    }

    it('and the other editable fields', () => {
      const body = {
        pictures: [{ id: '123-MLA1_032026' }, { source: 'https://x.example/2.jpg' }],
        video_id: null,
        shipping: { free_shipping: true },
        description: { plain_text: 'Sin datos de contacto' },
        listing_type_id: 'gold_premium',
        condition: 'used',
        buying_mode: 'classified',
        attributes: [{ id: 'SIZE', value_name: 'M' }],
      };
      assert.deepEqual(ItemUpdate.parse(body), body);
    });

    it('deleted must be the text "true", status one of closed/paused/active', () => {
      const deleted = ItemUpdate.safeParse({ deleted: true });
      assert.ok(!deleted.success);
      assert.match(deleted.error.issues[0]!.message, /the text "true"/);
      assert.ok(!ItemUpdate.safeParse({ status: 'deleted' }).success);
      assert.ok(!ItemUpdate.safeParse({ available_quantity: -1 }).success);
      assert.ok(!ItemUpdate.safeParse({ available_quantity: 1.5 }).success);
      assert.ok(!ItemUpdate.safeParse({ sold_quantity: 1 }).success);
    });
  });

  it('SaleTermInput: value_name required (nullable), value_id optional and nullable', () => {
    assert.ok(SaleTermInput.safeParse({ id: 'WARRANTY_TYPE', value_name: null, value_id: '2230280' }).success);
    assert.ok(SaleTermInput.safeParse({ id: 'MANUFACTURING_TIME', value_name: '10 días' }).success);
    assert.ok(!SaleTermInput.safeParse({ id: 'MANUFACTURING_TIME' }).success);
    assert.ok(!SaleTermInput.safeParse({ id: 'X', value_name: 'a', name: 'extra' }).success);
  });
});
