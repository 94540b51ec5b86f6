// The access tokens the sandbox accepts, by hash only: the start tokens each start registers, and the user a token
// names. Tokens issued through OAuth are added by the token route (routes.ts).
import { ownRecord } from '../records';
import { SELLER_ID } from './ids';
import type { SandboxUser, UsersSlice } from './state';
import { tokenKey } from './tokens';

/**
 * Registers the start tokens of this start, by hash only: every user's (`startToken`), or the given one for the
 * seller. Those of an earlier start are forgotten: they were derived from a secret this start may not have (the
 * store never holds it), and a store written before secrets existed derived them from its stored seed alone.
 */
export function issueStartTokens(
  slice: UsersSlice,
  startToken: (userId: number) => string,
  sellerToken?: string,
): void {
  const current = new Map<string, number>();
  for (const account of slice.users) {
    current.set(tokenKey(account.id === SELLER_ID && sellerToken ? sellerToken : startToken(account.id)), account.id);
  }
  for (const [key, record] of Object.entries(slice.accessTokens)) {
    if (record.expires_at === null && !current.has(key)) delete slice.accessTokens[key];
  }
  for (const [key, userId] of current) {
    if (!Object.hasOwn(slice.accessTokens, key))
      slice.accessTokens[key] = { user_id: userId, expires_at: null, scope: 'offline_access read write' };
  }
}

/** The start token of a user (recomputed: the store keeps only hashes); undefined when this start has another. */
export function startTokenOf(
  slice: UsersSlice,
  startToken: (userId: number) => string,
  userId: number,
): string | undefined {
  const token = startToken(userId);
  return ownRecord(slice.accessTokens, tokenKey(token)) ? token : undefined;
}

/** The user a token belongs to, `expired`, or undefined when unknown. */
export function authenticate(slice: UsersSlice, token: string, nowMs: number): SandboxUser | 'expired' | undefined {
  const record = ownRecord(slice.accessTokens, tokenKey(token));
  if (!record) return undefined;
  if (record.expires_at !== null && record.expires_at <= nowMs) return 'expired';
  return slice.users.find((candidate) => candidate.id === record.user_id);
}
