import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { forwardNotification, forwardTargetProblem } from '../../../../src/features/notifications/forwarder';

interface Application {
  url: string;
  seen: { method: string; url: string; headers: IncomingHttpHeaders; body: string }[];
  close(): Promise<void>;
}

/** The user's application: a real local server answering with `answer` after `delayMs`. */
async function application(
  answer: { status: number; delayMs?: number; headers?: Record<string, string> } = { status: 200 },
): Promise<Application> {
  const seen: Application['seen'] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      seen.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const timer = setTimeout(
        () => response.writeHead(answer.status, answer.headers).end('{"ok":true}'),
        answer.delayMs ?? 0,
      );
      response.on('close', () => clearTimeout(timer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks/marketplace`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** An untidy real body, spacing and all: the application must get these exact bytes. */
const RAW =
  '{"_id":"5da8a1b24be30a49eb66c52a", "topic":"public_offers","user_id":"2222222","recieved":"2022-01-20T17:13:53.617074685Z","actions":["x"]}';

describe('forwardNotification', () => {
  const opened: Application[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((app) => app.close()));
  });
  const open = async (answer?: Parameters<typeof application>[0]) => {
    const app = await application(answer);
    opened.push(app);
    return app;
  };

  it('POSTs the raw text unchanged as JSON and records the status and time', async () => {
    const app = await open({ status: 200 });
    const result = await forwardNotification(app.url, RAW);
    assert.equal(result.status, 200);
    assert.equal(result.url, app.url);
    assert.equal(result.error, undefined);
    assert.ok(result.ms >= 0 && result.ms < 5000, `ms ${result.ms}`);
    assert.ok(!Number.isNaN(Date.parse(result.at)));
    assert.equal(app.seen.length, 1);
    assert.equal(app.seen[0]?.method, 'POST');
    assert.equal(app.seen[0]?.url, '/hooks/marketplace');
    assert.equal(app.seen[0]?.headers['content-type'], 'application/json');
    assert.equal(app.seen[0]?.body, RAW);
  });

  it('reports an error status as a result', async () => {
    const app = await open({ status: 500 });
    const result = await forwardNotification(app.url, RAW);
    assert.equal(result.status, 500);
    assert.equal(app.seen[0]?.body, RAW);
  });

  it('does not follow a redirect', async () => {
    const target = await open({ status: 200 });
    const app = await open({ status: 307, headers: { location: target.url } });
    const result = await forwardNotification(app.url, RAW);
    assert.equal(result.status, 307);
    assert.match(result.error ?? '', /redirect/);
    assert.equal(target.seen.length, 0);
  });

  it('resolves with no status when nothing listens', async () => {
    const app = await open();
    const url = app.url;
    await app.close();
    opened.splice(0);
    const result = await forwardNotification(url, RAW);
    assert.equal(result.status, null);
    assert.match(result.error ?? '', /refused/i);
  });

  it('gives up after the timeout with a result, not a throw', async () => {
    const app = await open({ status: 200, delayMs: 2000 });
    const started = Date.now();
    const result = await forwardNotification(app.url, RAW, { timeoutMs: 150 });
    assert.ok(Date.now() - started < 1500, 'the timeout ended the wait');
    assert.equal(result.status, null);
    assert.match(result.error ?? '', /No answer within 150 ms/);
    assert.ok(result.ms >= 100);
  });

  it('refuses a target it may not send to without any request', async () => {
    const result = await forwardNotification('http://example.com/hook', RAW);
    assert.equal(result.status, null);
    assert.match(result.error ?? '', /https/);
  });
});

describe('forwardTargetProblem', () => {
  it('accepts https anywhere and http to this machine', () => {
    for (const url of [
      'https://example.com/hooks',
      'https://api.example.com:8443/x?y=1',
      'http://127.0.0.1:3000/notifications',
      'http://localhost:8080/',
      'http://LOCALHOST/x',
      'http://[::1]:3000/hook',
    ])
      assert.equal(forwardTargetProblem(url), undefined, url);
  });

  it('says why other targets are refused', () => {
    assert.match(forwardTargetProblem('http://example.com/hook') ?? '', /Plain http is only allowed to this machine/);
    assert.match(forwardTargetProblem('http://192.168.1.4:3000/') ?? '', /use https/);
    assert.match(forwardTargetProblem('http://127.0.0.2/') ?? '', /Plain http/);
    assert.match(forwardTargetProblem('http://localhost.example.com/') ?? '', /Plain http/);
    assert.match(forwardTargetProblem('ftp://example.com/x') ?? '', /ftp: cannot/);
    assert.match(forwardTargetProblem('file:///etc/passwd') ?? '', /file: cannot/);
    assert.match(forwardTargetProblem('https://user:secret@example.com/') ?? '', /password/);
    assert.match(forwardTargetProblem('http://user@127.0.0.1/') ?? '', /credentials/);
    assert.match(forwardTargetProblem('not a url') ?? '', /not a valid URL/);
    assert.match(forwardTargetProblem('') ?? '', /not a valid URL/);
  });
});
