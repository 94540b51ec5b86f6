import { createHash, createHmac, randomBytes } from 'node:crypto';

/** Sandbox tokens have their own form (`SBX-…`), so they can never be mistaken for a real API token. */
export const SANDBOX_TOKEN_PATTERN = /^SBX-[0-9a-f]{8,}$/;

/**
 * The start token of a user: derived from the seed and, when one is given, a secret kept outside the data folder
 * (the extension keeps it in SecretStorage). Without a secret it is the seed's alone, which only a sandbox that
 * writes nothing to disk uses: the seed is stored in the data folder, the secret never.
 */
export function seededToken(seed: string, userId: number, secret?: string): string {
  const material = `${seed}:access:${userId}`;
  const digest = secret === undefined ? createHash('sha256') : createHmac('sha256', secret);
  return `SBX-${digest.update(material).digest('hex').slice(0, 40)}`;
}

/** A fresh secret to derive start tokens from (a data folder's, when its keeper gives none). */
export function tokenSecret(): string {
  return randomBytes(32).toString('hex');
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
