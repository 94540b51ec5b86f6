import assert from 'node:assert/strict';
import { getMe } from '../../../src/api/users';
import {
  BUYER_COUNT,
  MCO_SELLER_ID,
  MLB_SELLER_ID,
  MLU_SELLER_ID,
  SECOND_USER_ID,
  SELLER_ID,
  SITE_SELLER_IDS,
  sellerIdOfSite,
} from '../../../src/sandbox/users/ids';
import { type SandboxTestUser, siteSeller, useSandbox } from '../support/sandbox';

const SITES = ['MLA', 'MLB', 'MLM', 'MCO', 'MLC', 'MPE', 'MLU'] as const;
const CURRENCY: Record<string, string> = {
  MLA: 'ARS',
  MLB: 'BRL',
  MLM: 'MXN',
  MCO: 'COP',
  MLC: 'CLP',
  MPE: 'PEN',
  MLU: 'UYU',
};
/** A real category of each site that the sandbox knows. */
const PHONES: Record<string, string> = {
  MLA: 'MLA1055',
  MLB: 'MLB1055',
  MLM: 'MLM1055',
  MCO: 'MCO1055',
  MLC: 'MLC1051',
  MPE: 'MPE1051',
  MLU: 'MLU1055',
};

describe('a test seller on every site', () => {
  const h = useSandbox();

  it('sellerIdOfSite knows the seller of each site, and only those', () => {
    assert.deepEqual(Object.keys(SITE_SELLER_IDS).sort(), [...SITES].sort());
    assert.equal(sellerIdOfSite('MLA'), SELLER_ID);
    assert.equal(sellerIdOfSite('MLB'), MLB_SELLER_ID);
    assert.equal(sellerIdOfSite('MCO'), MCO_SELLER_ID);
    assert.equal(sellerIdOfSite('MLU'), MLU_SELLER_ID);
    assert.equal(sellerIdOfSite('MEC'), undefined);
    assert.equal(sellerIdOfSite('toString'), undefined);
    assert.equal(new Set(Object.values(SITE_SELLER_IDS)).size, SITES.length);
  });

  it('each seller signs in with its start token and belongs to its site', async () => {
    for (const site of SITES) {
      const seller = await siteSeller(h, site);
      assert.equal(seller.site_id, site);
      assert.equal(seller.role, 'seller');
      const me = await getMe(seller.client);
      assert.equal(me.id, seller.id);
      assert.equal(me.site_id, site);
      assert.ok(me.id > 2 ** 32, 'user ids exceed 32 bits');
    }
    assert.equal((await siteSeller(h, 'MLM')).nickname, 'TEST_SELLER_MLM');
    await assert.rejects(siteSeller(h, 'MEC'), /no test seller on site MEC/);
  });

  it('keeps every earlier user: the seven sellers and the second MLA user, then the buyers', async () => {
    const users = await h.admin<SandboxTestUser[]>('GET', '/_sandbox/users');
    assert.equal(users.length, 8 + BUYER_COUNT);
    assert.deepEqual(
      users.slice(0, 8).map((user) => [user.nickname, user.site_id]),
      [
        ['TEST_SELLER_AUTOS', 'MLA'],
        ['TEST_USER_BLOCKME', 'MLA'],
        ['TEST_SELLER_MLU', 'MLU'],
        ['TEST_SELLER_MLB', 'MLB'],
        ['TEST_SELLER_MCO', 'MCO'],
        ['TEST_SELLER_MLM', 'MLM'],
        ['TEST_SELLER_MLC', 'MLC'],
        ['TEST_SELLER_MPE', 'MPE'],
      ],
    );
    assert.equal(users[1]!.id, SECOND_USER_ID);
    assert.ok(users.every((user) => typeof user.token === 'string' && user.token.startsWith('SBX-')));
  });

  it('the new sellers have shipping preferences (an address to dispatch from)', async () => {
    const { profiles } = await h.admin<{ profiles: { user_id: number; site_id: string; zip_code: string }[] }>(
      'GET',
      '/_sandbox/shipping',
    );
    for (const site of ['MLM', 'MLC', 'MPE']) {
      const profile = profiles.find((entry) => entry.user_id === sellerIdOfSite(site));
      assert.equal(profile?.site_id, site);
      assert.match(profile?.zip_code ?? '', /^\d+$/);
    }
  });

  it('a real item body of each site is listed by that site’s seller', async () => {
    for (const site of SITES) {
      const seller = await siteSeller(h, site);
      const answer = await h.raw('POST', '/items', {
        token: seller.token,
        body: {
          site_id: site,
          title: 'Item de test - No Ofertar',
          category_id: PHONES[site],
          price: 1000,
          currency_id: CURRENCY[site],
          available_quantity: 1,
          buying_mode: 'buy_it_now',
          listing_type_id: site === 'MLU' ? 'gold_special' : 'gold_pro',
          condition: 'new',
          pictures: [{ source: 'https://images.example/phone.jpg' }],
        },
      });
      assert.equal(answer.status, 201, `${site}: ${JSON.stringify(answer.body)}`);
      const item = answer.body as { id: string; site_id: string; seller_id: number };
      assert.equal(item.site_id, site);
      assert.equal(item.seller_id, seller.id);
      assert.ok(item.id.startsWith(site));
    }
  });
});
