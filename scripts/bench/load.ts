// One load run: autocannon (the load generator, in the bench process) against a server in its own process, for a
// few seconds at a number of connections, each request built afresh (another listing, another price). Latencies are
// taken from each answer, since autocannon's own histogram keeps whole milliseconds only.
import autocannon from 'autocannon';

export interface LoadRun {
  rps: number;
  p50: number;
  p99: number;
  /** Answers other than 2xx, and connection errors. */
  failures: number;
}

export interface LoadRequest {
  method: 'GET' | 'PUT' | 'POST';
  path: string;
  body?: string;
}

export interface LoadOptions {
  url: string;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
  /** The n-th request (from 1). */
  request: (n: number) => LoadRequest;
}

export function loadRun(options: LoadOptions): Promise<LoadRun> {
  let next = 0;
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.seconds,
        headers: options.headers,
        requests: [
          {
            setupRequest: (request) => {
              next += 1;
              return { ...request, ...options.request(next) };
            },
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        latencies.sort((a, b) => a - b);
        const at = (share: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))];
        resolve({
          rps: result.requests.total / result.duration,
          p50: at(0.5) ?? Number.NaN,
          p99: at(0.99) ?? Number.NaN,
          failures: result.non2xx + result.errors,
        });
      },
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      if (status >= 200 && status < 300) latencies.push(responseTime);
    });
  });
}
