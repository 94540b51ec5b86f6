import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MarketplaceClient } from '../../../src/api/client';
import {
  getItemShippingOptions,
  getLeadTime,
  getSiteShippingOptions,
  getSiteShippingOptionsByCity,
  getUserShippingOptions,
} from '../../../src/api/shipping';
import { LeadTime, type ShippingOption, ShippingOptionsResult } from '../../../src/model/shipping';
import {
  amountText,
  calendarDay,
  clockText,
  costText,
  currencyDecimals,
  type DeliveryTimeLike,
  deliverToText,
  deliveryPromise,
  promiseSpan,
  trackingText,
} from '../../../src/rules/deliveryPromise';
import { ITEM } from '../../../src/sandbox/items/ids';
import { SITES } from '../../../src/sandbox/shipping/geo';
import { SEEDED_SHIPMENT_IDS } from '../../../src/sandbox/shipping/seed';
import { MCO_SELLER_ID, MLB_SELLER_ID, SELLER_ID } from '../../../src/sandbox/users/ids';
import { useSandbox } from '../support/sandbox';

const REAL = join(__dirname, '..', '..', 'fixtures', 'real', 'answers');
const real = (name: string): unknown => JSON.parse(readFileSync(join(REAL, name), 'utf8'));

describe('delivery promise in words', () => {
  describe('the four types of the spec', () => {
    it('known: an exact date, with the time frame and pay_before when present', () => {
      const words = deliveryPromise({
        type: 'known',
        date: '2026-03-03T00:00:00.000-04:00',
        shipping: 24,
        handling: 24,
        unit: 'hour',
        offset: { date: null, shipping: 0 },
        time_frame: { from: '09:00', to: '13:00' },
        pay_before: '2026-03-02T13:00:00.000-04:00',
      });
      assert.equal(words.kind, 'known');
      assert.equal(words.form, 'date');
      assert.equal(words.text, 'Arrives Tuesday 3 March 2026, between 09:00 and 13:00, if paid before 13:00');
      assert.equal(words.firstDay?.iso, '2026-03-03');
      assert.deepEqual(words.timeFrame, { from: '09:00', to: '13:00' });
      assert.equal(words.payBefore?.time, '13:00');
      assert.equal(words.payBefore?.day?.short, 'Mon 2 Mar');
      assert.equal(words.handlingKnown, true);
      assert.equal(words.latestHours, 48);
    });

    it('known_frame: a range of dates', () => {
      const words = deliveryPromise({
        type: 'known_frame',
        date: '2026-03-04T00:00:00.000-04:00',
        shipping: 72,
        handling: 24,
        offset: { date: '2026-03-06T00:00:00.000-04:00', shipping: 48 },
        time_frame: { from: null, to: null },
        pay_before: null,
      });
      assert.equal(words.kind, 'known_frame');
      assert.equal(words.form, 'date_range');
      assert.equal(words.text, 'Arrives between Wed 4 Mar and Fri 6 Mar');
      assert.deepEqual([words.firstDay?.iso, words.lastDay?.iso], ['2026-03-04', '2026-03-06']);
      assert.equal(words.timeFrame, null);
      assert.equal(words.payBefore, null);
    });

    it('a range over the new year names both years', () => {
      const words = deliveryPromise({
        type: 'known_frame',
        date: '2026-12-31T00:00:00.000-03:00',
        offset: { date: '2027-01-04T00:00:00.000-03:00', shipping: 48 },
      });
      assert.equal(words.text, 'Arrives between Thu 31 Dec 2026 and Mon 4 Jan 2027');
    });

    it('unknown: an exact number of business days after dispatch, handling unknown', () => {
      const words = deliveryPromise({
        type: 'unknown',
        date: null,
        shipping: 72,
        handling: null,
        offset: { date: null, shipping: 0 },
      });
      assert.equal(words.kind, 'unknown');
      assert.equal(words.form, 'days');
      assert.equal(words.text, '3 business days after dispatch (handling time unknown)');
      assert.deepEqual(words.businessDays, { from: 3, to: 3 });
      assert.equal(words.handlingKnown, false);
      assert.equal(
        deliveryPromise({ type: 'unknown', shipping: 24 }).text,
        '1 business day after dispatch (handling time unknown)',
      );
    });

    it("unknown_frame: the spec's example, shipping 96 and offset.shipping 48, is 4 to 6 business days inclusive", () => {
      const words = deliveryPromise({
        type: 'unknown_frame',
        date: null,
        shipping: 96,
        handling: null,
        unit: 'hour',
        offset: { date: null, shipping: 48 },
      });
      assert.equal(words.kind, 'unknown_frame');
      assert.equal(words.form, 'day_range');
      assert.deepEqual(words.businessDays, { from: 4, to: 6 });
      assert.equal(words.text, '4 to 6 business days after dispatch (handling time unknown)');
      assert.deepEqual(words.span, { basis: 'hours', first: 96, last: 144, handlingKnown: false });
    });

    it('shows dates only when handling is known: an unknown type ignores a date it carries', () => {
      const words = deliveryPromise({
        type: 'unknown_frame',
        date: '2026-03-04T00:00:00.000-04:00',
        shipping: 96,
        offset: { date: '2026-03-06T00:00:00.000-04:00', shipping: 48 },
      });
      assert.equal(words.firstDay, null);
      assert.equal(words.text, '4 to 6 business days after dispatch (handling time unknown)');
    });

    it('an exact type ignores an offset; a frame without offset is one day', () => {
      assert.equal(
        deliveryPromise({ type: 'known', date: '2026-03-04', offset: { date: '2026-03-06', shipping: 48 } }).text,
        'Arrives Wednesday 4 March 2026',
      );
      assert.equal(
        deliveryPromise({ type: 'unknown', shipping: 96, offset: { shipping: 48 } }).text.slice(0, 16),
        '4 business days ',
      );
      assert.equal(
        deliveryPromise({ type: 'unknown_frame', shipping: 96 }).text,
        '4 business days after dispatch (handling time unknown)',
      );
    });
  });

  describe('dates as written, never in the machine zone', () => {
    it('takes the calendar day written in the text', () => {
      assert.equal(calendarDay('2026-03-04T00:00:00.000-04:00')?.long, 'Wednesday 4 March 2026');
      assert.equal(calendarDay('2026-03-04T23:30:00.000+14:00')?.short, 'Wed 4 Mar');
      assert.equal(calendarDay('2024-04-20T00:00:00-03:00')?.long, 'Saturday 20 April 2024');
      assert.equal(calendarDay('2026-03-04')?.iso, '2026-03-04');
      assert.equal(calendarDay('2026-02-30'), null);
      assert.equal(calendarDay('string'), null);
      assert.equal(calendarDay(null), null);
    });
  });

  describe('time frames and pay_before as real answers carry them', () => {
    const withFrame = (from: unknown, to: unknown) =>
      deliveryPromise({ type: 'known', date: '2026-03-04', time_frame: { from, to } } as DeliveryTimeLike).text;

    it('hours as numbers (the public lead-time schema)', () => {
      assert.equal(withFrame(9, 13), 'Arrives Wednesday 4 March 2026, between 09:00 and 13:00');
      assert.equal(withFrame(8.5, 12), 'Arrives Wednesday 4 March 2026, between 08:30 and 12:00');
      assert.equal(clockText(0), '00:00');
    });

    it('clock text and ISO timestamps', () => {
      assert.equal(withFrame('09:00', '13:00'), 'Arrives Wednesday 4 March 2026, between 09:00 and 13:00');
      assert.equal(withFrame('9:00', '13:00:00'), 'Arrives Wednesday 4 March 2026, between 09:00 and 13:00');
      assert.equal(
        withFrame('2026-03-04T09:00:00.000-04:00', '2026-03-04T13:00:00.000-04:00'),
        'Arrives Wednesday 4 March 2026, between 09:00 and 13:00',
      );
      assert.equal(withFrame('morning', null), 'Arrives Wednesday 4 March 2026, from morning');
      assert.equal(withFrame(null, 18), 'Arrives Wednesday 4 March 2026, by 18:00');
    });

    it('no time frame when both ends are null or blank', () => {
      assert.equal(withFrame(null, null), 'Arrives Wednesday 4 March 2026');
      assert.equal(withFrame('', ' '), 'Arrives Wednesday 4 March 2026');
    });

    it('pay_before as the time written in it', () => {
      const words = deliveryPromise({
        type: 'known',
        date: '2024-04-20T00:00:00-03:00',
        pay_before: '2024-04-20T14:00:00-03:00',
      });
      assert.equal(words.text, 'Arrives Saturday 20 April 2024, if paid before 14:00');
      assert.equal(deliveryPromise({ type: 'unknown', shipping: 48, pay_before: '13:00' }).payBefore?.time, '13:00');
    });
  });

  describe('missing and unexpected fields', () => {
    it('no offset at all', () => {
      assert.equal(
        deliveryPromise({ type: 'known_frame', date: '2026-03-04T00:00:00.000-04:00', shipping: 72, handling: 24 })
          .text,
        'Arrives Wednesday 4 March 2026',
      );
      assert.equal(
        deliveryPromise({ type: 'unknown_frame', shipping: 72 }).text,
        '3 business days after dispatch (handling time unknown)',
      );
    });

    it('a frame whose last day is not written counts the offset in business days', () => {
      const words = deliveryPromise({ type: 'known_frame', date: '2026-03-04', offset: { date: null, shipping: 48 } });
      assert.equal(words.text, 'Arrives between Wednesday 4 March 2026 and 2 business days later');
    });

    it('a known type without a readable date counts business days with the handling', () => {
      const words = deliveryPromise({
        type: 'known_frame',
        date: 'string',
        shipping: 72,
        handling: 48,
        offset: { shipping: 48 },
      });
      assert.equal(words.text, 'In 5 to 7 business days');
      assert.equal(
        deliveryPromise({ type: 'known', date: null, shipping: 48, handling: 24 }).text,
        'In 3 business days',
      );
    });

    it('nulls everywhere', () => {
      const words = deliveryPromise({
        type: 'unknown_frame',
        date: null,
        shipping: null,
        handling: null,
        offset: null,
        time_frame: null,
        pay_before: null,
      });
      assert.equal(words.text, 'No delivery time given (handling time unknown)');
      assert.equal(words.form, 'none');
      assert.equal(words.span, undefined);
      assert.equal(words.latestHours, null);
      assert.equal(deliveryPromise(null).text, 'No delivery time given');
      assert.equal(deliveryPromise(undefined).kind, 'other');
      assert.equal(
        deliveryPromise({ type: 'known', offset: { date: null, shipping: null }, time_frame: { from: null, to: null } })
          .text,
        'No delivery time given',
      );
    });

    it('a type the spec does not list still gets a sentence from its fields', () => {
      const dated = deliveryPromise({
        type: 'scheduled',
        date: '2026-03-04T00:00:00.000-04:00',
        offset: { date: '2026-03-05' },
      });
      assert.equal(dated.kind, 'other');
      assert.equal(dated.type, 'scheduled');
      assert.equal(dated.text, 'Arrives between Wed 4 Mar and Thu 5 Mar');
      assert.equal(deliveryPromise({ type: 'express_hours', shipping: 48, handling: 24 }).text, 'In 3 business days');
      assert.equal(
        deliveryPromise({ type: 'other_frame', shipping: 48, offset: { shipping: 24 } }).text,
        '2 to 3 business days after dispatch (handling time unknown)',
      );
      assert.equal(deliveryPromise({ type: 'mystery' }).text, 'No delivery time given (handling time unknown)');
    });

    it('a zero-hour promise', () => {
      assert.equal(
        deliveryPromise({ type: 'unknown', shipping: 0 }).text,
        'The same business day after dispatch (handling time unknown)',
      );
    });
  });

  describe('promise span for comparisons', () => {
    it('dates when given with known handling, else hours', () => {
      assert.deepEqual(
        promiseSpan({
          type: 'known_frame',
          date: '2026-03-04T00:00:00-04:00',
          offset: { date: '2026-03-06T00:00:00-04:00' },
        }),
        {
          basis: 'date',
          first: '2026-03-04',
          last: '2026-03-06',
        },
      );
      assert.deepEqual(promiseSpan({ type: 'known', date: null, shipping: 24, handling: 48 }), {
        basis: 'hours',
        first: 72,
        last: 72,
        handlingKnown: true,
      });
      assert.equal(promiseSpan({ type: 'unknown' }), undefined);
    });
  });

  describe('tracking and cost', () => {
    it('tracking in words', () => {
      assert.equal(trackingText('verified'), 'Tracked by the marketplace');
      assert.equal(trackingText('not_verified'), 'Seller supplies the tracking');
      assert.equal(trackingText('no'), 'No tracking');
      assert.equal(trackingText('partner'), 'partner');
      assert.equal(trackingText(null), 'Tracking not stated');
    });

    it('where a shipment is delivered, as a capitalised heading', () => {
      assert.equal(deliverToText('address'), 'Delivery to an address');
      assert.equal(deliverToText('agency'), 'Delivery to: agency');
      assert.equal(deliverToText(undefined), 'Delivery');
    });

    it('amounts as the display language writes them, the currency code first, its decimals kept', () => {
      assert.equal(costText({ cost: 22.69, currency_id: 'BRL' }, undefined, 'pt-BR'), 'BRL 22,69');
      assert.equal(costText({ cost: 1250 }, 'BRL', 'pt-BR'), 'BRL 1.250,00');
      assert.equal(costText({ cost: 16910.4, currency_id: 'COP' }, undefined, 'es'), 'COP 16.910');
      assert.equal(amountText(1234567.891, 'MXN', 'es'), '1.234.567,89');
      // English, given or not, keeps the deterministic form the sandbox's and the tests' texts use.
      assert.equal(costText({ cost: 1250 }, 'BRL', 'en-US'), 'BRL 1,250.00');
    });

    it('free shipping and discounts plainly, the currency named, its decimals', () => {
      assert.equal(costText({ cost: 0, list_cost: 1250, currency_id: 'ARS' }), 'Free (list price ARS 1,250.00)');
      assert.equal(
        costText({ cost: 1062.5, list_cost: 1250, currency_id: 'ARS' }),
        'ARS 1,062.50 (list price 1,250.00, 15% off)',
      );
      assert.equal(costText({ cost: 1250, list_cost: 1250 }, 'BRL'), 'BRL 1,250.00');
      assert.equal(costText({ cost: 16910.4, list_cost: 16910.4, currency_id: 'COP' }), 'COP 16,910');
      assert.equal(costText({ cost: 0, list_cost: 3490, currency_id: 'CLP' }), 'Free (list price CLP 3,490)');
      assert.equal(costText({ cost: 0, list_cost: 0 }), 'Free');
      assert.equal(
        costText({ cost: null, list_cost: 10, currency_id: 'ARS' }),
        'Cost not given (list price ARS 10.00)',
      );
      assert.equal(
        costText({ cost: 999, list_cost: 1000, currency_id: 'ARS' }),
        'ARS 999.00 (list price 1,000.00, less than 1% off)',
      );
      assert.equal(costText({ cost: 12 }), '12.00');
      assert.equal(amountText(1234567.891, 'MXN'), '1,234,567.89');
      assert.equal(amountText(-5, 'UYU'), '-5.00');
      assert.deepEqual(['COP', 'CLP', 'ARS', 'BRL'].map(currencyDecimals), [0, 0, 2, 2]);
    });

    it('agrees with the sandbox: the currency decimals of every site', () => {
      for (const site of Object.values(SITES))
        assert.equal(currencyDecimals(site.currency_id), site.decimals, site.site_id);
    });
  });

  describe('real bodies of the public pages', () => {
    it('the MLA item quote: known dates, pay_before, null frames and offsets', () => {
      const result = ShippingOptionsResult.parse(real('item-shipping-options-mla-zip.json'));
      assert.deepEqual(
        result.options.map((option) => deliveryPromise(option.estimated_delivery_time).text),
        [
          'Arrives Saturday 20 April 2024, if paid before 14:00',
          'Arrives Monday 22 April 2024, if paid before 16:00',
          'Arrives between Wed 24 Apr and Mon 29 Apr, if paid before 00:00',
          'Arrives between Wed 24 Apr and Mon 29 Apr, if paid before 00:00',
        ],
      );
    });

    it('the lead-time schema: time frame hours as numbers, placeholder text for dates', () => {
      const lead = LeadTime.parse(real('shipment-lead-time-schema.json'));
      const words = deliveryPromise(lead.estimated_delivery_time);
      assert.equal(words.kind, 'known');
      assert.deepEqual(words.timeFrame, { from: '00:00', to: '00:00' });
      // The placeholder "string" of pay_before is no time: left out rather than printed.
      assert.equal(words.text, 'Within the same business day, at 00:00');
      assert.equal(words.payBefore, null);
    });
  });
});

/** The business days of an unknown promise, read back from its words. */
function daysInWords(text: string): [number, number] {
  const match = /^(\d+)(?: to (\d+))? business days?/.exec(text);
  assert.ok(match, text);
  return [Number(match[1]), Number(match[2] ?? match[1])];
}

/** Checks the words of one real option against the answer's own numbers and dates. */
function assertWordsMatch(option: Pick<ShippingOption, 'estimated_delivery_time'>): void {
  const time = option.estimated_delivery_time!;
  const words = deliveryPromise(time);
  assert.equal(words.kind, time.type);
  if (time.type === 'known') {
    assert.equal(words.text.split(',')[0], `Arrives ${calendarDay(time.date)!.long}`);
  } else if (time.type === 'known_frame') {
    assert.equal(
      words.text.split(',')[0],
      `Arrives between ${calendarDay(time.date)!.short} and ${calendarDay(time.offset!.date)!.short}`,
    );
  } else {
    const [from, to] = daysInWords(words.text);
    assert.equal(from, time.shipping! / 24);
    assert.equal(to, time.type === 'unknown' ? from : (time.shipping! + time.offset!.shipping!) / 24);
    assert.match(words.text, /after dispatch \(handling time unknown\)/);
  }
  const frame = time.time_frame;
  if (frame?.from != null) assert.ok(words.text.includes(`between ${frame.from} and ${frame.to}`), words.text);
  else assert.doesNotMatch(words.text, /between \d{2}:\d{2}/);
  if (time.pay_before) assert.ok(words.text.endsWith(`if paid before ${time.pay_before.slice(11, 16)}`), words.text);
  else assert.ok(!words.text.includes('if paid'), words.text);
}

describe('delivery promise in words, on the sandbox answers', () => {
  const h = useSandbox();
  const PACKAGE = '10x10x20,500';

  it('MLB postal codes (site quote): business days from the answer hours, costs in BRL', async () => {
    const result = await getSiteShippingOptions(h.client, 'MLB', {
      zipCodeFrom: '01310100',
      zipCodeTo: '20040002',
      dimensions: PACKAGE,
    });
    assert.ok(result.options.length >= 3);
    for (const option of result.options) {
      assertWordsMatch(option);
      assert.equal(costText(option), `BRL ${amountText(option.cost!, 'BRL')}`);
      assert.match(costText(option), /^BRL \d+\.\d{2}$/);
    }
    const standard = result.options.find((option) => option.shipping_method_type === 'standard')!;
    const time = standard.estimated_delivery_time!;
    const [from, to] = [time.shipping! / 24, (time.shipping! + time.offset!.shipping!) / 24];
    assert.equal(time.type, 'unknown_frame');
    assert.equal(deliveryPromise(time).text, `${from} to ${to} business days after dispatch (handling time unknown)`);
  });

  it('MCO cities (site quote): unknown types, COP without decimals', async () => {
    const ids = ['Medellín', 'Cali'].map((name) => SITES.MCO!.cities.find((city) => city.name === name)!.id);
    const result = await getSiteShippingOptionsByCity(h.client, 'MCO', {
      cityFrom: SITES.MCO!.cities[0]!.id,
      cityTo: ids,
      dimensions: PACKAGE,
    });
    for (const id of ids) {
      for (const option of result[id]!.options) {
        assertWordsMatch(option);
        assert.match(costText(option), /^COP \d{1,3}(,\d{3})*$/);
      }
    }
  });

  it('MLB seller quote: known dates, the express slot and pay_before, free standard', async () => {
    const result = await getUserShippingOptions(h.client, MLB_SELLER_ID, { zipCode: '20040002', dimensions: PACKAGE });
    for (const option of result.options) assertWordsMatch(option);
    const byType = Object.fromEntries(result.options.map((option) => [option.shipping_method_type, option]));
    assert.equal(
      deliveryPromise(byType.express!.estimated_delivery_time).text,
      'Arrives Friday 6 March 2026, between 09:00 and 13:00, if paid before 13:00',
    );
    assert.equal(
      deliveryPromise(byType.standard!.estimated_delivery_time).text,
      'Arrives between Mon 9 Mar and Wed 11 Mar',
    );
    assert.equal(costText(byType.standard!), `Free (list price BRL ${amountText(byType.standard!.list_cost!, 'BRL')})`);
    assert.equal(trackingText(byType.custom!.tracks_shipments_status), 'Seller supplies the tracking');
    assert.equal(trackingText(byType.economy!.tracks_shipments_status), 'No tracking');
  });

  it('an item quote with free shipping', async () => {
    const result = await getItemShippingOptions(h.client, ITEM.PHONE_FULFILLMENT, { zipCode: '5000' });
    for (const option of result.options) assertWordsMatch(option);
    const standard = result.options.find((option) => option.shipping_method_type === 'standard')!;
    assert.match(costText(standard), /^Free \(list price ARS [\d,]+\.\d{2}\)$/);
  });

  it('lead times of the seeded shipments: each type, and what was paid', async () => {
    const users = await h.admin<{ id: number; token: string }[]>('GET', '/_sandbox/users');
    const tokens = Object.fromEntries(users.map((user) => [user.id, user.token]));
    const as = (userId: number): MarketplaceClient => h.clientWith({ token: () => tokens[userId] });
    const lead = (id: number, userId: number) => getLeadTime(as(userId), id);
    const known = await lead(SEEDED_SHIPMENT_IDS.known, SELLER_ID);
    const knownFrame = await lead(SEEDED_SHIPMENT_IDS.knownFrame, SELLER_ID);
    const unknown = await lead(SEEDED_SHIPMENT_IDS.unknown, MCO_SELLER_ID);
    const unknownFrame = await lead(SEEDED_SHIPMENT_IDS.unknownFrame, MCO_SELLER_ID);
    const free = await lead(SEEDED_SHIPMENT_IDS.free, SELLER_ID);
    const partial = await lead(SEEDED_SHIPMENT_IDS.partiallyFree, MLB_SELLER_ID);
    for (const entry of [known, knownFrame, unknown, unknownFrame, free, partial]) assertWordsMatch(entry);
    assert.equal(
      deliveryPromise(unknownFrame.estimated_delivery_time).text,
      '3 to 5 business days after dispatch (handling time unknown)',
    );
    assert.match(
      deliveryPromise(known.estimated_delivery_time).text,
      /^Arrives \w+day \d+ March 2026, between 09:00 and 13:00, if paid before 13:00$/,
    );
    assert.equal(costText(free), `Free (list price ARS ${amountText(free.list_cost!, 'ARS')})`);
    const percent = Math.round((1 - partial.cost! / partial.list_cost!) * 100);
    assert.equal(
      costText(partial),
      `BRL ${amountText(partial.cost!, 'BRL')} (list price ${amountText(partial.list_cost!, 'BRL')}, ${percent}% off)`,
    );
    assert.equal(percent, 50);
  });
});
