import assert from 'node:assert/strict';
import type { Finding } from '../../../src/rules/finding';
import {
  CITY_ID_EXAMPLE,
  cityIdRule,
  cityIdsRule,
  cityQuoteSiteRule,
  DIMENSIONS_EXAMPLE,
  dimensionsRule,
  isPostalCodeOf,
  itemIdRule,
  joinCityIds,
  KNOWN_SHIPPING_SITES,
  listedCitiesOf,
  MAX_CITY_DESTINATIONS,
  postalCodeRule,
  quotesByCity,
  quotesCitiesOn,
  SHIPPING_SITES,
  sellerCitySite,
  shipmentIdRule,
  shippingSite,
  siteIdRule,
  splitCityIds,
} from '../../../src/rules/shippingInputs';
import { SITES } from '../../../src/sandbox/shipping/geo';
import { MAX_DESTINATIONS } from '../../../src/sandbox/shipping/routes';

const codes = (findings: Finding[]) => findings.map((item) => item.code);
const only = (findings: Finding[]): Finding => {
  assert.equal(findings.length, 1, JSON.stringify(findings));
  return findings[0]!;
};

describe('shipping input rules', () => {
  describe('dimensions (the existing rule, units named)', () => {
    it('names cm and grams in every message, with the example', () => {
      for (const value of [undefined, '10x10', '0x10x20,500']) {
        const found = only(dimensionsRule(value));
        assert.match(found.message, /cm/, found.message);
        assert.match(found.message, /grams/, found.message);
        assert.ok(found.message.includes(DIMENSIONS_EXAMPLE));
      }
      assert.deepEqual(dimensionsRule('10x10x20,500'), []);
    });
  });

  describe('site facts', () => {
    it('the known sites, their postal code lengths, MCO by city only', () => {
      assert.deepEqual(Object.keys(SHIPPING_SITES), [...KNOWN_SHIPPING_SITES]);
      assert.deepEqual(
        Object.values(SHIPPING_SITES).map((site) => [site.siteId, site.postalCodeLength, site.quotesBy]),
        [
          ['MLA', 4, 'postal_code'],
          ['MLB', 8, 'postal_code'],
          ['MLM', 5, 'postal_code'],
          ['MCO', 6, 'city'],
          ['MLC', 7, 'postal_code'],
          ['MPE', 5, 'postal_code'],
          ['MLU', 5, 'postal_code'],
        ],
      );
      assert.ok(quotesByCity('MCO'));
      assert.ok(!quotesByCity('MLB'));
      assert.ok(!quotesByCity('MXX'));
      assert.equal(shippingSite('toString'), undefined);
    });

    it('the sandbox reads them: same lengths, modes and example postal codes', () => {
      assert.deepEqual(Object.keys(SITES).sort(), [...KNOWN_SHIPPING_SITES].sort());
      for (const site of Object.values(SITES)) {
        const facts = SHIPPING_SITES[site.site_id]!;
        assert.equal(site.zip_length, facts.postalCodeLength, site.site_id);
        assert.equal(site.zip_based, facts.quotesBy === 'postal_code', site.site_id);
        // The sandbox's messages quote its first city's postal code: the rule's example is that one.
        assert.equal(site.cities[0]?.zip_code, facts.postalCodeExample, site.site_id);
        for (const city of site.cities) assert.ok(isPostalCodeOf(site.site_id, city.zip_code), city.zip_code);
      }
      assert.equal(MAX_DESTINATIONS, MAX_CITY_DESTINATIONS);
    });
  });

  describe('site id', () => {
    it('M and two capital letters; a site outside the known ones is a hint', () => {
      for (const site of KNOWN_SHIPPING_SITES) assert.deepEqual(siteIdRule(site), []);
      assert.equal(only(siteIdRule('')).code, 'MISSING_SITE_ID');
      assert.match(only(siteIdRule(undefined)).message, /e\.g\. MLA/);
      for (const value of ['brazil', 'mlb', 'MLBR', 'XLB', 42]) {
        const found = only(siteIdRule(value, ['site']));
        assert.equal(found.code, 'INVALID_SITE_ID');
        assert.deepEqual(found.path, ['site']);
        assert.equal(found.severity, 'error');
      }
      assert.equal(only(siteIdRule('brazil')).message, 'brazil is not a site id such as MLA, MLB or MCO.');
      const unknown = only(siteIdRule('MXX'));
      assert.equal(unknown.code, 'UNKNOWN_SHIPPING_SITE');
      assert.equal(unknown.severity, 'info');
    });
  });

  describe('postal code', () => {
    it("the site's digits, with the example", () => {
      assert.deepEqual(postalCodeRule('MLB', '20040002'), []);
      assert.deepEqual(postalCodeRule('MLA', '5000'), []);
      assert.deepEqual(postalCodeRule('MLM', '06500'), []);
      const short = only(postalCodeRule('MLB', '2004', ['zip_code_to']));
      assert.equal(short.code, 'INVALID_POSTAL_CODE');
      assert.equal(short.message, 'zip_code_to 2004 is not a postal code of MLB: use 8 digits, e.g. 01310100.');
      assert.deepEqual(short.path, ['zip_code_to']);
      assert.equal(only(postalCodeRule('MLB', '01310-100')).code, 'INVALID_POSTAL_CODE');
      assert.equal(only(postalCodeRule('MLA', 'C1414')).code, 'INVALID_POSTAL_CODE');
    });

    it('missing: says the digits and an example', () => {
      const found = only(postalCodeRule('MLC', '', ['zip_code']));
      assert.equal(found.code, 'MISSING_POSTAL_CODE');
      assert.equal(found.message, 'The parameter zip_code is required: a postal code of MLC, 7 digits, e.g. 8320000.');
    });

    it('a number loses leading zeros: postal codes are text', () => {
      const found = only(postalCodeRule('MLB', 1310100));
      assert.equal(found.code, 'INVALID_POSTAL_CODE');
      assert.match(found.message, /as text, e\.g\. "01310100"/);
    });

    it('MCO quotes by city only', () => {
      const found = only(postalCodeRule('MCO', '110111'));
      assert.equal(found.code, 'POSTAL_CODE_NOT_QUOTED');
      assert.equal(
        found.message,
        'Site MCO quotes shipping by city, not postal code: send city_to (comma-separated city ids).',
      );
    });

    it('an unknown site: digits only', () => {
      assert.deepEqual(postalCodeRule('MXX', '12345'), []);
      assert.equal(only(postalCodeRule('MXX', '12-345')).code, 'INVALID_POSTAL_CODE');
    });
  });

  describe('city ids', () => {
    it('one city id: opaque non-empty text without commas or spaces', () => {
      assert.deepEqual(cityIdRule('TUNPQ01FREU'), []);
      assert.deepEqual(cityIdRule('anything-opaque_1'), []);
      assert.equal(only(cityIdRule('')).code, 'MISSING_CITY_ID');
      assert.ok(only(cityIdRule(null, ['city_from'])).message.includes(`city_from is required`));
      assert.ok(only(cityIdRule(null)).message.includes(CITY_ID_EXAMPLE));
      for (const value of ['a,b', 'a b', 42]) assert.equal(only(cityIdRule(value)).code, 'INVALID_CITY_ID');
    });

    it('a comma-separated list, at most 10 destinations once repeats are dropped', () => {
      assert.deepEqual(cityIdsRule('TUNPQ01FREU,TUNPQ0NBTEk'), []);
      assert.deepEqual(cityIdsRule(['TUNPQ01FREU', 'TUNPQ0NBTEk']), []);
      assert.deepEqual(codes(cityIdsRule('')), ['MISSING_CITY_IDS']);
      assert.deepEqual(codes(cityIdsRule(' , ,')), ['MISSING_CITY_IDS']);
      assert.deepEqual(codes(cityIdsRule([])), ['MISSING_CITY_IDS']);
      assert.match(only(cityIdsRule(undefined)).message, /separated by commas, e\.g\. TUNPQ01FREU,TUNPQ0NBTEk/);
      const ten = Array.from({ length: 10 }, (_, index) => `C${index}`);
      assert.deepEqual(cityIdsRule(ten.join(',')), []);
      const eleven = only(cityIdsRule([...ten, 'C10'].join(',')));
      assert.equal(eleven.code, 'TOO_MANY_CITY_IDS');
      assert.equal(eleven.message, 'city_to accepts at most 10 city ids; split the quote.');
      const repeated = only(cityIdsRule([...ten, 'C0'].join(',')));
      assert.equal(repeated.code, 'REPEATED_CITY_ID');
      assert.equal(repeated.severity, 'info');
      const listed = cityIdsRule(['ok', 'a b', '']);
      assert.deepEqual(codes(listed), ['INVALID_CITY_ID', 'MISSING_CITY_ID']);
      assert.deepEqual(
        listed.map((item) => item.path),
        [
          ['city_to', 1],
          ['city_to', 2],
        ],
      );
      assert.deepEqual(codes(cityIdsRule('a b,c')), ['INVALID_CITY_ID']);
      assert.deepEqual(codes(cityIdsRule(42)), ['INVALID_CITY_IDS']);
    });

    it('ids typed by hand: a name is not an id, and every bad one is named, not only the first', () => {
      const mla = { siteId: 'MLA', ids: new Set(SITES.MLA!.cities.map((city) => city.id)) };
      const palermo = SITES.MLA!.cities[0]!.id;
      for (const value of ['bogota!!', 'Bogotá', 'san josé'])
        assert.equal(only(cityIdRule(value)).code, 'INVALID_CITY_ID');
      assert.equal(
        only(cityIdRule('bogota!!', ['city_to'])).message,
        'city_to "bogota!!" is not a city id: city ids are letters and digits as the API gives them, e.g. TUNPQ01FREU.',
      );
      // Without a list (the real API's is not in the spec) a well-formed id is the API's to judge.
      assert.deepEqual(cityIdsRule('XYZ,123'), []);
      for (const value of [`bogota!!,XYZ,${palermo},123`, ['bogota!!', 'XYZ', palermo, '123']]) {
        const found = cityIdsRule(value, ['city_to'], MAX_CITY_DESTINATIONS, mla);
        assert.deepEqual(codes(found), ['INVALID_CITY_ID', 'UNKNOWN_CITY_ID', 'UNKNOWN_CITY_ID'], String(value));
        assert.deepEqual(found.map((item) => item.message).slice(1), [
          'city_to XYZ is not a city of MLA.',
          'city_to 123 is not a city of MLA.',
        ]);
        assert.ok(found.every((item) => item.severity === 'error'));
      }
      assert.deepEqual(cityIdsRule(palermo, ['city_to'], MAX_CITY_DESTINATIONS, mla), []);
      assert.deepEqual(codes(cityIdsRule('XYZ,XYZ', ['city_to'], MAX_CITY_DESTINATIONS, mla)), [
        'UNKNOWN_CITY_ID',
        'REPEATED_CITY_ID',
      ]);
      assert.equal(only(cityIdRule('XYZ', ['city_from'], mla)).message, 'city_from XYZ is not a city of MLA.');
      assert.deepEqual(cityIdRule(palermo, ['city_from'], mla), []);
    });

    it('which sites quote by city: MCO by the spec, and a site whose cities the environment lists', () => {
      assert.ok(quotesCitiesOn('MCO', 0));
      assert.ok(quotesCitiesOn('MLA', 6), 'the sandbox lists and quotes MLA’s cities');
      assert.ok(!quotesCitiesOn('MLA', 0), 'the spec shows no city quote on MLA');
      assert.ok(!quotesCitiesOn('MXX', 0));
      assert.deepEqual(cityQuoteSiteRule('MCO', 0), []);
      assert.deepEqual(cityQuoteSiteRule('MLA', 6), []);
      const refused = only(cityQuoteSiteRule('MLA', 0));
      assert.equal(refused.code, 'CITIES_NOT_QUOTED');
      assert.equal(
        refused.message,
        'Site MLA quotes shipping by postal code, not by city (the spec quotes by city on MCO): send zip_code.',
      );
    });

    it('a seller quotes by city from its own site: the signed-in one’s, another’s as chosen', () => {
      const account = { siteId: 'MLA', userId: '5503910054' };
      assert.deepEqual(sellerCitySite('5503910054', 'MCO', account), { siteId: 'MLA', own: true });
      assert.deepEqual(sellerCitySite(' ', 'MCO', account), { siteId: 'MLA', own: true });
      assert.deepEqual(sellerCitySite('6500100400', 'mco', account), { siteId: 'MCO', own: false });
      assert.deepEqual(sellerCitySite('6500100400', 'MCO', null), { siteId: 'MCO', own: false });
      const sites = [
        { id: 'MLA', cities: [{ id: 'A' }] },
        { id: 'MLB', cities: [] },
      ];
      assert.deepEqual([...(listedCitiesOf(sites, 'MLA')?.ids ?? [])], ['A']);
      assert.equal(listedCitiesOf(sites, 'MLB'), undefined, 'no list: nothing to judge against');
      assert.equal(listedCitiesOf(sites, 'constructor'), undefined);
    });

    it('list helpers: split and join as the sandbox reads city_to', () => {
      assert.deepEqual(splitCityIds(' a, b ,,a,c '), ['a', 'b', 'c']);
      assert.deepEqual(splitCityIds(''), []);
      assert.equal(joinCityIds([' a', 'b', 'a', '', 'c ']), 'a,b,c');
    });
  });

  describe('shipment and item ids', () => {
    it('a shipment id is digits', () => {
      assert.deepEqual(shipmentIdRule('42000000001'), []);
      assert.deepEqual(shipmentIdRule(42000000001), []);
      assert.equal(only(shipmentIdRule('')).code, 'MISSING_SHIPMENT_ID');
      for (const value of ['42-1', 'abc', -1, 1.5, ' 42']) {
        const found = only(shipmentIdRule(value));
        assert.equal(found.code, 'INVALID_SHIPMENT_ID', String(value));
        assert.match(found.message, /digits only, e\.g\. 42000000001/);
      }
    });

    it('an item id is the site letters and digits (ITEM_ID)', () => {
      assert.deepEqual(itemIdRule('MLA1400000702'), []);
      assert.equal(only(itemIdRule(undefined)).code, 'MISSING_ITEM_ID');
      for (const value of ['MLA1', 'MLA-1400000702', '1400000702', 1400000702])
        assert.equal(only(itemIdRule(value)).code, 'INVALID_ITEM_ID', String(value));
      assert.equal(
        only(itemIdRule('mla1400000702')).message,
        'mla1400000702 is not an item id: three capital letters and digits, e.g. MLA1400000702 (write MLA1400000702).',
      );
    });
  });
});
