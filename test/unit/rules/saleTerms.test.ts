import assert from 'node:assert/strict';
import type { SaleTermDefinition } from '../../../src/model/item';
import {
  isRemoval,
  manufacturingTimeValueFindings,
  parseNumberUnit,
  type SaleTermsContext,
  saleTermsFindings,
} from '../../../src/rules/saleTerms';
import { seedCategories } from '../../../src/sandbox/items/categories';

const categories = seedCategories();
const example = categories.MLA1577!.sale_terms;
const general: SaleTermsContext = { definitions: example, vertical: 'general', shipping: { tags: [] } };

const codes = (terms: unknown, context: SaleTermsContext = general) =>
  saleTermsFindings(terms, context).map((entry) => entry.code);
const mt = (value: string | null, extra: Record<string, unknown> = {}) => [
  { id: 'MANUFACTURING_TIME', value_name: value, ...extra },
];

describe('sale-term rules', () => {
  describe('rule 2: MANUFACTURING_TIME at most 45 días', () => {
    it('accepts 1 and 45 días, refuses 46 and 0', () => {
      assert.deepEqual(codes(mt('45 días')), []);
      assert.deepEqual(codes(mt('1 días')), []);
      const too = saleTermsFindings(mt('46 días'), general);
      assert.deepEqual(
        too.map((entry) => entry.code),
        ['item.manufacturing_time.too_long'],
      );
      assert.deepEqual(too[0]!.path, ['sale_terms', 0, 'value_name']);
      assert.match(too[0]!.message, /may not exceed 45 días/);
      assert.deepEqual(codes(mt('0 días')), ['item.manufacturing_time.too_short']);
    });

    it('needs the form "N días": a whole number, one space, the unit', () => {
      assert.deepEqual(codes(mt('30dias')), ['item.manufacturing_time.invalid_format']);
      assert.deepEqual(codes(mt('treinta días')), ['item.manufacturing_time.invalid_format']);
      assert.deepEqual(codes(mt('2.5 días')), ['item.manufacturing_time.invalid_format']);
      assert.deepEqual(codes([{ id: 'MANUFACTURING_TIME' }]), ['item.sale_terms.value_missing']);
    });

    it('checks the value without a category too (editor with no definitions loaded)', () => {
      assert.deepEqual(
        manufacturingTimeValueFindings('46 días', undefined).map((entry) => entry.code),
        ['item.manufacturing_time.too_long'],
      );
      assert.deepEqual(manufacturingTimeValueFindings('45 días', undefined), []);
    });
  });

  describe('rule 1: number_unit units among allowed_units', () => {
    it('MANUFACTURING_TIME accepts only días', () => {
      const found = saleTermsFindings(mt('3 semanas'), general);
      assert.deepEqual(
        found.map((entry) => entry.code),
        ['item.sale_terms.unit_not_allowed'],
      );
      assert.match(found[0]!.message, /allowed_units: días/);
    });

    it('WARRANTY_TIME accepts días, meses and años and nothing else', () => {
      for (const unit of ['días', 'meses', 'años'])
        assert.deepEqual(codes([{ id: 'WARRANTY_TIME', value_name: `6 ${unit}` }]), []);
      assert.deepEqual(codes([{ id: 'WARRANTY_TIME', value_name: '6 semanas' }]), ['item.sale_terms.unit_not_allowed']);
      assert.deepEqual(codes([{ id: 'WARRANTY_TIME', value_name: 'seis meses' }]), [
        'item.sale_terms.invalid_number_unit',
      ]);
    });

    it('PRICE_SUBSCRIPTION accepts USD, UVA and ARS; DISCOUNT_SUBSCRIPTION only %; CHECKOUT_EXCHANGE_RATE ARS/USD', () => {
      for (const unit of ['USD', 'UVA', 'ARS'])
        assert.deepEqual(codes([{ id: 'PRICE_SUBSCRIPTION', value_name: `10 ${unit}` }]), []);
      assert.deepEqual(codes([{ id: 'LOYALTY_LEVEL_3', value_name: '10 EUR' }]), ['item.sale_terms.unit_not_allowed']);
      assert.deepEqual(codes([{ id: 'DISCOUNT_SUBSCRIPTION', value_name: '15 %' }]), []);
      assert.deepEqual(codes([{ id: 'DISCOUNT_SUBSCRIPTION', value_name: '15 USD' }]), [
        'item.sale_terms.unit_not_allowed',
      ]);
      assert.deepEqual(codes([{ id: 'CHECKOUT_EXCHANGE_RATE', value_name: '1050 ARS/USD' }]), []);
    });

    it('number_unit values hold at most 255 characters (value_max_length)', () => {
      const at = `${'1'.repeat(250)} meses`; // 256 characters
      assert.equal(at.length, 256);
      assert.ok(codes([{ id: 'WARRANTY_TIME', value_name: at }]).includes('item.sale_terms.value_too_long'));
      const fits = `${'1'.repeat(249)} meses`;
      assert.equal(fits.length, 255);
      assert.deepEqual(codes([{ id: 'WARRANTY_TIME', value_name: fits }]), []);
    });
  });

  describe('rule 3: MANUFACTURING_TIME refused for some verticals, flex and fulfillment', () => {
    for (const vertical of ['real_estate', 'automobiles', 'services'] as const) {
      it(`refuses it in the ${vertical} vertical even when the category lists it`, () => {
        const found = saleTermsFindings(mt('10 días'), { ...general, vertical });
        assert.deepEqual(
          found.map((entry) => entry.code),
          ['item.manufacturing_time.vertical_not_allowed'],
        );
        assert.deepEqual(found[0]!.path, ['sale_terms', 0, 'id']);
      });
    }

    it('accepts it in the fashion, supermarket and general verticals', () => {
      for (const vertical of ['fashion', 'supermarket', 'general'] as const)
        assert.deepEqual(codes(mt('10 días'), { ...general, vertical }), []);
    });

    it('refuses it for flex delivery (tag self_service_in) and fulfillment', () => {
      assert.deepEqual(codes(mt('10 días'), { ...general, shipping: { tags: ['self_service_in'] } }), [
        'item.manufacturing_time.flex_not_allowed',
      ]);
      assert.deepEqual(codes(mt('10 días'), { ...general, shipping: { logistic_type: 'fulfillment' } }), [
        'item.manufacturing_time.fulfillment_not_allowed',
      ]);
    });

    it('always lets the term be removed (value_id and value_name null)', () => {
      const removal = mt(null, { value_id: null });
      assert.ok(isRemoval(removal[0]!));
      assert.deepEqual(
        codes(removal, { definitions: [], vertical: 'automobiles', shipping: { tags: ['self_service_in'] } }),
        [],
      );
    });
  });

  describe('rule 4: only when the category sale terms list it', () => {
    it('refuses MANUFACTURING_TIME in a category that does not list it', () => {
      const books = categories.MLA3025!.sale_terms;
      const found = saleTermsFindings(mt('10 días'), { definitions: books, vertical: 'general' });
      assert.deepEqual(
        found.map((entry) => entry.code),
        ['item.manufacturing_time.not_in_category'],
      );
      assert.match(found[0]!.message, /do not list MANUFACTURING_TIME/);
    });

    it('only advises on any other sale term the category does not list (the spec checks two terms against it)', () => {
      for (const term of [
        { id: 'SUBSCRIBABLE', value_name: 'Sí' },
        { id: 'WITH_FINANCING_OPTIONS', value_id: '242085', value_name: 'Si' },
        { id: 'WARRANTY_TYPE', value_name: 'Garantía del vendedor' },
      ]) {
        const found = saleTermsFindings([term], { definitions: categories.MLA3025!.sale_terms });
        assert.deepEqual(
          found.map((entry) => [entry.code, entry.severity]),
          [['item.sale_terms.not_in_category', 'info']],
        );
        assert.match(found[0]!.message, new RegExp(`do not list ${term.id}; the API decides`));
      }
    });

    it('knows the vehicle categories’ own terms: financing and an initial payment with its currency', () => {
      const cars = { definitions: categories.MLA1744!.sale_terms, vertical: 'automobiles' as const };
      const terms = [
        // The real body writes "Si" for the listed "Sí": the API matches names case and accents aside.
        { id: 'WITH_FINANCING_OPTIONS', value_id: '242085', value_name: 'Si' },
        { id: 'INITIAL_PAYMENT_AMOUNT', value_name: '8000000 ARS' },
      ];
      assert.deepEqual(saleTermsFindings(terms, cars), []);
      const other = [{ id: 'WITH_FINANCING_OPTIONS', value_id: '242085', value_name: 'No' }];
      assert.deepEqual(
        saleTermsFindings(other, cars).map((entry) => entry.code),
        ['item.sale_terms.value_mismatch'],
      );
    });
  });

  describe('rule 6: PURCHASE_MAX_QUANTITY', () => {
    const groceries: SaleTermsContext = { definitions: categories.MLA1403!.sale_terms, vertical: 'supermarket' };

    it('is accepted where the category lists it, up to 18 characters', () => {
      assert.deepEqual(codes([{ id: 'PURCHASE_MAX_QUANTITY', value_name: '6' }], groceries), []);
      assert.deepEqual(codes([{ id: 'PURCHASE_MAX_QUANTITY', value_name: '9'.repeat(18) }], groceries), []);
      const found = saleTermsFindings([{ id: 'PURCHASE_MAX_QUANTITY', value_name: '9'.repeat(19) }], groceries);
      assert.deepEqual(
        found.map((entry) => entry.code),
        ['item.purchase_max_quantity.too_long'],
      );
      assert.match(found[0]!.message, /at most 18 characters/);
    });

    it('is a whole number greater than 0', () => {
      assert.deepEqual(codes([{ id: 'PURCHASE_MAX_QUANTITY', value_name: 'seis' }], groceries), [
        'item.purchase_max_quantity.not_a_number',
      ]);
      assert.deepEqual(codes([{ id: 'PURCHASE_MAX_QUANTITY', value_name: '0' }], groceries), [
        'item.purchase_max_quantity.not_a_number',
      ]);
    });

    it('is refused where the category does not list it', () => {
      assert.deepEqual(
        codes([{ id: 'PURCHASE_MAX_QUANTITY', value_name: '6' }], { definitions: categories.MLA1055!.sale_terms }),
        ['item.purchase_max_quantity.not_in_category'],
      );
    });
  });

  describe('list and boolean values', () => {
    it('WARRANTY_TYPE accepts its value ids and names, refuses other ids and hints at other names', () => {
      for (const id of ['2230280', '2230279', '6150835'])
        assert.deepEqual(codes([{ id: 'WARRANTY_TYPE', value_id: id, value_name: null }]), []);
      assert.deepEqual(codes([{ id: 'WARRANTY_TYPE', value_name: 'Garantía de fábrica' }]), []);
      assert.deepEqual(codes([{ id: 'WARRANTY_TYPE', value_id: '999' }]), ['item.sale_terms.value_not_allowed']);
      // The API resolves names (public examples send "Garantia do vendedor" on MLA): an unlisted one is a hint.
      const eternal = saleTermsFindings([{ id: 'WARRANTY_TYPE', value_name: 'Garantía eterna' }], general);
      assert.deepEqual(
        eternal.map((entry) => [entry.code, entry.severity]),
        [['item.sale_terms.value_not_listed', 'info']],
      );
      assert.deepEqual(codes([{ id: 'WARRANTY_TYPE', value_id: '2230280', value_name: 'Sin garantía' }]), [
        'item.sale_terms.value_mismatch',
      ]);
    });

    it('SUBSCRIBABLE takes Sí or No', () => {
      assert.deepEqual(codes([{ id: 'SUBSCRIBABLE', value_name: 'Sí' }]), []);
      assert.deepEqual(codes([{ id: 'SUBSCRIBABLE', value_name: 'Tal vez' }]), ['item.sale_terms.value_not_listed']);
    });
  });

  it('reports a sale term sent twice', () => {
    assert.deepEqual(codes([...mt('10 días'), ...mt('12 días')]), ['item.sale_terms.duplicated']);
  });

  it('ignores what is not a list of objects (left to the shape check)', () => {
    assert.deepEqual(saleTermsFindings('nope', general), []);
    assert.deepEqual(saleTermsFindings([42, null, { value_name: 'x' }], general), []);
  });

  it('parses number_unit values', () => {
    assert.deepEqual(parseNumberUnit('30 días'), { number: 30, unit: 'días' });
    assert.deepEqual(parseNumberUnit('12,5 USD'), { number: 12.5, unit: 'USD' });
    assert.equal(parseNumberUnit('30días'), undefined);
  });

  it('MLA1577 is laid out as the spec describes', () => {
    const byId = new Map<string, SaleTermDefinition>(example.map((entry) => [entry.id, entry]));
    const type = (id: string) => byId.get(id)?.value_type;
    assert.equal(type('INVOICE'), 'list');
    assert.equal(type('WARRANTY_TYPE'), 'list');
    assert.equal(type('SUBSCRIBABLE'), 'boolean');
    assert.equal(type('SUBSCRIPTION_FREE_SHIPPING'), 'boolean');
    for (const id of ['PRICE_SUBSCRIPTION', ...[1, 2, 3, 4, 5, 6].map((level) => `LOYALTY_LEVEL_${level}`)]) {
      const definition = byId.get(id)!;
      assert.equal(definition.value_type, 'number_unit', id);
      assert.equal(definition.value_max_length, 255, id);
      assert.deepEqual(
        definition.allowed_units?.map((unit) => unit.id),
        ['USD', 'UVA', 'ARS'],
        id,
      );
      assert.equal(definition.default_unit, 'USD', id);
    }
    assert.deepEqual(
      byId.get('CHECKOUT_EXCHANGE_RATE')!.allowed_units?.map((unit) => unit.id),
      ['ARS/USD'],
    );
    assert.deepEqual(
      byId.get('DISCOUNT_SUBSCRIPTION')!.allowed_units?.map((unit) => unit.id),
      ['%'],
    );
    const warranty = byId.get('WARRANTY_TIME')!;
    assert.deepEqual(
      warranty.allowed_units?.map((unit) => unit.id),
      ['días', 'meses', 'años'],
    );
    assert.equal(warranty.default_unit, 'meses');
    const manufacturing = byId.get('MANUFACTURING_TIME')!;
    assert.deepEqual(
      manufacturing.allowed_units?.map((unit) => unit.id),
      ['días'],
    );
    assert.equal(manufacturing.default_unit, 'días');
    assert.equal(manufacturing.tags?.hidden, true);
    const max = byId.get('PURCHASE_MAX_QUANTITY')!;
    assert.equal(max.value_type, 'number');
    assert.equal(max.value_max_length, 18);
    assert.deepEqual(max.tags, { hidden: true, read_only: true });
    assert.deepEqual(
      byId
        .get('WARRANTY_TYPE')!
        .values?.map((value) => value.id)
        .sort(),
      ['2230279', '2230280', '6150835'],
    );
    for (const definition of example) assert.equal(definition.hierarchy, 'SALE_TERMS');
  });
});
