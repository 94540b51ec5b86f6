import assert from 'node:assert/strict';
import type { ApiError } from '../../../../src/api/errors';
import { prefillOf } from '../../../../src/features/shipping/prefill';
import {
  answerJsonPath,
  failureOf,
  planQuote,
  quoteResultOf,
  quoteSites,
} from '../../../../src/features/shipping/quotes';
import {
  type QuoteInputs,
  QuoteInputs as QuoteInputsSchema,
  type QuoteMode,
} from '../../../../src/model/protocols/shipping';
import type { ShippingOptionsResult } from '../../../../src/model/shipping';
import { deliveryPromise } from '../../../../src/rules/deliveryPromise';
import { ITEM } from '../../../../src/sandbox/items/ids';
import { SITES } from '../../../../src/sandbox/shipping/geo';
import { SEEDED_SHIPMENT_IDS } from '../../../../src/sandbox/shipping/seed';
import { SELLER_ID } from '../../../../src/sandbox/users/ids';
import { useSandbox } from '../../support/sandbox';

const inputs = (values: Partial<QuoteInputs>): QuoteInputs => QuoteInputsSchema.parse(values);
const MEDELLIN = 'TUNPQ01FREU';
const CALI = 'TUNPQ0NBTEk';
const BOGOTA = 'TUNPQ0JPR08';

describe('shipping quotes of the panel: the request a form makes', () => {
  it('refuses, without a request, what the rules refuse, naming the field', () => {
    const bad = planQuote(
      'siteZip',
      inputs({ site: 'MLB', zipFrom: '01310100', zipTo: '2004', dimensions: '10x10,500' }),
      { siteId: 'MLA' },
    );
    assert.ok('failure' in bad);
    assert.equal(bad.failure.field, 'zipTo');
    const codes = bad.failure.causes.map((cause) => cause.code);
    assert.equal(codes.length, 2, codes.join());
    assert.ok(codes.includes('INVALID_DIMENSIONS'));
    assert.match(bad.failure.message, /cm/);
    assert.match(bad.failure.next, /nothing was sent/);
    const cities = planQuote('siteCities', inputs({ cityFrom: BOGOTA, citiesTo: [], dimensions: '10x10x20,500' }), {
      siteId: 'MLA',
    });
    assert.ok('failure' in cities);
    assert.equal(cities.failure.field, 'citiesTo');
  });

  it('builds each endpoint’s path with its query, as the history and curl show it', () => {
    const path = (mode: QuoteMode, values: Partial<QuoteInputs>) => {
      const plan = planQuote(mode, inputs(values), { siteId: 'MLA' });
      assert.ok(!('failure' in plan), JSON.stringify(plan));
      return plan.path;
    };
    assert.equal(
      path('siteZip', { site: 'MLB', zipFrom: '01310100', zipTo: '20040002', dimensions: '10x10x20,500' }),
      '/sites/MLB/shipping_options?zip_code_from=01310100&zip_code_to=20040002&dimensions=10x10x20,500',
    );
    assert.equal(
      path('siteCities', { cityFrom: BOGOTA, citiesTo: [MEDELLIN, CALI], dimensions: '10x10x20,500' }),
      `/sites/MCO/shipping_options?city_from=${BOGOTA}&city_to=${MEDELLIN},${CALI}&dimensions=10x10x20,500`,
    );
    assert.equal(
      path('item', { itemId: ITEM.MCO_PHONE, citiesTo: [CALI] }),
      `/items/${ITEM.MCO_PHONE}/shipping_options?city_to=${CALI}`,
    );
    assert.equal(
      path('item', { itemId: ITEM.PHONE_FULFILLMENT, zip: '5000' }),
      `/items/${ITEM.PHONE_FULFILLMENT}/shipping_options?zip_code=5000`,
    );
    assert.equal(path('leadTime', { shipmentId: '42000000002' }), '/shipments/42000000002/lead_time');
  });

  it('opens the listing form from an item node or id, the promise form from a shipment id', () => {
    assert.deepEqual(prefillOf({ kind: 'item', data: { id: 'MLA1400000401' } }), {
      mode: 'item',
      inputs: { itemId: 'MLA1400000401' },
    });
    assert.deepEqual(prefillOf(' mla1400000401 '), { mode: 'item', inputs: { itemId: 'MLA1400000401' } });
    assert.deepEqual(prefillOf('42000000002'), { mode: 'leadTime', inputs: { shipmentId: '42000000002' } });
    assert.equal(prefillOf(undefined), undefined);
  });
});

describe('shipping quotes of the panel against the sandbox: rows in words', () => {
  const h = useSandbox();

  async function quote(mode: QuoteMode, values: Partial<QuoteInputs>) {
    const plan = planQuote(mode, inputs(values), { siteId: 'MLA' });
    assert.ok(!('failure' in plan));
    const answer = await plan.send(h.client, {});
    return { answer, result: quoteResultOf(mode, plan.path, answer) };
  }

  it('mode 1: one block whose rows are the answer’s options, each promise the rule’s words', async () => {
    const { answer, result } = await quote('siteZip', {
      site: 'MLB',
      zipFrom: '01310100',
      zipTo: '20040002',
      dimensions: '10x10x20,500',
    });
    const options = (answer as ShippingOptionsResult).options;
    const [block] = result.blocks;
    assert.ok(block);
    assert.equal(block.rows.length + block.folded.length, options.length);
    for (const row of [...block.rows, ...block.folded]) {
      const option = options.find((entry) => entry.name === row.name)!;
      assert.equal(row.promise, deliveryPromise(option.estimated_delivery_time).text);
      assert.equal(row.free, option.cost === 0);
    }
    assert.match(block.destination, /20040002/);
    assert.ok(block.rows.some((row) => row.cheapest) && block.rows.some((row) => row.fastest));
  });

  it('mode 3: one block per destination city, the cheapest and fastest marked across them', async () => {
    const { answer, result } = await quote('siteCities', {
      cityFrom: BOGOTA,
      citiesTo: [MEDELLIN, CALI],
      dimensions: '10x10x20,500',
    });
    assert.deepEqual(
      result.blocks.map((block) => block.key),
      Object.keys(answer as object),
    );
    const rows = result.blocks.flatMap((block) => block.rows);
    const cheapest = Math.min(...rows.map((row) => row.costValue));
    assert.ok(rows.filter((row) => row.cheapest).every((row) => row.costValue === cheapest));
    assert.ok(rows.some((row) => row.fastest));
  });

  it('mode 5 and 6: a free listing says "Free (list price …)"; a lead time is one row and its facts', async () => {
    const { result } = await quote('item', { itemId: ITEM.PHONE_FULFILLMENT, zip: '5000' });
    assert.ok(result.blocks[0]!.rows.some((row) => row.free && /^Free \(list price/.test(row.cost)));
    const lead = await quote('leadTime', { shipmentId: String(SEEDED_SHIPMENT_IDS.known) });
    assert.equal(lead.result.blocks[0]!.rows.length, 1);
    assert.equal(lead.result.summary[0]?.label, 'Promise');
    assert.match(lead.result.summary[0]!.value, /\w/);
    // The cost says its currency, as every row does; the block's heading is a capitalised phrase, not `address`.
    const currency = (lead.answer as { currency_id: string }).currency_id;
    const cost = lead.result.summary.find((entry) => entry.label === 'Cost')?.value ?? '';
    assert.ok(cost.startsWith(`${currency} `) || cost.startsWith('Free'), cost);
    assert.equal(lead.result.blocks[0]!.destination, 'Delivery to an address');
  });

  it('an API refusal keeps its words and names the field it is about', async () => {
    const plan = planQuote('sellerZip', inputs({ userId: '7000000001', zip: '1414', dimensions: '10x10x20,500' }), {
      siteId: 'MLA',
    });
    assert.ok(!('failure' in plan));
    const error = await plan.send(h.client, {}).then(
      () => assert.fail('a buyer has no shipping preferences'),
      (failure: ApiError) => failure,
    );
    const failure = failureOf('sellerZip', plan.path, error, 'next');
    assert.equal(failure.status, 404);
    assert.equal(failure.message, error.apiMessage);
    assert.equal(failure.field, 'userId');
  });

  it('Seller · cities for the signed-in MLA seller: its own site’s cities quote; on the real API it says MLA does not quote by city', async () => {
    const sites = await quoteSites({ environment: 'sandbox', baseUrl: h.url });
    const account = { siteId: 'MLA', userId: String(SELLER_ID), sites };
    const [palermo, laPlata] = SITES.MLA!.cities.map((city) => city.id);
    const typed = { userId: String(SELLER_ID), citiesTo: [palermo!, laPlata!], dimensions: '10x10x20,500' };
    // The site an older form kept (MCO) does not matter: the signed-in seller quotes from its own site.
    const plan = planQuote('sellerCities', inputs({ ...typed, site: 'MCO' }), account);
    assert.ok(!('failure' in plan), JSON.stringify(plan));
    const answer = (await plan.send(h.client, {})) as Record<string, unknown>;
    assert.deepEqual(Object.keys(answer), [palermo, laPlata]);
    const api = await quoteSites({ environment: 'api', baseUrl: 'https://api.example' });
    const refused = planQuote('sellerCities', inputs(typed), { ...account, sites: api });
    assert.ok('failure' in refused);
    assert.equal(refused.failure.causes[0]?.code, 'CITIES_NOT_QUOTED');
    assert.equal(
      refused.failure.message,
      'Site MLA quotes shipping by postal code, not by city (the spec quotes by city on MCO): send zip_code.',
    );
  });

  it('city ids typed by hand are checked before sending, every bad one named', async () => {
    const sites = await quoteSites({ environment: 'sandbox', baseUrl: h.url });
    const plan = planQuote(
      'sellerCities',
      inputs({ userId: String(SELLER_ID), citiesTo: ['bogota!!', 'XYZ', '123'], dimensions: '10x10x20,500' }),
      { siteId: 'MLA', userId: String(SELLER_ID), sites },
    );
    assert.ok('failure' in plan);
    assert.equal(plan.failure.field, 'citiesTo');
    assert.deepEqual(
      plan.failure.causes.map((cause) => cause.code),
      ['INVALID_CITY_ID', 'UNKNOWN_CITY_ID', 'UNKNOWN_CITY_ID'],
    );
    for (const id of ['bogota!!', 'XYZ', '123']) assert.ok(plan.failure.message.includes(id), id);
    assert.match(plan.failure.next, /nothing was sent/);
    const item = planQuote('item', inputs({ itemId: ITEM.MCO_PHONE, citiesTo: ['XYZ'] }), { siteId: 'MLA', sites });
    assert.ok('failure' in item);
    assert.equal(item.failure.message, 'city_to XYZ is not a city of MCO.');
  });

  it('an answer opens as a read-only document named after its request, without the query', () => {
    assert.equal(
      answerJsonPath('/sites/MLB/shipping_options?zip_code_from=01310100&zip_code_to=20040002'),
      '/sites/MLB/shipping_options.json',
    );
    assert.equal(answerJsonPath('/shipments/42000000002/lead_time'), '/shipments/42000000002/lead_time.json');
  });

  it('the form offers the sandbox’s cities by name, and every site with how it quotes', async () => {
    const sites = await quoteSites({ environment: 'sandbox', baseUrl: h.url });
    const mco = sites.find((site) => site.id === 'MCO')!;
    assert.equal(mco.zipBased, false);
    assert.ok(
      sites.every((site) => site.cityBased),
      'the sandbox lists and quotes every site’s cities',
    );
    assert.ok(mco.cities.some((city) => city.id === MEDELLIN && city.name === 'Medellín'));
    assert.equal(sites.find((site) => site.id === 'MLB')?.zipLength, 8);
    const api = await quoteSites({ environment: 'api', baseUrl: 'https://api.example' });
    assert.ok(
      api.every((site) => site.cities.length === 0),
      'the spec shows no city list for the real API',
    );
    assert.deepEqual(
      api.filter((site) => site.cityBased).map((site) => site.id),
      ['MCO'],
      'the spec quotes by city on MCO only',
    );
  });
});
