import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as z from 'zod';
import { type ExchangeRecord, isSafeBaseUrl, MarketplaceClient } from '../../../src/api/client';
import { ApiError, safePath } from '../../../src/api/errors';
import { exchangeCode } from '../../../src/api/oauth';
import { getMe } from '../../../src/api/users';
import { CLIENT_ID } from '../../../src/sandbox/users/ids';
import { useSandbox } from '../support/sandbox';

interface FaultState {
  id: number;
  hits: number;
}

describe('client core against the sandbox', () => {
  const h = useSandbox();

  async function fault(spec: Record<string, unknown>): Promise<FaultState> {
    return h.admin<FaultState>('POST', '/_sandbox/faults', spec);
  }
  async function hits(id: number): Promise<number> {
    const list = await h.admin<FaultState[]>('GET', '/_sandbox/faults');
    return list.find((entry) => entry.id === id)?.hits ?? -1;
  }

  it('retries a GET answered 429, waiting the Retry-After seconds', async () => {
    const injected = await fault({ method: 'GET', path: '/users/me', status: 429, retry_after: 1, times: 1 });
    const started = Date.now();
    const me = await getMe(h.client);
    const waited = Date.now() - started;
    assert.equal(me.nickname, 'TEST_SELLER_AUTOS');
    assert.equal(await hits(injected.id), 1);
    assert.ok(waited >= 950, `waited ${waited} ms, Retry-After asked 1000 ms`);
  });

  it('retries a GET answered 503 with Retry-After, then succeeds', async () => {
    const injected = await fault({ method: 'GET', path: '/users/me', status: 503, retry_after: 1, times: 2 });
    const started = Date.now();
    await getMe(h.clientWith({ retryLimit: 3 }));
    assert.equal(await hits(injected.id), 2);
    assert.ok(Date.now() - started >= 1900);
  });

  it('gives up after the retry limit with the API error of the last answer', async () => {
    const injected = await fault({ method: 'GET', path: '/users/me', status: 500 });
    const failure = await getMe(h.clientWith({ retryLimit: 2 })).catch((error: unknown) => error);
    assert.ok(failure instanceof ApiError);
    assert.equal(failure.status, 500);
    assert.equal(failure.error, 'internal_error');
    assert.equal(await hits(injected.id), 3, 'one attempt and two retries');
  });

  it('never retries a POST, even on 503 with Retry-After', async () => {
    const injected = await fault({ method: 'POST', path: '/oauth/token', status: 503, retry_after: 0, times: 3 });
    const failure = await exchangeCode(h.client, {
      clientId: CLIENT_ID,
      clientSecret: 'x',
      code: 'c',
      redirectUri: 'http://127.0.0.1/cb',
    }).catch((error: unknown) => error);
    assert.ok(failure instanceof ApiError);
    assert.equal(failure.status, 503);
    assert.equal(failure.retryAfterSeconds, 0);
    assert.equal(await hits(injected.id), 1);
  });

  it('never retries a POST on a network failure either', async () => {
    const injected = await fault({ method: 'POST', path: '/oauth/token', truncate: true, times: 3 });
    await exchangeCode(h.client, {
      clientId: CLIENT_ID,
      clientSecret: 'x',
      code: 'c',
      redirectUri: 'http://127.0.0.1/cb',
    }).catch(() => undefined);
    assert.equal(await hits(injected.id), 1);
  });

  it('retries PUT and DELETE (idempotent) on 5xx', async () => {
    const put = await fault({ method: 'PUT', path: '/users/me', status: 500, times: 1 });
    const del = await fault({ method: 'DELETE', path: '/users/me', status: 502, times: 1 });
    // After the injected failure the route answers 405, which proves a second attempt reached the server.
    const putFailure = await h.client.put('/users/me', { json: {} }).catch((error: unknown) => error);
    const deleteFailure = await h.client.delete('/users/me').catch((error: unknown) => error);
    assert.ok(putFailure instanceof ApiError && putFailure.status === 405);
    assert.ok(deleteFailure instanceof ApiError && deleteFailure.status === 405);
    assert.equal(await hits(put.id), 1);
    assert.equal(await hits(del.id), 1);
  });

  it('does not retry a 4xx other than 408 and 429', async () => {
    const injected = await fault({ method: 'GET', path: '/users/me', status: 400, times: 2 });
    const failure = await getMe(h.client).catch((error: unknown) => error);
    assert.ok(failure instanceof ApiError && failure.status === 400);
    assert.equal(await hits(injected.id), 1);
  });

  it('a slow answer hits the per-attempt timeout, and the total budget bounds the retries', async () => {
    await fault({ method: 'GET', path: '/users/me', latency_ms: 1500 });
    const started = Date.now();
    const failure = await getMe(h.clientWith({ timeoutMs: 200, totalTimeoutMs: 700, retryLimit: 5 })).catch(
      (error: unknown) => error,
    );
    assert.ok(failure instanceof ApiError);
    assert.equal(failure.kind, 'timeout');
    assert.ok(Date.now() - started < 1400, 'the total timeout ends the call');
  });

  it('a body cut off mid-way is a clear invalid_response error', async () => {
    await fault({ method: 'GET', path: '/users/me', truncate: true });
    const failure = await getMe(h.clientWith({ retryLimit: 0 })).catch((error: unknown) => error);
    assert.ok(failure instanceof ApiError);
    assert.ok(['invalid_response', 'network'].includes(failure.kind), failure.kind);
    assert.match(failure.message, /GET \/users\/me/);
  });

  it('an answer that does not match its schema names the field', async () => {
    const schema = z.object({ id: z.string(), nickname: z.number() });
    const failure = await h.client.get('/users/me', { schema }).catch((error: unknown) => error);
    assert.ok(failure instanceof ApiError);
    assert.equal(failure.kind, 'invalid_response');
    assert.match(failure.apiMessage, /field 'id'/);
    assert.match(failure.apiMessage, /field 'nickname'/);
  });

  it('keeps unknown extra fields of an answer', async () => {
    const me = await getMe(h.client);
    assert.equal((me as Record<string, unknown>).points, 100, 'a field the model does not declare survives parsing');
  });

  it('asks the token provider at request time, for every request', async () => {
    let calls = 0;
    const client = h.clientWith({
      token: () => {
        calls += 1;
        return h.token;
      },
    });
    await getMe(client);
    await getMe(client);
    assert.equal(calls, 2);
  });

  it('a cancelled request becomes a cancelled ApiError', async () => {
    await fault({ method: 'GET', path: '/users/me', latency_ms: 1000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const failure = await getMe(h.client, controller.signal).catch((error: unknown) => error);
    assert.ok(failure instanceof ApiError);
    assert.equal(failure.kind, 'cancelled');
  });

  it('reports each exchange to the observer without the token', async () => {
    const records: ExchangeRecord[] = [];
    await getMe(h.clientWith({ onExchange: (record) => records.push(record) }));
    assert.equal(records.length, 1);
    assert.equal(records[0]?.status, 200);
    assert.equal(records[0]?.path, '/users/me');
    assert.ok(!JSON.stringify(records).includes(h.token));
  });
});

describe('client core: headers and hosts', () => {
  let seen: IncomingHttpHeaders[] = [];
  let url = '';
  const server = createServer((request, response) => {
    seen.push(request.headers);
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"advertisers":[]}');
  });
  before(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => server.close());
  beforeEach(() => {
    seen = [];
  });

  it('sends Api-Version: 1 only on advertising calls, and the bearer token', async () => {
    const client = new MarketplaceClient({ baseUrl: url, token: () => 'SBX-abc123' });
    await client.get('/advertising/advertisers', { advertising: true, query: { product_id: 'DISPLAY' } });
    await client.get('/users/me');
    assert.equal(seen[0]?.['api-version'], '1');
    assert.equal(seen[0]?.authorization, 'Bearer SBX-abc123');
    assert.equal(seen[1]?.['api-version'], undefined);
  });

  it("auth: 'none' never sends the token", async () => {
    const client = new MarketplaceClient({ baseUrl: url, token: () => 'SBX-abc123' });
    await client.get('/size_charts/1', { auth: 'none' });
    assert.equal(seen[0]?.authorization, undefined);
  });

  it('refuses base URLs that would carry the token in clear text off loopback', () => {
    assert.ok(isSafeBaseUrl('https://api.marketplace.example'));
    assert.ok(isSafeBaseUrl('http://127.0.0.1:8787'));
    assert.ok(isSafeBaseUrl('http://localhost:8787'));
    assert.ok(isSafeBaseUrl('http://[::1]:8787'));
    assert.ok(!isSafeBaseUrl('http://api.marketplace.example'));
    assert.ok(!isSafeBaseUrl('http://192.168.1.10:8787'));
    assert.ok(!isSafeBaseUrl('https://user:pass@api.marketplace.example'));
    assert.ok(!isSafeBaseUrl('ftp://127.0.0.1'));
    assert.throws(() => new MarketplaceClient({ baseUrl: 'http://api.marketplace.example' }), /https/);
  });

  it('refuses absolute or protocol-relative paths, so the token cannot leave for another host', async () => {
    const client = new MarketplaceClient({ baseUrl: url, token: () => 'SBX-abc123' });
    await assert.rejects(client.get('//evil.example/x'), /relative/);
    await assert.rejects(client.get('https://evil.example/x'), /relative/);
    assert.equal(seen.length, 0);
  });
});

describe('error helpers', () => {
  it('safePath drops access_token and keeps the rest of the query', () => {
    assert.equal(safePath('/items?ids=A,B&access_token=SBX-secret'), '/items?ids=A%2CB');
  });
  it('an ApiError removes the token and bearer strings from its message', () => {
    const message = (text: string, token?: string) =>
      new ApiError({ kind: 'network', method: 'GET', path: '/x', message: text, token }).apiMessage;
    assert.equal(message('bad token SBX-abcdef here', 'SBX-abcdef'), 'bad token «token» here');
    assert.equal(message('Authorization: Bearer APP_USR-1-2'), 'Authorization: Bearer «token»');
  });
});
