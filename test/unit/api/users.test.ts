import assert from 'node:assert/strict';
import { MarketplaceClient } from '../../../src/api/client';
import { ApiError } from '../../../src/api/errors';
import { authorizationUrl, createPkce, exchangeCode, refreshAccessToken } from '../../../src/api/oauth';
import { getMe, getUser } from '../../../src/api/users';
import { CLIENT_ID, CLIENT_SECRET, SECOND_USER_ID, SELLER_ID } from '../../../src/sandbox/users/ids';
import { useSandbox } from '../support/sandbox';

describe('users and OAuth against the sandbox', () => {
  const h = useSandbox();

  it('GET /users/me answers the seller with a 64-bit-safe id', async () => {
    const me = await getMe(h.client);
    assert.equal(me.id, SELLER_ID);
    assert.ok(me.id > 2 ** 32);
    assert.equal(me.site_id, 'MLA');
    assert.equal(me.nickname, 'TEST_SELLER_AUTOS');
  });

  it('GET /users/{id} answers a public profile without private fields', async () => {
    const user = await getUser(h.client, SECOND_USER_ID);
    assert.equal(user.id, SECOND_USER_ID);
    assert.equal((user as Record<string, unknown>).email, undefined);
  });

  it('a missing token gets the documented 401 body', async () => {
    const answer = await h.raw('GET', '/users/me', { token: null });
    assert.equal(answer.status, 401);
    assert.deepEqual(answer.body, {
      code: 401,
      error: 'unauthorized_request_error',
      message: 'Invalid caller.id',
      cause: null,
    });
  });

  it('a wrong token gets invalid_token, and the ApiError never carries the token', async () => {
    const secret = 'SBX-deadbeefdeadbeefdeadbeef';
    const client = h.clientWith({ token: () => secret });
    const failure = await getMe(client).catch((error: unknown) => error);
    assert.ok(failure instanceof ApiError);
    assert.equal(failure.status, 401);
    assert.equal(failure.error, 'not_found');
    assert.equal(failure.apiMessage, 'invalid_token');
    assert.equal(failure.method, 'GET');
    assert.equal(failure.path, '/users/me');
    assert.ok(!JSON.stringify({ ...failure, message: failure.message }).includes(secret));
  });

  it('the token in the query string works and is stripped from error paths', async () => {
    const ok = await h.raw('GET', `/users/me?access_token=${h.token}`, { token: null });
    assert.equal(ok.status, 200);
    const client = h.clientWith({ token: () => undefined });
    const failure = await client
      .get(`/users/me`, { query: { access_token: 'SBX-0000leak0000' } })
      .catch((error: unknown) => error);
    assert.ok(failure instanceof ApiError);
    assert.equal(failure.path, '/users/me');
    assert.ok(!failure.message.includes('leak'));
  });

  describe('authorization code with PKCE and single-use refresh tokens', () => {
    const redirectUri = 'http://127.0.0.1:54321/callback';

    async function authorize(challenge?: string): Promise<string> {
      const url = new URL(
        authorizationUrl({ authHost: h.url, clientId: CLIENT_ID, redirectUri, state: 'xyz', codeChallenge: challenge }),
      );
      const answer = await h.raw('GET', url.pathname + url.search, { token: null });
      assert.equal(answer.status, 302);
      const location = new URL(answer.headers.get('location')!);
      assert.equal(location.searchParams.get('state'), 'xyz');
      return location.searchParams.get('code')!;
    }

    it('exchanges a code with its verifier, refreshes once, and refuses the spent refresh token', async () => {
      const pkce = createPkce();
      const code = await authorize(pkce.challenge);
      const oauth = new MarketplaceClient({ baseUrl: h.url });
      const token = await exchangeCode(oauth, {
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        code,
        redirectUri,
        codeVerifier: pkce.verifier,
      });
      assert.equal(token.token_type, 'bearer');
      assert.equal(token.expires_in, 21600);
      assert.equal(token.user_id, SELLER_ID);
      const me = await getMe(h.clientWith({ token: () => token.access_token }));
      assert.equal(me.id, SELLER_ID);

      const credentials = { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, refreshToken: token.refresh_token! };
      const refreshed = await refreshAccessToken(oauth, credentials);
      assert.notEqual(refreshed.refresh_token, token.refresh_token);
      const spent = await refreshAccessToken(oauth, credentials).catch((error: unknown) => error);
      assert.ok(spent instanceof ApiError);
      assert.equal(spent.status, 400);
      assert.equal(spent.error, 'invalid_grant');
      assert.match(spent.apiMessage, /already used/);
    });

    it('refuses a code without the verifier it was issued for, and a reused code', async () => {
      const pkce = createPkce();
      const code = await authorize(pkce.challenge);
      const oauth = new MarketplaceClient({ baseUrl: h.url });
      const missing = await exchangeCode(oauth, {
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        code,
        redirectUri,
      }).catch((e: unknown) => e);
      assert.ok(missing instanceof ApiError && missing.error === 'invalid_request');
      const wrong = await exchangeCode(oauth, {
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        code,
        redirectUri,
        codeVerifier: 'nope',
      }).catch((e: unknown) => e);
      assert.ok(wrong instanceof ApiError && wrong.error === 'invalid_grant');
      await exchangeCode(oauth, {
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        code,
        redirectUri,
        codeVerifier: pkce.verifier,
      });
      const reused = await exchangeCode(oauth, {
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        code,
        redirectUri,
        codeVerifier: pkce.verifier,
      }).catch((e: unknown) => e);
      assert.ok(reused instanceof ApiError && reused.error === 'invalid_grant');
    });

    it('refuses a wrong client secret with invalid_client', async () => {
      const code = await authorize();
      const oauth = new MarketplaceClient({ baseUrl: h.url });
      const failure = await exchangeCode(oauth, {
        clientId: CLIENT_ID,
        clientSecret: 'wrong',
        code,
        redirectUri,
      }).catch((e: unknown) => e);
      assert.ok(failure instanceof ApiError && failure.error === 'invalid_client');
    });

    it('access tokens expire after six hours of sandbox time', async () => {
      const code = await authorize();
      const oauth = new MarketplaceClient({ baseUrl: h.url });
      const token = await exchangeCode(oauth, { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, code, redirectUri });
      await h.admin('POST', '/_sandbox/clock/advance', { hours: 6, minutes: 1 });
      const failure = await getMe(h.clientWith({ token: () => token.access_token })).catch((e: unknown) => e);
      assert.ok(failure instanceof ApiError && failure.status === 401);
    });
  });
});
