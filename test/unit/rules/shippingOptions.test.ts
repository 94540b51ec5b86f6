import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  getItemShippingOptions,
  getSiteShippingOptions,
  getSiteShippingOptionsByCity,
  getUserShippingOptions,
  getUserShippingOptionsByCity,
} from '../../../src/api/shipping';
import { ShippingOptionsResult } from '../../../src/model/shipping';
import { promiseSpan } from '../../../src/rules/deliveryPromise';
import {
  arrangeOptions,
  arrangeResults,
  dominatorOf,
  isFaster,
  type OptionLike,
} from '../../../src/rules/shippingOptions';
import { ITEM } from '../../../src/sandbox/items/ids';
import { SITES } from '../../../src/sandbox/shipping/geo';
import { MCO_SELLER_ID, MLB_SELLER_ID, SELLER_ID } from '../../../src/sandbox/users/ids';
import { useSandbox } from '../support/sandbox';

interface Named extends OptionLike {
  name: string;
}

/** An option promising delivery `shipping + offset` hours after dispatch (handling unknown). */
const byHours = (name: string, cost: number, shipping: number, offset: number, display = 'always'): Named => ({
  name,
  cost,
  display,
  estimated_delivery_time: {
    type: offset > 0 ? 'unknown_frame' : 'unknown',
    shipping,
    handling: null,
    offset: { date: null, shipping: offset },
  },
});

/** An option with known handling and dates. */
const byDates = (name: string, cost: number, date: string, last: string | null, display = 'always'): Named => ({
  name,
  cost,
  display,
  estimated_delivery_time: {
    type: last ? 'known_frame' : 'known',
    date: `${date}T00:00:00.000-04:00`,
    shipping: 48,
    handling: 24,
    offset: { date: last ? `${last}T00:00:00.000-04:00` : null, shipping: last ? 48 : 0 },
  },
});

const names = (entries: { option: Named }[]) => entries.map((entry) => entry.option.name);

describe('shipping options: display, order, cheapest and fastest', () => {
  const standard = byHours('standard', 100, 72, 48, 'recommended');
  const express = byHours('express', 180, 48, 0);
  const economy = byHours('economy', 60, 120, 72);
  const carrier = byHours('carrier', 130, 120, 48, 'optional');

  it('folds an optional option that a faster and no dearer one beats; highlights the recommended one', () => {
    const arranged = arrangeOptions([standard, express, economy, carrier], 'cost');
    assert.deepEqual(names(arranged.shown), ['economy', 'standard', 'express']);
    assert.deepEqual(names(arranged.folded), ['carrier']);
    assert.equal(arranged.folded[0]?.foldedBy, 0, 'standard (index 0) is faster and cheaper');
    assert.equal(arranged.highlighted?.option.name, 'standard');
    assert.deepEqual(
      arranged.shown.map((entry) => [entry.option.name, entry.cheapest, entry.fastest]),
      [
        ['economy', true, false],
        ['standard', false, false],
        ['express', false, true],
      ],
    );
  });

  it('sorts by speed, cost breaking ties, then the answer order', () => {
    const twin = byHours('twin', 100, 72, 48);
    const arranged = arrangeOptions([economy, twin, express, standard], 'speed');
    assert.deepEqual(names(arranged.shown), ['express', 'twin', 'standard', 'economy']);
  });

  it('never folds always or recommended options, nor an optional one nothing beats', () => {
    const slowDear = byHours('slow', 500, 200, 0, 'always');
    const lonelyOptional = byHours('lonely', 10, 300, 0, 'optional');
    const arranged = arrangeOptions([express, slowDear, lonelyOptional], 'cost');
    assert.deepEqual(names(arranged.folded), []);
    assert.equal(arranged.highlighted, undefined);
  });

  it('an optional option is folded when the other is faster and costs the same; not when only cheaper', () => {
    const same = byHours('same', 100, 96, 48, 'optional');
    assert.equal(dominatorOf([standard, same], 1), 0);
    const cheaperOnly = byHours('cheaper', 150, 72, 48, 'optional');
    const cheaperSameSpeed = byHours('other', 100, 72, 48);
    assert.equal(dominatorOf([cheaperSameSpeed, cheaperOnly], 1), undefined);
  });

  it('faster by dates when both give dates; dates and hours are not compared', () => {
    const soon = byDates('soon', 50, '2026-03-04', '2026-03-06');
    const late = byDates('late', 60, '2026-03-05', '2026-03-09', 'optional');
    const exact = byDates('exact', 70, '2026-03-05', null);
    assert.ok(isFaster(soon, late));
    assert.ok(isFaster(exact, late), 'the last day counts: 5 March before 9 March');
    assert.ok(!isFaster(late, soon));
    assert.ok(!isFaster(soon, byHours('hours', 10, 24, 0)));
    assert.ok(!isFaster(byHours('hours', 10, 24, 0), late));
    const arranged = arrangeOptions([late, soon, exact], 'speed');
    assert.deepEqual(names(arranged.shown), ['exact', 'soon']);
    assert.deepEqual(names(arranged.folded), ['late']);
    assert.deepEqual(
      arranged.shown.map((entry) => entry.fastest),
      [true, false],
      'exact ends on 5 March, soon on 6 March',
    );
  });

  it('handling counts when known and no dates are given', () => {
    const a: OptionLike = { cost: 1, estimated_delivery_time: { type: 'known', shipping: 24, handling: 72 } };
    const b: OptionLike = { cost: 1, estimated_delivery_time: { type: 'known', shipping: 72, handling: 0 } };
    assert.ok(isFaster(b, a));
  });

  it('options without a cost or a promise are shown, sorted last, never folded or folding', () => {
    const bare: Named = { name: 'bare', display: 'optional' };
    const noCost: Named = { ...byHours('noCost', 0, 24, 0), cost: null };
    const arranged = arrangeOptions([bare, standard, noCost], 'cost');
    assert.deepEqual(names(arranged.shown), ['standard', 'noCost', 'bare']);
    assert.deepEqual(names(arranged.folded), []);
    assert.deepEqual(arrangeOptions([], 'speed'), { shown: [], folded: [], highlighted: undefined });
  });

  it('marks the cheapest and fastest across several destinations keyed by city', () => {
    const near = {
      options: [byHours('near-standard', 80, 24, 48, 'recommended'), byHours('near-express', 150, 24, 0)],
    };
    const far = { options: [byHours('far-standard', 120, 72, 48, 'recommended'), byHours('far-economy', 70, 120, 72)] };
    const arranged = arrangeResults({ CITY_NEAR: near, CITY_FAR: far }, 'cost');
    assert.deepEqual(arranged.cheapest, [{ key: 'CITY_FAR', index: 1 }]);
    assert.deepEqual(arranged.fastest, [{ key: 'CITY_NEAR', index: 1 }]);
    assert.deepEqual(Object.keys(arranged.byKey), ['CITY_NEAR', 'CITY_FAR']);
    assert.deepEqual(names(arranged.byKey.CITY_FAR!.shown), ['far-economy', 'far-standard']);
    const tie = arrangeResults(
      { A: { options: [byHours('a', 10, 24, 0)] }, B: { options: [byHours('b', 10, 24, 0)] } },
      'speed',
    );
    assert.deepEqual(tie.cheapest, [
      { key: 'A', index: 0 },
      { key: 'B', index: 0 },
    ]);
    assert.equal(tie.fastest.length, 2);
  });

  it('the real MLA item quote: the optional standard is beaten by the cheaper next-day option', () => {
    const body = JSON.parse(
      readFileSync(
        join(__dirname, '..', '..', 'fixtures', 'real', 'answers', 'item-shipping-options-mla-zip.json'),
        'utf8',
      ),
    );
    const result = ShippingOptionsResult.parse(body);
    const arranged = arrangeOptions(result.options, 'cost');
    assert.deepEqual(
      arranged.folded.map((entry) => [entry.option.shipping_method_id, entry.foldedBy]),
      [[73328, 0]],
    );
    assert.equal(arranged.highlighted?.option.name, 'Prioritario a domicilio');
    assert.equal(arranged.shown.length, 3);
  });
});

describe('shipping options arranged on the sandbox answers', () => {
  const h = useSandbox();
  const PACKAGE = '10x10x20,500';
  const city = (site: string, name: string) => SITES[site]!.cities.find((entry) => entry.name === name)!.id;

  /** Every option the sandbox marks optional is folded, the rest shown, the recommended one highlighted. */
  function assertAgrees(result: ShippingOptionsResult) {
    const arranged = arrangeOptions(result.options, 'speed');
    const optional = result.options.flatMap((option, index) => (option.display === 'optional' ? [index] : []));
    assert.deepEqual(arranged.folded.map((entry) => entry.index).sort(), optional);
    for (const entry of arranged.folded) {
      const by = result.options[entry.foldedBy!]!;
      assert.ok(by.cost! <= entry.option.cost!, 'the folding option costs no more');
      const [fast, slow] = [promiseSpan(by.estimated_delivery_time), promiseSpan(entry.option.estimated_delivery_time)];
      assert.ok(fast && slow && fast.last < slow.last, 'the folding option is faster');
    }
    const recommended = result.options.findIndex((option) => option.display === 'recommended');
    assert.equal(arranged.highlighted?.index, recommended < 0 ? undefined : recommended);
    // Sorted by speed: each shown option's last promised hour or day is no later than the next one's.
    const spans = arranged.shown.map((entry) => promiseSpan(entry.option.estimated_delivery_time)!);
    for (let at = 1; at < spans.length; at++) assert.ok(spans[at - 1]!.last <= spans[at]!.last);
    const lowest = Math.min(...arranged.shown.map((entry) => entry.option.cost!));
    for (const entry of arranged.shown) assert.equal(entry.cheapest, entry.option.cost === lowest);
    assert.ok(arranged.shown[0]!.fastest);
    return arranged;
  }

  it('MLB site quote (postal codes)', async () => {
    const result = await getSiteShippingOptions(h.client, 'MLB', {
      zipCodeFrom: '01310100',
      zipCodeTo: '20040002',
      dimensions: PACKAGE,
    });
    const arranged = assertAgrees(result);
    assert.deepEqual(
      arranged.shown.map((entry) => entry.option.shipping_method_type),
      ['express', 'standard', 'economy'],
    );
  });

  it('MLB and MLA seller quotes fold the options the sandbox marks optional', async () => {
    const mlb = assertAgrees(
      await getUserShippingOptions(h.client, MLB_SELLER_ID, { zipCode: '20040002', dimensions: PACKAGE }),
    );
    assert.deepEqual(mlb.folded.map((entry) => entry.option.shipping_method_type).sort(), ['custom', 'economy']);
    assert.equal(mlb.highlighted?.option.shipping_method_type, 'standard');
    const mla = assertAgrees(
      await getUserShippingOptions(h.client, SELLER_ID, { zipCode: '5000', dimensions: '20x20x20,3000' }),
    );
    assert.deepEqual(
      mla.folded.map((entry) => entry.option.shipping_method_type),
      ['custom'],
    );
    assertAgrees(await getItemShippingOptions(h.client, ITEM.PHONE_FULFILLMENT, { zipCode: '5000' }));
  });

  it('MCO destinations: the cheapest and fastest across cities', async () => {
    const bogota = city('MCO', 'Bogotá');
    const ids = [city('MCO', 'Medellín'), city('MCO', 'Cali'), bogota];
    const result = await getSiteShippingOptionsByCity(h.client, 'MCO', {
      cityFrom: bogota,
      cityTo: ids,
      dimensions: PACKAGE,
    });
    for (const id of ids) assertAgrees(result[id]!);
    const arranged = arrangeResults(result, 'cost');
    // Checked against the answers' own numbers.
    const all = ids.flatMap((id) => result[id]!.options.map((option, index) => ({ key: id, index, option })));
    const lowest = Math.min(...all.map((entry) => entry.option.cost!));
    assert.deepEqual(
      arranged.cheapest,
      all.filter((entry) => entry.option.cost === lowest).map(({ key, index }) => ({ key, index })),
    );
    const hours = (entry: (typeof all)[number]) => {
      const time = entry.option.estimated_delivery_time!;
      return time.shipping! + (time.offset?.shipping ?? 0);
    };
    const earliest = Math.min(...all.map(hours));
    assert.deepEqual(
      arranged.fastest,
      all.filter((entry) => hours(entry) === earliest).map(({ key, index }) => ({ key, index })),
    );
    assert.deepEqual(
      arranged.cheapest.map((ref) => ref.key),
      [bogota],
      'the local quote is the cheapest',
    );
  });

  it('a seller quote to several cities keyed by city id', async () => {
    const ids = [city('MCO', 'Medellín'), city('MCO', 'Barranquilla')];
    const result = await getUserShippingOptionsByCity(h.client, MCO_SELLER_ID, { cityTo: ids, dimensions: PACKAGE });
    const arranged = arrangeResults(result, 'speed');
    for (const id of ids) assertAgrees(result[id]!);
    assert.ok(
      arranged.cheapest.every((ref) => result[ref.key]!.options[ref.index]!.cost === 0),
      'free standard',
    );
  });
});
