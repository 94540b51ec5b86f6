import assert from 'node:assert/strict';
import type { MarketplaceClient } from '../../../src/api/client';
import {
  getItemShippingOptions,
  getLeadTime,
  getSiteShippingOptions,
  getSiteShippingOptionsByCity,
  getUserShippingOptions,
  getUserShippingOptionsByCity,
} from '../../../src/api/shipping';
import {
  DELIVERY_TIME_TYPES,
  DISPLAY_VALUES,
  type ShippingOption,
  type ShippingOptionsResult,
  TRACKING_VALUES,
} from '../../../src/model/shipping';
import { ITEM } from '../../../src/sandbox/items/ids';
import { SITES } from '../../../src/sandbox/shipping/geo';
import { SEEDED_SHIPMENT_IDS } from '../../../src/sandbox/shipping/seed';
import { BUYER_BASE_ID, MCO_SELLER_ID, MLB_SELLER_ID, SELLER_ID } from '../../../src/sandbox/users/ids';
import { apiFailure } from '../support/apiFailure';
import { useSandbox } from '../support/sandbox';

const city = (site: string, name: string): string => {
  const found = SITES[site]!.cities.find((candidate) => candidate.name === name);
  assert.ok(found, `${name} is a city of ${site}`);
  return found.id;
};

const PACKAGE = '10x10x20,500';
const day = (timestamp: string): string => timestamp.slice(0, 10);
const weekday = (date: string): number => new Date(`${date}T00:00:00Z`).getUTCDay();
const isBusinessDay = (date: string): boolean => weekday(date) !== 0 && weekday(date) !== 6;
/** Business days after `from` up to and including `to`, counted independently of the sandbox's code. */
function businessDaysAfter(from: string, to: string): number {
  let count = 0;
  for (let at = Date.parse(`${from}T00:00:00Z`) + 86_400_000; at <= Date.parse(`${to}T00:00:00Z`); at += 86_400_000)
    if (isBusinessDay(new Date(at).toISOString().slice(0, 10))) count += 1;
  return count;
}

/** Checks one option against every rule the spec states for promises, display and costs. */
function assertSpecRules(option: ShippingOption): void {
  const time = option.estimated_delivery_time!;
  const label = `${option.name} (${time.type})`;
  assert.ok((DELIVERY_TIME_TYPES as readonly string[]).includes(time.type), label);
  assert.ok((DISPLAY_VALUES as readonly string[]).includes(option.display!), label);
  assert.ok((TRACKING_VALUES as readonly string[]).includes(option.tracks_shipments_status!), label);
  assert.equal(time.unit, 'hour');
  const known = time.type.startsWith('known');
  const frame = time.type.endsWith('_frame');
  assert.equal(time.handling !== null, known, `${label}: handling is known exactly for known types`);
  assert.equal(option.speed?.handling ?? null, time.handling ?? null);
  assert.equal(option.speed?.shipping, time.shipping);
  assert.equal((time.offset?.shipping ?? 0) > 0, frame, `${label}: a frame has offset.shipping`);
  if (known) {
    assert.ok(time.date && isBusinessDay(day(time.date)), `${label}: date is a business day`);
    assert.equal(option.estimated_delivery?.date, time.date);
    if (frame) {
      assert.ok(time.offset?.date && isBusinessDay(day(time.offset.date)), `${label}: offset.date is a business day`);
      // The range [shipping, shipping + offset.shipping] spans offset.shipping / 24 business days.
      assert.equal(businessDaysAfter(day(time.date), day(time.offset.date)), time.offset.shipping! / 24);
    } else {
      assert.equal(time.offset?.date, null);
    }
  } else {
    assert.equal(time.date, null, `${label}: no date without a known handling`);
    assert.equal(time.offset?.date, null);
  }
  const slots = option.shipping_method_type === 'express';
  assert.equal(time.time_frame?.from != null, slots, `${label}: time_frame only for carriers with slots`);
  assert.equal(time.pay_before != null, slots, `${label}: pay_before only for payment-dependent carriers`);
  assert.equal(option.estimated_delivery?.pay_before ?? null, time.pay_before ?? null);
  assert.ok(option.cost! <= option.list_cost!);
  if (option.cost === 0 && option.list_cost! > 0) {
    assert.deepEqual(option.discount, { rate: 1, type: 'free_shipping', promoted_amount: option.list_cost });
  } else {
    assert.deepEqual(option.discount, { rate: 0, type: 'none', promoted_amount: 0 });
  }
}

function assertAll(result: ShippingOptionsResult): ShippingOption[] {
  for (const option of result.options) assertSpecRules(option);
  return result.options;
}

describe('shipping against the sandbox', () => {
  const h = useSandbox();
  let tokens: Record<number, string>;
  const as = (userId: number): MarketplaceClient => h.clientWith({ token: () => tokens[userId] });
  before(async () => {
    const users = await h.admin<{ id: number; token: string }[]>('GET', '/_sandbox/users');
    tokens = Object.fromEntries(users.map((user) => [user.id, user.token]));
  });

  describe('GET /sites/{site_id}/shipping_options (postal codes)', () => {
    it('quotes MLB between two postal codes without a token: no seller, so handling is unknown', async () => {
      const anonymous = h.clientWith({ token: () => undefined });
      const result = await getSiteShippingOptions(anonymous, 'MLB', {
        zipCodeFrom: '01310100',
        zipCodeTo: '20040002',
        dimensions: PACKAGE,
      });
      assert.equal(result.destination?.zip_code, '20040002');
      assert.equal(result.destination?.city?.name, 'Rio de Janeiro');
      assert.equal(result.destination?.state?.name, 'Rio de Janeiro');
      assert.deepEqual(result.destination?.country, { id: 'BR', name: 'Brasil' });
      assert.equal(result.destination?.extended_attributes?.city_name, 'Rio de Janeiro');
      assert.equal(result.destination?.extended_attributes?.status, 'active');
      const options = assertAll(result);
      assert.deepEqual(
        options.map((option) => [option.shipping_method_type, option.estimated_delivery_time?.type, option.display]),
        [
          ['standard', 'unknown_frame', 'recommended'],
          ['express', 'unknown', 'always'],
          ['economy', 'unknown_frame', 'always'],
        ],
      );
      for (const option of options) {
        assert.equal(option.currency_id, 'BRL');
        assert.ok(option.id > 0 && option.shipping_method_id! > 0 && option.list_cost! > 0);
      }
      assert.equal(result.settings, undefined);
    });

    it('costs more and takes longer with distance, and leaves economy out for heavy parcels', async () => {
      const quote = (to: string, dimensions = PACKAGE) =>
        getSiteShippingOptions(h.client, 'MLB', { zipCodeFrom: '01310100', zipCodeTo: to, dimensions });
      const local = (await quote('01415000')).options[0]!;
      const regional = (await quote('04538132')).options[0]!;
      const national = (await quote('90010000')).options[0]!;
      assert.ok(local.list_cost! < regional.list_cost! && regional.list_cost! < national.list_cost!);
      assert.ok(
        local.speed!.shipping! < regional.speed!.shipping! && regional.speed!.shipping! < national.speed!.shipping!,
      );
      const heavy = await quote('90010000', '40x40x40,8000');
      assert.deepEqual(
        heavy.options.map((option) => option.shipping_method_type),
        ['standard', 'express'],
      );
      assert.ok(heavy.options[0]!.list_cost! > national.list_cost!);
    });

    it('same inputs, same answer', async () => {
      const query = { zipCodeFrom: '1414', zipCodeTo: '5000', dimensions: PACKAGE };
      assert.deepEqual(
        await getSiteShippingOptions(h.client, 'MLA', query),
        await getSiteShippingOptions(h.client, 'MLA', query),
      );
    });

    it('refuses bad dimensions with the rule message, and missing or malformed parameters', async () => {
      const base = { zipCodeFrom: '01310100', zipCodeTo: '20040002' };
      for (const dimensions of ['10x10,500', '10x10x20', 'axbxc,1', '0x10x20,500']) {
        const error = await apiFailure(getSiteShippingOptions(h.client, 'MLB', { ...base, dimensions }));
        assert.equal(error.status, 400);
        assert.equal(error.error, 'bad_request');
        assert.match(error.apiMessage, /dimensions/);
        assert.equal(error.causes[0]?.code, 'INVALID_DIMENSIONS');
      }
      const missing = await h.raw('GET', '/sites/MLB/shipping_options?zip_code_from=01310100&zip_code_to=20040002');
      assert.equal(missing.status, 400);
      assert.match((missing.body as { message: string }).message, /The parameter dimensions is required/);
      const noTo = await h.raw('GET', `/sites/MLB/shipping_options?zip_code_from=01310100&dimensions=${PACKAGE}`);
      assert.equal(noTo.status, 400);
      assert.match((noTo.body as { message: string }).message, /zip_code_to is required/);
      const shortZip = await apiFailure(
        getSiteShippingOptions(h.client, 'MLB', { ...base, zipCodeTo: '2004', dimensions: PACKAGE }),
      );
      assert.match(shortZip.apiMessage, /8 digits/);
      assert.equal(
        (await apiFailure(getSiteShippingOptions(h.client, 'MXX', { ...base, dimensions: PACKAGE }))).status,
        404,
      );
      assert.equal(
        (await apiFailure(getSiteShippingOptions(h.client, 'brazil', { ...base, dimensions: PACKAGE }))).status,
        400,
      );
    });
  });

  describe('GET /sites/MCO/shipping_options (cities)', () => {
    it('answers an object keyed by destination city id, each with destination and options', async () => {
      const bogota = city('MCO', 'Bogotá');
      const destinations = [city('MCO', 'Medellín'), city('MCO', 'Cali'), bogota];
      const result = await getSiteShippingOptionsByCity(h.client, 'MCO', {
        cityFrom: bogota,
        cityTo: destinations,
        dimensions: PACKAGE,
      });
      assert.deepEqual(Object.keys(result), destinations);
      for (const id of destinations) {
        const entry = result[id]!;
        assert.equal(entry.destination?.city?.id, id);
        assert.equal(entry.options[0]?.currency_id, 'COP');
        assert.ok(Number.isInteger(entry.options[0]?.list_cost), 'COP amounts have no decimals');
        assertAll(entry);
      }
      assert.ok(result[bogota]!.options[0]!.list_cost! < result[destinations[0]!]!.options[0]!.list_cost!);
    });

    it('refuses postal codes on MCO, a missing city_from and unknown city ids', async () => {
      const zip = await apiFailure(
        getSiteShippingOptions(h.client, 'MCO', { zipCodeFrom: '110111', zipCodeTo: '050001', dimensions: PACKAGE }),
      );
      assert.equal(zip.status, 400);
      assert.match(zip.apiMessage, /city_from is required/);
      const unknown = await apiFailure(
        getSiteShippingOptionsByCity(h.client, 'MCO', {
          cityFrom: city('MCO', 'Bogotá'),
          cityTo: ['NOPE'],
          dimensions: PACKAGE,
        }),
      );
      assert.match(unknown.apiMessage, /city_to NOPE is not a city of MCO/);
      const none = await h.raw(
        'GET',
        `/sites/MCO/shipping_options?city_from=${city('MCO', 'Bogotá')}&dimensions=${PACKAGE}`,
      );
      assert.equal(none.status, 400);
      assert.match((none.body as { message: string }).message, /city_to is required/);
    });
  });

  describe('GET /users/{user_id}/shipping_options', () => {
    it('quotes from the seller with known handling: known types, dates, settings and free shipping', async () => {
      const result = await getUserShippingOptions(h.client, MLB_SELLER_ID, {
        zipCode: '20040002',
        dimensions: PACKAGE,
      });
      assert.deepEqual(result.settings, { allow_add_cost: false });
      const options = assertAll(result);
      const byType = Object.fromEntries(options.map((option) => [option.shipping_method_type, option]));
      // Monday 2026-03-02 11:00 (site clock): 48 h handling + 72 h transport = 5 business days, then a 2-day frame.
      assert.equal(byType.standard?.estimated_delivery_time?.type, 'known_frame');
      assert.equal(byType.standard?.estimated_delivery_time?.date, '2026-03-09T00:00:00.000-04:00');
      assert.equal(byType.standard?.estimated_delivery_time?.offset?.date, '2026-03-11T00:00:00.000-04:00');
      assert.equal(byType.express?.estimated_delivery_time?.type, 'known');
      assert.equal(byType.express?.estimated_delivery_time?.date, '2026-03-06T00:00:00.000-04:00');
      assert.equal(byType.express?.estimated_delivery_time?.pay_before, '2026-03-02T13:00:00.000-04:00');
      assert.deepEqual(byType.express?.estimated_delivery_time?.time_frame, { from: '09:00', to: '13:00' });
      // The MLB seller ships parcels up to 5 kg free by the standard method.
      assert.equal(byType.standard?.cost, 0);
      assert.ok(byType.standard!.list_cost! > 0);
      assert.equal(byType.standard?.display, 'recommended');
      // A free standard is faster and cheaper than economy and the seller's own carrier: both become optional.
      assert.equal(byType.economy?.display, 'optional');
      assert.equal(byType.custom?.display, 'optional');
      assert.equal(byType.custom?.tracks_shipments_status, 'not_verified');
      assert.equal(byType.economy?.tracks_shipments_status, 'no');
      assert.equal(byType.express?.display, 'always');
    });

    it('charges the standard method above the seller free-shipping weight', async () => {
      const result = await getUserShippingOptions(h.client, MLB_SELLER_ID, {
        zipCode: '20040002',
        dimensions: '30x30x30,6000',
      });
      const standard = result.options.find((option) => option.shipping_method_type === 'standard')!;
      assert.equal(standard.cost, standard.list_cost);
      assert.ok(standard.cost! > 0);
      assertAll(result);
    });

    it('quotes several cities keyed by city id; a seller without declared handling gets unknown types', async () => {
      const ids = [city('MCO', 'Medellín'), city('MCO', 'Barranquilla')];
      const result = await getUserShippingOptionsByCity(h.client, MCO_SELLER_ID, { cityTo: ids, dimensions: PACKAGE });
      assert.deepEqual(Object.keys(result), ids);
      for (const id of ids) {
        assert.deepEqual(result[id]?.settings, { allow_add_cost: true });
        const options = assertAll(result[id]!);
        assert.ok(options.every((option) => option.estimated_delivery_time?.type.startsWith('unknown')));
        assert.equal(options[0]?.cost, 0, 'the MCO seller ships up to 2 kg free');
      }
    });

    it('an MLA seller quote shows the seller carrier as optional next to the others', async () => {
      const result = await getUserShippingOptions(h.client, SELLER_ID, {
        zipCode: '5000',
        dimensions: '20x20x20,3000',
      });
      const options = assertAll(result);
      assert.deepEqual(
        options.map((option) => [option.shipping_method_type, option.display, option.tracks_shipments_status]),
        [
          ['standard', 'recommended', 'verified'],
          ['express', 'always', 'verified'],
          ['custom', 'optional', 'not_verified'],
        ],
      );
      assert.deepEqual(result.settings, { allow_add_cost: true });
    });

    it('refuses a user without shipping, unknown users and inconsistent parameters', async () => {
      const buyer = await apiFailure(
        getUserShippingOptions(h.client, BUYER_BASE_ID + 1, { zipCode: '1414', dimensions: PACKAGE }),
      );
      assert.equal(buyer.status, 404);
      assert.match(buyer.apiMessage, /no shipping preferences/);
      assert.equal(
        (await apiFailure(getUserShippingOptions(h.client, 123, { zipCode: '1414', dimensions: PACKAGE }))).status,
        404,
      );
      const both = await h.raw(
        'GET',
        `/users/${SELLER_ID}/shipping_options?zip_code=1414&city_to=x&dimensions=${PACKAGE}`,
      );
      assert.equal(both.status, 400);
      const neither = await h.raw('GET', `/users/${SELLER_ID}/shipping_options?dimensions=${PACKAGE}`);
      assert.equal(neither.status, 400);
      assert.match((neither.body as { message: string }).message, /zip_code .* or city_to .* is required/);
      const dims = await apiFailure(
        getUserShippingOptions(h.client, SELLER_ID, { zipCode: '1414', dimensions: '10x10x20' }),
      );
      assert.equal(dims.causes[0]?.code, 'INVALID_DIMENSIONS');
      const zipOnMco = await apiFailure(
        getUserShippingOptions(h.client, MCO_SELLER_ID, { zipCode: '110111', dimensions: PACKAGE }),
      );
      assert.match(zipOnMco.apiMessage, /quotes shipping by city/);
      const tooMany = SITES.MCO!.cities.map((entry) => entry.id);
      const many = [...tooMany, ...tooMany.map((id) => `${id}x`)];
      const error = await apiFailure(
        getUserShippingOptionsByCity(h.client, MCO_SELLER_ID, { cityTo: many, dimensions: PACKAGE }),
      );
      assert.match(error.apiMessage, /at most 10/);
    });
  });

  describe('GET /items/{item_id}/shipping_options', () => {
    it('quotes an MCO item to a city with only the item id and the city', async () => {
      const result = await getItemShippingOptions(h.client, ITEM.MCO_PHONE, { cityTo: city('MCO', 'Cali') });
      assert.equal(result.destination?.city?.name, 'Cali');
      assertAll(result);
      assert.ok(result.options.length > 0);
    });

    it('quotes an MLA item to a postal code; an item with free_shipping ships free by the standard method', async () => {
      const free = await getItemShippingOptions(h.client, ITEM.PHONE_FULFILLMENT, { zipCode: '5000' });
      const standard = assertAll(free).find((option) => option.shipping_method_type === 'standard')!;
      assert.equal(standard.cost, 0);
      assert.ok(standard.list_cost! > 0);
      assert.equal(standard.discount?.promoted_amount, standard.list_cost);
      assert.equal(standard.estimated_delivery_time?.type, 'known_frame');
      const charged = await getItemShippingOptions(h.client, ITEM.PHONE_FREE_LISTING, { zipCode: '5000' });
      const paid = assertAll(charged).find((option) => option.shipping_method_type === 'standard')!;
      assert.equal(paid.cost, paid.list_cost);
    });

    it('a listing without marketplace shipping quotes no method and says why', async () => {
      const result = await getItemShippingOptions(h.client, ITEM.CAR_NEW_PREMIUM, { zipCode: '5000' });
      assert.deepEqual(result.options, []);
      assert.match(result.custom_message?.reason ?? '', /agreed with the seller/);
    });

    it('refuses unknown or closed items and a missing destination', async () => {
      assert.equal((await apiFailure(getItemShippingOptions(h.client, 'MLA1', { zipCode: '5000' }))).status, 404);
      const closed = await apiFailure(getItemShippingOptions(h.client, ITEM.CLOSED_EXPIRED, { zipCode: '5000' }));
      assert.equal(closed.status, 400);
      assert.match(closed.apiMessage, /is closed/);
      const none = await h.raw('GET', `/items/${ITEM.PHONE_FULFILLMENT}/shipping_options`);
      assert.equal(none.status, 400);
      const twoCities = await apiFailure(
        getItemShippingOptions(h.client, ITEM.MCO_PHONE, { cityTo: `${city('MCO', 'Cali')},${city('MCO', 'Bogotá')}` }),
      );
      assert.match(twoCities.apiMessage, /one city id/);
    });
  });

  describe('GET /shipments/{shipment_id}/lead_time', () => {
    it('shows every promise type and cost type across the seeded shipments', async () => {
      const lead = async (id: number, userId: number) => getLeadTime(as(userId), id);
      const knownFrame = await lead(SEEDED_SHIPMENT_IDS.knownFrame, SELLER_ID);
      const known = await lead(SEEDED_SHIPMENT_IDS.known, SELLER_ID);
      const free = await lead(SEEDED_SHIPMENT_IDS.free, SELLER_ID);
      const unknownFrame = await lead(SEEDED_SHIPMENT_IDS.unknownFrame, MCO_SELLER_ID);
      const unknown = await lead(SEEDED_SHIPMENT_IDS.unknown, MCO_SELLER_ID);
      const partial = await lead(SEEDED_SHIPMENT_IDS.partiallyFree, MLB_SELLER_ID);
      assert.deepEqual(
        [knownFrame, known, unknownFrame, unknown].map((entry) => entry.estimated_delivery_time.type),
        ['known_frame', 'known', 'unknown_frame', 'unknown'],
      );
      assert.deepEqual(
        [knownFrame, free, partial].map((entry) => entry.cost_type),
        ['charged', 'free', 'partially_free'],
      );
      assert.equal(free.cost, 0);
      assert.ok(free.list_cost! > 0);
      assert.equal(known.shipping_method?.type, 'express');
      assert.ok(known.estimated_delivery_time.pay_before);
      assert.ok(known.estimated_delivery_time.time_frame?.from);
      assert.equal(knownFrame.estimated_delivery_time.pay_before, null);
      for (const entry of [knownFrame, known]) {
        const last = entry.estimated_delivery_time.offset?.date ?? entry.estimated_delivery_time.date!;
        const limit = entry.estimated_delivery_limit!.date!;
        const final = entry.estimated_delivery_final!.date!;
        assert.equal(businessDaysAfter(day(last), day(limit)), 2);
        assert.equal(businessDaysAfter(day(limit), day(final)), 5);
        assert.equal(entry.currency_id, 'ARS');
        assert.deepEqual(entry.delay, []);
      }
      assert.equal(unknown.estimated_delivery_limit?.date, null);
      assert.equal(unknown.estimated_delivery_time.date, null);
    });

    it('needs a token, answers 404 for unknown shipments and 403 to users who are not part of it', async () => {
      const id = SEEDED_SHIPMENT_IDS.knownFrame;
      assert.equal((await h.raw('GET', `/shipments/${id}/lead_time`, { token: null })).status, 401);
      assert.equal((await apiFailure(getLeadTime(h.client, 1))).status, 404);
      const other = await apiFailure(getLeadTime(as(MLB_SELLER_ID), id));
      assert.equal(other.status, 403);
    });
  });

  it('pay_before moves to the next business day once the daily cut-off has passed', async () => {
    const query = { zipCode: '5000', dimensions: PACKAGE };
    const express = async () =>
      (await getUserShippingOptions(h.client, SELLER_ID, query)).options.find(
        (o) => o.shipping_method_type === 'express',
      )!;
    assert.equal((await express()).estimated_delivery_time?.pay_before, '2026-03-02T13:00:00.000-04:00');
    await h.admin('POST', '/_sandbox/clock/advance', { hours: 3 });
    const later = await express();
    assert.equal(later.estimated_delivery_time?.pay_before, '2026-03-03T13:00:00.000-04:00');
    assertSpecRules(later);
    // Friday after the cut-off: next is Monday, and every date stays a business day.
    await h.admin('POST', '/_sandbox/clock/advance', { days: 4 });
    const friday = await getUserShippingOptions(h.client, SELLER_ID, query);
    const fridayExpress = friday.options.find((o) => o.shipping_method_type === 'express')!;
    assert.equal(fridayExpress.estimated_delivery_time?.pay_before, '2026-03-09T13:00:00.000-04:00');
    assertAll(friday);
  });

  it('between a site quote and a seller quote, every promise type, display and tracking value appears, and free shipping', async () => {
    const site = await getSiteShippingOptions(h.client, 'MLB', {
      zipCodeFrom: '01310100',
      zipCodeTo: '20040002',
      dimensions: PACKAGE,
    });
    const seller = await getUserShippingOptions(h.client, MLB_SELLER_ID, { zipCode: '20040002', dimensions: PACKAGE });
    const options = [...assertAll(site), ...assertAll(seller)];
    const values = (pick: (option: ShippingOption) => string | null | undefined) =>
      [...new Set(options.map(pick))].sort();
    assert.deepEqual(
      values((option) => option.estimated_delivery_time?.type),
      [...DELIVERY_TIME_TYPES].sort(),
    );
    assert.deepEqual(
      values((option) => option.display),
      [...DISPLAY_VALUES].sort(),
    );
    assert.deepEqual(
      values((option) => option.tracks_shipments_status),
      [...TRACKING_VALUES].sort(),
    );
    assert.ok(options.some((option) => option.cost === 0 && option.list_cost! > 0));
  });
});
