import { createHash, randomBytes } from 'node:crypto';

/** Sandbox tokens have their own form (`SBX-…`), so they can never be mistaken for a real API token. */
export const SANDBOX_TOKEN_PATTERN = /^SBX-[0-9a-f]{8,}$/;

/** The deterministic start token of a user for a seed. */
export function seededToken(seed: string, userId: number): string {
  return `SBX-${createHash('sha256').update(`${seed}:access:${userId}`).digest('hex').slice(0, 40)}`;
}

/** A fresh random token of a kind (`SBX` access, `SBXR` refresh, `SBXC` code). */
export function randomToken(prefix: 'SBX' | 'SBXR' | 'SBXC'): string {
  return `${prefix}-${randomBytes(20).toString('hex')}`;
}

/** PKCE S256: base64url(sha256(verifier)). */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** The sandbox stores only token hashes, so its data folder never holds a usable token. */
export function tokenKey(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
