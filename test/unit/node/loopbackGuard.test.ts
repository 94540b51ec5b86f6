import assert from 'node:assert/strict';
import { exchangeCode } from '../../../src/api/oauth';
import { getMe } from '../../../src/api/users';
import { listenForCallback } from '../../../src/features/auth/oauthCallback';
import { NotificationReceiver, type ReceivedNotification } from '../../../src/features/notifications/receiver';
import { hostAllowed, type LoopbackGuardOptions, loopbackRefusal } from '../../../src/node/loopbackGuard';
import { CLIENT_ID, CLIENT_SECRET, SELLER_ID } from '../../../src/sandbox/users/ids';
import { type Answer, send } from '../features/notifications/http';
import { rawExchange } from '../support/rawHttp';
import { type SandboxTestUser, useSandbox } from '../support/sandbox';

describe('loopback guard: the decision', () => {
  const options: LoopbackGuardOptions = { port: 8787, jsonBodies: { formPaths: ['/oauth/token'] } };
  const refusal = (method: string, path: string, headers: Record<string, string>, guard = options) =>
    loopbackRefusal({ method, path, headers: { host: '127.0.0.1:8787', ...headers } }, guard);

  it('accepts the loopback names with exactly the server’s port, and a listed host name with any port', () => {
    for (const host of ['127.0.0.1:8787', 'localhost:8787', 'LOCALHOST:8787', '[::1]:8787'])
      assert.equal(hostAllowed(host, { port: 8787 }), true, host);
    for (const host of [
      'evil.example',
      'evil.example:8787',
      '127.0.0.1:8788',
      '127.0.0.1',
      'localhost',
      'localhost.:8787',
      'localhost.evil.example:8787',
      '127.0.0.1:8787@evil.example',
      '127.0.0.2:8787',
      '',
    ])
      assert.equal(hostAllowed(host, { port: 8787 }), false, host);
    assert.equal(hostAllowed(undefined, { port: 8787 }), false);
    assert.equal(hostAllowed('127.0.0.1', { port: 80 }), true);
    const tunnel = { port: 33419, allowedHosts: ['Abc-1.ngrok-free.app'] };
    for (const host of ['abc-1.ngrok-free.app', 'ABC-1.NGROK-FREE.APP:443', 'abc-1.ngrok-free.app:80'])
      assert.equal(hostAllowed(host, tunnel), true, host);
    for (const host of ['abc-2.ngrok-free.app', 'evil.example:33419'])
      assert.equal(hostAllowed(host, tunnel), false, host);
  });

  it('refuses another Host with 421 before anything else', () => {
    assert.deepEqual(
      { ...refusal('GET', '/_sandbox/users', { host: 'evil.example' }), message: undefined },
      { status: 421, reason: 'host', message: undefined },
    );
    assert.match(refusal('GET', '/', { host: 'evil.example' })!.message, /127\.0\.0\.1:8787.*"evil\.example"/);
  });

  it('refuses two Host headers with 400, and an absolute request-target naming another server with 421', () => {
    const twice = loopbackRefusal(
      {
        method: 'GET',
        path: '/users/me',
        headers: { host: '127.0.0.1:8787' },
        rawHeaders: ['Host', '127.0.0.1:8787', 'Host', 'evil.example'],
      },
      options,
    );
    assert.deepEqual(twice, { status: 400, reason: 'request', message: 'The request has 2 Host headers; send one.' });
    const target = (value: string) =>
      loopbackRefusal(
        { method: 'GET', path: '/users/me', headers: { host: '127.0.0.1:8787' }, target: value },
        options,
      );
    for (const foreign of [
      'http://evil.example/users/me',
      'http://127.0.0.1:8788/users/me',
      'https://127.0.0.1:8787/users/me',
      'http://x@127.0.0.1:8787/users/me',
      'ftp://127.0.0.1:8787/users/me',
    ])
      assert.equal(target(foreign)?.status, 421, foreign);
    assert.equal(target('http://[oops/users/me')?.status, 400);
    assert.equal(target('*')?.status, 400);
    for (const own of ['http://127.0.0.1:8787/users/me', 'http://LOCALHOST:8787/users/me?x=1', '/users/me'])
      assert.equal(target(own), undefined, own);
  });

  it('refuses a foreign Origin, a preflight and a cross-site fetch with 403; our own origin and no origin pass', () => {
    for (const origin of ['https://evil.example', 'null', 'http://127.0.0.1:1', 'http://localhost:8787.evil.example'])
      assert.equal(refusal('GET', '/_sandbox', { origin })?.reason, 'origin', origin);
    for (const origin of ['http://127.0.0.1:8787', 'http://localhost:8787', 'http://[::1]:8787'])
      assert.equal(refusal('GET', '/_sandbox', { origin }), undefined, origin);
    assert.equal(
      refusal('OPTIONS', '/_sandbox/reset', {
        origin: 'http://127.0.0.1:8787',
        'access-control-request-method': 'POST',
      })?.reason,
      'preflight',
    );
    assert.equal(refusal('GET', '/_sandbox/users', { 'sec-fetch-site': 'cross-site' })?.status, 403);
    // Node's fetch sends `sec-fetch-mode: cors` and nothing else of the kind: never a reason to refuse.
    assert.equal(refusal('GET', '/_sandbox/users', { 'sec-fetch-mode': 'cors' }), undefined);
    for (const site of ['same-origin', 'same-site', 'none'])
      assert.equal(refusal('GET', '/_sandbox/users', { 'sec-fetch-site': site }), undefined, site);
    // A cross-site top-level GET navigation passes only where the server says so (the OAuth redirect).
    const navigation = { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' };
    assert.equal(refusal('GET', '/callback', navigation)?.reason, 'cross-site');
    const callback = { port: 8787, crossSiteNavigation: true };
    assert.equal(refusal('GET', '/callback', navigation, callback), undefined);
    assert.equal(refusal('POST', '/callback', navigation, callback)?.reason, 'cross-site');
    assert.equal(refusal('GET', '/callback', { 'sec-fetch-site': 'cross-site' }, callback)?.reason, 'cross-site');
  });

  it('refuses a body that is not JSON with 415; a form only where the route takes one; no body needs no type', () => {
    const body = (type: string | undefined, length = '2', path = '/_sandbox/reset', method = 'POST') =>
      refusal(method, path, { ...(type === undefined ? {} : { 'content-type': type }), 'content-length': length });
    assert.equal(body('application/json'), undefined);
    assert.equal(body('Application/JSON; charset=utf-8'), undefined);
    assert.equal(body(undefined, '0'), undefined);
    assert.equal(body('text/plain')?.status, 415);
    assert.equal(body('text/plain', '0')?.status, 415);
    assert.equal(body('text/plain;charset=UTF-8', '2', '/items', 'PUT')?.status, 415);
    assert.equal(body('multipart/form-data; boundary=x')?.status, 415);
    assert.equal(body(undefined)?.status, 415);
    assert.equal(refusal('POST', '/x', { 'transfer-encoding': 'chunked' })?.status, 415);
    assert.equal(body('application/x-www-form-urlencoded')?.status, 415);
    assert.equal(body('application/x-www-form-urlencoded', '2', '/oauth/token'), undefined);
    assert.equal(body('application/json', '2', '/oauth/token'), undefined);
    assert.equal(body('text/plain', '2', '/oauth/token')?.status, 415);
    assert.match(body('text/plain')!.message, /application\/json, not text\/plain/);
    // GET is never judged by its type; a server without the JSON rule does not judge bodies.
    assert.equal(body('text/plain', '2', '/items', 'GET'), undefined);
    assert.equal(refusal('POST', '/hook', { 'content-type': 'text/plain' }, { port: 8787 }), undefined);
  });
});

describe('loopback guard: the sandbox refuses web pages and other hosts', () => {
  const h = useSandbox();
  const answers: Answer[] = [];
  const at = async (
    method: string,
    path: string,
    headers: Record<string, string | number> = {},
    body?: string,
  ): Promise<Answer & { json: Record<string, unknown> }> => {
    const answer = await send(h.url + path, {
      method,
      headers: body === undefined ? headers : { 'content-length': Buffer.byteLength(body), ...headers },
      chunks: body === undefined ? [] : [body],
    });
    answers.push(answer);
    return { ...answer, json: answer.text ? JSON.parse(answer.text) : {} };
  };
  const clockOffset = async () => (await h.admin<{ clock_offset_ms: number }>('GET', '/_sandbox')).clock_offset_ms;
  const host = () => `127.0.0.1:${h.sandbox.port}`;

  it('a web page cannot reset it: a cross-origin text/plain POST, or one without Origin, changes nothing', async () => {
    const seeded = await clockOffset();
    await h.admin('POST', '/_sandbox/clock/advance', { days: 2 });
    const moved = await clockOffset();
    assert.equal(moved - seeded, 2 * 86_400_000);
    const page = await at(
      'POST',
      '/_sandbox/reset',
      { origin: 'https://evil.example', 'content-type': 'text/plain' },
      '{}',
    );
    assert.equal(page.status, 403);
    assert.deepEqual(page.json, {
      message: 'Requests from web pages are not accepted (Origin "https://evil.example").',
      error: 'forbidden',
      status: 403,
      cause: [],
    });
    const cross = await at('POST', '/_sandbox/reset', { 'sec-fetch-site': 'cross-site' });
    assert.equal(cross.status, 403);
    const plain = await at('POST', '/_sandbox/reset', { 'content-type': 'text/plain;charset=UTF-8' }, 'x');
    assert.equal(plain.status, 415);
    assert.equal(plain.json.error, 'unsupported_media_type');
    assert.match(String(plain.json.message), /content-type: application\/json, not text\/plain/);
    const form = await at('POST', '/_sandbox/reset', { 'content-type': 'application/x-www-form-urlencoded' }, 'a=1');
    assert.equal(form.status, 415);
    assert.equal(await clockOffset(), moved, 'the change survived every refused reset');
    // curl -X POST without -d: no body, no type; and a JSON body.
    assert.equal((await at('POST', '/_sandbox/reset')).status, 200);
    assert.ok(Math.abs((await clockOffset()) - seeded) < 60_000, 'back to the seeded clock');
  });

  it('a foreign Host reads nothing: the admin users (with their tokens) and an API route with a valid token', async () => {
    const users = await h.admin<SandboxTestUser[]>('GET', '/_sandbox/users');
    const tokens = users.map((user) => user.token).filter(Boolean);
    assert.ok(tokens.length > 3);
    for (const foreign of ['evil.example', `evil.example:${h.sandbox.port}`, `127.0.0.1:${h.sandbox.port + 1}`]) {
      const answer = await at('GET', '/_sandbox/users', { host: foreign });
      assert.equal(answer.status, 421, foreign);
      assert.equal(answer.json.error, 'misdirected_request');
      assert.equal(answer.json.status, 421);
      for (const token of tokens) assert.ok(!answer.text.includes(token), 'no token in a refusal');
      const me = await at('GET', '/users/me', { host: foreign, authorization: `Bearer ${h.token}` });
      assert.equal(me.status, 421);
      assert.doesNotMatch(me.text, /nickname|email/);
    }
    // A foreign Host cannot change anything either, and does not spend an injected fault.
    await h.admin('POST', '/_sandbox/faults', { method: 'GET', path: '/sites/MLA', status: 503, times: 1 });
    const reset = await at('POST', '/_sandbox/reset', { host: 'evil.example' });
    assert.equal(reset.status, 421);
    assert.equal((await at('GET', '/sites/MLA', { host: 'evil.example' })).status, 421);
    assert.equal((await h.admin<unknown[]>('GET', '/_sandbox/faults')).length, 1);
  });

  it('serves what is ours: loopback Hosts, no Origin or its own, JSON bodies, the form of /oauth/token', async () => {
    for (const name of ['127.0.0.1', 'localhost', 'LocalHost', '[::1]']) {
      const answer = await at('GET', '/_sandbox/users', { host: `${name}:${h.sandbox.port}` });
      assert.equal(answer.status, 200, name);
    }
    assert.equal((await at('GET', '/_sandbox', { origin: `http://localhost:${h.sandbox.port}` })).status, 200);
    const me = await at('GET', '/users/me', { host: host(), authorization: `Bearer ${h.token}` });
    assert.equal(me.status, 200);
    const advance = await at(
      'POST',
      '/_sandbox/clock/advance',
      { 'content-type': 'application/json; charset=utf-8' },
      '{"hours":1}',
    );
    assert.equal(advance.status, 200);
    assert.equal((await at('DELETE', '/_sandbox/faults')).status, 204);
    // The form the API's token endpoint takes, as the extension's client sends it (exchangeCode).
    const redirect = 'http://127.0.0.1:1/callback';
    const authorize = await at(
      'GET',
      `/authorization?response_type=code&client_id=${CLIENT_ID}&redirect_uri=${encodeURIComponent(redirect)}`,
    );
    assert.equal(authorize.status, 302);
    const code = new URL(String(authorize.headers.location)).searchParams.get('code')!;
    const token = await exchangeCode(h.client, {
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      code,
      redirectUri: redirect,
    });
    assert.match(token.access_token, /^SBX-/);
    // The extension's client: JSON bodies with their type, reads without one.
    await h.client.post('/_sandbox/faults', { auth: 'none', json: { path: '/nowhere', status: 500 } });
    assert.equal((await h.admin<unknown[]>('GET', '/_sandbox/faults')).length, 1);
    assert.ok((await getMe(h.client)).id > 0);
  });

  it('answers a preflight 403 and never sends Access-Control-Allow-Origin', async () => {
    const preflight = await at('OPTIONS', '/_sandbox/reset', {
      origin: 'https://evil.example',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    });
    assert.equal(preflight.status, 403);
    const own = await at('OPTIONS', '/_sandbox/reset', {
      origin: `http://127.0.0.1:${h.sandbox.port}`,
      'access-control-request-method': 'POST',
    });
    assert.equal(own.status, 403);
    assert.equal(own.json.error, 'forbidden');
    const plain = await at('OPTIONS', '/_sandbox/reset');
    assert.ok([404, 405].includes(plain.status), String(plain.status));
    await at('GET', '/_sandbox/users', { origin: 'https://evil.example' });
    assert.ok(answers.length > 20);
    for (const answer of answers) {
      const cors = Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'));
      assert.deepEqual(cors, [], `${answer.status} ${answer.text.slice(0, 80)}`);
    }
  });

  it('the sandbox, the OAuth callback and the notification receiver refuse two Host headers and a foreign target', async () => {
    const receiver = new NotificationReceiver({ port: 0, onNotification: () => undefined });
    const callback = await listenForCallback(0, 'the-state');
    const ports = {
      sandbox: h.sandbox.port,
      receiver: Number(new URL((await receiver.start()).url).port),
      callback: Number(new URL(callback.redirectUri).port),
    };
    try {
      for (const [server, port] of Object.entries(ports)) {
        const own = `127.0.0.1:${port}`;
        const twice = await rawExchange(port, `GET /callback HTTP/1.1\r\nHost: ${own}\r\nHost: evil.example`);
        assert.equal(twice.status, 400, `${server}: two Host headers`);
        assert.match(twice.text, /2 Host headers/, server);
        const foreign = await rawExchange(port, `GET http://evil.example/callback HTTP/1.1\r\nHost: ${own}`);
        assert.equal(foreign.status, 421, `${server}: an absolute target naming another server`);
      }
      const absolute = await rawExchange(
        ports.sandbox,
        `GET http://127.0.0.1:${ports.sandbox}/_sandbox HTTP/1.1\r\nHost: 127.0.0.1:${ports.sandbox}`,
      );
      assert.equal(absolute.status, 200, 'an absolute target naming the sandbox itself is served');
      assert.equal(absolute.json?.seller_id, SELLER_ID);
    } finally {
      await receiver.stop();
      await new Promise<void>((resolve) => callback.server.close(() => resolve()).closeAllConnections());
    }
  });

  it('its own notifier (Node fetch, sec-fetch-mode: cors) still reaches the notification receiver', async () => {
    const received: ReceivedNotification[] = [];
    const receiver = new NotificationReceiver({
      port: 0,
      onNotification: (notification) => received.push(notification),
    });
    const { url } = await receiver.start();
    try {
      await h.admin('PUT', '/_sandbox/notifications', { callback_url: url, topics: ['orders_v2'] });
      await h.admin('POST', '/_sandbox/notifications/emit', { topic: 'orders_v2', resource: '/orders/2000000123' });
      await h.sandbox.settle();
      const deadline = Date.now() + 5000;
      while (received.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      assert.equal(received[0]?.body.resource, '/orders/2000000123');
      assert.equal(receiver.stats.refused, 0);
    } finally {
      await receiver.stop();
    }
  });
});
