import assert from 'node:assert/strict';
import { useSandbox } from '../support/sandbox';

describe('sandbox server: bad input gets the API error shape', () => {
  const h = useSandbox();

  it('a malformed percent-escape in the path answers 400, not 500', async () => {
    const answer = await h.raw('GET', '/items/%ZZ');
    assert.equal(answer.status, 400);
    assert.equal((answer.body as { error: string }).error, 'bad_request');
  });

  it('invalid JSON answers 400 with the parser reason', async () => {
    const answer = await h.raw('POST', '/oauth/token', {
      body: '{"grant_type": ',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(answer.status, 400);
    assert.match((answer.body as { message: string }).message, /not valid JSON/);
  });

  it('an unknown route answers 404 and a known path with another method 405, both in the error shape', async () => {
    const missing = await h.raw('GET', '/no/such/route');
    assert.equal(missing.status, 404);
    assert.deepEqual(Object.keys(missing.body as object).sort(), ['cause', 'error', 'message', 'status']);
    const method = await h.raw('DELETE', '/users/me');
    assert.equal(method.status, 405);
  });

  it('a body over 5 MB answers 413', async () => {
    const answer = await h.raw('POST', '/oauth/token', { body: `"${'x'.repeat(5 * 1024 * 1024 + 10)}"` });
    assert.equal(answer.status, 413);
  });

  it('rejects a fault without an effect, and admin routes are never faulted', async () => {
    const bad = await h.raw('POST', '/_sandbox/faults', { token: null, body: { path: '/x' } });
    assert.equal(bad.status, 400);
    await h.admin('POST', '/_sandbox/faults', { path: '/*', status: 500 });
    const info = await h.raw('GET', '/_sandbox', { token: null });
    assert.equal(info.status, 200);
    const api = await h.raw('GET', '/users/me');
    assert.equal(api.status, 500);
  });
});
