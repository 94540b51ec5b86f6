import assert from 'node:assert/strict';
import { authorizationUrl, createPkce, exchangeCode } from '../../../../src/api/oauth';
import { getMe } from '../../../../src/api/users';
import { listenForCallback, type OAuthCallbackListener } from '../../../../src/features/auth/oauthCallback';
import { errorActions } from '../../../../src/platform/errorActions';
import { SettingError } from '../../../../src/platform/errorText';
import { CLIENT_ID, CLIENT_SECRET } from '../../../../src/sandbox/users/ids';
import { useSandbox } from '../../support/sandbox';
import { type Answer, send } from '../notifications/http';

describe('OAuth loopback callback', () => {
  const h = useSandbox();
  let listener: OAuthCallbackListener | undefined;
  afterEach(async () => {
    const server = listener?.server;
    listener = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()).closeAllConnections());
  });

  const noCors = (answer: Answer) =>
    assert.deepEqual(
      Object.keys(answer.headers).filter((name) => name.startsWith('access-control-')),
      [],
    );
  let settled = false;
  const watch = (l: OAuthCallbackListener) => {
    settled = false;
    l.received.then(
      () => {
        settled = true;
      },
      () => undefined,
    );
  };

  it('refuses a foreign Host (421), a foreign Origin and a script’s cross-site request (403), serving nothing', async () => {
    listener = await listenForCallback(0, 'the-state');
    watch(listener);
    const port = Number(new URL(listener.redirectUri).port);
    const callback = `${listener.redirectUri}?state=the-state&code=SBXC-1`;
    const refused: [Record<string, string>, number][] = [
      [{ host: 'evil.example' }, 421],
      [{ host: `evil.example:${port}` }, 421],
      [{ origin: 'https://evil.example' }, 403],
      [{ 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors' }, 403],
      [{ 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' }, 403],
    ];
    for (const [headers, status] of refused) {
      const answer = await send(callback, { method: 'GET', headers });
      assert.equal(answer.status, status, JSON.stringify(headers));
      assert.match(String(answer.headers['content-type']), /^text\/html/);
      assert.match(answer.text, /Request refused/);
      noCors(answer);
    }
    assert.match((await send(callback, { method: 'GET', headers: { host: 'evil.example' } })).text, /127\.0\.0\.1/);
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(settled, false, 'no refused request delivered the code');
    // The browser's redirect from the authorization page: a cross-site top-level navigation, Host 127.0.0.1:<port>.
    const redirect = await send(callback, {
      method: 'GET',
      headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
    });
    assert.equal(redirect.status, 200);
    assert.match(redirect.text, /Signed in/);
    noCors(redirect);
    assert.equal((await listener.received).get('code'), 'SBXC-1');
  });

  it('serves localhost:<port> too, and a wrong state still answers 400 without delivering', async () => {
    listener = await listenForCallback(0, 'mine');
    watch(listener);
    const port = Number(new URL(listener.redirectUri).port);
    const wrong = await send(`${listener.redirectUri}?state=other&code=x`, {
      method: 'GET',
      headers: { host: `localhost:${port}` },
    });
    assert.equal(wrong.status, 400);
    const right = await send(`${listener.redirectUri}?state=mine&code=y`, {
      method: 'GET',
      headers: { host: `localhost:${port}` },
    });
    assert.equal(right.status, 200);
    assert.equal((await listener.received).get('code'), 'y');
  });

  it('a whole sign-in against the sandbox as the headless flow does it (Node fetch follows the redirect)', async () => {
    listener = await listenForCallback(0, 'headless-state');
    const pkce = createPkce();
    const url = authorizationUrl({
      authHost: h.url,
      clientId: CLIENT_ID,
      redirectUri: listener.redirectUri,
      state: 'headless-state',
      codeChallenge: pkce.challenge,
    });
    const page = await fetch(url);
    assert.equal(page.status, 200);
    const query = await listener.received;
    const token = await exchangeCode(h.client, {
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      code: query.get('code')!,
      redirectUri: listener.redirectUri,
      codeVerifier: pkce.verifier,
    });
    const me = await getMe(h.clientWith({ token: () => token.access_token }));
    assert.ok(me.id > 0);
  });

  it('a busy port fails naming the setting that chooses it, which its notification opens', async () => {
    listener = await listenForCallback(0, 'first');
    const port = Number(new URL(listener.redirectUri).port);
    const failure = await listenForCallback(port, 'second').then(
      () => assert.fail('a second listener on the same port'),
      (caught: unknown) => caught,
    );
    assert.ok(failure instanceof SettingError, String(failure));
    assert.equal(failure.setting, 'marketplace.oauth.loopbackPort');
    assert.match(failure.message, new RegExp(`Port ${port} is busy; change marketplace\\.oauth\\.loopbackPort`));
    assert.deepEqual(
      errorActions(failure).map((action) => [action.label, action.command, ...action.args]),
      [
        ['Open Setting', 'workbench.action.openSettings', 'marketplace.oauth.loopbackPort'],
        ['Show Output', 'marketplace.showOutput'],
      ],
    );
  });
});
