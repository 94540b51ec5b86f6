import assert from 'node:assert/strict';
import { getCategorySaleTerms, getItem } from '../../../../src/api/items';
import { searchOrders } from '../../../../src/api/orders';
import {
  changedSaleTerms,
  diffItemUpdate,
  type LiveItem,
  planRequest,
  sameValue,
} from '../../../../src/features/requests/plan';
import type { Item } from '../../../../src/model/item';
import { ITEM } from '../../../../src/sandbox/items/ids';
import { SEEDED_CHART_IDS } from '../../../../src/sandbox/sizeCharts/seed';
import { SECOND_USER_ID, SELLER_ID } from '../../../../src/sandbox/users/ids';
import { useSandbox } from '../../support/sandbox';

const json = (value: unknown) => JSON.stringify(value, null, 2);
const codes = (plan: { findings: { code: string }[] }) => plan.findings.map((entry) => entry.code);

describe('planRequest: request building and the diff (offline)', () => {
  const live: LiveItem = {
    id: 'MLA1234567',
    seller_id: SELLER_ID,
    site_id: 'MLA',
    category_id: 'MLA1055',
    title: 'Celular Libre 128 GB',
    price: 1000,
    currency_id: 'ARS',
    status: 'active',
    available_quantity: 5,
    sold_quantity: 0,
    listing_type_id: 'gold_special',
    condition: 'new',
    buying_mode: 'buy_it_now',
    shipping: { mode: 'me2', free_shipping: false, local_pick_up: true, tags: [] },
    sale_terms: [
      { id: 'WARRANTY_TYPE', name: 'Tipo de garantía', value_id: '2230280', value_name: 'Garantía del vendedor' },
      { id: 'MANUFACTURING_TIME', name: 'Disponibilidad', value_name: '10 días' },
    ],
    attributes: [{ id: 'BRAND', name: 'Marca', value_id: '1', value_name: 'Acme' }],
  } as unknown as LiveItem;

  it('compares values deeply, the payload as a partial view of the live value', () => {
    assert.ok(sameValue({ a: [1, { b: 2 }] }, { a: [1, { b: 2, c: 3 }], d: 4 }));
    assert.ok(sameValue(null, undefined));
    assert.ok(!sameValue([1], [1, 2]));
    assert.ok(!sameValue({ a: 1 }, { a: '1' }));
  });

  it('keeps only the fields that change; shipping by key; sale terms by id', () => {
    const body = diffItemUpdate(
      {
        title: live.title,
        price: 1200,
        available_quantity: 5,
        attributes: [{ id: 'BRAND', value_name: 'Acme' }],
        shipping: { local_pick_up: true, free_shipping: true },
        sale_terms: [
          { id: 'WARRANTY_TYPE', value_id: '2230280', value_name: 'Garantía del vendedor' },
          { id: 'MANUFACTURING_TIME', value_name: '20 días' },
          { id: 'PURCHASE_MAX_QUANTITY', value_id: null, value_name: null },
        ],
      },
      live as unknown as Record<string, unknown>,
    );
    assert.deepEqual(body, {
      price: 1200,
      shipping: { free_shipping: true },
      sale_terms: [{ id: 'MANUFACTURING_TIME', value_name: '20 días' }],
    });
    assert.deepEqual(
      changedSaleTerms([{ id: 'MANUFACTURING_TIME', value_id: null, value_name: null }], live.sale_terms),
      [{ id: 'MANUFACTURING_TIME', value_id: null, value_name: null }],
      'removing a term the item has is a change',
    );
  });

  it('plans an update: method, path, body, changed fields and the CodeLens summary', () => {
    const plan = planRequest(
      'MLA1234567.item.json',
      json({ title: live.title, price: 1200, available_quantity: 7, shipping: { free_shipping: true } }),
      { item: live, userId: SELLER_ID },
    );
    assert.equal(plan.method, 'PUT');
    assert.equal(plan.path, '/items/MLA1234567');
    assert.deepEqual(plan.body, { price: 1200, available_quantity: 7, shipping: { free_shipping: true } });
    assert.deepEqual(plan.changedFields, ['price', 'available_quantity', 'shipping']);
    assert.equal(plan.refused, false, JSON.stringify(plan.findings));
    assert.equal(plan.summary, 'PUT /items/MLA1234567 · 3 fields changed');
  });

  it('an update that changes nothing, or without the live item, is not sent', () => {
    const same = planRequest('MLA1234567.item.json', json({ price: 1000 }), { item: live });
    assert.ok(same.refused);
    assert.deepEqual(codes(same), ['request.nothing_changed']);
    assert.equal(same.summary, 'PUT /items/MLA1234567 · nothing changed');
    const unknown = planRequest('MLA1234567.item.json', json({ price: 1 }));
    assert.ok(unknown.refused);
    assert.deepEqual(codes(unknown), ['request.item_unknown']);
    const foreign = planRequest('MLA1234567.item.json', json({ price: 1 }), { item: live, userId: SECOND_USER_ID });
    assert.ok(codes(foreign).includes('payload.item.not_yours'));
  });

  it('sale-terms files send only the terms that change (a bare array is accepted)', () => {
    const plan = planRequest(
      'MLA1234567.sale-terms.json',
      json([
        { id: 'WARRANTY_TYPE', value_id: '2230280', value_name: 'Garantía del vendedor' },
        { id: 'MANUFACTURING_TIME', value_name: '15 días' },
      ]),
      { item: live },
    );
    assert.equal(plan.method, 'PUT');
    assert.equal(plan.path, '/items/MLA1234567');
    assert.deepEqual(plan.body, { sale_terms: [{ id: 'MANUFACTURING_TIME', value_name: '15 días' }] });
    assert.equal(plan.refused, false, JSON.stringify(plan.findings));
    const extra = planRequest('MLA1234567.sale-terms.json', json({ sale_terms: [], price: 3 }), { item: live });
    assert.ok(codes(extra).includes('payload.sale_terms.extra_field'));
    const unnamed = planRequest('terms.sale-terms.json', json({ sale_terms: [] }));
    assert.equal(unnamed.path, undefined);
    assert.ok(unnamed.refused);
  });

  it('creations are sent as written, after the creation rules', () => {
    const item = {
      title: 'Celular Libre 128 GB',
      category_id: 'MLA1055',
      price: 1000,
      currency_id: 'ARS',
      available_quantity: 1,
      buying_mode: 'buy_it_now',
      listing_type_id: 'gold_special',
      condition: 'new',
    };
    const plan = planRequest('new-phone.item.json', json(item));
    assert.deepEqual(
      { method: plan.method, path: plan.path, body: plan.body, refused: plan.refused },
      { method: 'POST', path: '/items', body: item, refused: false },
    );
    assert.equal(plan.summary, 'POST /items · create');
    const bad = planRequest('new-phone.item.json', json({ title: 'Celular!!' }));
    assert.ok(bad.refused);
    assert.ok(codes(bad).includes('item.price.required'));
    assert.ok(codes(bad).includes('item.title.invalid_characters'));
    assert.match(bad.summary, /refused/);
  });

  it('notes, feedback, blacklist, size charts and chart items: the body as written, with their rules', () => {
    const note = planRequest('2000001234.note.json', json({ note: 'Llamar' }));
    assert.deepEqual(
      [note.method, note.path, note.body, note.refused],
      ['POST', '/orders/2000001234/notes', { note: 'Llamar' }, false],
    );
    assert.ok(planRequest('2000001234.note.json', json({ note: 'x'.repeat(301) })).refused);
    const feedback = planRequest('2000001234.feedback.json', json({ fulfilled: true, rating: 'positive' }));
    assert.equal(feedback.path, '/orders/2000001234/feedback');
    const blacklist = planRequest('rival.blacklist.json', json({ user_id: SECOND_USER_ID }), { userId: SELLER_ID });
    assert.equal(blacklist.path, `/users/${SELLER_ID}/order_blacklist`);
    assert.equal(blacklist.refused, false);
    assert.ok(
      codes(planRequest('me.blacklist.json', json({ user_id: SELLER_ID }), { userId: SELLER_ID })).includes(
        'blacklist.self',
      ),
    );
    const signedOut = planRequest('rival.blacklist.json', json({ user_id: SECOND_USER_ID }));
    assert.ok(signedOut.refused);
    assert.ok(codes(signedOut).includes('request.signed_out'));
    const chart = {
      name: 'Remeras',
      sizes: [{ name: 'M', measurements: [{ id: 'CHEST_CIRCUMFERENCE', value: '92' }] }],
    };
    const create = planRequest('remeras.size-chart.json', json(chart));
    assert.deepEqual([create.method, create.path, create.refused], ['POST', '/size_charts', false]);
    const replace = planRequest('1200345.size-chart.json', json(chart));
    assert.deepEqual(
      [replace.method, replace.path, replace.summary],
      ['PUT', '/size_charts/1200345', 'PUT /size_charts/1200345 · replace'],
    );
    const items = planRequest('1200345.chart-items.json', json({ items: ['MLA1'] }));
    assert.deepEqual([items.method, items.path, items.refused], ['PUT', '/size_charts/1200345/items', false]);
    assert.ok(planRequest('1200345.chart-items.json', json({ items: [1] })).refused);
  });

  it('files that do not parse or are not payload files are refused', () => {
    const broken = planRequest('2000001234.note.json', '{"note": ');
    assert.ok(broken.refused);
    assert.deepEqual(codes(broken), ['json.syntax']);
    assert.ok(planRequest('readme.json', '{}').refused);
  });
});

describe('planRequest against the sandbox', () => {
  const harness = useSandbox();

  const liveItem = async (id: string): Promise<LiveItem> => {
    const item = await getItem(harness.client, id);
    const stored = await harness.admin<{ _listing_type_changes?: number }>('GET', `/_sandbox/items/${id}`);
    return { ...item, listing_type_changes: stored._listing_type_changes ?? 0 };
  };

  it('refuses a title change on an item with sales, with the spec reason, and the sandbox agrees', async () => {
    const item = await liveItem(ITEM.PHONE_WITH_SALES);
    assert.ok((item.sold_quantity ?? 0) > 0);
    const plan = planRequest(`${item.id}.item.json`, json({ title: 'Otro titulo nuevo', price: item.price }), {
      item,
      userId: SELLER_ID,
    });
    assert.ok(plan.refused);
    assert.deepEqual(plan.body, { title: 'Otro titulo nuevo' }, 'the unchanged price is not sent');
    const refusal = plan.findings.find((entry) => entry.code === 'item.title.not_modifiable');
    assert.match(refusal?.message ?? '', /cannot be modified because the item has sales/);
    const sent = await harness.raw('PUT', plan.path!, { body: plan.body });
    assert.equal(sent.status, 400, 'the sandbox refuses it too');
    // The same title is no change at all, so nothing is refused for it.
    const same = planRequest(`${item.id}.item.json`, json({ title: item.title, price: item.price + 1 }), { item });
    assert.deepEqual([same.refused, same.body], [false, { price: item.price + 1 }]);
  });

  it('refuses a second listing type change with the spec reason', async () => {
    const item = await liveItem(ITEM.PHONE_LISTING_TYPE_CHANGED);
    const other = item.listing_type_id === 'gold_pro' ? 'gold_special' : 'gold_pro';
    const plan = planRequest(`${item.id}.item.json`, json({ listing_type_id: other }), { item });
    assert.ok(plan.refused);
    const refusal = plan.findings.find((entry) => entry.code === 'item.listing_type_id.already_changed');
    assert.match(refusal?.message ?? '', /can be modified only once/);
    const sent = await harness.raw('PUT', plan.path!, { body: plan.body });
    assert.equal(sent.status, 400);
  });

  it('sends a planned item update and a sale-terms change that the sandbox accepts', async () => {
    const item = await liveItem(ITEM.PHONE_NO_SALES);
    const definitions = await getCategorySaleTerms(harness.client, item.category_id);
    const category = { id: item.category_id, sale_terms: definitions };
    const plan = planRequest(
      `${item.id}.item.json`,
      json({ title: item.title, price: item.price + 10, available_quantity: item.available_quantity }),
      { item, userId: SELLER_ID, category },
    );
    assert.equal(plan.refused, false, JSON.stringify(plan.findings));
    assert.deepEqual(plan.body, { price: item.price + 10 });
    await harness.client.put(plan.path!, { json: plan.body });
    const updated = await getItem(harness.client, item.id);
    assert.equal(updated.price, item.price + 10);

    const terms = planRequest(
      `${item.id}.sale-terms.json`,
      json({ sale_terms: [{ id: 'MANUFACTURING_TIME', value_name: '20 días' }] }),
      { item: await liveItem(item.id), userId: SELLER_ID, category },
    );
    assert.equal(terms.refused, false, JSON.stringify(terms.findings));
    await harness.client.put(terms.path!, { json: terms.body });
    const after = await getItem(harness.client, item.id);
    assert.equal(after.sale_terms?.find((term) => term.id === 'MANUFACTURING_TIME')?.value_name, '20 días');
    const again = planRequest(`${item.id}.sale-terms.json`, json({ sale_terms: after.sale_terms }), {
      item: after as Item,
    });
    assert.equal(again.summary, `PUT /items/${item.id} · nothing changed`);
  });

  it('sends a planned note, blacklist entry and chart items list that the sandbox accepts', async () => {
    const orders = await searchOrders(harness.client, { seller: SELLER_ID, status: 'paid' });
    const order = orders.results[0];
    assert.ok(order, 'the seeded data has a paid order');
    const note = planRequest(`${order.id}.note.json`, json({ note: 'Llamar al comprador' }), { userId: SELLER_ID });
    assert.equal(note.refused, false);
    await harness.client.post(note.path!, { json: note.body });
    const blacklist = planRequest('rival.blacklist.json', json({ user_id: SECOND_USER_ID }), { userId: SELLER_ID });
    await harness.client.post(blacklist.path!, { json: blacklist.body });
    const listed = await harness.raw('GET', `/users/${SELLER_ID}/order_blacklist`);
    assert.match(JSON.stringify(listed.body), new RegExp(String(SECOND_USER_ID)));
    const chart = planRequest(`${SEEDED_CHART_IDS.shirts}.chart-items.json`, json({ items: [ITEM.TSHIRT_M] }));
    assert.equal(chart.refused, false);
    await harness.client.put(chart.path!, { json: chart.body });
  });
});
