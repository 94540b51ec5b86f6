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
