import assert from 'node:assert/strict';
import { ITEM } from '../../../src/sandbox/items/ids';
import { SITES } from '../../../src/sandbox/shipping/geo';
import { MCO_SELLER_ID, SELLER_ID } from '../../../src/sandbox/users/ids';
import { useSandbox } from '../support/sandbox';

// The sandbox reads its postal code facts, site id form, city list limit and shipment id form from the shared input
// rules (src/rules/shippingInputs.ts). Its answers are word for word what they were before it did.
describe('sandbox shipping inputs: answered through the shared rules, words unchanged', () => {
  const h = useSandbox();
  const PACKAGE = '10x10x20,500';
  const message = async (path: string, token?: string | null) => {
    const answer = await h.raw('GET', path, { token });
    return { status: answer.status, message: (answer.body as { message?: string }).message };
  };

  it('postal codes of each site, with its first city as the example', async () => {
    assert.deepEqual(
      await message(`/sites/MLB/shipping_options?zip_code_from=01310100&zip_code_to=2004&dimensions=${PACKAGE}`),
      { status: 400, message: 'zip_code_to 2004 is not a postal code of MLB: use 8 digits, e.g. 01310100.' },
    );
    assert.deepEqual(
      await message(`/sites/MLA/shipping_options?zip_code_from=14140&zip_code_to=5000&dimensions=${PACKAGE}`),
      { status: 400, message: 'zip_code_from 14140 is not a postal code of MLA: use 4 digits, e.g. 1414.' },
    );
    assert.deepEqual(await message(`/sites/MLC/shipping_options?zip_code_from=8320000&dimensions=${PACKAGE}`), {
      status: 400,
      message: 'The parameter zip_code_to is required: a 7-digit postal code of MLC.',
    });
    for (const site of Object.values(SITES).filter((entry) => entry.zip_based)) {
      const zip = site.cities[0]!.zip_code;
      const ok = await h.raw(
        'GET',
        `/sites/${site.site_id}/shipping_options?zip_code_from=${zip}&zip_code_to=${zip}&dimensions=${PACKAGE}`,
      );
      assert.equal(ok.status, 200, site.site_id);
    }
  });

  it('MCO quotes by city: postal codes are refused on seller and item quotes', async () => {
    const expected = {
      status: 400,
      message: 'Site MCO quotes shipping by city, not postal code: send city_to (comma-separated city ids).',
    };
    assert.deepEqual(
      await message(`/users/${MCO_SELLER_ID}/shipping_options?zip_code=110111&dimensions=${PACKAGE}`),
      expected,
    );
    assert.deepEqual(await message(`/items/${ITEM.MCO_PHONE}/shipping_options?zip_code=110111`), expected);
  });

  it('city ids: every one the site lacks is named, each a cause, and no admin route is sent to a client', async () => {
    const palermo = SITES.MLA!.cities[0]!.id;
    const answer = await h.raw(
      'GET',
      `/users/${SELLER_ID}/shipping_options?city_to=bogota!!,XYZ,${palermo},123&dimensions=${PACKAGE}`,
    );
    const body = answer.body as { message: string; cause: { code: string; message: string }[] };
    assert.equal(answer.status, 400);
    assert.equal(
      body.message,
      'city_to "bogota!!" is not a city id: city ids are letters and digits as the API gives them, e.g. TUNPQ01FREU. ' +
        'city_to XYZ is not a city of MLA. city_to 123 is not a city of MLA.',
    );
    assert.deepEqual(
      body.cause.map((cause) => cause.code),
      ['INVALID_CITY_ID', 'UNKNOWN_CITY_ID', 'UNKNOWN_CITY_ID'],
    );
    assert.doesNotMatch(JSON.stringify(body), /_sandbox/);
    const mco = SITES.MCO!.cities.map((entry) => entry.id);
    assert.deepEqual(
      await message(`/sites/MCO/shipping_options?city_from=NOPE&city_to=${mco[1]}&dimensions=${PACKAGE}`),
      { status: 400, message: 'city_from NOPE is not a city of MCO.' },
    );
    assert.equal(
      (await h.raw('GET', `/users/${SELLER_ID}/shipping_options?city_to=${palermo}&dimensions=${PACKAGE}`)).status,
      200,
    );
  });

  it('site ids, the destination limit and shipment ids', async () => {
    assert.deepEqual(await message(`/sites/brazil/shipping_options?dimensions=${PACKAGE}`), {
      status: 400,
      message: 'brazil is not a site id such as MLA, MLB or MCO.',
    });
    assert.deepEqual(await message(`/sites/MXX/shipping_options?dimensions=${PACKAGE}`), {
      status: 404,
      message: 'Site MXX not found',
    });
    const ids = SITES.MCO!.cities.map((entry) => entry.id);
    const eleven = [...ids, 'X1', 'X2', 'X3', 'X4'].join(',');
    assert.deepEqual(
      await message(`/sites/MCO/shipping_options?city_from=${ids[0]}&city_to=${eleven}&dimensions=${PACKAGE}`),
      { status: 400, message: 'city_to accepts at most 10 city ids; split the quote.' },
    );
    const ten = [...ids, ids[0], ids[1]].join(',');
    const repeated = await h.raw(
      'GET',
      `/sites/MCO/shipping_options?city_from=${ids[0]}&city_to=${ten}&dimensions=${PACKAGE}`,
    );
    assert.equal(repeated.status, 200, 'repeats are quoted once');
    assert.deepEqual(Object.keys(repeated.body as object), ids);
    assert.deepEqual(await message('/shipments/abc/lead_time'), { status: 404, message: 'Shipment abc not found' });
  });
});
