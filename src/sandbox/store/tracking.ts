/**
 * Change tracking of the sandbox state: route handlers, `advance()` and the notifier mutate the state in place,
 * through a view that records which *unit* each write touched, so a write costs what it changes (the journal appends
 * those units only). A unit is the written path cut to UNIT_DEPTH keys: `['items', 'items', 'MLA123']` for any field
 * of an item, `['meta', 'clockOffsetMs']`, `['meta', 'counters', 'item']`. An array at depth 2 or less (the
 * notification records, the users) has one unit per index plus one for its `length`.
 */

/** A changed place of the state: its path, cut to UNIT_DEPTH keys. `[]` is the whole state. */
export type Unit = readonly string[];

/** How deep a unit goes: slice, collection, record. */
export const UNIT_DEPTH = 3;

/** View → raw object, for every view of every tracker: `untracked` needs no tracker at hand. */
const RAW = new WeakMap<object, object>();

interface Cached {
  view: object;
  /** Where the raw object was when its view was made: a record that moved (an array shifted) gets a new view. */
  parent: object;
  key: string;
}

/**
 * A tracking view of one state object: a deep Proxy whose `set`, `deleteProperty` and `defineProperty` traps report
 * the unit they changed. Views are cached per raw object (the state has no aliasing: a record is reachable at one
 * path only), so reading the same record twice gives the same view and reads stay cheap. Values written through the
 * view are stored raw: the raw state never holds a view.
 */
export class StateTracker<T extends object> {
  readonly view: T;
  private readonly cache = new WeakMap<object, Cached>();

  constructor(
    readonly raw: T,
    private readonly changed: (unit: Unit) => void,
  ) {
    this.view = this.wrap(raw, new Trap(this, [], 0)) as T;
  }

  /** The view of `value`, read at `key` of `parent` by `trap`. */
  child(parent: object, key: string, value: object, trap: Trap): object {
    const cached = this.cache.get(value);
    if (cached !== undefined && cached.parent === parent && cached.key === key) return cached.view;
    if (!isPlain(value)) return value;
    const depth = trap.depth + 1;
    const view = this.wrap(value, new Trap(this, depth <= UNIT_DEPTH ? [...trap.path, key] : trap.path, depth));
    this.cache.set(value, { view, parent, key });
    return view;
  }

  report(unit: Unit): void {
    this.changed(unit);
  }

  private wrap(value: object, trap: Trap): object {
    const view = new Proxy(value, trap);
    RAW.set(view, value);
    return view;
  }
}

/** The traps of one view: `path` is where its object is, cut to UNIT_DEPTH keys. */
class Trap implements ProxyHandler<object> {
  constructor(
    private readonly tracker: StateTracker<object>,
    readonly path: readonly string[],
    readonly depth: number,
  ) {}

  get(target: object, key: string | symbol): unknown {
    const value = (target as Record<string | symbol, unknown>)[key];
    if (typeof value !== 'object' || value === null || typeof key === 'symbol') return value;
    return this.tracker.child(target, key, value, this);
  }

  set(target: object, key: string | symbol, value: unknown): boolean {
    const record = target as Record<string | symbol, unknown>;
    const stored = detach(value);
    // Writing the value a field already holds (a primitive) changes nothing worth a journal line.
    if (Object.is(record[key], stored) && Object.hasOwn(record, key)) return true;
    record[key] = stored;
    if (typeof key === 'string') this.tracker.report(this.unitOf(key));
    return true;
  }

  deleteProperty(target: object, key: string | symbol): boolean {
    if (!Object.hasOwn(target, key)) return true;
    const deleted = Reflect.deleteProperty(target, key);
    if (deleted && typeof key === 'string') this.tracker.report(this.unitOf(key));
    return deleted;
  }

  defineProperty(target: object, key: string | symbol, descriptor: PropertyDescriptor): boolean {
    const stored = 'value' in descriptor ? { ...descriptor, value: detach(descriptor.value) } : descriptor;
    const defined = Reflect.defineProperty(target, key, stored);
    if (defined && typeof key === 'string') this.tracker.report(this.unitOf(key));
    return defined;
  }

  private unitOf(key: string): Unit {
    return this.depth < UNIT_DEPTH ? [...this.path, key] : this.path;
  }
}

/** Plain JSON containers get views; anything else (a Date a handler might hold) is returned as it is. */
function isPlain(value: object): boolean {
  if (Array.isArray(value)) return true;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** The raw object behind a view (`structuredClone` refuses proxies), or the value itself. */
export function untracked<V>(value: V): V {
  if (typeof value !== 'object' || value === null) return value;
  return (RAW.get(value) as V | undefined) ?? value;
}

/**
 * The value with every view inside it replaced by its raw object: what is stored through a view, and what is
 * serialized (JSON.stringify through proxies is several times slower). A view stands for a record that is raw inside;
 * a new object (a spread of a record, a filtered list) may hold views among its members, replaced in place.
 */
export function detach<V>(value: V): V {
  if (typeof value !== 'object' || value === null) return value;
  const raw = RAW.get(value) as V | undefined;
  if (raw !== undefined) return raw;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const member = value[index];
      const stored = detach(member);
      if (stored !== member) value[index] = stored;
    }
  } else if (isPlain(value)) {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const member = record[key];
      const stored = detach(member);
      if (stored !== member) record[key] = stored;
    }
  }
  return value;
}
