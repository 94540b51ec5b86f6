// Notification bodies for the notifications fuzz suite: good ones, as the marketplace sends them, and hostile ones
// (wrong kinds in every field, `toString: null`, `__proto__` keys, deep and wide bodies, huge strings, not objects).

import type { Rng } from '../../../src/sandbox/random';

/** A body as POSTed: its exact text, and whether it is a good notification that must be stored. */
export interface FuzzBody {
  text: string;
  good: boolean;
  /** The `_id` it carries (every good body has one of its own). */
  id?: string;
}

const FIELDS = ['_id', 'topic', 'resource', 'user_id', 'sent', 'received', 'attempts', 'application_id', 'actions'];

/** JSON texts of values of the wrong kind for any field. */
const HOSTILE_VALUES = [
  '{"toString":null}',
  '{"toString":null,"valueOf":null}',
  '{"valueOf":{"toString":null}}',
  '[{"toString":null}]',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '[]',
  '[1,"two",null]',
  '{}',
  'null',
  'true',
  'false',
  '0',
  '-0',
  '1e308',
  '-1.5',
  '123456789012345678901234567890',
  '""',
  '" "',
  '"\\u0000"',
  '"\\ud800"',
  '"__proto__"',
  '"constructor"',
  '"toString"',
  '"<img src=x onerror=alert(1)>"',
  '"../../../etc/passwd"',
  '"/orders/1?x=\\n\\r"',
];

const TOPICS = ['orders_v2', 'items', 'items_prices', 'created_orders', 'payments', 'shipments', 'orders'];

function goodFields(id: string, rng: Rng): Record<string, string> {
  const topic = rng.pick(TOPICS);
  const number = rng.int(1, 9_999_999);
  return {
    _id: JSON.stringify(id),
    topic: JSON.stringify(topic),
    resource: JSON.stringify(topic.startsWith('item') ? `/items/MLA${number}` : `/orders/${2_000_000_000 + number}`),
    user_id: String(rng.int(1, 999_999_999)),
    sent: JSON.stringify(new Date(1_772_463_600_000 + number).toISOString()),
    attempts: String(rng.int(1, 5)),
  };
}

function object(fields: Record<string, string>): string {
  return `{${Object.entries(fields)
    .map(([key, value]) => `${JSON.stringify(key)}:${value}`)
    .join(',')}}`;
}

/** An array or object text nested `depth` levels deep. */
export function deepText(depth: number, kind: 'array' | 'object' = 'array'): string {
  return kind === 'array'
    ? `${'['.repeat(depth)}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** An object text with `count` keys. */
export function wideText(count: number): string {
  return `{"_id":"wide","topic":"items",${Array.from({ length: count }, (_, index) => `"k${index}":${index}`).join(',')}}`;
}

/** A good body, or one of the hostile families (chosen by the generator, so a seed replays the same bodies). */
export function fuzzBody(rng: Rng, index: number): FuzzBody {
  const id = `fuzz-${index}`;
  if (rng.chance(0.5)) return { text: object(goodFields(id, rng)), good: true, id };
  const fields: Record<string, string> = goodFields(id, rng);
  switch (rng.int(0, 6)) {
    case 0:
    case 1:
    case 2: {
      // Wrong kinds in one to three fields (the `_id` too, then it is keyed by what it is about).
      for (let count = rng.int(1, 3); count > 0; count--) fields[rng.pick(FIELDS)] = rng.pick(HOSTILE_VALUES);
      return { text: object(fields), good: false };
    }
    case 3:
      // `__proto__` as a key, at the top and below.
      return {
        text: `{"__proto__":${rng.pick(HOSTILE_VALUES)},${object({ ...fields, data: '{"__proto__":{"x":1}}' }).slice(1)}`,
        good: false,
      };
    case 4:
      // Deep, within the receiver's 64 KB: deeper than any stored entry may be.
      return {
        text: object({ ...fields, data: deepText(rng.int(600, 20_000), rng.pick(['array', 'object'] as const)) }),
        good: false,
      };
    case 5:
      // Not an object at all, or not JSON.
      return {
        text: rng.pick(['[]', '[{"_id":"x"}]', 'null', '"text"', '42', 'true', '{', '{"a":1,}', '', '\u0000']),
        good: false,
      };
    default:
      // A field longer than the receiver takes, or nearly as long.
      return {
        text: object({ ...fields, topic: JSON.stringify('t'.repeat(rng.pick([40_000, 70_000]))) }),
        good: false,
      };
  }
}
