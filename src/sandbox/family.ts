// The contract between the runtime and each resource family: what a family gives (seed, routes, transitions).
import type { Rng } from './random';
import type { Route } from './router';
import type { Sandbox } from './sandbox';
import type { SandboxState } from './state';

export interface SeedContext {
  rng: Rng;
  /** The instant the data is seeded at; dates are laid out relative to it. */
  now: Date;
  /** Slices seeded before this one (users, then items, then orders…). */
  state: Partial<SandboxState>;
}

/**
 * One resource family of the sandbox: its seed, its API routes, its admin routes and its time-based transitions.
 * Families are seeded in the order listed in `families.ts`.
 */
export interface Family<K extends keyof SandboxState = keyof SandboxState> {
  key: K;
  seed(context: SeedContext): SandboxState[K];
  routes: Route[];
  /** Routes under `/_sandbox/` for tests and demos (no token needed; loopback only). */
  adminRoutes?: Route[];
  /** Applies time-based transitions (expiry, review periods…) up to `sandbox.now()`. */
  advance?(sandbox: Sandbox): void;
  /**
   * When `advance` next has something to do for a stored record, per collection of the slice (`items`, `scrolls`):
   * the sandbox time in ms (Infinity: never; earlier than exact is safe, later is not). With it the server scans only
   * once the earliest is due, and judges a changed record alone; a collection set to null never makes anything due,
   * and a change anywhere else in the slice makes the next request scan. Without it `advance` runs before every
   * request. See advanceSchedule.ts.
   */
  dueAt?: Record<string, ((record: never) => number) | null>;
}
