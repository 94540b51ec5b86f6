import assert from 'node:assert/strict';
import { categorySite } from '../../../src/rules/items';
import { NO_MANUFACTURING_TIME_VERTICALS } from '../../../src/rules/saleTerms';
import { CATEGORY, seedCategories } from '../../../src/sandbox/items/categories';
import { siteSeller, useSandbox } from '../support/sandbox';

type Definition = { id: string };

describe('sandbox categories: real top-level and example leaf ids', () => {
  const categories = seedCategories();

  it('categorySite gives the site prefix of a well-formed id, else undefined', () => {
    assert.equal(categorySite('MLA1055'), 'MLA');
    assert.equal(categorySite('MLB271599'), 'MLB');
    assert.equal(categorySite('MPE1747'), 'MPE');
    for (const wrong of ['', 'MLA', 'mla1055', 'XLA1055', 'MLA10a', 'MLA-1055', ' MLA1055', 'MLAB1055', 'M1A1055'])
      assert.equal(categorySite(wrong), undefined, wrong);
  });

  it('every category id is well formed and belongs to its site; every site has some', () => {
    for (const category of Object.values(categories)) assert.equal(categorySite(category.id), category.site_id);
    const sites = new Set(Object.values(categories).map((category) => category.site_id));
    assert.deepEqual([...sites].sort(), ['MCO', 'MLA', 'MLB', 'MLC', 'MLM', 'MLU', 'MPE']);
  });

  it('keeps the seeded categories exactly (names, verticals, sale terms)', () => {
    assert.equal(categories.MLA1403?.name, 'Almacén');
    assert.equal(categories.MLA1403?.vertical, 'supermarket');
    assert.deepEqual(
      categories.MLA3025?.sale_terms.map((term) => term.id),
      ['INVOICE'],
    );
    assert.equal(categories.MLA1540?.vertical, 'services');
    assert.ok(categories.MLA1744?.sale_terms.some((term) => term.id === 'MANUFACTURING_TIME'));
    assert.equal(categories[CATEGORY.MLB_PHONES]?.name, 'Celulares e Smartphones');
    assert.equal(
      Object.keys(categories).slice(0, 16).join(),
      [
        'MLA1577',
        'MLA1055',
        'MLA3025',
        'MLA1744',
        'MLA1745',
        'MLA1472',
        'MLA1540',
        'MLA109042',
        'MLA109027',
        'MLA1403',
        'MLA1322',
        'MLA3114',
        'MLA47786',
        'MLA430281',
        'MLB1055',
        'MCO1055',
      ].join(),
    );
  });

  it('new categories list MANUFACTURING_TIME only outside vehicles, real estate and services', () => {
    for (const category of Object.values(categories).slice(16)) {
      const lists = category.sale_terms.some((term) => term.id === 'MANUFACTURING_TIME');
      if (NO_MANUFACTURING_TIME_VERTICALS.includes(category.vertical)) assert.equal(lists, false, category.id);
    }
    assert.equal(categories.MLB1743?.vertical, 'automobiles');
    assert.equal(categories.MCO1459?.vertical, 'real_estate');
    assert.equal(categories.MLM1430?.vertical, 'fashion');
    assert.equal(categories.MLB1403?.vertical, 'supermarket');
  });

  describe('GET /categories/{id}/sale_terms for new ids', () => {
    const h = useSandbox({}, false);
    const terms = async (id: string) => {
      const answer = await h.raw('GET', `/categories/${id}/sale_terms`, { token: null });
      assert.equal(answer.status, 200, id);
      return (answer.body as Definition[]).map((entry) => entry.id);
    };

    it('answers the leaves of public creation examples and the top-level categories of every site', async () => {
      assert.deepEqual(await terms('MLA3530'), ['INVOICE', 'WARRANTY_TYPE', 'WARRANTY_TIME']);
      assert.deepEqual(await terms('MLA401685'), ['INVOICE']);
      assert.deepEqual(await terms('MLM1055'), ['WARRANTY_TYPE', 'WARRANTY_TIME']);
      assert.deepEqual(await terms('MLB1430'), ['WARRANTY_TYPE', 'WARRANTY_TIME', 'MANUFACTURING_TIME']);
      assert.deepEqual(await terms('MCO1403'), ['PURCHASE_MAX_QUANTITY']);
      assert.deepEqual(await terms('MLC1743'), ['WARRANTY_TYPE', 'WARRANTY_TIME']);
      assert.deepEqual(await terms('MPE1648'), ['WARRANTY_TYPE', 'WARRANTY_TIME']);
      assert.deepEqual(await terms('MLU1055'), ['WARRANTY_TYPE', 'WARRANTY_TIME']);
      assert.equal((await h.raw('GET', '/categories/MLA999999/sale_terms', { token: null })).status, 404);
    });

    it('MLB categories added here name WARRANTY_TYPE values in Portuguese, with the same ids', async () => {
      const answer = await h.raw('GET', '/categories/MLB437616/sale_terms', { token: null });
      const type = (answer.body as { id: string; values?: { id: string; name: string }[] }[]).find(
        (entry) => entry.id === 'WARRANTY_TYPE',
      );
      assert.deepEqual(type?.values, [
        { id: '2230280', name: 'Garantia do vendedor' },
        { id: '2230279', name: 'Garantia de fábrica' },
        { id: '6150835', name: 'Sem garantia' },
      ]);
    });

    it('accepts the public example bodies of the developer pages in their categories', async () => {
      // The validator page's teacup (MLA1902) and the MLB immediate-payment example (MLB437616), as published.
      const teacup = {
        title: 'Teacup',
        category_id: 'MLA1902',
        price: 10,
        currency_id: 'ARS',
        available_quantity: 1,
        buying_mode: 'buy_it_now',
        listing_type_id: 'bronze',
        condition: 'new',
        description: 'Item:, Teacup Model: 1. Size: 5cm. Color: White. New in Box',
        video_id: 'YOUTUBE_ID_HERE',
        pictures: [{ source: 'http://upload.wikimedia.org/wikipedia/commons/e/e9/Tea_Cup.jpg' }],
      };
      assert.equal((await h.raw('POST', '/items/validate', { body: teacup })).status, 204);
      const mlb = await siteSeller(h, 'MLB');
      const book = {
        title: 'Item de teste - Não Comprar',
        category_id: 'MLB437616',
        price: 10,
        currency_id: 'BRL',
        available_quantity: 1,
        buying_mode: 'buy_it_now',
        listing_type_id: 'gold_special',
        condition: 'new',
        description: 'Publicação de teste, não comprar',
        tags: ['immediate_payment'],
        sale_terms: [
          { id: 'WARRANTY_TYPE', value_name: 'Garantia do vendedor' },
          { id: 'WARRANTY_TIME', value_name: '90 días' },
        ],
        pictures: [{ source: 'https://images.example/produto_de_teste.jpg' }],
      };
      const created = await h.raw('POST', '/items', { token: mlb.token, body: book });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      assert.equal((created.body as { category_id: string }).category_id, 'MLB437616');
    });
  });
});
