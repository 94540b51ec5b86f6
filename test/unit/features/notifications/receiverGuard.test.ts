import assert from 'node:assert/strict';
import type { ReceiverOptions } from '../../../../src/features/notifications/receiver';
import { type Answer, send, useReceivers } from './http';

describe('NotificationReceiver: Host and Origin', () => {
  const startReceiver = useReceivers();

  async function start(options: Partial<ReceiverOptions> = {}) {
    const { receiver, port, url, received } = await startReceiver(options);
    const post = (headers: Record<string, string>, id: string) => {
      const body = JSON.stringify({ _id: id, topic: 'orders_v2', resource: '/orders/1' });
      return send(url, {
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
        chunks: [body],
      });
    };
    const handedOn = async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return received.map((r) => r.body._id);
    };
    return { receiver, port, url, post, handedOn };
  }

  const noCors = (answer: Answer) =>
    assert.deepEqual(
      Object.keys(answer.headers).filter((name) => name.startsWith('access-control-')),
      [],
    );

  it('refuses a Host that is not its loopback address and port with 421, handing nothing on', async () => {
    const { receiver, port, post, handedOn } = await start();
    for (const host of ['evil.example', `evil.example:${port}`, `127.0.0.1:${port + 1}`, 'abc.ngrok-free.app']) {
      const answer = await post({ host }, `from ${host}`);
      assert.equal(answer.status, 421, host);
      assert.equal(JSON.parse(answer.text).error, 'misdirected_request');
      assert.equal(JSON.parse(answer.text).status, 421);
      noCors(answer);
    }
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`]) {
      const answer = await post({ host }, host);
      assert.equal(answer.status, 200, host);
      noCors(answer);
    }
    assert.deepEqual(await handedOn(), [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`]);
    assert.deepEqual(receiver.stats, { acknowledged: 3, refused: 4 });
  });

  it('refuses any Origin, a cross-site fetch and a preflight with 403, without CORS headers', async () => {
    const { port, post, url, handedOn } = await start();
    const pages: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: `http://127.0.0.1:${port}` },
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' },
    ];
    for (const headers of pages) {
      const answer = await post(headers, 'page');
      assert.equal(answer.status, 403, JSON.stringify(headers));
      assert.equal(JSON.parse(answer.text).error, 'forbidden');
      noCors(answer);
    }
    const preflight = await send(url, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    assert.equal(preflight.status, 403);
    noCors(preflight);
    // Node's fetch (what the sandbox's notifier uses) sends `sec-fetch-mode: cors`: served.
    const fetched = await fetch(url, { method: 'POST', body: JSON.stringify({ _id: 'fetch' }) });
    assert.equal(fetched.status, 200);
    assert.equal(fetched.headers.get('access-control-allow-origin'), null);
    assert.deepEqual(await handedOn(), ['fetch']);
  });

  it('accepts a tunnel’s public host named in allowedHosts (any port, any case), and only that one', async () => {
    const { receiver, post, handedOn } = await start({ allowedHosts: ['Abc-123.ngrok-free.app'] });
    assert.equal((await post({ host: 'abc-123.ngrok-free.app' }, 'ngrok')).status, 200);
    assert.equal((await post({ host: 'ABC-123.NGROK-FREE.APP:443' }, 'ngrok, port')).status, 200);
    assert.equal((await post({ host: 'other.ngrok-free.app' }, 'other')).status, 421);
    // A tunnel's request still carries no Origin; a page behind the tunnel's name is refused like any page.
    const page = await post({ host: 'abc-123.ngrok-free.app', origin: 'https://abc-123.ngrok-free.app' }, 'page');
    assert.equal(page.status, 403);
    // The setting changes: the next request follows it.
    receiver.setAllowedHosts(['tunnel.trycloudflare.com']);
    assert.equal((await post({ host: 'abc-123.ngrok-free.app' }, 'old')).status, 421);
    assert.equal((await post({ host: 'tunnel.trycloudflare.com' }, 'cloudflared')).status, 200);
    assert.deepEqual(await handedOn(), ['ngrok', 'ngrok, port', 'cloudflared']);
  });
});
