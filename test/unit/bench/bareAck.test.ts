// The limit the receiver's acknowledgement is set beside (scripts/bench/bareAck.ts): a server that answers 200 with
// the receiver's bytes as soon as a request's headers arrive, never waiting for its body, and keeps the connection for
// the next request (the bench's sender keeps its connections).
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { startBareAckServer } from '../../../scripts/bench/bareAck';
import { NotificationReceiver } from '../../../src/features/notifications/receiver';

/** Collects what a socket receives and resolves once `count` complete answers (head and empty body) arrived. */
function answers(socket: Socket) {
  let received = '';
  const waiters: { count: number; resolve: (text: string) => void }[] = [];
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('latin1');
    const complete = received.split('\r\n\r\n').length - 1;
    for (const waiter of waiters.filter((entry) => entry.count <= complete)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(received);
    }
  });
  return (count: number) => new Promise<string>((resolve) => waiters.push({ count, resolve }));
}

function portOf(url: string): number {
  return Number(new URL(url).port);
}

/** Status line and headers of an answer, without the Date header (which differs by the second). */
function head(answer: string): string[] {
  return answer
    .split('\r\n\r\n')[0]!
    .split('\r\n')
    .filter((line) => !/^date:/i.test(line));
}

describe('bench bare acknowledgement server', () => {
  it('answers 200 before the body has arrived, and reads the next request on the same connection', async () => {
    const bare = await startBareAckServer();
    const socket = connect(portOf(bare.url), '127.0.0.1');
    try {
      const answered = answers(socket);
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      const body = JSON.stringify({ resource: '/orders/1', topic: 'orders_v2' });
      const request = `POST /notifications HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
      // Only the headers and the first byte of the body: the answer must not wait for the rest.
      socket.write(`${request}${body.slice(0, 1)}`);
      const first = await answered(1);
      assert.match(first, /^HTTP\/1\.1 200 OK\r\n/);
      assert.match(first, /\r\ncontent-length: 0\r\n/i);
      assert.doesNotMatch(first, /\r\nconnection: close\r\n/i);
      // The rest of the body, then a second request: the connection carries on, the first body discarded.
      socket.write(`${body.slice(1)}${request}${body}`);
      const both = await answered(2);
      assert.equal(both.match(/HTTP\/1\.1 200 OK\r\n/g)?.length, 2);
    } finally {
      socket.destroy();
      await bare.stop();
    }
  });

  it("answers a notification with the receiver's bytes", async () => {
    const bare = await startBareAckServer();
    const receiver = new NotificationReceiver({ port: 0, onNotification: () => undefined });
    const { url } = await receiver.start();
    const body = JSON.stringify({ resource: '/orders/1', topic: 'orders_v2' });
    const exchange = async (target: string) => {
      const socket = connect(portOf(target), '127.0.0.1');
      const answered = answers(socket);
      socket.write(
        `POST /notifications HTTP/1.1\r\nHost: 127.0.0.1:${portOf(target)}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
      );
      const answer = await answered(1);
      socket.destroy();
      return answer;
    };
    try {
      const [fromBare, fromReceiver] = [await exchange(bare.url), await exchange(url)];
      assert.deepEqual(head(fromBare), head(fromReceiver));
      assert.equal(head(fromBare)[0], 'HTTP/1.1 200 OK');
      assert.equal(new URL(bare.url).pathname, new URL(url).pathname);
    } finally {
      await receiver.stop();
      await bare.stop();
    }
  });
});
