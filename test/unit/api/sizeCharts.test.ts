import assert from 'node:assert/strict';
import type { MarketplaceClient } from '../../../src/api/client';
import { closeItem, createItem, markItemDeleted } from '../../../src/api/items';
import {
  createSizeChart,
  deleteSizeChart,
  getAllChartItems,
  getMeasurements,
  getSizeChart,
  getSizeChartItems,
  listSizeCharts,
  setSizeChartItems,
  updateSizeChart,
} from '../../../src/api/sizeCharts';
import { MEASUREMENT_IDS, type SizeChartCreate } from '../../../src/model/sizeChart';
import { ITEM, SIZED_FASHION_ITEMS, UNSIZED_FASHION_ITEMS } from '../../../src/sandbox/items/ids';
import { SEEDED_CHART_IDS } from '../../../src/sandbox/sizeCharts/seed';
import { MCO_SELLER_ID, MLB_SELLER_ID, MLU_SELLER_ID } from '../../../src/sandbox/users/ids';
import { apiFailure } from '../support/apiFailure';
import { useSandbox } from '../support/sandbox';

const SHIRTS: SizeChartCreate = {
  name: 'Camisas slim',
  sizes: [
    {
      name: 'S',
      measurements: [
        { id: 'CHEST_CIRCUMFERENCE', value: '90 - 94' },
        { id: 'TOTAL_LENGTH', value: '70' },
      ],
    },
    {
      name: 'M',
      measurements: [
        { id: 'CHEST_CIRCUMFERENCE', value: '96 - 101' },
        { id: 'TOTAL_LENGTH', value: '72.5' },
      ],
    },
  ],
};

/** A one-size chart using the first `count` measurement ids of MLA. */
const withMeasurements = (count: number): SizeChartCreate => ({
  name: `Chart with ${count}`,
  sizes: [{ name: 'U', measurements: MEASUREMENT_IDS.slice(0, count).map((id) => ({ id, value: '10' })) }],
});

describe('size charts against the sandbox', () => {
  const h = useSandbox();
  let tokens: Record<number, string>;
  const as = (userId: number): MarketplaceClient => h.clientWith({ token: () => tokens[userId] });

  before(async () => {
    const users = await h.admin<{ id: number; token: string }[]>('GET', '/_sandbox/users');
    tokens = Object.fromEntries(users.map((user) => [user.id, user.token]));
  });

  describe('GET /size_charts/measurements', () => {
    it('lists the eleven NUMBER_UNIT measurements in cm for MLA, without a token', async () => {
      const measurements = await getMeasurements(h.clientWith({ token: () => undefined }), 'MLA');
      assert.deepEqual(measurements.map((item) => item.id).sort(), [...MEASUREMENT_IDS].sort());
      for (const item of measurements) {
        assert.deepEqual(item.type, { id: 'NUMBER_UNIT', default_unit: 'cm' });
        assert.ok(item.name);
      }
    });

    it('offers fewer measurements on MCO and names them in Portuguese on MLB', async () => {
      const mco = (await getMeasurements(h.client, 'MCO')).map((item) => item.id);
      assert.equal(mco.length, 9);
      assert.ok(!mco.includes('PALM_WIDTH') && !mco.includes('BELT_LENGTH'));
      const mlb = await getMeasurements(h.client, 'MLB');
      assert.equal(mlb.find((item) => item.id === 'WAIST_CIRCUMFERENCE')?.name, 'Circunferência da cintura');
    });

    it('requires site_id, refuses a malformed or unknown site, and answers VALIDATION_SITE for MLU', async () => {
      const missing = await h.raw('GET', '/size_charts/measurements', { token: null });
      assert.equal(missing.status, 400);
      assert.match((missing.body as { message: string }).message, /site_id is required/);
      const malformed = await apiFailure(getMeasurements(h.client, 'argentina'));
      assert.equal(malformed.status, 400);
      const unknown = await apiFailure(getMeasurements(h.client, 'MXX'));
      assert.equal(unknown.status, 404);
      const mlu = await apiFailure(getMeasurements(h.client, 'MLU'));
      assert.equal(mlu.status, 403);
      assert.equal(mlu.error, 'VALIDATION_SITE');
      assert.equal(mlu.apiMessage, 'Feature not available for the site');
    });
  });

  describe('POST /size_charts', () => {
    it('answers 201 with id, name, columns and sizes, showing a range as its midpoint', async () => {
      const raw = await h.raw('POST', '/size_charts', { body: SHIRTS });
      assert.equal(raw.status, 201);
      const chart = raw.body as { id: number; name: string; columns: { id: string }[]; sizes: unknown };
      assert.equal(chart.name, 'Camisas slim');
      assert.deepEqual(
        chart.columns.map((column) => column.id),
        ['CHEST_CIRCUMFERENCE', 'TOTAL_LENGTH'],
      );
      assert.deepEqual(chart.sizes, [
        {
          name: 'S',
          measurements: [
            { id: 'CHEST_CIRCUMFERENCE', value: '92' },
            { id: 'TOTAL_LENGTH', value: '70' },
          ],
        },
        {
          name: 'M',
          measurements: [
            { id: 'CHEST_CIRCUMFERENCE', value: '98.5' },
            { id: 'TOTAL_LENGTH', value: '72.5' },
          ],
        },
      ]);
      const again = await createSizeChart(h.client, { ...SHIRTS, name: 'Otra' });
      assert.ok(again.id > chart.id);
    });

    it('GET /size_charts/{id} answers the same chart without a token', async () => {
      const created = await createSizeChart(h.client, SHIRTS);
      const anonymous = await h.raw('GET', `/size_charts/${created.id}`, { token: null });
      assert.equal(anonymous.status, 200);
      assert.deepEqual(anonymous.body, created);
      assert.deepEqual(await getSizeChart(h.client, created.id), created);
    });

    it('needs a token', async () => {
      const answer = await h.raw('POST', '/size_charts', { token: null, body: SHIRTS });
      assert.equal(answer.status, 401);
    });

    it('VALIDATION_SITE 403 when the creator belongs to a site without size charts (MLU)', async () => {
      const error = await apiFailure(createSizeChart(as(MLU_SELLER_ID), SHIRTS));
      assert.equal(error.status, 403);
      assert.equal(error.error, 'VALIDATION_SITE');
      assert.equal(error.apiMessage, 'Feature not available for the site');
    });

    it('MEASUREMENT_NOT_FOUND for an unknown id, and for an id the creator site lacks', async () => {
      const unknown = await apiFailure(
        createSizeChart(h.client, {
          name: 'x',
          sizes: [{ name: 'M', measurements: [{ id: 'NECK_CIRCUMFERENCE', value: '40' }] }],
        }),
      );
      assert.equal(unknown.status, 400);
      assert.equal(unknown.error, 'MEASUREMENT_NOT_FOUND');
      assert.match(unknown.apiMessage, /^Measurement NECK_CIRCUMFERENCE not found/);
      const gloves = { name: 'Guantes', sizes: [{ name: 'M', measurements: [{ id: 'PALM_WIDTH', value: '9' }] }] };
      const mco = await apiFailure(createSizeChart(as(MCO_SELLER_ID), gloves));
      assert.equal(mco.error, 'MEASUREMENT_NOT_FOUND');
      assert.match(mco.apiMessage, /^Measurement PALM_WIDTH not found/);
      assert.ok((await createSizeChart(h.client, gloves)).id > 0);
    });

    it('DUPLICATE_MEASUREMENT_VALIDATION lists errors[] naming the attribute', async () => {
      const error = await apiFailure(
        createSizeChart(h.client, {
          name: 'x',
          sizes: [
            {
              name: 'M',
              measurements: [
                { id: 'WAIST_CIRCUMFERENCE', value: '80' },
                { id: 'WAIST_CIRCUMFERENCE', value: '82' },
              ],
            },
          ],
        }),
      );
      assert.equal(error.status, 400);
      assert.equal(error.error, 'DUPLICATE_MEASUREMENT_VALIDATION');
      assert.equal(error.apiMessage, 'Duplicate measurement attributes');
      assert.equal(error.errors.length, 1);
      assert.equal(error.errors[0]?.code, 'DUPLICATE_MEASUREMENT');
      assert.match(error.errors[0]!.message, /WAIST_CIRCUMFERENCE/);
    });

    it('MEASUREMENT_NOT_ALLOWED for 0 and 6 measurements, with Max and Min; 1 and 5 are created', async () => {
      for (const count of [0, 6]) {
        const error = await apiFailure(createSizeChart(h.client, withMeasurements(count)));
        assert.equal(error.status, 400);
        assert.equal(error.error, 'MEASUREMENT_NOT_ALLOWED');
        assert.match(error.apiMessage, /^Count not allowed\. Max: 5, Min: 1\./);
      }
      for (const count of [1, 5]) {
        const chart = await createSizeChart(h.client, withMeasurements(count));
        assert.equal(chart.columns?.length, count);
      }
    });

    it('DUPLICATE_SIZE_VALIDATION for a repeated size', async () => {
      const error = await apiFailure(
        createSizeChart(h.client, {
          name: 'x',
          sizes: [
            { name: 'M', measurements: [{ id: 'TOTAL_LENGTH', value: '70' }] },
            { name: 'M', measurements: [{ id: 'TOTAL_LENGTH', value: '72' }] },
          ],
        }),
      );
      assert.equal(error.status, 400);
      assert.equal(error.error, 'DUPLICATE_SIZE_VALIDATION');
      assert.equal(error.apiMessage, 'Size duplicated');
      assert.match(error.errors[0]!.message, /^Size duplicated: M/);
    });

    it('INVALID_MEASUREMENT_VALUE for a value that is neither a number nor a range', async () => {
      const error = await apiFailure(
        createSizeChart(h.client, {
          name: 'x',
          sizes: [{ name: 'M', measurements: [{ id: 'TOTAL_LENGTH', value: '70cm' }] }],
        }),
      );
      assert.equal(error.status, 400);
      assert.equal(error.error, 'INVALID_MEASUREMENT_VALUE');
      assert.match(error.apiMessage, /"70cm".*range such as 90 - 94/);
    });

    it('refuses a malformed body with bad_request naming the field', async () => {
      const unknownField = await h.raw('POST', '/size_charts', { body: { ...SHIRTS, colour: 'red' } });
      assert.equal(unknownField.status, 400);
      assert.equal((unknownField.body as { error: string }).error, 'bad_request');
      assert.match((unknownField.body as { message: string }).message, /colour/);
      const noBody = await h.raw('POST', '/size_charts', {});
      assert.equal(noBody.status, 400);
      const notJson = await h.raw('POST', '/size_charts', { body: '{"name":' });
      assert.equal(notJson.status, 400);
      const array = await h.raw('POST', '/size_charts', { body: [SHIRTS] });
      assert.equal(array.status, 400);
    });
  });

  describe('listing, updating and deleting', () => {
    it('GET /size_charts lists only the caller charts as {id, name}', async () => {
      const seller = await listSizeCharts(h.client);
      assert.deepEqual(seller, [
        { id: SEEDED_CHART_IDS.shirts, name: 'Remeras y camisas hombre' },
        { id: SEEDED_CHART_IDS.trousers, name: 'Pantalones mujer' },
        { id: SEEDED_CHART_IDS.sneakers, name: 'Zapatillas urbanas' },
      ]);
      const mlb = await listSizeCharts(as(MLB_SELLER_ID));
      assert.deepEqual(
        mlb.map((chart) => chart.id),
        [SEEDED_CHART_IDS.mlbShirts],
      );
      assert.equal((await h.raw('GET', '/size_charts', { token: null })).status, 401);
    });

    it('PUT /size_charts/{id} replaces the whole chart and applies the same rules', async () => {
      const created = await createSizeChart(h.client, SHIRTS);
      const replaced = await updateSizeChart(h.client, created.id, {
        name: 'Camisas slim 2026',
        sizes: [{ name: 'L', measurements: [{ id: 'SLEEVE_LENGTH', value: '60 - 62' }] }],
      });
      assert.equal(replaced.name, 'Camisas slim 2026');
      assert.deepEqual(replaced.sizes, [{ name: 'L', measurements: [{ id: 'SLEEVE_LENGTH', value: '61' }] }]);
      assert.deepEqual(
        replaced.columns?.map((column) => column.id),
        ['SLEEVE_LENGTH'],
      );
      assert.deepEqual(await getSizeChart(h.client, created.id), replaced);
      const duplicate = await apiFailure(
        updateSizeChart(h.client, created.id, {
          name: 'x',
          sizes: [
            { name: 'L', measurements: [{ id: 'SLEEVE_LENGTH', value: '60' }] },
            { name: 'l', measurements: [{ id: 'SLEEVE_LENGTH', value: '61' }] },
          ],
        }),
      );
      assert.equal(duplicate.error, 'DUPLICATE_SIZE_VALIDATION');
      assert.equal((await getSizeChart(h.client, created.id)).name, 'Camisas slim 2026');
      const partial = await h.raw('PUT', `/size_charts/${created.id}`, { body: { name: 'only a name' } });
      assert.equal(partial.status, 400);
      assert.match((partial.body as { message: string }).message, /sizes/);
    });

    it('only the owner may change, delete or list the items of a chart (403); unknown ids are 404', async () => {
      const mlb = as(MLB_SELLER_ID);
      const id = SEEDED_CHART_IDS.shirts;
      for (const call of [
        () => updateSizeChart(mlb, id, SHIRTS),
        () => deleteSizeChart(mlb, id),
        () => getSizeChartItems(mlb, id),
        () => setSizeChartItems(mlb, id, []),
      ]) {
        const error = await apiFailure(call());
        assert.equal(error.status, 403);
        assert.match(error.apiMessage, /belongs to another user/);
      }
      assert.equal((await getSizeChart(mlb, id)).id, id);
      for (const missing of [999_999, 0]) assert.equal((await apiFailure(getSizeChart(h.client, missing))).status, 404);
      assert.equal((await h.raw('GET', '/size_charts/abc', { token: null })).status, 404);
    });

    it('DELETE /size_charts/{id} removes the chart', async () => {
      const created = await createSizeChart(h.client, SHIRTS);
      const raw = await h.raw('DELETE', `/size_charts/${created.id}`);
      assert.equal(raw.status, 204);
      assert.equal((await apiFailure(getSizeChart(h.client, created.id))).status, 404);
      assert.ok(!(await listSizeCharts(h.client)).some((chart) => chart.id === created.id));
      const seeded = SEEDED_CHART_IDS.trousers;
      await deleteSizeChart(h.client, seeded);
      assert.equal((await apiFailure(deleteSizeChart(h.client, seeded))).status, 404);
    });
  });

  describe('items of a chart', () => {
    it('the seed associates the seller sized listings: footwear to the sneakers chart, the rest to shirts', async () => {
      const shirts = await getAllChartItems(h.client, SEEDED_CHART_IDS.shirts);
      const sneakers = await getAllChartItems(h.client, SEEDED_CHART_IDS.sneakers);
      assert.deepEqual(sneakers, [ITEM.SNEAKERS_40, ITEM.SNEAKERS_42]);
      assert.deepEqual([...shirts, ...sneakers].sort(), [...SIZED_FASHION_ITEMS].sort());
      for (const id of UNSIZED_FASHION_ITEMS) assert.ok(!shirts.includes(id));
      const page = await getSizeChartItems(h.client, SEEDED_CHART_IDS.shirts);
      assert.deepEqual(page.paging, { total: shirts.length, offset: 0, limit: 50 });
      assert.equal((await h.raw('GET', `/size_charts/${SEEDED_CHART_IDS.shirts}/items`, { token: null })).status, 401);
    });

    it('PUT /size_charts/{id}/items replaces the full list and moves an item off its previous chart', async () => {
      const created = await createSizeChart(h.client, SHIRTS);
      const first = await setSizeChartItems(h.client, created.id, [ITEM.TSHIRT_M, ITEM.TSHIRT_L, ITEM.TSHIRT_M]);
      assert.deepEqual(first, { id: created.id, items: [ITEM.TSHIRT_M, ITEM.TSHIRT_L] });
      assert.ok(!(await getAllChartItems(h.client, SEEDED_CHART_IDS.shirts)).includes(ITEM.TSHIRT_M));
      await setSizeChartItems(h.client, created.id, [ITEM.TSHIRT_S]);
      assert.deepEqual((await getSizeChartItems(h.client, created.id)).items, [ITEM.TSHIRT_S]);
      await setSizeChartItems(h.client, created.id, []);
      assert.deepEqual(await getSizeChartItems(h.client, created.id), {
        items: [],
        paging: { total: 0, offset: 0, limit: 50 },
      });
    });

    it('refuses items without a complete SIZE, of another seller or unknown, and changes nothing', async () => {
      const before = await getAllChartItems(h.client, SEEDED_CHART_IDS.shirts);
      const error = await apiFailure(
        setSizeChartItems(h.client, SEEDED_CHART_IDS.shirts, [
          ITEM.TSHIRT_M,
          ...UNSIZED_FASHION_ITEMS,
          ITEM.MLB_PHONE,
          'MLA999',
        ]),
      );
      assert.equal(error.status, 400);
      assert.equal(error.error, 'INVALID_ITEMS_ASSOCIATION');
      assert.match(error.apiMessage, /^4 of 5 items cannot be associated with size chart 510001/);
      assert.deepEqual(
        error.errors.map((entry) => entry.code),
        ['SIZE_ATTRIBUTE_INCOMPLETE', 'SIZE_ATTRIBUTE_INCOMPLETE', 'ITEM_NOT_OWNED', 'ITEM_NOT_FOUND'],
      );
      assert.match(error.errors[0]!.message, new RegExp(`${ITEM.TSHIRT_NO_SIZE} has no SIZE attribute`));
      assert.match(
        error.errors[1]!.message,
        new RegExp(`${ITEM.TSHIRT_NULL_SIZE} has a SIZE attribute without a value`),
      );
      assert.deepEqual(await getAllChartItems(h.client, SEEDED_CHART_IDS.shirts), before);
      const malformed = await h.raw('PUT', `/size_charts/${SEEDED_CHART_IDS.shirts}/items`, {
        body: { items: 'MLA1' },
      });
      assert.equal(malformed.status, 400);
    });

    it('pages past 50 items with offset, and getAllChartItems follows the paging', async function () {
      this.timeout(30_000);
      const created: string[] = [];
      for (let index = 0; index < 55; index++) {
        const item = await createItem(h.client, {
          title: `Remera Lisa Algodon Modelo ${index}`,
          category_id: 'MLA109042',
          price: 9999,
          currency_id: 'ARS',
          available_quantity: 3,
          buying_mode: 'buy_it_now',
          listing_type_id: 'gold_special',
          condition: 'new',
          pictures: [{ source: 'https://example.com/remera.jpg' }],
          attributes: [{ id: 'SIZE', value_name: ['S', 'M', 'L'][index % 3]! }],
        });
        created.push(item.id);
      }
      const chart = SEEDED_CHART_IDS.shirts;
      const seeded = await getAllChartItems(h.client, chart);
      const all = [...seeded, ...created];
      await setSizeChartItems(h.client, chart, all);
      const first = await getSizeChartItems(h.client, chart);
      assert.equal(first.items.length, 50);
      assert.deepEqual(first.paging, { total: all.length, offset: 0, limit: 50 });
      const second = await getSizeChartItems(h.client, chart, { offset: 50 });
      assert.deepEqual(second.items, all.slice(50));
      assert.deepEqual(second.paging, { total: all.length, offset: 50, limit: 50 });
      const small = await getSizeChartItems(h.client, chart, { offset: 10, limit: 5 });
      assert.deepEqual(small.items, all.slice(10, 15));
      assert.deepEqual(await getAllChartItems(h.client, chart), all);
      const tooBig = await apiFailure(getSizeChartItems(h.client, chart, { limit: 51 }));
      assert.equal(tooBig.status, 400);

      // A listing deleted afterwards drops out of the list.
      const gone = created[0]!;
      await closeItem(h.client, gone);
      await markItemDeleted(h.client, gone);
      const after = await getAllChartItems(h.client, chart);
      assert.equal(after.length, all.length - 1);
      assert.ok(!after.includes(gone));
    });
  });
});
