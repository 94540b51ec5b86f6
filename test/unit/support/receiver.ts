import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedNotification {
  at: number;
  body: Record<string, unknown>;
}

export interface Receiver {
  url: string;
  received: ReceivedNotification[];
  /** Status to answer with for the next deliveries (a function of the attempt count so far). */
  answer: (index: number) => number;
  close(): Promise<void>;
}

/** A real HTTP receiver on 127.0.0.1 that records every notification POSTed to it. */
export async function startReceiver(answer: (index: number) => number = () => 200): Promise<Receiver> {
  const receiver = { received: [] as ReceivedNotification[], answer } as Receiver;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const index = receiver.received.length;
      receiver.received.push({ at: Date.now(), body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      response.writeHead(receiver.answer(index)).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/notifications`;
  receiver.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return receiver;
}

/**
 * One receiver for a suite, set as the sandbox's callback before each test with what it received so far forgotten
 * (deliveries of the previous test settled first).
 */
export function useWiredReceiver(h: {
  admin(method: string, path: string, body?: unknown): Promise<unknown>;
  sandbox: { settle(): Promise<void> };
}): () => Receiver {
  let receiver: Receiver;
  before(async () => {
    receiver = await startReceiver();
  });
  after(() => receiver.close());
  beforeEach(async () => {
    await h.admin('PUT', '/_sandbox/notifications', { callback_url: receiver.url });
    await h.sandbox.settle();
    receiver.received.length = 0;
  });
  return () => receiver;
}
