import assert from 'node:assert/strict';
import { getItem } from '../../../../src/api/items';
import { getAllChartItems, loadChartItemsChange } from '../../../../src/api/sizeCharts';
import { planFiles, withRefused } from '../../../../src/features/requests/bulkPlan';
import {
  changedResources,
  loadPlanLive,
  planPayload,
  projectLike,
  type Sender,
  sendPlan,
  sendRequest,
  validateCreation,
} from '../../../../src/features/requests/send';
import { ITEM } from '../../../../src/sandbox/items/ids';
import { SEEDED_CHART_IDS } from '../../../../src/sandbox/sizeCharts/seed';
import { SELLER_ID } from '../../../../src/sandbox/users/ids';
import { newPhone } from '../../../fixtures/newPhone';
import { useSandbox } from '../../support/sandbox';

const json = (value: unknown) => JSON.stringify(value, null, 2);

const phone = newPhone();

describe('sending payload files against the sandbox', function () {
  this.timeout(20_000);
  const h = useSandbox();
  const sender = (): Sender => ({ client: h.client, userId: SELLER_ID, siteId: 'MLA' });

  it('loads the live item and its category for an update, and the category and currencies for a creation', async () => {
    const update = await loadPlanLive(sender(), `${ITEM.PHONE_NO_SALES}.item.json`, json({ price: 1 }));
    assert.equal(update.item?.id, ITEM.PHONE_NO_SALES);
    assert.ok(update.category?.sale_terms?.some((term) => term.id === 'MANUFACTURING_TIME'));
    const creation = await loadPlanLive(sender(), 'phone.item.json', json(phone));
    assert.equal(creation.category?.id, 'MLA1055');
    assert.ok(creation.currencies?.includes('ARS'));
    const unknown = await loadPlanLive(sender(), 'x.item.json', json({ ...phone, category_id: 'MLA999999' }));
    assert.equal(unknown.unknownCategory, true);
    const chart = await loadPlanLive(sender(), 'shirts.size-chart.json', json({ name: 'x' }));
    assert.ok(chart.measurements?.measurementIds.includes('CHEST_CIRCUMFERENCE'));
    const missing = await loadPlanLive(sender(), 'MLA1999999999.item.json', json({ price: 1 }));
    assert.equal(missing.item, undefined, 'a missing item stays missing: the plan says it must be loaded');
  });

  it('plans and sends an update with only the changed field, and keeps the exchange record', async () => {
    const before = await getItem(h.client, ITEM.PHONE_NO_SALES);
    const text = json({ title: before.title, price: before.price + 5, available_quantity: before.available_quantity });
    const plan = await planPayload(sender(), `${before.id}.item.json`, text);
    assert.equal(plan.summary, `PUT /items/${before.id} · 1 field changed`);
    const outcome = await sendPlan(h.client, plan);
    assert.ok(outcome.ok);
    assert.equal(outcome.record?.status, 200);
    assert.deepEqual(outcome.record?.requestBody, { price: before.price + 5 });
    assert.equal((await getItem(h.client, before.id)).price, before.price + 5);
  });

  it('refuses a title change on an item with sales before anything is sent', async () => {
    const plan = await planPayload(sender(), `${ITEM.PHONE_WITH_SALES}.item.json`, json({ title: 'Titulo Nuevo' }));
    assert.ok(plan.refused);
    assert.match(plan.summary, /refused: 1 problem$/);
  });

  it('keeps the record of an error answer: status, headers and the API cause list', async () => {
    const outcome = await validateCreation(h.client, { ...phone, title: '' });
    assert.equal(outcome.ok, false);
    if (outcome.ok) return;
    assert.equal(outcome.error.status, 400);
    assert.ok(outcome.error.causes.length > 0);
    assert.equal(outcome.record?.status, 400, 'the error answer is an exchange too');
    assert.equal(outcome.record?.path, '/items/validate');
    assert.ok(outcome.record?.responseHeaders['content-type']?.includes('json'));
    const valid = await validateCreation(h.client, phone);
    assert.ok(valid.ok);
    assert.equal(valid.record?.status, 204);
  });

  it('compares a chart item list with every page of the current one', async () => {
    const seeded = await getAllChartItems(h.client, SEEDED_CHART_IDS.shirts);
    const copies = await h.admin<{ first: string }>('POST', '/_sandbox/items/bulk', {
      count: 60,
      template: ITEM.TSHIRT_M,
    });
    const first = Number(copies.first.slice(3));
    const added = Array.from({ length: 60 }, (_, i) => `MLA${first + i}`);
    const grown = await sendRequest(h.client, 'PUT', `/size_charts/${SEEDED_CHART_IDS.shirts}/items`, {
      items: [...seeded, ...added],
    });
    assert.ok(grown.ok, 'sized copies of a shirt may join the chart');
    const current = await getAllChartItems(h.client, SEEDED_CHART_IDS.shirts);
    assert.equal(current.length, seeded.length + 60, 'the list now pages past 50');
    const change = await loadChartItemsChange(h.client, SEEDED_CHART_IDS.shirts, current.slice(1));
    assert.deepEqual(change.removed, [current[0]]);
    assert.equal(change.kept.length, current.length - 1);
    const sent = await sendRequest(h.client, 'PUT', `/size_charts/${SEEDED_CHART_IDS.shirts}/items`, {
      items: change.next,
    });
    assert.ok(sent.ok);
    assert.equal((await getAllChartItems(h.client, SEEDED_CHART_IDS.shirts)).length, current.length - 1);
  });
});

describe('what a request changed, and the live value through the payload shape (offline)', () => {
  it('maps request paths to the explorer nodes they change', () => {
    assert.deepEqual(changedResources('PUT', '/items/MLA1', {}), [{ kind: 'item', id: 'MLA1', root: 'itemsRoot' }]);
    assert.deepEqual(changedResources('POST', '/items', { id: 'MLA9' }), [
      { kind: 'item', id: 'MLA9', root: 'itemsRoot' },
    ]);
    assert.deepEqual(changedResources('POST', '/items/validate', undefined), []);
    assert.deepEqual(changedResources('POST', '/orders/2000001/notes', {}), [
      { kind: 'order', id: '2000001', root: 'ordersRoot' },
    ]);
    assert.deepEqual(changedResources('PUT', '/size_charts/510001/items', {}), [
      { kind: 'sizeChart', id: '510001', root: 'sizeChartsRoot' },
    ]);
    assert.deepEqual(changedResources('POST', '/size_charts', { id: 511000 }), [
      { kind: 'sizeChart', id: '511000', root: 'sizeChartsRoot' },
    ]);
    assert.deepEqual(changedResources('POST', '/users/5503910054/order_blacklist', {}), [
      { kind: 'blacklistRoot', root: 'blacklistRoot' },
    ]);
  });

  it('projects the live item onto the payload keys, sale terms by id, absent as null', () => {
    const live = {
      id: 'MLA1',
      title: 'Old',
      price: 10,
      shipping: { mode: 'me2', free_shipping: false, dimensions: null },
      sale_terms: [
        { id: 'WARRANTY_TIME', value_name: '90 días', value_struct: { number: 90, unit: 'días' } },
        { id: 'MANUFACTURING_TIME', value_name: '10 días' },
      ],
    };
    const payload = {
      price: 12,
      shipping: { free_shipping: true },
      sale_terms: [
        { id: 'MANUFACTURING_TIME', value_name: '20 días' },
        { id: 'PURCHASE_MAX_QUANTITY', value_name: '3' },
      ],
      seller_custom_field: 'SKU',
    };
    assert.deepEqual(projectLike(payload, live), {
      price: 10,
      shipping: { free_shipping: false },
      sale_terms: [{ id: 'MANUFACTURING_TIME', value_name: '10 días' }],
      seller_custom_field: null,
    });
  });
});

describe('planning many payload files for a bulk send', function () {
  this.timeout(20_000);
  const h = useSandbox();

  it('turns files into jobs, and refuses what fails its rules or changes nothing, with the reason', async () => {
    const item = await getItem(h.client, ITEM.PHONE_NO_SALES);
    const files = [
      { id: 'a/new.item.json', name: 'new.item.json', text: json(phone) },
      { id: 'a/price.item.json', name: `${item.id}.item.json`, text: json({ price: item.price + 1 }) },
      { id: 'a/same.item.json', name: `${item.id}.item.json`, text: json({ price: item.price }) },
      { id: 'a/title.item.json', name: `${ITEM.PHONE_WITH_SALES}.item.json`, text: json({ title: 'Otro Titulo' }) },
      { id: 'a/broken.note.json', name: '2000001.note.json', text: '{"note": ' },
    ];
    const plan = await planFiles({ client: h.client, userId: SELLER_ID, siteId: 'MLA' }, files);
    assert.deepEqual(
      plan.jobs.map((job) => [job.id, job.method, job.path, job.creation]),
      [
        ['a/new.item.json', 'POST', '/items', true],
        ['a/price.item.json', 'PUT', `/items/${item.id}`, false],
      ],
    );
    assert.deepEqual(plan.jobs[1]?.body, { price: item.price + 1 });
    assert.deepEqual(
      plan.refused.map((entry) => entry.job.id),
      ['a/same.item.json', 'a/title.item.json', 'a/broken.note.json'],
    );
    assert.match(plan.refused[0]?.reason ?? '', /Nothing to send/);
    assert.match(plan.refused[1]?.reason ?? '', /cannot be modified because the item has sales/);
    assert.match(plan.refused[2]?.reason ?? '', /not valid JSON/);
    const report = withRefused(
      {
        total: 0,
        succeeded: [],
        failed: [],
        unconfirmed: [],
        notSent: [],
        cancelled: false,
        durationMs: 1,
        requests: 0,
      },
      plan.refused,
    );
    assert.equal(report.total, 3);
    assert.match(report.toMarkdown(), /## Not sent \(3\)/);
  });

  it('a refusal of several findings reads as sentences: each ends with its stop, none runs into the next', async () => {
    const text = json({ ...phone, title: 5, currency_id: 7 });
    const plan = await planFiles({ client: h.client, userId: SELLER_ID, siteId: 'MLA' }, [
      { id: 'typed.item.json', name: 'typed.item.json', text },
    ]);
    assert.equal(
      plan.refused[0]?.reason,
      'title must be text (found the number 5). currency_id must be text (found the number 7).',
    );
  });

  it('stops planning when cancelled and lists the rest as not sent', async () => {
    const controller = new AbortController();
    controller.abort();
    const files = [{ id: 'x.item.json', name: 'x.item.json', text: json(phone) }];
    const plan = await planFiles({ client: h.client, userId: SELLER_ID, siteId: 'MLA' }, files, {
      signal: controller.signal,
    });
    assert.deepEqual(plan.jobs, []);
    assert.match(plan.refused[0]?.reason ?? '', /Cancelled before it was planned/);
  });
});
