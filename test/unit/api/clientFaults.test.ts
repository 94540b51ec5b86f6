// Every client function of src/api/ against the sandbox's injected faults: a 500, a 429 with Retry-After, an answer
// slower than the client's timeout, a JSON answer cut off mid-way and a proxy's HTML error page. Each ends in one
// ApiError a person can read (never a SyntaxError, never an unhandled rejection); GET, PUT and DELETE are retried as
// client.ts designs it (one retry then success; the limit when the fault stays), a POST never (one hit, whatever the
// fault), and a creation behind a fault took effect exactly once, or not at all when the API never saw it.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ClientOptions } from '../../../src/api/client';
import { ApiError } from '../../../src/api/errors';
import { useSandbox } from '../support/sandbox';

import {
  CORE_MODULES,
  LATENCY_MS,
  MODULES,
  NO_REQUEST,
  RETRIES,
  ROWS,
  type Row,
  TIMEOUT_MS,
  TIMEOUT_RETRIES,
} from './clientRows';

interface FaultKind {
  name: string;
  /** The fault as `POST /_sandbox/faults` takes it, without method, path and times. */
  spec: Record<string, unknown>;
  /** What the client under this fault is built with beyond the suite's fast retries. */
  client?: Partial<ClientOptions>;
  /** Whether client.ts retries an idempotent request under this fault. */
  retried: boolean;
  /** The client's retry limit under this fault. */
  retries: number;
  /** Whether the route ran behind the fault (so a creation took effect). */
  routeRan: boolean;
  /** The error the fault ends in, checked beyond what every failure shares. */
  check(error: ApiError): void;
}

const FAULTS: FaultKind[] = [
  {
    name: '500',
    spec: { status: 500 },
    retries: RETRIES,
    retried: true,
    routeRan: false,
    check: (error) => {
      assert.equal(error.kind, 'http');
      assert.equal(error.status, 500);
      assert.equal(error.error, 'internal_error');
      assert.match(error.apiMessage, /^Internal server error/);
    },
  },
  {
    name: '429 with Retry-After',
    spec: { status: 429, retry_after: 7 },
    // Waits the Retry-After capped to 20 ms: the wait itself is client.test.ts's; here the count matters.
    client: { maxRetryAfterMs: 20 },
    retries: RETRIES,
    retried: true,
    routeRan: false,
    check: (error) => {
      assert.equal(error.kind, 'http');
      assert.equal(error.status, 429);
      assert.equal(error.error, 'too_many_requests');
      assert.equal(error.retryAfterSeconds, 7, 'the error tells how long the API asked to wait');
      assert.equal(error.apiMessage, 'Too Many Requests');
    },
  },
  {
    name: 'timeout',
    spec: { latency_ms: LATENCY_MS },
    client: { timeoutMs: TIMEOUT_MS, retryLimit: TIMEOUT_RETRIES },
    retries: TIMEOUT_RETRIES,
    retried: true,
    routeRan: true,
    check: (error) => {
      assert.equal(error.kind, 'timeout');
      assert.equal(error.status, 0);
      assert.equal(error.apiMessage, 'The API did not answer in time. Try again.');
    },
  },
  {
    name: 'truncated JSON',
    spec: { truncate: true },
    retries: RETRIES,
    // The answer's status and headers arrived whole: ky has handed the response over, and only its body failed.
    retried: false,
    routeRan: true,
    check: (error) => {
      assert.equal(error.kind, 'invalid_response');
      assert.ok(error.status >= 200 && error.status < 300, `the cut answer was a ${error.status}`);
      assert.match(error.apiMessage, /^The answer could not be read completely/);
    },
  },
  {
    name: 'HTML error page',
    spec: { html: true },
    retries: RETRIES,
    retried: true,
    routeRan: false,
    check: (error) => {
      assert.equal(error.kind, 'http');
      assert.equal(error.status, 502);
      assert.equal(
        error.apiMessage,
        'The server answered with an HTML page ("502 Bad Gateway") instead of the API\'s JSON: a proxy or gateway in front of the API may have failed.',
      );
    },
  },
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const retries = (fault: FaultKind) => `${fault.retries} ${fault.retries === 1 ? 'retry' : 'retries'}`;

describe('client functions under injected faults', () => {
  const h = useSandbox({}, false);
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  before(() => process.on('unhandledRejection', onUnhandled));
  after(() => process.off('unhandledRejection', onUnhandled));
  afterEach(() => assert.deepEqual(unhandled.splice(0), [], 'no promise rejection went unhandled'));

  interface Injected {
    id: number;
    hits: number;
  }
  const inject = (spec: Record<string, unknown>) => h.admin<Injected>('POST', '/_sandbox/faults', spec);
  const hits = async (fault: Injected) =>
    (await h.admin<Injected[]>('GET', '/_sandbox/faults')).find((entry) => entry.id === fault.id)?.hits;
  const clearFaults = () => h.admin('DELETE', '/_sandbox/faults');
  const clientFor = (fault: FaultKind) =>
    h.clientWith({ retryLimit: fault.retries, backoffLimitMs: 10, timeoutMs: 5_000, ...fault.client });
  const failure = async (call: Promise<unknown>): Promise<ApiError> => {
    let error: unknown;
    const value = await call.catch((caught: unknown) => {
      error = caught ?? new Error('rejected without a reason');
      return undefined;
    });
    assert.ok(error !== undefined, `the call succeeded: ${JSON.stringify(value)?.slice(0, 200)}`);
    assert.ok(error instanceof ApiError, `an ApiError, not ${(error as Error)?.name}: ${(error as Error)?.message}`);
    return error;
  };
  /** What every failure shares: the request named, words rather than markup or a parser's complaint, no token. */
  const checkShared = (error: ApiError, entry: Row<unknown>) => {
    assert.equal(error.method, entry.method);
    assert.ok(error.message.startsWith(`${entry.method} /`), error.message);
    assert.doesNotMatch(error.apiMessage, /<[a-z!/]|SyntaxError|Unexpected token|JSON\.parse/i);
    assert.ok(!error.message.includes(h.token), 'the token never shows in an error');
  };
  /**
   * The sandbox still runs the routes of the requests it delayed, after the client gave up on them: wait for them
   * before the state is looked at or reset. The last one started at least TIMEOUT_MS before the call ended.
   */
  const settle = (fault: FaultKind, entry: Row<unknown>) =>
    fault.spec.latency_ms !== undefined && entry.method !== 'GET' ? sleep(LATENCY_MS - TIMEOUT_MS + 40) : undefined;
  /** A fresh sandbox before anything that changes it; reads only need the faults cleared. */
  const fresh = (entry: Row<unknown>) => (entry.method === 'GET' ? clearFaults() : h.reset());

  it('covers every function of every resource module that makes a request', () => {
    const modules = readdirSync(join(__dirname, '../../../src/api'))
      .filter((name) => name.endsWith('.ts'))
      .map((name) => name.slice(0, -3))
      .filter((name) => !CORE_MODULES.includes(name));
    assert.deepEqual(modules.sort(), Object.keys(MODULES).sort(), 'a module of src/api/ is missing from MODULES');
    const exported = Object.entries(MODULES).flatMap(([module, exports]) =>
      Object.entries(exports)
        .filter(([, value]) => typeof value === 'function')
        .map(([name]) => `${module}.${name}`),
    );
    const listed = [...ROWS.map((entry) => entry.fn), ...NO_REQUEST];
    assert.deepEqual(
      exported.filter((name) => !listed.includes(name)),
      [],
      'exported functions without a row (add one to ROWS, or to NO_REQUEST when it makes no request)',
    );
    assert.deepEqual(
      listed.filter((name) => !exported.includes(name)),
      [],
      'rows of functions that are not exported',
    );
    assert.equal(new Set(listed).size, listed.length, 'each function is listed once');
  });

  for (const entry of ROWS) {
    describe(entry.fn, () => {
      const idempotent = entry.method !== 'POST';
      for (const fault of FAULTS) {
        if (idempotent && fault.retried) {
          it(`${fault.name}: retried once then answered; after ${retries(fault)}, one clear ApiError`, async () => {
            await fresh(entry);
            let context = await entry.prepare?.(h);
            const target = { method: entry.method, path: entry.path };
            const once = await inject({ ...fault.spec, ...target, times: 1 });
            await entry.call(clientFor(fault), context);
            assert.equal(await hits(once), 1, 'the fault answered the first attempt, the retry reached the route');
            await settle(fault, entry);

            await fresh(entry);
            context = await entry.prepare?.(h);
            const always = await inject({ ...fault.spec, ...target });
            const error = await failure(entry.call(clientFor(fault), context));
            fault.check(error);
            checkShared(error, entry);
            assert.equal(await hits(always), fault.retries + 1, `one attempt and ${retries(fault)}, no more`);
            await settle(fault, entry);
          });
        } else {
          const cut = fault.name === 'truncated JSON' && entry.empty === true;
          const title = cut
            ? `${fault.name}: a 204 has no body to cut, so the call succeeds, sent once`
            : `${fault.name}: one clear ApiError, sent once${entry.count || entry.spent ? `, ${fault.routeRan ? 'acted on once' : 'never acted on'}` : ''}`;
          it(title, async () => {
            await fresh(entry);
            const context = await entry.prepare?.(h);
            const before = await entry.count?.(h, context);
            // A fault that stays for more attempts than the client may make: a retry would show as a second hit.
            const injected = await inject({
              ...fault.spec,
              method: entry.method,
              path: entry.path,
              times: fault.retries + 1,
            });
            if (cut) await entry.call(clientFor(fault), context);
            else {
              const error = await failure(entry.call(clientFor(fault), context));
              fault.check(error);
              checkShared(error, entry);
            }
            assert.equal(await hits(injected), 1, 'sent exactly once');
            await settle(fault, entry);
            await clearFaults();
            if (entry.count) {
              const created = (await entry.count(h, context)) - (before ?? 0);
              assert.equal(created, fault.routeRan ? (entry.adds ?? 1) : 0, 'created');
            }
            if (entry.spent) assert.equal(await entry.spent(h, context), fault.routeRan, 'the grant was spent');
          });
        }
      }
    });
  }
});
