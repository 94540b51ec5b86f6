// Fuzz suite of the panels' messages: every schema a panel host or its webview judges what it receives with (the
// response, shipping and metrics protocols, both ways, and the webviews' kept state) is given valid messages mutated
// with hostile values (ids such as `__proto__`, objects whose `toString` is null, 100,000 levels deep, 100,000 keys
// wide, 100,000 characters long) and random JSON. Judging never throws and never writes onto a prototype; what it
// accepts is the shape its consumer expects, and the host's consumers of the webviews' messages (the quote planner,
// the metrics window rule) answer it without throwing.
//
// Deterministic: case i is generated from `new Rng(`${SEED}:${i}`)`.
import assert from 'node:assert/strict';
import type * as z from 'zod';
import { planQuote } from '../../../src/features/shipping/quotes';
import { MetricsHostMessage, MetricsViewMessage } from '../../../src/model/protocols/metrics';
import { ResponseHostMessage, ResponseViewMessage } from '../../../src/model/protocols/response';
import {
  QUOTE_MODES,
  ShippingHostMessage,
  ShippingViewMessage,
  ShippingViewState,
} from '../../../src/model/protocols/shipping';
import { metricsWindowRule } from '../../../src/rules/advertising';
import { Rng } from '../../../src/sandbox/random';

const SEED = process.env.FUZZ_SEED ?? 'webview-messages-1';
const CASES = 3_000;

/** An array nested `depth` levels, built without recursion. */
function deepArray(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level++) value = [value];
  return value;
}

/** An object nested `depth` levels under the same key, built without recursion. */
function deepObject(depth: number): unknown {
  let value: unknown = { type: 'ready' };
  for (let level = 0; level < depth; level++) value = { type: 'show', response: value };
  return value;
}

function wide(keys: number): Record<string, number> {
  const value: Record<string, number> = {};
  for (let index = 0; index < keys; index++) value[`k${index}`] = index;
  return value;
}

const DEEP_ARRAY = deepArray(100_000);
const DEEP_OBJECT = deepObject(100_000);
const WIDE = wide(100_000);
const LONG = 'x'.repeat(100_000);

/** Values that broke or could break a judge: inherited names, unprintable objects, extremes of every JSON type. */
const HOSTILE: readonly unknown[] = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  '',
  LONG,
  '\u0000',
  '%00',
  '<img src=x onerror=alert(1)>',
  '"; alert(1); //',
  '\ud800',
  'ready',
  'MLA1234567890123456789',
  -1,
  0,
  1.5,
  2 ** 53 + 2,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  true,
  null,
  [],
  {},
  JSON.parse('{"__proto__": {"polluted": true}}'),
  JSON.parse('{"constructor": {"prototype": {"polluted": true}}}'),
  { toString: null, valueOf: null },
  { type: { toString: null } },
  DEEP_ARRAY,
  DEEP_OBJECT,
  WIDE,
];

const CITY = 'TUNPQ01FREU';
const inputs = {
  site: 'MLA',
  zipFrom: '1001',
  zipTo: '5000',
  zip: '1001',
  userId: '123',
  cityFrom: CITY,
  citiesTo: [CITY],
  dimensions: '10x10x10,500',
  itemId: 'MLA123',
  shipmentId: '40000000001',
};
const allModes = Object.fromEntries(QUOTE_MODES.map((mode) => [mode, inputs]));
const response = {
  method: 'PUT',
  path: '/items/MLA1',
  baseUrl: 'http://127.0.0.1:1234',
  status: 400,
  statusText: 'Bad Request',
  headers: { 'content-type': 'application/json' },
  body: { message: 'x', error: 'validation_error', status: 400, cause: [] },
  requestBody: { price: 10 },
  error: { error: 'validation_error', message: 'x', causes: [{ code: 'c', message: 'm' }], next: 'Fix it.' },
  when: '2026-01-01T00:00:00.000Z',
};
const range = { from: '2026-01-01', to: '2026-01-07' };
const campaign = {
  id: 1,
  advertiserId: 2,
  name: 'Campaign',
  status: 'active',
  siteId: 'MLA',
  startDate: '2025-12-01',
  endDate: null,
};
const series = { key: 'prints', label: 'Prints', unit: 'count', attribution: null, values: [1, null, 3] };

interface Protocol {
  name: string;
  schema: z.ZodType;
  valid: readonly unknown[];
}

const PROTOCOLS: readonly Protocol[] = [
  { name: 'response view → host', schema: ResponseViewMessage, valid: [{ type: 'ready' }, { type: 'copyAsCurl' }] },
  { name: 'host → response view', schema: ResponseHostMessage, valid: [{ type: 'show', response }] },
  {
    name: 'shipping view → host',
    schema: ShippingViewMessage,
    valid: QUOTE_MODES.flatMap((mode): unknown[] => [
      { type: 'quote', mode, inputs },
      { type: 'keepInputs', mode, inputs },
    ]).concat([{ type: 'rendered', path: '/sites/MLA/shipping_options' }, { type: 'openAsJson' }]),
  },
  {
    name: 'host → shipping view',
    schema: ShippingHostMessage,
    valid: [
      {
        type: 'init',
        environment: 'the local sandbox',
        account: { userId: '1', siteId: 'MLA', nickname: 'SELLER' },
        sites: [
          { id: 'MLA', name: 'Argentina', zipBased: true, zipLength: 4, cities: [{ id: CITY, name: 'Medellín' }] },
        ],
        mode: 'siteZip',
        inputs: allModes,
      },
      { type: 'failure', failure: { mode: 'item', message: 'Not found', causes: [{ message: 'x' }], field: 'itemId' } },
    ],
  },
  { name: 'shipping view state', schema: ShippingViewState, valid: [{ mode: 'item', inputs: allModes }] },
  {
    name: 'metrics view → host',
    schema: MetricsViewMessage,
    valid: [
      { type: 'load', range, compareWith: [3, 4] },
      { type: 'exportCsv', attribution: 'both' },
      { type: 'exportCsv', attribution: 'event_time', table: { days: ['2026-01-02'], columns: ['prints'] } },
      { type: 'drawn', charts: 2 },
    ],
  },
  {
    name: 'host → metrics view',
    schema: MetricsHostMessage,
    valid: [
      {
        type: 'init',
        campaign,
        others: [campaign],
        today: '2026-01-08',
        earliest: '2025-10-10',
        presets: [{ label: 'Last 7 days', ...range }],
        range,
      },
      {
        type: 'view',
        view: {
          range,
          days: ['2026-01-01', '2026-01-02', '2026-01-03'],
          campaigns: [{ campaignId: 1, name: 'Campaign', currency: 'ARS', series: [series] }],
          cards: [],
          table: { columns: [{ key: 'date', label: 'Date' }], rows: [] },
          rowCount: 3,
        },
      },
    ],
  },
];

/** The containers of a JSON value, with their keys, iteratively (a message may hold a deep value). */
function containers(root: unknown, limit: number): { parent: Record<string, unknown> | unknown[]; key: string }[] {
  const found: { parent: Record<string, unknown> | unknown[]; key: string }[] = [];
  const stack: unknown[] = [root];
  while (stack.length && found.length < limit) {
    const value = stack.pop();
    if (value === null || typeof value !== 'object') continue;
    for (const key of Object.keys(value)) {
      found.push({ parent: value as Record<string, unknown>, key });
      stack.push((value as Record<string, unknown>)[key]);
    }
  }
  return found;
}

/** A valid message with one to three of its values replaced, removed or joined by a hostile one; or random JSON. */
function mutate(rng: Rng, valid: unknown): unknown {
  if (rng.chance(0.05)) return rng.pick(HOSTILE);
  const message = structuredClone(valid);
  const places = containers(message, 200);
  for (let count = rng.int(1, 3); count > 0 && places.length; count--) {
    const { parent, key } = rng.pick(places);
    const action = rng.int(0, 3);
    const target = parent as Record<string, unknown>;
    if (action === 0) delete target[key];
    else if (action === 1)
      Object.defineProperty(target, rng.pick(['__proto__', 'constructor', 'extra', key]), {
        value: rng.pick(HOSTILE),
        enumerable: true,
        configurable: true,
        writable: true,
      });
    else target[key] = rng.pick(HOSTILE);
  }
  return message;
}

/** Whatever the judges did, no prototype gained a property. */
function assertPrototypesClean(label: string): void {
  for (const prototype of [Object.prototype, Array.prototype, Function.prototype]) {
    const own = Object.getOwnPropertyNames(prototype);
    assert.ok(!own.includes('polluted'), `${label}: a prototype was written`);
  }
  assert.equal(({} as Record<string, unknown>).polluted, undefined, `${label}: {} inherits "polluted"`);
}

describe('fuzz: the panels’ messages, both ways', () => {
  it('every protocol’s valid messages parse (the seeds of the mutations)', () => {
    for (const protocol of PROTOCOLS)
      for (const message of protocol.valid) {
        const parsed = protocol.schema.safeParse(message);
        assert.ok(parsed.success, `${protocol.name}: ${JSON.stringify(message).slice(0, 200)}`);
      }
  });

  it(`${CASES} mutated and hostile messages: judged without throwing, no prototype written, consumers answer`, () => {
    const failures: string[] = [];
    let accepted = 0;
    for (let index = 0; index < CASES; index++) {
      const rng = new Rng(`${SEED}:${index}`);
      const protocol = PROTOCOLS[index % PROTOCOLS.length] as Protocol;
      const message = mutate(rng, rng.pick(protocol.valid));
      const label = `${protocol.name}, case ${index}`;
      try {
        const parsed = protocol.schema.safeParse(message);
        assertPrototypesClean(label);
        if (!parsed.success) continue;
        accepted++;
        consume(protocol.schema, parsed.data);
        assertPrototypesClean(label);
      } catch (failure) {
        failures.push(`${label}: ${failure instanceof Error ? failure.message.slice(0, 300) : String(failure)}`);
      }
    }
    assert.deepEqual(failures.slice(0, 10), [], `${failures.length} of ${CASES} failed`);
    // The mutations must leave enough valid messages for the consumers to be exercised, and refuse enough hostile ones.
    assert.ok(accepted > CASES / 10 && accepted < CASES, `accepted ${accepted} of ${CASES}`);
  });

  it('a message 100,000 levels deep, 100,000 keys wide or 100,000 characters long is refused or kept whole', () => {
    for (const protocol of PROTOCOLS)
      for (const hostile of [DEEP_ARRAY, DEEP_OBJECT, WIDE, LONG, { type: LONG }, { ...WIDE, type: 'ready' }]) {
        const parsed = protocol.schema.safeParse(hostile);
        if (parsed.success) {
          // Only the response view's `ready` takes extra keys away (zod strips them): nothing else is accepted.
          assert.deepEqual(Object.keys(parsed.data as object), ['type'], protocol.name);
        }
      }
    // A deep body inside a valid response is the answer as the API gave it: the host's judge keeps it.
    const parsed = ResponseHostMessage.safeParse({ type: 'show', response: { ...response, body: DEEP_ARRAY } });
    assert.ok(parsed.success);
  });
});

/** Hands an accepted message to what the host does with it, where that is pure (the rest only posts or copies). */
function consume(schema: z.ZodType, data: unknown): void {
  const message = data as { type?: string };
  if (schema === ShippingViewMessage && message.type === 'quote') {
    const { mode, inputs: typed } = data as z.infer<typeof ShippingViewMessage> & { type: 'quote' };
    for (const accountSite of ['MLA', 'MCO', '']) {
      const plan = planQuote(mode, typed, { siteId: accountSite });
      if ('failure' in plan) assert.equal(typeof plan.failure.message, 'string');
      else assert.ok(plan.path.startsWith('/'), plan.path);
    }
  }
  if (schema === MetricsViewMessage && message.type === 'load') {
    const { range: asked } = data as z.infer<typeof MetricsViewMessage> & { type: 'load' };
    const findings = metricsWindowRule({ date_from: asked.from, date_to: asked.to }, '2026-01-08');
    for (const finding of findings) assert.equal(typeof finding.message, 'string');
  }
}
