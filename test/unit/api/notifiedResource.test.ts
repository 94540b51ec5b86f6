import assert from 'node:assert/strict';
import { ApiError } from '../../../src/api/errors';
import { getNotifiedResource } from '../../../src/api/notifications';
import { useSandbox } from '../support/sandbox';

describe('the resource a notification names', () => {
  const h = useSandbox();

  it('is read as the API returns it, query and all', async () => {
    const order = (await getNotifiedResource(h.client, '/orders/2195100010')) as { id: number };
    assert.equal(order.id, 2195100010);
    const item = (await getNotifiedResource(h.client, '/items/MLA1400000201?attributes=id,price')) as Record<
      string,
      unknown
    >;
    assert.equal(item.id, 'MLA1400000201');
  });

  it('an API refusal is an ApiError; a path that is not one is refused before any request', async () => {
    await assert.rejects(getNotifiedResource(h.client, '/orders/1'), ApiError);
    await assert.rejects(getNotifiedResource(h.client, 'https://evil.example/x'), /not a resource path/);
    await assert.rejects(getNotifiedResource(h.client, '//evil.example/x'), /not a resource path/);
  });
});
