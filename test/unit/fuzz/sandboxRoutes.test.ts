// Fuzz suite of the sandbox's routes: every route the server registered (API, `/_sandbox` admin and scenarios, read
// from the running server, so a new route is driven without a line here) gets each hostile id in each of its path
// parameters, each hostile body (100,000 deep, 100,000 wide, `__proto__` keys, inherited names as ids, wrong types)
// and each hostile query value. Required: no 5xx; no 2xx for a hostile id (none exists); every 4xx in the API's
// error shape; a body nested past the limit refused with 400; Object.prototype (and the other built-in prototypes)
// unchanged; no journaled change under a hostile key; and afterwards the sandbox still answers GET /users/me, a
// search and POST /_sandbox/reset, also once restarted from its data folder.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ITEM } from '../../../src/sandbox/items/ids';
import { type RunningSandbox, startSandbox } from '../../../src/sandbox/runtime';
import { SECOND_USER_ID, SELLER_ID } from '../../../src/sandbox/users/ids';
import { CLOCK_START } from '../support/sandbox';
import {
  HOSTILE_SEGMENTS,
  type HostileBody,
  hostileBodies,
  INHERITED_NAMES,
  label,
  PLAUSIBLE_BODY,
  POLLUTION_MARKER,
  QUERY_NAMES,
} from './hostileInputs';

/** Failures listed in the report (all are counted). */
const REPORTED = 25;
/** Generated listings (and ten times as many orders) besides the seeded ones: their lookups are driven too. */
const SCALE = 40;
/** Requests in flight at once. */
const PARALLEL = 4;

interface Answer {
  status: number;
  text: string;
}

interface Sent {
  method: string;
  path: string;
  what: string;
}

/** The built-in prototypes and what each holds, to compare after the run. */
const PROTOTYPES = [Object.prototype, Array.prototype, Function.prototype, String.prototype, Number.prototype];

function prototypeSnapshot(): Map<string, unknown>[] {
  return PROTOTYPES.map((prototype) => {
    const held = new Map<string, unknown>();
    for (const key of Reflect.ownKeys(prototype)) {
      const descriptor = Object.getOwnPropertyDescriptor(prototype, key)!;
      held.set(String(key), descriptor.value ?? descriptor.get);
    }
    return held;
  });
}

function prototypeChanges(before: Map<string, unknown>[]): string[] {
  const after = prototypeSnapshot();
  const changes: string[] = [];
  after.forEach((held, index) => {
    const was = before[index]!;
    for (const [key, value] of held) if (was.get(key) !== value) changes.push(`prototype ${index}: ${key}`);
    for (const key of was.keys()) if (!held.has(key)) changes.push(`prototype ${index}: ${key} removed`);
  });
  if (Object.getPrototypeOf({}) !== Object.prototype) changes.push('{} has another prototype');
  return changes;
}

/** A sandbox, its seller's token, and raw requests (the path goes on the request line exactly as given). */
class Driver {
  readonly agent = new Agent({ keepAlive: true, maxSockets: PARALLEL });
  constructor(readonly sandbox: RunningSandbox) {}

  /**
   * One request; sent again once on a fresh connection when a kept-alive one was reset before any answer (the
   * server closed it as idle while a slow request held the loop: it never saw this request).
   */
  async send(method: string, path: string, body?: string): Promise<Answer> {
    try {
      return await this.once(method, path, body, this.agent);
    } catch (failure) {
      if ((failure as NodeJS.ErrnoException).code !== 'ECONNRESET') throw failure;
      return this.once(method, path, body, false);
    }
  }

  private once(method: string, path: string, body: string | undefined, agent: Agent | false): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = {
        host: `127.0.0.1:${this.sandbox.port}`,
        authorization: `Bearer ${this.sandbox.token}`,
        'api-version': '1',
      };
      if (body !== undefined) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = String(Buffer.byteLength(body));
      }
      const outgoing = request(
        { host: '127.0.0.1', port: this.sandbox.port, method, path, headers, agent },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('end', () =>
            resolve({ status: incoming.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
          );
          incoming.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }

  async json<T>(path: string): Promise<T> {
    const answer = await this.send('GET', path);
    assert.equal(answer.status, 200, `${path}: ${answer.text.slice(0, 300)}`);
    return JSON.parse(answer.text) as T;
  }
}

/** Runs the jobs with at most PARALLEL at once. */
async function inParallel<T>(jobs: T[], run: (job: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) await run(jobs[next++]!);
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
}

/** Failures by kind, with the first few described. */
class Tally {
  readonly counts = new Map<string, number>();
  readonly examples: string[] = [];
  requests = 0;

  constructor(readonly title: string) {}

  fail(kind: string, sent: Sent, answer: Answer): void {
    this.counts.set(kind, (this.counts.get(kind) ?? 0) + 1);
    if (this.examples.length < REPORTED) {
      this.examples.push(
        `${kind}: ${sent.method} ${label(sent.path)} (${sent.what}) → ${answer.status} ${answer.text.slice(0, 160)}`,
      );
    }
  }

  /** The checks every answer passes: no 5xx, a 4xx in the API's error shape, no trace of the pollution marker. */
  judge(sent: Sent, answer: Answer): void {
    this.requests++;
    if (answer.status >= 500) this.fail('5xx', sent, answer);
    if (answer.text.includes(POLLUTION_MARKER)) this.fail('marker in answer', sent, answer);
    if (answer.status >= 400 && answer.status < 500 && !errorShaped(answer.text))
      this.fail('4xx not in the API shape', sent, answer);
  }

  total(kind: string): number {
    return this.counts.get(kind) ?? 0;
  }

  report(): string {
    const counts = [...this.counts].map(([kind, count]) => `${kind}: ${count}`).join(', ') || 'no failures';
    return `${this.title}: ${this.requests} requests; ${counts}${this.examples.length ? `\n  ${this.examples.join('\n  ')}` : ''}`;
  }
}

function errorShaped(text: string): boolean {
  try {
    const body = JSON.parse(text) as { message?: unknown; error?: unknown };
    return typeof body.message === 'string' && typeof body.error === 'string';
  } catch {
    return false;
  }
}

/** A valid value of each path parameter, read from the seeded data of the running sandbox. */
async function validParams(driver: Driver): Promise<Record<string, string>> {
  const orders = await driver.json<{ orders: { id: number; visible_to_seller: boolean; notes: number }[] }>(
    `/_sandbox/orders?seller=${SELLER_ID}`,
  );
  const order = orders.orders.find((entry) => entry.visible_to_seller && entry.notes > 0)!;
  const detail = await driver.json<{ notes: { id: string }[]; data: { payments: { id: number }[] } }>(
    `/_sandbox/orders/${order.id}`,
  );
  const advertising = await driver.json<{ campaigns: { id: number; advertiser_id: number }[] }>(
    '/_sandbox/advertising',
  );
  const charts = await driver.json<{ charts: { id: number; owner_id: number }[] }>('/_sandbox/size_charts');
  const shipping = await driver.json<{ shipments: { id: number; seller_id: number }[] }>('/_sandbox/shipping');
  const scenarios = await driver.json<{ scenarios: { id: string }[] }>('/_sandbox/scenarios');
  const campaign = advertising.campaigns[0]!;
  return {
    item_id: ITEM.PHONE_NO_SALES,
    order_id: String(order.id),
    note_id: detail.notes[0]!.id,
    collection_id: String(detail.data.payments[0]!.id),
    user_id: String(SELLER_ID),
    cust_id: String(SELLER_ID),
    seller_id: String(SECOND_USER_ID),
    site_id: 'MLA',
    category_id: 'MLA1055',
    payment_method_id: 'visa',
    advertiser_id: String(campaign.advertiser_id),
    campaign_id: String(campaign.id),
    size_chart_id: String(charts.charts.find((chart) => chart.owner_id === SELLER_ID)!.id),
    shipment_id: String(shipping.shipments.find((shipment) => shipment.seller_id === SELLER_ID)!.id),
    scenario_id: scenarios.scenarios[0]!.id,
  };
}

const paramNames = (path: string) => path.split('/').filter((segment) => segment.startsWith(':'));

function fill(path: string, values: Record<string, string>, override?: { name: string; segment: string }): string {
  return path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const name = segment.slice(1);
      return override?.name === name ? override.segment : encodeURIComponent(values[name]!);
    })
    .join('/');
}

const takesBody = (method: string) => method !== 'GET';

describe('fuzz: the sandbox routes against hostile ids and bodies', function () {
  this.timeout(120_000);
  let dataDir: string;
  let sandbox: RunningSandbox;
  let driver: Driver;
  let valid: Record<string, string>;
  let pristine: Map<string, unknown>[];
  const tallies: Tally[] = [];

  before(async () => {
    pristine = prototypeSnapshot();
    dataDir = mkdtempSync(join(tmpdir(), 'sandbox-fuzz-'));
    sandbox = await startSandbox({ clockStart: CLOCK_START, dataDir, notificationTimeScale: 0.0005, scale: SCALE });
    driver = new Driver(sandbox);
    valid = await validParams(driver);
  });

  after(async () => {
    driver?.agent.destroy();
    await sandbox?.close();
    rmSync(dataDir, { recursive: true, force: true });
    for (const tally of tallies) console.log(`      ${tally.report().split('\n')[0]}`);
  });

  it('knows a valid value of every path parameter of every route', () => {
    assert.ok(sandbox.routes.length > 60, `${sandbox.routes.length} routes`);
    const missing = sandbox.routes.flatMap((route) =>
      paramNames(route.path)
        .map((segment) => segment.slice(1))
        .filter((name) => valid[name] === undefined),
    );
    assert.deepEqual(missing, []);
  });

  it('answers each hostile id in each path parameter with a clean 4xx: no 5xx, no 2xx', async () => {
    const tally = new Tally('hostile ids');
    tallies.push(tally);
    const jobs = sandbox.routes.flatMap((route) =>
      paramNames(route.path).flatMap((segment) =>
        HOSTILE_SEGMENTS.map((hostile) => ({
          method: route.method,
          path: fill(route.path, valid, { name: segment.slice(1), segment: hostile }),
          what: `${segment} = ${label(hostile)} in ${route.method} ${route.path}`,
        })),
      ),
    );
    await inParallel(jobs, async (sent) => {
      const answer = await driver.send(sent.method, sent.path, takesBody(sent.method) ? PLAUSIBLE_BODY : undefined);
      tally.judge(sent, answer);
      if (answer.status >= 200 && answer.status < 300) tally.fail('2xx for a hostile id', sent, answer);
      if (sent.path.includes('/_sandbox/faults')) await driver.send('DELETE', '/_sandbox/faults');
    });
    assert.equal(tally.requests, jobs.length);
    assert.equal(tally.counts.size, 0, tally.report());
  });

  it('refuses a body nested 100,000 deep with 400 and answers wide and odd bodies without a 5xx, on every route', async () => {
    const tally = new Tally('hostile bodies');
    tallies.push(tally);
    const bodies = hostileBodies();
    const jobs = sandbox.routes
      .filter((route) => takesBody(route.method))
      .flatMap((route) =>
        bodies.map((body) => ({ method: route.method, path: fill(route.path, valid), what: body.name, body })),
      );
    await inParallel(jobs, async (job: Sent & { body: HostileBody }) => {
      const answer = await driver.send(job.method, job.path, job.body.text);
      tally.judge(job, answer);
      if (job.body.deep && answer.status !== 400) tally.fail('deep body not refused with 400', job, answer);
      if (job.path.includes('/_sandbox/faults')) await driver.send('DELETE', '/_sandbox/faults');
    });
    assert.equal(tally.counts.size, 0, tally.report());
  });

  it('answers hostile query values without a 5xx, and a multi-get of inherited names finds none', async () => {
    const tally = new Tally('hostile queries');
    tallies.push(tally);
    const jobs = sandbox.routes
      .filter((route) => route.method === 'GET')
      .flatMap((route) =>
        HOSTILE_SEGMENTS.map((hostile) => ({
          method: 'GET',
          path: `${fill(route.path, valid)}?${QUERY_NAMES.map((name) => `${name}=${hostile}`).join('&')}`,
          what: `every query parameter = ${label(hostile)}`,
        })),
      );
    await inParallel(jobs, async (sent) => {
      const answer = await driver.send(sent.method, sent.path);
      tally.judge(sent, answer);
    });
    for (const name of INHERITED_NAMES) {
      const sent = { method: 'GET', path: `/items?ids=${name}`, what: 'multi-get' };
      const answer = await driver.send(sent.method, sent.path);
      tally.judge(sent, answer);
      const entries = answer.status === 200 ? (JSON.parse(answer.text) as { code: number }[]) : [];
      if (entries.some((entry) => entry.code !== 404)) tally.fail('multi-get found an inherited name', sent, answer);
    }
    assert.equal(tally.counts.size, 0, tally.report());
  });

  it('leaves the built-in prototypes and the journal clean, and the sandbox working, also after a restart', async () => {
    assert.deepEqual(prototypeChanges(pristine), []);
    assert.equal(({} as Record<string, unknown>)[POLLUTION_MARKER], undefined);
    const hostileKeys = new Set<string>([...INHERITED_NAMES, 'undefined', 'null', 'NaN']);
    for (const name of readdirSync(dataDir).filter((file) => file.startsWith('sandbox-journal.'))) {
      for (const line of readFileSync(join(dataDir, name), 'utf8').split('\n').filter(Boolean)) {
        for (const change of (JSON.parse(line) as { changes: { path: string[] }[] }).changes) {
          assert.ok(!change.path.some((key) => hostileKeys.has(key)), `journaled ${change.path.join('.')}`);
        }
      }
    }
    await checkWorking(driver);
    driver.agent.destroy();
    await sandbox.close();
    sandbox = await startSandbox({ clockStart: CLOCK_START, dataDir, scale: SCALE });
    driver = new Driver(sandbox);
    await checkWorking(driver);
    assert.deepEqual(prototypeChanges(pristine), []);
  });
});

async function checkWorking(driver: Driver): Promise<void> {
  const me = await driver.json<{ id: number }>('/users/me');
  assert.equal(me.id, SELLER_ID);
  const search = await driver.json<{ results: string[] }>(`/users/${SELLER_ID}/items/search?status=active`);
  assert.ok(search.results.length > 0);
  const item = await driver.json<{ id: string }>(`/items/${ITEM.PHONE_NO_SALES}`);
  assert.equal(item.id, ITEM.PHONE_NO_SALES);
  const reset = await driver.send('POST', '/_sandbox/reset');
  assert.equal(reset.status, 200, reset.text);
  const again = await driver.json<{ results: string[] }>(`/users/${SELLER_ID}/items/search`);
  assert.ok(again.results.length > 0);
}
