import assert from 'node:assert/strict';
import { parseDimensions } from '../../../src/rules/shipping';
import { distanceBand, placeOfZip, SITES } from '../../../src/sandbox/shipping/geo';
import { METHODS } from '../../../src/sandbox/shipping/methods';
import {
  addBusinessDays,
  deliveryPromise,
  isBusinessDay,
  nextBusinessDay,
} from '../../../src/sandbox/shipping/promise';
import { assignDisplay, billableGrams, listCost, quote } from '../../../src/sandbox/shipping/quote';
import { SEEDED_PROFILES } from '../../../src/sandbox/shipping/seed';

// 2026-03-06 is a Friday; the site clock runs at -04:00.
const at = (local: string) => new Date(`${local}-04:00`);

describe('shipping engine of the sandbox', () => {
  it('counts business days Monday to Friday', () => {
    assert.ok(isBusinessDay('2026-03-06'));
    assert.ok(!isBusinessDay('2026-03-07'));
    assert.equal(nextBusinessDay('2026-03-06'), '2026-03-09');
    assert.equal(addBusinessDays('2026-03-05', 3), '2026-03-10');
    assert.equal(addBusinessDays('2026-03-05', 0), '2026-03-05');
  });

  it('starts a weekend quote on Monday and rounds handling up to whole days', () => {
    const saturday = deliveryPromise(METHODS.standard, 0, 30, at('2026-03-07T10:00:00'));
    // Start Monday 9th; 30 h handling = 2 business days; 24 h transport = 1: Thursday 12th, frame to Monday 16th.
    assert.equal(saturday.estimated_delivery_time.date, '2026-03-12T00:00:00.000-04:00');
    assert.equal(saturday.estimated_delivery_time.offset?.date, '2026-03-16T00:00:00.000-04:00');
    assert.equal(saturday.estimated_delivery_time.type, 'known_frame');
  });

  it('moves a payment-dependent promise past the 13:00 cut-off', () => {
    const before = deliveryPromise(METHODS.express, 0, 24, at('2026-03-06T12:59:00'));
    const after = deliveryPromise(METHODS.express, 0, 24, at('2026-03-06T13:00:00'));
    assert.equal(before.estimated_delivery_time.pay_before, '2026-03-06T13:00:00.000-04:00');
    assert.equal(before.estimated_delivery_time.date, '2026-03-10T00:00:00.000-04:00');
    assert.equal(after.estimated_delivery_time.pay_before, '2026-03-09T13:00:00.000-04:00');
    assert.equal(after.estimated_delivery_time.date, '2026-03-11T00:00:00.000-04:00');
    // The standard carrier has no cut-off: the same instant gives the same promise.
    assert.deepEqual(
      deliveryPromise(METHODS.standard, 0, 24, at('2026-03-06T12:59:00')).estimated_delivery_time,
      deliveryPromise(METHODS.standard, 0, 24, at('2026-03-06T13:00:00')).estimated_delivery_time,
    );
  });

  it('gives no dates when handling is unknown', () => {
    const promise = deliveryPromise(METHODS.economy, 2, null, at('2026-03-06T10:00:00'));
    assert.equal(promise.estimated_delivery_time.type, 'unknown_frame');
    assert.equal(promise.estimated_delivery_time.date, null);
    assert.equal(promise.estimated_delivery_time.offset?.date, null);
    assert.equal(promise.estimated_delivery_time.offset?.shipping, 72);
    assert.equal(promise.first_day, null);
  });

  it('marks optional what a faster and no dearer option beats, and recommends the cheapest tracked one', () => {
    assert.deepEqual(
      assignDisplay([
        { cost: 10, tracks: 'verified', maxHours: 72 },
        { cost: 18, tracks: 'verified', maxHours: 24 },
        { cost: 6, tracks: 'no', maxHours: 144 },
        { cost: 13, tracks: 'not_verified', maxHours: 120 },
      ]),
      ['recommended', 'always', 'always', 'optional'],
    );
    // Same speed is not faster; a single option is simply always shown.
    assert.deepEqual(
      assignDisplay([
        { cost: 5, tracks: 'verified', maxHours: 72 },
        { cost: 5, tracks: 'verified', maxHours: 72 },
      ]),
      ['recommended', 'always'],
    );
    assert.deepEqual(assignDisplay([{ cost: 5, tracks: 'verified', maxHours: 72 }]), ['always']);
  });

  it('prices by billable weight, distance and currency decimals', () => {
    assert.equal(billableGrams(parseDimensions('10x10x20,500')!), 500);
    assert.equal(billableGrams(parseDimensions('50x50x50,500')!), 25_000);
    const mco = SITES.MCO!;
    assert.equal(listCost(mco, METHODS.standard, 0, 900), 8900);
    assert.equal(listCost(mco, METHODS.standard, 2, 2500), Math.round(8900 * 1.9 * 1.3));
    assert.equal(distanceBand('01310100', '01415000'), 0);
    assert.equal(distanceBand('01310100', '04538132'), 1);
    assert.equal(distanceBand('01310100', '90010000'), 2);
  });

  it('a quote over 30 kg billable has no platform method left', () => {
    const site = SITES.MLA!;
    const result = quote({
      site,
      origin: placeOfZip(site, '1414'),
      destination: placeOfZip(site, '5000'),
      pkg: parseDimensions('60x60x60,1000')!,
      seller: SEEDED_PROFILES[0],
      freeStandard: false,
      now: at('2026-03-06T10:00:00'),
      withSettings: true,
      buyer: null,
    });
    assert.deepEqual(
      result.options.map((option) => option.shipping_method_type),
      ['custom'],
    );
    assert.equal(result.options[0]?.display, 'always');
  });
});
