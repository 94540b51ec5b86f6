// The sandbox's faults on the wire, as the client suite relies on them: the HTML error page a proxy in front of the API
// answers, and the cut answer (its status and half its body arrive, then the connection closes).
import assert from 'node:assert/strict';
import { useSandbox } from '../support/sandbox';

describe('sandbox faults on the wire', () => {
  const h = useSandbox();
  const inject = (spec: Record<string, unknown>) => h.raw('POST', '/_sandbox/faults', { token: null, body: spec });
  const me = () => fetch(`${h.url}/users/me`, { headers: { authorization: `Bearer ${h.token}` } });

  it('html: true answers a small text/html page, 502 unless a status is given', async () => {
    const created = await inject({ path: '/users/me', html: true, times: 1 });
    assert.equal(created.status, 201);
    assert.deepEqual(created.body, { id: 1, path: '/users/me', html: true, status: 502, hits: 0, times: 1 });
    const page = await me();
    assert.equal(page.status, 502);
    assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
    const text = await page.text();
    assert.match(text, /^<!DOCTYPE html>/);
    assert.match(text, /<title>502 Bad Gateway<\/title>/);
    assert.equal((await me()).status, 200, 'times: 1 affects one request');

    await inject({ method: 'GET', path: '/users/me', html: true, status: 503, retry_after: 4 });
    const unavailable = await me();
    assert.equal(unavailable.status, 503);
    assert.equal(unavailable.headers.get('retry-after'), '4');
    assert.match(await unavailable.text(), /<title>503 Service Unavailable<\/title>/);
  });

  it('html and truncate are true or false; a fault still needs something to do', async () => {
    const text = await inject({ path: '/users/me', html: 'yes' });
    assert.equal(text.status, 400);
    assert.match(JSON.stringify(text.body), /html must be true or false/);
    assert.equal((await inject({ path: '/users/me', truncate: 1 })).status, 400);
    const nothing = await inject({ path: '/users/me', html: false });
    assert.equal(nothing.status, 400);
    assert.match(JSON.stringify(nothing.body), /needs status, latency_ms, truncate or html/);
  });

  it('truncate sends the status and half the body, then cuts the connection', async () => {
    const whole = await (await me()).text();
    await inject({ path: '/users/me', truncate: true });
    const cut = await me();
    assert.equal(cut.status, 200, 'the status line and headers arrived');
    assert.equal(cut.headers.get('content-length'), String(Buffer.byteLength(whole)));
    const reader = cut.body!.getReader();
    const received: Uint8Array[] = [];
    const failure = await (async () => {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) return undefined;
        received.push(chunk.value);
      }
    })().catch((error: unknown) => error);
    assert.ok(failure instanceof Error, 'reading the body fails once the connection is cut');
    const bytes = Buffer.concat(received);
    assert.equal(bytes.length, Math.floor(Buffer.byteLength(whole) / 2), 'half the body arrived');
    assert.equal(bytes.toString(), Buffer.from(whole).subarray(0, bytes.length).toString());
  });
});
