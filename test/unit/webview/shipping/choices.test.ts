import assert from 'node:assert/strict';
import { type QuoteResult, type QuoteRow, QuoteSite } from '../../../../src/model/protocols/shipping';
import { sortable } from '../../../../webview/shipping/resultFacts';
import { itemDestinationOf, sellerCitiesChoice } from '../../../../webview/shipping/siteChoice';

// The shipping webview's choices that need no DOM: which site the Seller · cities form offers, how the listing form
// asks its destination, and whether a result can be sorted.
const site = (id: string, zipBased: boolean, cityBased: boolean, cities: string[] = []) =>
  QuoteSite.parse({ id, name: id, zipBased, cityBased, cities: cities.map((city) => ({ id: city, name: city })) });
const SANDBOX = [site('MLA', true, true, ['TUxBQ0NBQkE']), site('MCO', false, true, ['TUNPQ01FREU'])];
const API = [site('MLA', true, false), site('MCO', false, true)];
const MLA_SELLER = { userId: '5503910054', siteId: 'MLA' };

describe('shipping webview: the choices of the forms', () => {
  it('Seller · cities offers the signed-in seller’s own site, whatever site an older form kept', () => {
    assert.deepEqual(sellerCitiesChoice(MLA_SELLER, '5503910054', 'MCO', SANDBOX), { kind: 'own', siteId: 'MLA' });
    assert.deepEqual(sellerCitiesChoice(MLA_SELLER, '', '', SANDBOX), { kind: 'own', siteId: 'MLA' });
  });

  it('says so, instead of a form that must fail, when the seller’s site does not quote by city', () => {
    const choice = sellerCitiesChoice(MLA_SELLER, '5503910054', '', API);
    assert.equal(choice.kind, 'notByCity');
    assert.match(choice.kind === 'notByCity' ? choice.message : '', /MLA quotes shipping by postal code, not by city/);
  });

  it('another seller: the chosen site among those that quote by city, the first of them by default', () => {
    assert.deepEqual(sellerCitiesChoice(MLA_SELLER, '6500100400', 'MCO', SANDBOX), { kind: 'other', siteId: 'MCO' });
    assert.deepEqual(sellerCitiesChoice(MLA_SELLER, '6500100400', 'MLB', API), { kind: 'other', siteId: 'MCO' });
    assert.deepEqual(sellerCitiesChoice(null, '6500100400', '', SANDBOX), { kind: 'other', siteId: 'MLA' });
  });

  it('the listing’s destination waits for a well-formed item id, and its hint names the form', () => {
    for (const typed of ['ABC', 'ABC123', 'ABC1234567', 'mla1400000702', '1400000702']) {
      const destination = itemDestinationOf(typed, SANDBOX);
      assert.equal(destination.kind, 'unknown', typed);
      const hint = destination.kind === 'unknown' ? destination.hint : '';
      assert.match(hint, /e\.g\. MLA1400000702/, typed);
      assert.doesNotMatch(hint, /Digits only/, typed);
    }
    const empty = itemDestinationOf('', SANDBOX);
    assert.ok(empty.kind === 'unknown' && /^Type the item id/.test(empty.hint));
    assert.deepEqual(itemDestinationOf('MLA1400000702', SANDBOX), { kind: 'zip', siteId: 'MLA' });
    assert.deepEqual(itemDestinationOf(' MCO1400000001 ', SANDBOX), { kind: 'city', siteId: 'MCO' });
    assert.deepEqual(itemDestinationOf('MLB1400000001', []), { kind: 'zip', siteId: 'MLB' });
    assert.deepEqual(itemDestinationOf('MCO1400000001', []), { kind: 'city', siteId: 'MCO' });
  });

  it('sorting is offered only where a destination has more than one option', () => {
    const row = (id: string): QuoteRow => ({
      id,
      name: id,
      cost: 'ARS 1.00',
      costValue: 1,
      free: false,
      tracking: '',
      handling: '',
      transport: '',
      promise: '',
      speedHours: null,
      display: 'always',
      recommended: false,
      cheapest: false,
      fastest: false,
    });
    const result = (blocks: { rows: QuoteRow[]; folded?: QuoteRow[] }[]): QuoteResult => ({
      mode: 'siteZip',
      method: 'GET',
      path: '/x',
      summary: [],
      blocks: blocks.map((block, index) => ({
        key: String(index),
        destination: '',
        notes: [],
        folded: [],
        ...block,
      })),
    });
    assert.equal(sortable(result([{ rows: [row('a')] }])), false, 'a delivery promise: one option');
    assert.equal(sortable(result([{ rows: [row('a')] }, { rows: [row('b')] }])), false, 'one per destination');
    assert.equal(sortable(result([{ rows: [row('a')], folded: [row('b')] }])), true);
    assert.equal(sortable(result([{ rows: [row('a'), row('b')] }])), true);
  });
});
