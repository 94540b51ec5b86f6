import assert from 'node:assert/strict';
import {
  activateItem,
  closeItem,
  createItem,
  getCategorySaleTerms,
  getItem,
  getItems,
  markItemDeleted,
  pauseItem,
  removeManufacturingTime,
  scanSellerItems,
  searchSellerItems,
  setItemPrice,
  setItemStock,
  setItemTitleAndPrice,
  setManufacturingTime,
  setPurchaseMaxQuantity,
  setSaleTerms,
  setSellerCustomField,
  updateItem,
  validateItem,
} from '../../../src/api/items';
import type { ItemCreate } from '../../../src/model/item';
import { ITEM } from '../../../src/sandbox/items/ids';
import { SELLER_ID } from '../../../src/sandbox/users/ids';
import { apiFailure } from '../support/apiFailure';
import { useSandbox } from '../support/sandbox';

const newPhone = (extra: Partial<ItemCreate> = {}): ItemCreate => ({
  site_id: 'MLA',
  title: 'Celular Motorola Moto G85 256 GB Azul',
  category_id: 'MLA1055',
  price: 499_999,
  currency_id: 'ARS',
  available_quantity: 5,
  buying_mode: 'buy_it_now',
  listing_type_id: 'gold_special',
  condition: 'new',
  pictures: [{ source: 'https://images.example/g85-1.jpg' }, { source: 'https://images.example/g85-2.jpg' }],
  sale_terms: [
    { id: 'WARRANTY_TYPE', value_id: '2230279', value_name: 'Garantía de fábrica' },
    { id: 'WARRANTY_TIME', value_name: '12 meses' },
  ],
  ...extra,
});

describe('items client against the sandbox', () => {
  const h = useSandbox();

  describe('getItem', () => {
    it('answers the full item', async () => {
      const item = await getItem(h.client, ITEM.CAR_NEW_PREMIUM);
      assert.equal(item.id, ITEM.CAR_NEW_PREMIUM);
      assert.equal(item.seller_id, SELLER_ID);
      assert.equal(item.buying_mode, 'classified');
      assert.equal(item.status, 'active');
      assert.ok((item.pictures?.length ?? 0) > 0);
      assert.ok((item.attributes ?? []).some((entry) => entry.id === 'BRAND'));
    });

    it('needs an access token (since 2024-03-11)', async () => {
      const failure = await apiFailure(getItem(h.clientWith({ token: () => undefined }), ITEM.CAR_NEW_PREMIUM));
      assert.equal(failure.status, 401);
      assert.equal(failure.error, 'unauthorized_request_error');
    });

    it('answers 404 business_logic_error for an unknown id', async () => {
      const failure = await apiFailure(getItem(h.client, 'MLA999'));
      assert.equal(failure.status, 404);
      assert.equal(failure.error, 'business_logic_error');
      assert.match(failure.apiMessage, /MLA999 not found/);
    });
  });

  describe('getItems (multi-get)', () => {
    it('chunks more than 20 ids into calls of 20 and keeps the input order, 404 entries included', async () => {
      const search = await searchSellerItems(h.client, SELLER_ID, { limit: 44 });
      const ids = [...search.results.slice(0, 22), 'MLA404404', ...search.results.slice(22)];
      const calls: string[] = [];
      const client = h.clientWith({ onExchange: (record) => calls.push(record.path) });
      const entries = await getItems(client, ids);
      assert.equal(entries.length, 45);
      assert.deepEqual(
        entries.map((entry) => (entry.code === 200 ? (entry.body as { id: string }).id : 'missing')),
        ids.map((id) => (id === 'MLA404404' ? 'missing' : id)),
      );
      assert.equal(entries[22]!.code, 404);
      assert.equal(calls.filter((path) => path.startsWith('/items?')).length, 3);
      for (const path of calls) {
        const count = new URLSearchParams(path.split('?')[1]).get('ids')!.split(',').length;
        assert.ok(count <= 20, `${count} ids in one call`);
      }
    });

    it('trims bodies with attributes=', async () => {
      const entries = await getItems(h.client, [ITEM.TSHIRT_M, ITEM.TSHIRT_L], { attributes: ['id', 'price'] });
      for (const entry of entries) assert.deepEqual(Object.keys(entry.body).sort(), ['id', 'price']);
    });

    it('an empty list makes no call', async () => {
      assert.deepEqual(await getItems(h.client, []), []);
    });
  });

  describe('createItem and validateItem', () => {
    it('creates an active item with a site-prefixed id, its stock as initial_quantity and a permalink', async () => {
      const item = await createItem(h.client, newPhone());
      assert.match(item.id, /^MLA\d+$/);
      assert.equal(item.status, 'active');
      assert.equal(item.initial_quantity, 5);
      assert.equal(item.available_quantity, 5);
      assert.equal(item.sold_quantity, 0);
      assert.equal(item.seller_id, SELLER_ID);
      assert.match(item.permalink ?? '', /^https:\/\/.+MLA-\d+-celular-motorola-moto-g85/);
      assert.equal(item.pictures?.length, 2);
      const warranty = item.sale_terms?.find((term) => term.id === 'WARRANTY_TIME');
      assert.deepEqual(warranty?.value_struct, { number: 12, unit: 'meses' });
      assert.equal((await getItem(h.client, item.id)).title, item.title);
    });

    it('validateItem resolves for a valid body and rejects with cause[] otherwise', async () => {
      await validateItem(h.client, newPhone());
      const failure = await apiFailure(
        validateItem(
          h.client,
          newPhone({ title: 'Celular!!', sale_terms: [{ id: 'MANUFACTURING_TIME', value_name: '46 días' }] }),
        ),
      );
      assert.equal(failure.status, 400);
      assert.equal(failure.error, 'validation_error');
      assert.deepEqual(
        failure.causes.map((cause) => cause.code),
        ['item.title.invalid_characters', 'item.manufacturing_time.too_long'],
      );
      assert.deepEqual(failure.causes[1]!.references, ['item.sale_terms[0].value_name']);
    });

    it('validation creates nothing', async () => {
      const before = await searchSellerItems(h.client, SELLER_ID, { limit: 1 });
      await validateItem(h.client, newPhone());
      const after = await searchSellerItems(h.client, SELLER_ID, { limit: 1 });
      assert.equal(after.paging.total, before.paging.total);
    });
  });

  describe('updateItem and the PUT helpers', () => {
    it('pause, activate, close and delete', async () => {
      assert.equal((await pauseItem(h.client, ITEM.PHONE_NO_SALES)).status, 'paused');
      assert.equal((await activateItem(h.client, ITEM.PHONE_NO_SALES)).status, 'active');
      assert.equal((await closeItem(h.client, ITEM.PHONE_NO_SALES)).status, 'closed');
      const deleted = await markItemDeleted(h.client, ITEM.PHONE_NO_SALES);
      assert.equal(deleted.deleted, 'true');
      assert.deepEqual(deleted.sub_status, ['deleted']);
    });

    it('setItemStock, setItemPrice, setItemTitleAndPrice and setSellerCustomField', async () => {
      assert.equal((await setItemStock(h.client, ITEM.PHONE_NO_SALES, 17)).available_quantity, 17);
      assert.equal((await setItemPrice(h.client, ITEM.PHONE_NO_SALES, 123_456)).price, 123_456);
      const renamed = await setItemTitleAndPrice(h.client, ITEM.PHONE_NO_SALES, 'Celular Motorola Moto G24 Nuevo', 99);
      assert.equal(renamed.title, 'Celular Motorola Moto G24 Nuevo');
      assert.equal(renamed.price, 99);
      assert.equal(
        (await setSellerCustomField(h.client, ITEM.PHONE_NO_SALES, 'SKU-NEW')).seller_custom_field,
        'SKU-NEW',
      );
    });

    it('setManufacturingTime and removeManufacturingTime', async () => {
      const set = await setManufacturingTime(h.client, ITEM.PHONE_NO_SALES, 45);
      const term = set.sale_terms?.find((entry) => entry.id === 'MANUFACTURING_TIME');
      assert.equal(term?.value_name, '45 días');
      assert.deepEqual(term?.value_struct, { number: 45, unit: 'días' });
      const removed = await removeManufacturingTime(h.client, ITEM.PHONE_NO_SALES);
      assert.ok(!removed.sale_terms?.some((entry) => entry.id === 'MANUFACTURING_TIME'));
      const failure = await apiFailure(setManufacturingTime(h.client, ITEM.PHONE_NO_SALES, 46));
      assert.equal(failure.causes[0]?.code, 'item.manufacturing_time.too_long');
    });

    it('setPurchaseMaxQuantity in a supermarket category', async () => {
      const item = await setPurchaseMaxQuantity(h.client, ITEM.GROCERY_YERBA, 12);
      assert.equal(item.sale_terms?.find((entry) => entry.id === 'PURCHASE_MAX_QUANTITY')?.value_name, '12');
    });

    it('setSaleTerms and updateItem with several fields', async () => {
      const item = await setSaleTerms(h.client, ITEM.MICROWAVE_EXAMPLE, [
        { id: 'SUBSCRIBABLE', value_name: 'Sí' },
        { id: 'PRICE_SUBSCRIPTION', value_name: '120 USD' },
      ]);
      assert.equal(item.sale_terms?.find((entry) => entry.id === 'SUBSCRIBABLE')?.value_id, '242085');
      const updated = await updateItem(h.client, ITEM.MICROWAVE_EXAMPLE, {
        video_id: 'YT-demo',
        description: { plain_text: 'Microondas con grill' },
        shipping: { free_shipping: true },
      });
      assert.equal(updated.video_id, 'YT-demo');
      assert.equal(updated.shipping?.free_shipping, true);
    });
  });

  it('getCategorySaleTerms needs no token', async () => {
    const terms = await getCategorySaleTerms(h.clientWith({ token: () => undefined }), 'MLA1577');
    assert.ok(terms.some((entry) => entry.id === 'MANUFACTURING_TIME'));
    const failure = await apiFailure(getCategorySaleTerms(h.client, 'MLA0'));
    assert.equal(failure.status, 404);
  });

  describe('searchSellerItems and scanSellerItems', () => {
    it('pages with offset and limit (default 50)', async () => {
      const first = await searchSellerItems(h.client, SELLER_ID);
      assert.equal(first.paging.limit, 50);
      assert.equal(first.results.length, 50);
      assert.ok(first.paging.total > 60);
      const second = await searchSellerItems(h.client, SELLER_ID, { offset: 50 });
      assert.equal(second.results.length, first.paging.total - 50);
      assert.equal(new Set([...first.results, ...second.results]).size, first.paging.total);
    });

    it('filters by status and sku and sorts', async () => {
      const paused = await searchSellerItems(h.client, SELLER_ID, { status: 'paused', limit: 100 });
      for (const entry of await getItems(h.client, paused.results))
        assert.equal((entry.body as { status: string }).status, 'paused');
      const bySku = await searchSellerItems(h.client, SELLER_ID, { sku: 'SKU-A55' });
      assert.deepEqual(bySku.results, [ITEM.PHONE_WITH_SALES]);
      const newest = await searchSellerItems(h.client, SELLER_ID, { orders: 'start_time_desc', limit: 100 });
      const starts = (await getItems(h.client, newest.results, { attributes: ['start_time'] })).map((entry) =>
        Date.parse((entry.body as { start_time: string }).start_time),
      );
      assert.deepEqual(
        starts,
        [...starts].sort((a, b) => b - a),
      );
      assert.equal(newest.orders?.[0]?.id, 'start_time_desc');
    });

    it('refuses offset + limit beyond 1,000 with a pointer to the scan', async () => {
      const failure = await apiFailure(searchSellerItems(h.client, SELLER_ID, { offset: 950, limit: 51 }));
      assert.equal(failure.status, 400);
      assert.match(failure.apiMessage, /search_type=scan/);
      const edge = await searchSellerItems(h.client, SELLER_ID, { offset: 950, limit: 50 });
      assert.deepEqual(edge.results, []);
    });

    it('scan walks every item through scroll_id pages', async () => {
      const all = await searchSellerItems(h.client, SELLER_ID, { limit: 100 });
      const pages: string[][] = [];
      for await (const page of scanSellerItems(h.client, SELLER_ID, { limit: 7 })) pages.push(page);
      assert.equal(pages.length, Math.ceil(all.paging.total / 7));
      assert.ok(pages.slice(0, -1).every((page) => page.length === 7));
      assert.deepEqual(pages.flat(), all.results);
    });

    it('search of another seller is forbidden', async () => {
      const failure = await apiFailure(searchSellerItems(h.client, SELLER_ID + 1));
      assert.equal(failure.status, 403);
      assert.equal(failure.error, 'access_denied');
    });
  });
});
