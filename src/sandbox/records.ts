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
