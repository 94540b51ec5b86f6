// What an attacker (or an unlucky script) sends the sandbox's routes: ids that name what every object inherits,
// broken or odd percent-encoding, ids far too long or past 2^53, and bodies nested 100,000 deep or 100,000 keys wide,
// with `__proto__` keys, wrong types and inherited names where ids go. Raw path segments: sent as they are written.

/** Names every plain object inherits (and `__proto__`): an id lookup must never find them. */
export const INHERITED_NAMES = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupSetter__',
] as const;

/** Every hostile path segment, as written on the request line. */
export const HOSTILE_SEGMENTS: readonly string[] = [
  ...INHERITED_NAMES,
  // The same names percent-encoded, and with a NUL after them.
  '%5F%5Fproto%5F%5F',
  '__proto__%00',
  'constructor%00',
  '%00',
  'a%00b',
  // Dot segments (URL parsing folds them into another path) and an encoded slash.
  '..',
  '.',
  '%2e%2e',
  '%2E',
  '%2F',
  '..%2F..%2Fetc',
  // Broken percent-encoding: decoding must answer 400, never throw a 500.
  '%',
  '%ZZ',
  'abc%',
  '%E0%A4%A',
  '%C0%AF',
  '%ED%A0%80',
  // Unicode, and text that only looks like a number or an id.
  '%E2%9C%93',
  '%F0%9F%98%80',
  'MLA%E2%80%8B1400000705',
  '%20',
  '%20MLA1400000705',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0x10',
  '1e21',
  '1.5',
  // Numbers past 2^53 (they round to another number) and an id with a valid form that does not exist.
  '9007199254740993',
  '99999999999999999999999999',
  'MLA9999999999',
  'MLA99999999999999999999999',
  // Very long ids.
  'x'.repeat(10_000),
  '9'.repeat(5_000),
];

/** A hostile segment as a readable label for reports (long ones cut). */
export function label(segment: string): string {
  return segment.length > 40 ? `${segment.slice(0, 12)}…(${segment.length} chars)` : segment;
}

/** How deep and how wide the hostile bodies go. */
export const DEPTH = 100_000;
export const WIDTH = 100_000;

/** A marker planted by the pollution bodies: it must never show on Object.prototype nor in any answer. */
export const POLLUTION_MARKER = 'polluted_by_fuzz';

/** Fields the routes read from bodies, with values a route would accept: hostile ids ride along with them. */
const PLAUSIBLE: Record<string, unknown> = {
  delta: 5,
  status: 'paused',
  sub_status: 'warning',
  note: 'fuzz note',
  amount: 1,
  received: true,
  handling_hours: 24,
  immediate_payment: true,
};

export interface HostileBody {
  name: string;
  /** The request body, already as text. */
  text: string;
  /** Nested past any real body: must be refused with 400. */
  deep?: true;
}

/** A plausible body for requests whose path carries a hostile id. */
export const PLAUSIBLE_BODY = JSON.stringify(PLAUSIBLE);

/** The hostile bodies sent to every route that takes one (built once: the big ones are a few megabytes). */
export function hostileBodies(): HostileBody[] {
  const wideKeys = Array.from({ length: WIDTH }, (_, index) => `"k${index}":${index}`).join(',');
  const marker = JSON.stringify({ [POLLUTION_MARKER]: true });
  const inheritedValues = Object.fromEntries(
    ['item_id', 'template', 'site_id', 'category_id', 'payment_method_id', 'target', 'topic', 'status', 'name'].map(
      (key, index) => [key, INHERITED_NAMES[index % INHERITED_NAMES.length]],
    ),
  );
  return [
    { name: `array ${DEPTH} deep`, text: `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`, deep: true },
    { name: `object ${DEPTH} deep`, text: `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`, deep: true },
    {
      name: `plausible body with a field ${DEPTH} deep`,
      text: `{"note":${'['.repeat(DEPTH)}${']'.repeat(DEPTH)},"delta":5,"items":["MLA1400000705"]}`,
      deep: true,
    },
    { name: `plausible body and ${WIDTH} more keys`, text: `{${PLAUSIBLE_BODY.slice(1, -1)},${wideKeys}}` },
    { name: `array ${WIDTH} wide`, text: `[${Array.from({ length: WIDTH }, () => '{}').join(',')}]` },
    {
      name: '__proto__ and constructor keys',
      text: `{${PLAUSIBLE_BODY.slice(1, -1)},"__proto__":${marker},"constructor":{"prototype":${marker}},"sizes":[{"__proto__":${marker}}]}`,
    },
    {
      name: 'inherited names as ids',
      text: JSON.stringify({ ...PLAUSIBLE, ...inheritedValues, items: INHERITED_NAMES }),
    },
    {
      name: 'wrong types',
      text: JSON.stringify({ delta: '5', status: 7, note: [], amount: {}, received: 'yes', items: 'MLA1', name: null }),
    },
    { name: 'an array', text: '[]' },
    { name: 'a string', text: '"text"' },
    { name: 'a number', text: '42' },
    { name: 'null', text: 'null' },
  ];
}

/** Query parameters routes read, all set to one hostile value. */
export const QUERY_NAMES = [
  'ids',
  'site_id',
  'seller_id',
  'seller',
  'buyer',
  'status',
  'sort',
  'orders',
  'topic',
  'app_id',
  'product_id',
  'sort_by',
  'zip_code',
  'city_to',
  'city_from',
  'scroll_id',
  'search_type',
  'attributes',
  'category',
  'sku',
  'seller_sku',
];
