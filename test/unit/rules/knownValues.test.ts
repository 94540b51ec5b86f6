import assert from 'node:assert/strict';
import { KNOWN_LISTING_TYPES, serverSetReasons } from '../../../src/model/item';
import { serverSetFieldFindings } from '../../../src/rules/itemFields';
import { categoryFindings, categorySite, itemCreateFindings } from '../../../src/rules/items';
import { knownValueFindings } from '../../../src/rules/knownValues';

const levels = (findings: { code: string; severity: string }[]) =>
  findings.map((entry) => [entry.code, entry.severity]);

describe('known values are suggestions, not walls', () => {
  it('a known listing type, buying mode or condition says nothing', () => {
    for (const listing_type_id of Object.keys(KNOWN_LISTING_TYPES)) {
      assert.deepEqual(knownValueFindings({ listing_type_id, buying_mode: 'classified', condition: 'used' }), []);
    }
  });

  it('an unknown one is Information offline, naming who decides', () => {
    const found = knownValueFindings({ listing_type_id: 'diamond', buying_mode: 'barter', condition: 'refurbished' });
    assert.deepEqual(levels(found), [
      ['item.listing_type_id.unknown_value', 'info'],
      ['item.buying_mode.unknown_value', 'info'],
      ['item.condition.unknown_value', 'info'],
    ]);
    assert.match(found[0]!.message, /the site's listing types decide/);
    assert.match(found[1]!.message, /the category decides/);
  });

  it("with the site's live list: a type the site lacks is a Warning, one it has says nothing, known or not", () => {
    const mlu = { listingTypes: { siteId: 'MLU', ids: ['gold_special', 'free'] } };
    assert.deepEqual(levels(knownValueFindings({ listing_type_id: 'gold_pro' }, mlu)), [
      ['item.listing_type_id.not_on_site', 'warning'],
    ]);
    assert.deepEqual(knownValueFindings({ listing_type_id: 'free' }, mlu), []);
    const own = { listingTypes: { siteId: 'MLA', ids: ['gold_pro', 'gold_ultra'] } };
    assert.deepEqual(knownValueFindings({ listing_type_id: 'gold_ultra' }, own), [], 'the site is the authority');
  });

  it('never blocks a creation: a body with only unknown values has no error', () => {
    const body = {
      title: 'Celular Samsung Galaxy A15',
      category_id: 'MLA1055',
      price: 10,
      currency_id: 'ARS',
      listing_type_id: 'bronze_plus',
      buying_mode: 'auction',
      condition: 'refurbished',
    };
    assert.ok(itemCreateFindings(body).every((entry) => entry.severity === 'info'));
  });
});

describe('item fields at creation', () => {
  it('fields the marketplace sets are a Warning with the reason, never an error', () => {
    const found = serverSetFieldFindings({ sold_quantity: 3, permalink: 'x', title: 'ok' });
    assert.deepEqual(levels(found), [
      ['item.sold_quantity.server_set', 'warning'],
      ['item.permalink.server_set', 'warning'],
    ]);
    assert.match(found[0]!.message, new RegExp(serverSetReasons().sold_quantity!));
  });

  it('official_store_id, tags, description as a string and shipping.free_methods are accepted', () => {
    const body = {
      title: 'Item de test - No Ofertar',
      category_id: 'MLA5529',
      price: 10,
      currency_id: 'ARS',
      official_store_id: 1,
      tags: ['immediate_payment'],
      description: 'Item de test',
      shipping: { mode: 'me2', free_methods: [] },
      catalog_listing: true,
    };
    assert.deepEqual(levels(itemCreateFindings(body)), [
      ['item.title.invalid_characters', 'info'],
      ['item.field.unknown', 'info'],
    ]);
  });

  it('a category id is the site prefix and a number, of the item’s own site', () => {
    assert.equal(categorySite('MLA1055'), 'MLA');
    assert.equal(categorySite('Celulares'), undefined);
    assert.deepEqual(levels(categoryFindings('MLB1055', 'MLA', {})), [['item.category_id.other_site', 'error']]);
    assert.deepEqual(levels(categoryFindings('MLA 1055', 'MLA', {})), [['item.category_id.invalid', 'error']]);
    assert.deepEqual(levels(categoryFindings('MLA5529', 'MLA', { categoryUnknownToSandbox: true })), [
      ['item.category_id.unknown_to_sandbox', 'info'],
    ]);
    assert.deepEqual(levels(categoryFindings('MLA5529', 'MLA', { unknownCategory: true })), [
      ['item.category_id.invalid', 'error'],
    ]);
  });
});
