// Stopping gently (SIGTERM, SIGINT): the server takes no new connection, answers the requests in progress, then
// closes; with --data, every write it answered is stored. A burst of writes is under way when the signal comes.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '../../../src/sandbox/runtime';
import { trackRequests } from '../../../src/sandbox/serverDrain';
import { SELLER_ID } from '../../../src/sandbox/users/ids';
import { bundledCommandLine, startCommand } from '../support/sandboxCommand';

/** One GET on `agent`'s connection; resolves with the status and the body. */
function get(port: number, agent: import('node:http').Agent): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = request({ host: '127.0.0.1', port, path: '/', agent }, (answer) => {
      let body = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk: string) => {
        body += chunk;
      });
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body }));
    });
    sent.on('error', reject);
    sent.end();
  });
}

/** How long each note waits inside the server (a fault), so that the signal finds some in progress. */
const LATENCY_MS = 400;
const WRITERS = 8;
/** Notes answered before the signal is sent, half a latency later. */
const BEFORE_SIGNAL = 3 * WRITERS;

describe('sandbox graceful stop', function () {
  this.timeout(60_000);

  it('draining answers the request in progress, closes idle connections and refuses new ones', async () => {
    const { Agent } = await import('node:http');
    let arrived!: () => void;
    const arrival = new Promise<void>((resolve) => (arrived = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    const server = createServer((_incoming, outgoing) => {
      calls++;
      if (calls === 1) {
        outgoing.end('first');
        return;
      }
      arrived();
      void held.then(() => outgoing.end('held'));
    });
    const drain = trackRequests(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    const idle = new Agent({ keepAlive: true });
    const busy = new Agent({ keepAlive: true });
    try {
      assert.equal((await get(port, idle)).body, 'first');
      const idleSocketClosed = new Promise<void>((resolve) => {
        const [socket] = Object.values(idle.freeSockets).flat();
        assert.ok(socket, 'the first connection is kept alive, idle');
        socket.once('close', () => resolve());
      });
      const inProgress = get(port, busy);
      await arrival;
      assert.equal(drain.inFlight, 1);
      const drained = drain.drain();
      await idleSocketClosed;
      await assert.rejects(get(port, new Agent()), { code: 'ECONNREFUSED' });
      let done = false;
      void drained.then(() => (done = true));
      await new Promise((resolve) => setTimeout(resolve, 20));
      assert.equal(done, false, 'the drain waits for the request in progress');
      release();
      assert.deepEqual(await inProgress, { status: 200, body: 'held' });
      await drained;
      assert.equal(drain.inFlight, 0);
    } finally {
      idle.destroy();
      busy.destroy();
      server.close();
    }
  });

  it('SIGTERM during a burst of writes with --data: exit code 0, and every answered write is there after a restart', async () => {
    const cli = await bundledCommandLine();
    const dir = mkdtempSync(join(tmpdir(), 'mi-stop-'));
    const token = 'stop-test-seller-token';
    try {
      const running = await startCommand(process.execPath, [
        cli,
        ...['--port', '0', '--data', dir, '--token', token, '--log', 'json'],
      ]);
      const call = (method: string, path: string, body?: unknown) =>
        fetch(running.url + path, {
          method,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      const listed = (await (await call('GET', '/_sandbox/orders?status=paid')).json()) as {
        orders: { id: number; seller_id: number; visible_to_seller: boolean }[];
      };
      const order = listed.orders.find((candidate) => candidate.seller_id === SELLER_ID && candidate.visible_to_seller);
      assert.ok(order, 'a paid order of the seller');
      // Each note spends a while inside the server: the signal comes halfway through a round of them.
      await call('POST', '/_sandbox/faults', {
        method: 'POST',
        path: `/orders/${order.id}/notes`,
        latency_ms: LATENCY_MS,
      });

      const answered: { id: string; sentAt: number }[] = [];
      const refused: { sentAt: number }[] = [];
      let signalAt = Number.POSITIVE_INFINITY;
      let next = 0;
      const writer = async () => {
        for (;;) {
          const sentAt = performance.now();
          let answer: Response;
          try {
            answer = await call('POST', `/orders/${order.id}/notes`, { note: `burst ${next++}` });
          } catch {
            // The connection was refused or closed before any answer: a request that came after the signal.
            refused.push({ sentAt });
            return;
          }
          const body = (await answer.json()) as { id: string };
          assert.equal(answer.status, 201, JSON.stringify(body));
          answered.push({ id: body.id, sentAt });
          if (answered.length === BEFORE_SIGNAL)
            setTimeout(() => {
              signalAt = performance.now();
              running.process.kill('SIGTERM');
            }, LATENCY_MS / 2);
        }
      };
      await Promise.all(Array.from({ length: WRITERS }, writer));
      const end = await running.ended;
      assert.equal(end.code, 0, end.stderr);
      assert.equal(refused.length, WRITERS, 'every writer ended on a request the stopped server refused');
      // Sent well before the signal, a request was in progress when it came: it must have been answered, not cut.
      const inProgress = (write: { sentAt: number }) => write.sentAt < signalAt - LATENCY_MS / 4;
      assert.deepEqual(refused.filter(inProgress), [], 'no request in progress was cut');
      assert.ok(
        answered.filter(inProgress).length > BEFORE_SIGNAL,
        'the requests in progress when the signal came were answered',
      );
      const events = end.stderr
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { event?: string }).event)
        .filter(Boolean);
      assert.deepEqual(events, ['ready', 'stopping', 'stopped']);

      const restarted = await startSandbox({ port: 0, dataDir: dir, token });
      try {
        const notes = (await (
          await fetch(`${restarted.url}/orders/${order.id}/notes`, { headers: { authorization: `Bearer ${token}` } })
        ).json()) as { results: { id: string }[] }[];
        const stored = new Set(notes[0]?.results.map((note) => note.id));
        const lost = answered.filter((write) => !stored.has(write.id));
        assert.deepEqual(lost, [], 'every answered note is stored');
      } finally {
        await restarted.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
