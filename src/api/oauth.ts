import { createHash, randomBytes } from 'node:crypto';
import { OAuthToken } from '../model/user';
import type { MarketplaceClient } from './client';

export interface PkcePair {
  verifier: string;
  challenge: string;
}

/** A fresh PKCE verifier and its S256 challenge. */
export function createPkce(): PkcePair {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface AuthorizationRequest {
  authHost: string;
  clientId: string;
  redirectUri: string;
  state: string;
  codeChallenge?: string;
}

/** The browser URL of the authorization-code flow (S256 PKCE when a challenge is given). */
export function authorizationUrl(request: AuthorizationRequest): string {
  const url = new URL('/authorization', request.authHost);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', request.clientId);
  url.searchParams.set('redirect_uri', request.redirectUri);
  url.searchParams.set('state', request.state);
  if (request.codeChallenge) {
    url.searchParams.set('code_challenge', request.codeChallenge);
    url.searchParams.set('code_challenge_method', 'S256');
  }
  return url.toString();
}

export interface CodeExchange {
  clientId: string;
  clientSecret: string;
  code: string;
  redirectUri: string;
  codeVerifier?: string;
}

/** `POST /oauth/token` with `grant_type=authorization_code`. Never retried (a code is single-use). */
export function exchangeCode(client: MarketplaceClient, exchange: CodeExchange): Promise<OAuthToken> {
  return client.post('/oauth/token', {
    auth: 'none',
    schema: OAuthToken,
    form: {
      grant_type: 'authorization_code',
      client_id: exchange.clientId,
      client_secret: exchange.clientSecret,
      code: exchange.code,
      redirect_uri: exchange.redirectUri,
      code_verifier: exchange.codeVerifier,
    },
  });
}

/** `POST /oauth/token` with `grant_type=refresh_token`. Refresh tokens are single-use: store the new one at once. */
export function refreshAccessToken(
  client: MarketplaceClient,
  credentials: { clientId: string; clientSecret: string; refreshToken: string },
): Promise<OAuthToken> {
  return client.post('/oauth/token', {
    auth: 'none',
    schema: OAuthToken,
    form: {
      grant_type: 'refresh_token',
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
      refresh_token: credentials.refreshToken,
    },
  });
}
