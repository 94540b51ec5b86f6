// Records are looked up by id among the ones that exist, never among what every object inherits: `items['__proto__']`
// is Object.prototype and `campaigns['constructor']` is Object, so an id taken from a path, a query or a body and
// used as a plain index reads (and through the tracking view, writes) the process's prototypes. Every lookup by an id
// that came from outside goes through `ownRecord`; tables of constants keyed by such an id are read with it too.

/** The record stored under `id` as an own key, or undefined: inherited names (`__proto__`, `toString`…) name none. */
export function ownRecord<T>(collection: Readonly<Record<string, T>>, id: string): T | undefined {
  return Object.hasOwn(collection, id) ? collection[id] : undefined;
}

/** Whether a record is stored under `id` as an own key. */
export function hasRecord(collection: Readonly<Record<string, unknown>>, id: string): boolean {
  return Object.hasOwn(collection, id);
}

/** Collections of records keyed by their id, with where the id sits in a record. */
const KEYED_COLLECTIONS: readonly {
  slice: string;
  collection: string;
  id: (record: Record<string, unknown>) => unknown;
}[] = [
  { slice: 'items', collection: 'items', id: (record) => record.id },
  { slice: 'orders', collection: 'orders', id: (record) => (record.data as Record<string, unknown> | undefined)?.id },
  { slice: 'sizeCharts', collection: 'charts', id: (record) => record.id },
  { slice: 'shipping', collection: 'shipments', id: (record) => record.id },
  { slice: 'shipping', collection: 'profiles', id: (record) => record.user_id },
  { slice: 'advertising', collection: 'campaigns', id: (record) => record.id },
];

/**
 * Clears a state read from disk of what an older version could write through an inherited id: a prototype other
 * than the plain one (a journal line `campaigns.__proto__` replays as a prototype), a `__proto__` key, and a record
 * filed under a key that is not its id (`items.undefined`). Walks the state once, iteratively; answers how many
 * places it cleared, so the caller can say so.
 */
export function clearInheritedJunk(state: object): number {
  let cleared = 0;
  const pending: object[] = [state];
  while (pending.length > 0) {
    const value = pending.pop()!;
    const plain = Array.isArray(value) ? Array.prototype : Object.prototype;
    if (Object.getPrototypeOf(value) !== plain) {
      Object.setPrototypeOf(value, plain);
      cleared++;
    }
    if (!Array.isArray(value) && Object.hasOwn(value, '__proto__')) {
      Reflect.deleteProperty(value, '__proto__');
      cleared++;
    }
    for (const member of Object.values(value)) {
      if (typeof member === 'object' && member !== null) pending.push(member);
    }
  }
  const slices = state as Record<string, Record<string, Record<string, unknown>> | undefined>;
  for (const { slice, collection, id } of KEYED_COLLECTIONS) {
    const records = slices[slice]?.[collection];
    if (typeof records !== 'object' || records === null) continue;
    for (const key of Object.keys(records)) {
      const record = records[key];
      const recordId =
        typeof record === 'object' && record !== null ? id(record as Record<string, unknown>) : undefined;
      if (recordId === undefined || String(recordId) !== key) {
        delete records[key];
        cleared++;
      }
    }
  }
  return cleared;
}
