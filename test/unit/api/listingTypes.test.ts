import assert from 'node:assert/strict';
import { getListingTypes, getSite } from '../../../src/api/payments';
import { apiFailure } from '../support/apiFailure';
import { useSandbox } from '../support/sandbox';

const ALL = ['gold_pro', 'gold_premium', 'gold_special', 'gold', 'silver', 'bronze', 'free'];

describe('listing types per site (GET /sites/{id}/listing_types) against the sandbox', () => {
  // Read-only: one seed for the whole suite.
  const h = useSandbox({}, false);

  it('every site but MLU lists the seven listing types, with names in its language', async () => {
    for (const site of ['MLA', 'MLB', 'MLM', 'MCO', 'MLC', 'MPE']) {
      const types = await getListingTypes(h.client, site);
      assert.deepEqual(
        types.map((type) => type.id),
        ALL,
        site,
      );
      assert.ok(
        types.every((type) => typeof type.name === 'string' && type.name.length > 0),
        site,
      );
      assert.ok(
        types.every((type) => (type as { site_id?: string }).site_id === site),
        site,
      );
    }
    const mla = Object.fromEntries((await getListingTypes(h.client, 'MLA')).map((type) => [type.id, type.name]));
    assert.equal(mla.gold_pro, 'Premium');
    assert.equal(mla.gold_special, 'Clásica');
    assert.equal(mla.free, 'Gratuita');
    const mlb = Object.fromEntries((await getListingTypes(h.client, 'MLB')).map((type) => [type.id, type.name]));
    assert.deepEqual(mlb, {
      gold_pro: 'Premium',
      gold_premium: 'Diamante',
      gold_special: 'Clássico',
      gold: 'Ouro',
      silver: 'Prata',
      bronze: 'Bronze',
      free: 'Grátis',
    });
  });

  it('MLU lists only gold_special (Premium) and free since Classic and Premium were unified', async () => {
    assert.deepEqual(await getListingTypes(h.client, 'MLU'), [
      { site_id: 'MLU', id: 'gold_special', name: 'Premium' },
      { site_id: 'MLU', id: 'free', name: 'Gratuita' },
    ]);
  });

  it('needs no token, and an unknown site answers 404 in the API error shape, like GET /sites/{id}', async () => {
    const anonymous = await h.raw('GET', '/sites/MLC/listing_types', { token: null });
    assert.equal(anonymous.status, 200);
    assert.equal((anonymous.body as unknown[]).length, ALL.length);

    const failure = await apiFailure(getListingTypes(h.client, 'MXX'));
    assert.equal(failure.status, 404);
    assert.equal((await apiFailure(getSite(h.client, 'MXX'))).status, 404);
    const raw = await h.raw('GET', '/sites/MXX/listing_types', { token: null });
    assert.deepEqual(raw.body, {
      message: 'Site MXX not found',
      error: 'business_logic_error',
      status: 404,
      cause: [],
    });
    assert.equal((await h.raw('GET', '/sites/mla/listing_types', { token: null })).status, 404);
  });
});
