// How the sandbox's server stops gently (SIGTERM of the command line): no new connection, every request already
// received answered (and, with --data, its writes stored: the pipeline answers only once they are), then every
// connection closed. Node's `server.close()` alone would wait for idle keep-alive connections to time out.
import type { Server } from 'node:http';

export interface ServerDrain {
  /** Requests received and not yet answered (or abandoned by their client). */
  readonly inFlight: number;
  /** Stops accepting connections, waits for the requests in progress to end, then closes every connection. */
  drain(): Promise<void>;
}

/** Counts the requests `server` is answering, from now on, so that `drain()` can wait for them. */
export function trackRequests(server: Server): ServerDrain {
  let inFlight = 0;
  let draining = false;
  let settled: (() => void) | undefined;
  server.on('request', (_incoming, outgoing) => {
    inFlight++;
    // `close` comes once the answer is sent, or the client went away before it: either way the request is over.
    outgoing.once('close', () => {
      inFlight--;
      if (!draining) return;
      // The connection that carried it is idle from the next tick on: closed, unless another request arrived on it.
      setImmediate(() => server.closeIdleConnections());
      if (inFlight === 0) settled?.();
    });
  });
  return {
    get inFlight() {
      return inFlight;
    },
    drain: async () => {
      draining = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      if (inFlight > 0) await new Promise<void>((resolve) => (settled = resolve));
      // Nothing is in progress: what is left are connections between requests.
      server.closeAllConnections();
      await closed;
    },
  };
}
