// A fresh state from a seed: every family seeded in order (later ones read earlier slices), then the start tokens.
import { FAMILIES } from './families';
import { Rng } from './random';
import type { MetaSlice, SandboxState } from './state';
import { issueStartTokens } from './users/accessTokens';
import { seededToken } from './users/tokens';

export const DEFAULT_SEED = 'marketplace';

/** Builds a fresh state from a seed: every family in order, then the start tokens (derived with `secret`). */
export function seedState(seed: string, now: Date, sellerToken?: string, scale = 0, secret?: string): SandboxState {
  const rng = new Rng(seed);
  const partial: Partial<SandboxState> = {
    meta: { format: 1, seed, clockOffsetMs: 0, counters: {}, ...(scale > 0 ? { scale } : {}) } satisfies MetaSlice,
  };
  for (const family of FAMILIES) {
    (partial as Record<string, unknown>)[family.key] = family.seed({ rng: rng.fork(family.key), now, state: partial });
  }
  const state = partial as SandboxState;
  issueStartTokens(state.users, (userId) => seededToken(seed, userId, secret), sellerToken);
  return state;
}
