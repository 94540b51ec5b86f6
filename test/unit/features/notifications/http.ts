// A raw HTTP client for the receiver's tests: chunked bodies, unfinished bodies, keep-alive or fresh connections.
import { type Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import {
  NotificationReceiver,
  type ReceivedNotification,
  type ReceiverOptions,
} from '../../../../src/features/notifications/receiver';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** One request (a fresh connection unless an agent is given), writing the body in `chunks`; resolves with the answer as soon as it comes. */
export function send(
  url: string,
  init: {
    method?: string;
    headers?: Record<string, string | number>;
    chunks?: string[];
    end?: boolean;
    /** A keep-alive agent; a fresh connection when absent. */
    agent?: Agent;
  } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = httpRequest(
      url,
      { method: init.method ?? 'POST', headers: init.headers, agent: init.agent ?? false },
      (res) => {
        answered = true;
        const parts: Buffer[] = [];
        res.on('data', (chunk: Buffer) => parts.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(parts).toString() }),
        );
        res.on('error', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(parts).toString() }),
        );
      },
    );
    // The receiver may close the connection while the body is still going out; only an error before any answer counts.
    req.on('error', (failure) => {
      if (!answered) reject(failure);
    });
    const chunks = [...(init.chunks ?? [])];
    const next = () => {
      if (answered) return;
      const chunk = chunks.shift();
      if (chunk === undefined) {
        if (init.end !== false) req.end();
        return;
      }
      req.write(chunk, () => (chunks.length ? setTimeout(next, 2) : next()));
    };
    next();
  });
}

/**
 * Receivers on free ports for one suite, each recording what it hands on and logs; all stopped after each test.
 * Returns the function that starts one.
 */
export function useReceivers(): (options?: Partial<ReceiverOptions>) => Promise<{
  receiver: NotificationReceiver;
  port: number;
  url: string;
  received: ReceivedNotification[];
  logged: string[];
}> {
  let running: NotificationReceiver[] = [];
  afterEach(async () => {
    await Promise.all(running.map((receiver) => receiver.stop()));
    running = [];
  });
  return async (options = {}) => {
    const received: ReceivedNotification[] = [];
    const logged: string[] = [];
    const receiver = new NotificationReceiver({
      port: 0,
      onNotification: (notification) => received.push(notification),
      log: (line) => logged.push(line),
      ...options,
    });
    running.push(receiver);
    const { port, url } = await receiver.start();
    return { receiver, port, url, received, logged };
  };
}
