// Ids that name what every object inherits, malformed ids and hostile bodies, each answered as the API would: found
// only among the records that exist, refused with a clear 4xx otherwise, and the process's prototypes untouched.
import assert from 'node:assert/strict';
import { appendFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { globMatches } from '../../../src/sandbox/faults';
import { MAX_LISTED_CAUSES } from '../../../src/sandbox/http';
import { ITEM } from '../../../src/sandbox/items/ids';
import { itemExists, readItem } from '../../../src/sandbox/items/lookup';
import { notesOf, readOrder } from '../../../src/sandbox/orders/lookup';
import { clearInheritedJunk, ownRecord } from '../../../src/sandbox/records';
import { checkedBody, MAX_BODY_DEPTH } from '../../../src/sandbox/requestBody';
import { seedState, startSandbox } from '../../../src/sandbox/runtime';
import { SELLER_ID } from '../../../src/sandbox/users/ids';
import { rawRequest } from '../support/rawHttp';
import { CLOCK_START, useSandbox } from '../support/sandbox';

const INHERITED = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype'];
const PROTOTYPE_KEYS = Reflect.ownKeys(Object.prototype).length;

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('sandbox: ids and bodies from outside', () => {
  describe('record lookups see own keys only', () => {
    const state = seedState('hostile-ids', new Date(CLOCK_START));

    it('finds no item, order or notes under an inherited name, and still finds the real ones', () => {
      for (const name of INHERITED) {
        assert.equal(readItem(state, name), undefined, name);
        assert.equal(itemExists(state, name), false, name);
        assert.equal(readOrder(state, name), undefined, name);
        assert.deepEqual(notesOf(state, name), [], name);
        assert.equal(ownRecord(state.advertising.campaigns, name), undefined, name);
        assert.equal(ownRecord(state.orders.sites, name), undefined, name);
      }
      assert.equal(readItem(state, ITEM.PHONE_NO_SALES)?.id, ITEM.PHONE_NO_SALES);
      assert.equal(ownRecord(state.orders.sites, 'MLA')?.id, 'MLA');
    });
  });

  describe('over HTTP', () => {
    const h = useSandbox();
    const send = (method: string, path: string, body?: unknown) =>
      rawRequest(h.sandbox.port, {
        method,
        path,
        headers: { authorization: `Bearer ${h.token}`, 'api-version': '1' },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });

    afterEach(() => {
      assert.equal(Reflect.ownKeys(Object.prototype).length, PROTOTYPE_KEYS, 'Object.prototype gained keys');
    });

    it('the two requests that polluted Object.prototype change nothing, and everything keeps answering', async () => {
      const stock = await send('POST', '/_sandbox/items/__proto__/stock', { delta: 5 });
      assert.equal(stock.status, 400);
      assert.match(String(stock.json?.message), /__proto__ is not an item id/);
      const campaign = await send('PUT', '/_sandbox/advertising/campaigns/__proto__', { status: 'paused' });
      assert.equal(campaign.status, 404);
      assert.equal(campaign.json?.error, 'business_logic_error');
      const polluted = {} as Record<string, unknown>;
      for (const key of ['available_quantity', 'sold_quantity', 'status']) assert.equal(polluted[key], undefined);
      assert.equal((await send('GET', '/users/me')).status, 200);
      const search = await send('GET', `/users/${SELLER_ID}/items/search`);
      assert.equal(search.status, 200);
      assert.equal((await send('POST', '/_sandbox/reset')).status, 200);
    });

    it('answers an inherited name where a record id goes with 404, never 200 with {} or a 500', async () => {
      const orders = await h.admin<{ orders: { id: number; visible_to_seller: boolean }[] }>(
        'GET',
        `/_sandbox/orders?seller=${SELLER_ID}`,
      );
      const order = orders.orders.find((entry) => entry.visible_to_seller)!;
      for (const name of INHERITED) {
        for (const path of [
          `/sites/${name}`,
          `/payment_methods/${name}`,
          `/size_charts/${name}`,
          `/_sandbox/advertising/campaigns/${name}/metrics?date_from=2026-01-01&date_to=2026-01-02`,
          `/_sandbox/scenarios/${name}`,
          `/orders/${order.id}/notes/${name}`,
        ]) {
          const method = path.startsWith('/_sandbox/scenarios') ? 'POST' : path.includes('/notes/') ? 'DELETE' : 'GET';
          const answer = await send(method, path);
          assert.equal(answer.status, 404, `${method} ${path}: ${answer.text.slice(0, 200)}`);
          assert.equal(typeof answer.json?.message, 'string', path);
        }
      }
    });

    it('looks up ids sent in bodies and queries among own keys too', async () => {
      for (const name of INHERITED) {
        const multi = await send('GET', `/items?ids=${name}`);
        assert.deepEqual(
          (multi.json as unknown as { code: number }[]).map((entry) => entry.code),
          [404],
        );
        const bulk = await send('POST', '/_sandbox/items/bulk', { count: 1, template: name });
        assert.equal(bulk.status, 400, bulk.text);
        const cities = await send('GET', `/_sandbox/shipping/cities?site_id=${name}`);
        assert.equal(cities.status, 404, cities.text);
        const trimmed = await send('GET', `/items/${ITEM.PHONE_NO_SALES}?attributes=${name},id`);
        assert.deepEqual(trimmed.json, { id: ITEM.PHONE_NO_SALES });
      }
      const orders = await h.admin<{ orders: { id: number; status: string }[] }>('GET', '/_sandbox/orders');
      const unpaid = orders.orders.find((order) => order.status === 'payment_required')!;
      const pay = await send('POST', `/_sandbox/orders/${unpaid.id}/pay`, { payment_method_id: 'constructor' });
      assert.equal(pay.status, 400);
      assert.match(String(pay.json?.message), /payment_method_id must be/);
    });

    it('refuses what cannot be an id with 400 (a NUL, 10,000 characters, bad escapes, dot segments)', async () => {
      const cases: [string, RegExp][] = [
        ['/items/MLA1400000705%00', /control character/],
        [`/_sandbox/advertising/campaigns/${'9'.repeat(10_000)}/metrics`, /10000 characters long/],
        ['/items/%E0%A4%A', /not valid percent-encoding/],
        ['/users/%205503910054', /empty|not a user id/],
        ['/users/5503910054.0', /not a user id/],
        ['/_sandbox/orders/..', /"\.\." segment/],
        ['/_sandbox/orders/%2e%2E', /"\.\." segment/],
      ];
      for (const [path, message] of cases) {
        const answer = await send('GET', path);
        assert.equal(answer.status, 400, `${path}: ${answer.text.slice(0, 200)}`);
        assert.equal(answer.json?.error, 'bad_request', path);
        assert.match(String(answer.json?.message), message, path);
        assert.ok(answer.text.length < 1_000, 'the message quotes no 10,000-character id');
      }
      assert.equal((await send('GET', '/items/MLA9999999999')).status, 404, 'a well-formed id that names nothing');
      assert.equal(
        (await send('GET', `//evil.example/items/${ITEM.PHONE_NO_SALES}`)).status,
        404,
        'a path, not a host',
      );
    });

    it('refuses a body nested past the limit with 400 on any route, and a __proto__ key anywhere in a body', async () => {
      for (const [method, path] of [
        ['PUT', `/items/${ITEM.PHONE_NO_SALES}`],
        ['POST', '/items'],
        ['POST', '/size_charts'],
        ['POST', '/_sandbox/reset'],
      ] as const) {
        const deep = await send(method, path, nested(100_000));
        assert.equal(deep.status, 400, `${method} ${path}: ${deep.text.slice(0, 200)}`);
        assert.match(String(deep.json?.message), new RegExp(`more than ${MAX_BODY_DEPTH} levels`));
        const object = await send(method, path, `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`);
        assert.equal(object.status, 400);
      }
      const proto = await send('PUT', `/items/${ITEM.PHONE_NO_SALES}`, '{"shipping": {"__proto__": {"mode": "me2"}}}');
      assert.equal(proto.status, 400);
      assert.match(String(proto.json?.message), /field named __proto__/);
      const item = await send('GET', `/items/${ITEM.PHONE_NO_SALES}`);
      assert.equal(Object.getPrototypeOf((item.json as { shipping: object }).shipping), Object.prototype);
    });

    it('matches a fault path of many stars without backtracking: the next requests are answered at once', async () => {
      const fault = await send('POST', '/_sandbox/faults', { path: `/${'*a'.repeat(12)}*b`, status: 503 });
      assert.equal(fault.status, 201);
      const started = Date.now();
      assert.equal(
        (await send('GET', `/${'a'.repeat(40)}`)).status,
        404,
        'no route there, and the fault does not match',
      );
      assert.equal((await send('GET', `/${'a'.repeat(40)}b`)).status, 503, 'the fault matches');
      assert.ok(Date.now() - started < 5_000, 'answered without an exponential match');
      const long = await send('POST', '/_sandbox/faults', { path: `/${'*'.repeat(2_001)}`, status: 503 });
      assert.equal(long.status, 400);
      for (const [pattern, path, matches] of [
        ['/items/*', '/items/MLA1', true],
        ['/items/*', '/items', false],
        ['/*/stock', '/_sandbox/items/MLA1/stock', true],
        ['/a*b*c', '/aXbYc', true],
        ['/a*b*c', '/aXbYcd', false],
        ['/a.b', '/aXb', false],
        ['*', '', true],
      ] as const)
        assert.equal(globMatches(pattern, path), matches, `${pattern} ${path}`);
    });

    it('answers a body 100,000 keys wide with at most 100 causes, saying how many there were', async () => {
      const wide = `{${Array.from({ length: 100_000 }, (_, index) => `"k${index}":${index}`).join(',')}}`;
      for (const [method, path] of [
        ['POST', '/items/validate'],
        ['POST', '/items'],
      ] as const) {
        const answer = await send(method, path, wide);
        assert.equal(answer.status, 400, `${method} ${path}`);
        const body = answer.json as { message: string; cause: { type: string }[] };
        assert.equal(body.cause.length, MAX_LISTED_CAUSES);
        assert.match(body.message, /^Validation error: \d{6} causes, 100 of them listed$/);
        assert.ok(answer.text.length < 100_000, `${answer.text.length} characters`);
      }
      // An update ignores fields it does not know, as the API does: the item answers as it was.
      const update = await send('PUT', `/items/${ITEM.PHONE_NO_SALES}`, wide);
      assert.equal(update.status, 200);
      assert.equal(update.json?.id, ITEM.PHONE_NO_SALES);
      const chart = await send('POST', '/size_charts', wide);
      assert.equal(chart.status, 400);
      assert.ok(chart.text.length < 2_000, `${chart.text.length} characters`);
    });

    it('answers a request line past 16 KB in the API error shape', async () => {
      const answer = await send('GET', `/users/me?q=${'x'.repeat(20_000)}`);
      assert.equal(answer.status, 431);
      assert.equal(answer.json?.error, 'request_header_fields_too_large');
      assert.equal(answer.json?.status, 431);
    });
  });

  describe('the body check', () => {
    it('accepts a body exactly at the depth limit and refuses one level more, without recursion', () => {
      assert.deepEqual(checkedBody(JSON.parse(nested(MAX_BODY_DEPTH))).length, 1);
      assert.throws(
        () => checkedBody(JSON.parse(nested(MAX_BODY_DEPTH + 1))),
        new RegExp(`more than ${MAX_BODY_DEPTH} levels`),
      );
      // Deeper than the call stack goes: a recursive walk would throw RangeError here.
      assert.throws(() => checkedBody(JSON.parse(nested(1_000_000))), new RegExp(`more than ${MAX_BODY_DEPTH} levels`));
    });

    it('lets constructor and toString keys through (own fields, harmless), refuses __proto__ at any depth', () => {
      const fine = JSON.parse('{"constructor": 1, "toString": {"valueOf": [1]}, "a": [{"prototype": 2}]}');
      assert.equal(checkedBody(fine), fine);
      for (const text of ['{"__proto__": 1}', '[{"a": {"__proto__": {}}}]', '{"a": [[{"__proto__": null}]]}'])
        assert.throws(() => checkedBody(JSON.parse(text)), /__proto__/, text);
    });
  });

  describe('a stored state with junk under inherited or mismatched keys', () => {
    let dataDir: string;
    beforeEach(() => {
      dataDir = mkdtempSync(join(tmpdir(), 'sandbox-junk-'));
    });
    afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

    it('is cleared on load: no inherited prototype, no record filed under another key', async () => {
      const first = await startSandbox({ clockStart: CLOCK_START, dataDir });
      await first.close();
      // What an older version journaled after `POST /_sandbox/items/__proto__/stock` and
      // `PUT /_sandbox/advertising/campaigns/__proto__`.
      const journal = readdirSync(dataDir).find((name) => name.startsWith('sandbox-journal.'))!;
      const junk = {
        changes: [
          { path: ['items', 'items', 'undefined'], value: { available_quantity: 5, sold_quantity: 0 } },
          { path: ['advertising', 'campaigns', '__proto__'], value: { status: 'paused', pauses: [] } },
        ],
      };
      appendFileSync(join(dataDir, journal), `${JSON.stringify(junk)}\n`);
      const lines: string[] = [];
      const second = await startSandbox({ clockStart: CLOCK_START, dataDir, log: (line) => lines.push(line) });
      try {
        assert.ok(
          lines.some((line) => /2 entries under inherited or mismatched keys/.test(line)),
          lines.join('\n'),
        );
        const listed = await fetch(`${second.url}/_sandbox/items`).then((answer) => answer.json());
        assert.ok((listed as { id?: string }[]).every((item) => typeof item.id === 'string'));
        const search = await fetch(`${second.url}/users/${SELLER_ID}/items/search?orders=start_time_desc`, {
          headers: { authorization: `Bearer ${second.token}` },
        });
        assert.equal(search.status, 200);
        const status = await rawRequest(second.port, { path: '/_sandbox/advertising/campaigns/status/metrics' });
        assert.equal(status.status, 404);
      } finally {
        await second.close();
      }
    });

    it('clears each kind in place, and leaves a clean state as it is', () => {
      const state = seedState('junk', new Date(CLOCK_START));
      assert.equal(clearInheritedJunk(state), 0);
      Object.setPrototypeOf(state.advertising.campaigns, { status: 'paused' });
      Object.defineProperty(state.orders.sites, '__proto__', { value: {}, enumerable: true, configurable: true });
      (state.items.items as Record<string, unknown>).undefined = { available_quantity: 5 };
      assert.equal(clearInheritedJunk(state), 3);
      assert.equal(Object.getPrototypeOf(state.advertising.campaigns), Object.prototype);
      assert.equal(Object.hasOwn(state.orders.sites, '__proto__'), false);
      assert.equal(Object.hasOwn(state.items.items, 'undefined'), false);
      assert.equal(readItem(state, ITEM.PHONE_NO_SALES)?.id, ITEM.PHONE_NO_SALES);
    });
  });
});
