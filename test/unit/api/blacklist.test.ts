import assert from 'node:assert/strict';
import { addToBlacklist, getBlacklist, removeFromBlacklist } from '../../../src/api/blacklist';
import { ITEM } from '../../../src/sandbox/items/ids';
import { SEEDED_BLACKLISTED_BUYER } from '../../../src/sandbox/orders/seed';
import { BUYER_BASE_ID, SECOND_USER_ID, SELLER_ID } from '../../../src/sandbox/users/ids';
import { apiFailure } from '../support/apiFailure';
import { useSandbox } from '../support/sandbox';

describe('order blacklist against the sandbox', () => {
  const h = useSandbox();

  it('lists the seeded entry of the seller', async () => {
    const list = await getBlacklist(h.client, SELLER_ID);
    assert.deepEqual(list, [{ user: { id: SEEDED_BLACKLISTED_BUYER, blocked: true } }]);
  });

  it('adds a user (idempotently), lists it and removes it', async () => {
    const entry = await addToBlacklist(h.client, SELLER_ID, SECOND_USER_ID);
    assert.deepEqual(entry, { user: { id: SECOND_USER_ID, blocked: true } });
    await addToBlacklist(h.client, SELLER_ID, SECOND_USER_ID);
    const ids = (await getBlacklist(h.client, SELLER_ID)).map((item) => item.user.id);
    assert.deepEqual(ids, [SEEDED_BLACKLISTED_BUYER, SECOND_USER_ID]);
    await removeFromBlacklist(h.client, SELLER_ID, SECOND_USER_ID);
    assert.deepEqual(
      (await getBlacklist(h.client, SELLER_ID)).map((item) => item.user.id),
      [SEEDED_BLACKLISTED_BUYER],
    );
    const again = await apiFailure(removeFromBlacklist(h.client, SELLER_ID, SECOND_USER_ID));
    assert.equal(again.status, 404);
    assert.match(again.apiMessage, /not in your order blacklist/);
  });

  it('refuses blocking yourself, a malformed body and unknown users', async () => {
    const self = await apiFailure(addToBlacklist(h.client, SELLER_ID, SELLER_ID));
    assert.equal(self.status, 400);
    assert.equal(self.causes[0]?.code, 'blacklist.self');
    const malformed = await h.raw('POST', `/users/${SELLER_ID}/order_blacklist`, { body: { user: SECOND_USER_ID } });
    assert.equal(malformed.status, 400);
    const unknown = await apiFailure(addToBlacklist(h.client, SELLER_ID, 123));
    assert.equal(unknown.status, 404);
  });

  it('answers 403 when the path id is not the caller', async () => {
    assert.equal((await apiFailure(getBlacklist(h.client, SECOND_USER_ID))).status, 403);
    assert.equal((await apiFailure(addToBlacklist(h.client, SECOND_USER_ID, BUYER_BASE_ID + 1))).status, 403);
    const removal = await apiFailure(removeFromBlacklist(h.client, SECOND_USER_ID, SEEDED_BLACKLISTED_BUYER));
    assert.equal(removal.status, 403);
    assert.equal(removal.error, 'access_denied');
    const unauthenticated = await h.raw('GET', `/users/${SELLER_ID}/order_blacklist`, { token: null });
    assert.equal(unauthenticated.status, 401);
  });

  it('bars a blocked user from reserving the seller listings, until removed', async () => {
    const buyer = BUYER_BASE_ID + 2;
    await addToBlacklist(h.client, SELLER_ID, buyer);
    const refused = await h.raw('POST', '/_sandbox/orders', {
      token: null,
      body: { item_id: ITEM.CAR_NEW_PREMIUM, buyer_id: buyer },
    });
    assert.equal(refused.status, 403);
    assert.match((refused.body as { message: string }).message, /barred/);
    await removeFromBlacklist(h.client, SELLER_ID, buyer);
    const allowed = await h.raw('POST', '/_sandbox/orders', {
      token: null,
      body: { item_id: ITEM.CAR_NEW_PREMIUM, buyer_id: buyer },
    });
    assert.equal(allowed.status, 201);
  });
});
