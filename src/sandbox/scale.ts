/**
 * `--scale N`: the sandbox plays a seller with N listings and 10·N orders. Those records are not stored: each is
 * generated on demand from (seed, index), so 100,000 listings and 1,000,000 orders cost a few typed arrays. Only a
 * record that a mutating route touches is materialized into the state (the overlay), and from then on it wins.
 */

/** The largest scale accepted: 1,000,000 listings and 10,000,000 orders (ids and dates stay in their ranges). */
export const MAX_SCALE = 1_000_000;
/** Orders generated per listing. */
export const ORDERS_PER_LISTING = 10;

/** Where the generated records of a slice come from: how many, and the instant their dates are laid out from. */
export interface SyntheticRecords {
  count: number;
  /** The seeding instant (sandbox time, ms): dates spread over the year before it. */
  anchor_ms: number;
}

/** A scale as an option or setting gives it: a whole number from 0 (the default seed) to MAX_SCALE, else undefined. */
export function validScale(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= 0 && number <= MAX_SCALE
    ? number
    : undefined;
}

/** A 32-bit hash of a seed hash, an index and a salt (murmur3's finalizer): cheap, and well spread for any index. */
export function mix(seed: number, index: number, salt: number): number {
  let h = (seed ^ Math.imul(index + 1, 0x9e3779b1) ^ Math.imul(salt, 0x85ebca6b)) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A fraction in [0, 1) from a 32-bit hash. */
export const unit = (hash: number) => hash / 4294967296;

/**
 * Caches derived from a slice's synthetic records (typed arrays of statuses, sort keys, counts), keyed by what they
 * derive from. They live outside the state: never persisted, rebuilt after a restart from the same inputs.
 */
export class DerivedCache<T> {
  private readonly entries = new Map<string, T>();

  constructor(private readonly size = 2) {}

  get(key: string, build: () => T): T {
    let value = this.entries.get(key);
    if (value === undefined) {
      value = build();
      this.entries.set(key, value);
      while (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value as string);
    }
    return value;
  }
}
