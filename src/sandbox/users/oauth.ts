import { redirectUriRegistered } from '../../rules/oauth';
import { apiError, type HttpError, ok, type SandboxRequest } from '../http';
import { ownRecord } from '../records';
import type { Route } from '../router';
import { REDIRECT_URIS, SELLER_ID } from './ids';
import { pkceChallenge, randomToken, tokenKey } from './tokens';

const ACCESS_TOKEN_TTL_MS = 6 * 3600_000;
const REFRESH_TOKEN_TTL_MS = 180 * 24 * 3600_000;
const CODE_TTL_MS = 10 * 60_000;

function oauthError(error: string, description: string, status = 400): HttpError {
  return apiError(status, error, description, { error_description: description });
}

function field(request: SandboxRequest, name: string): string | undefined {
  const body = request.body;
  const fromBody = body && typeof body === 'object' ? ownRecord(body as Record<string, unknown>, name) : undefined;
  const value = typeof fromBody === 'string' ? fromBody : (request.query.get(name) ?? undefined);
  return value === '' ? undefined : value;
}

const SPENT = 'Error validating grant. Your authorization code or refresh token may be expired or it was already used';

/** OAuth: the authorization (approved at once) and the token endpoint (authorization codes with PKCE, refresh). */
export const oauthRoutes: Route[] = [
  {
    // The sandbox approves at once (as the seller, or ?user_id= any seeded user) and redirects back with a code.
    method: 'GET',
    path: '/authorization',
    auth: 'none',
    handler: (request, sandbox) => {
      const slice = sandbox.state.users;
      if (request.query.get('response_type') !== 'code')
        throw oauthError('unsupported_response_type', 'response_type must be code');
      if (request.query.get('client_id') !== slice.app.client_id)
        throw oauthError('invalid_client', 'Unknown client_id');
      const redirect = request.query.get('redirect_uri');
      if (!redirect) throw oauthError('invalid_request', 'redirect_uri is required');
      // Never a redirect to a URI the application did not register: the code would go to whoever is there.
      if (!redirectUriRegistered(redirect, REDIRECT_URIS)) {
        const shown = redirect.length > 200 ? `${redirect.slice(0, 200)}…` : redirect;
        throw oauthError(
          'invalid_request',
          `redirect_uri ${shown} is not registered for this application; it accepts ${REDIRECT_URIS.map((uri) =>
            uri.replace('/callback', ':<port>/callback'),
          ).join(' or ')}.`,
        );
      }
      const target = new URL(redirect);
      const method = request.query.get('code_challenge_method');
      if (method !== null && method !== 'S256')
        throw oauthError('invalid_request', 'code_challenge_method must be S256');
      const userId = Number(request.query.get('user_id') ?? SELLER_ID);
      if (!sandbox.userById(userId)) throw oauthError('invalid_request', `Unknown test user ${userId}`);
      const code = randomToken('SBXC');
      slice.codes[tokenKey(code)] = {
        user_id: userId,
        redirect_uri: redirect,
        code_challenge: request.query.get('code_challenge'),
        expires_at: sandbox.now().getTime() + CODE_TTL_MS,
        used: false,
      };
      target.searchParams.set('code', code);
      const state = request.query.get('state');
      if (state !== null) target.searchParams.set('state', state);
      return { status: 302, headers: { location: target.toString() }, body: { redirect: target.toString() } };
    },
  },
  {
    method: 'POST',
    path: '/oauth/token',
    auth: 'none',
    handler: (request, sandbox) => {
      const slice = sandbox.state.users;
      const now = sandbox.now().getTime();
      const grant = field(request, 'grant_type');
      if (!grant) throw oauthError('invalid_request', 'grant_type is required');
      if (
        field(request, 'client_id') !== slice.app.client_id ||
        field(request, 'client_secret') !== slice.app.client_secret
      ) {
        throw oauthError('invalid_client', 'Invalid client credentials');
      }
      let userId: number;
      if (grant === 'authorization_code') {
        const code = field(request, 'code');
        const redirect = field(request, 'redirect_uri');
        if (!code || !redirect) throw oauthError('invalid_request', 'code and redirect_uri are required');
        const record = ownRecord(slice.codes, tokenKey(code));
        if (!record || record.used || record.expires_at <= now) throw oauthError('invalid_grant', SPENT);
        if (record.redirect_uri !== redirect)
          throw oauthError('invalid_grant', 'redirect_uri does not match the one of the authorization');
        if (record.code_challenge) {
          const verifier = field(request, 'code_verifier');
          if (!verifier) throw oauthError('invalid_request', 'code_verifier is required for this authorization');
          if (pkceChallenge(verifier) !== record.code_challenge)
            throw oauthError('invalid_grant', 'code_verifier does not match the code_challenge');
        }
        record.used = true;
        userId = record.user_id;
      } else if (grant === 'refresh_token') {
        const token = field(request, 'refresh_token');
        if (!token) throw oauthError('invalid_request', 'refresh_token is required');
        const record = ownRecord(slice.refreshTokens, tokenKey(token));
        if (!record || record.used || record.expires_at <= now) throw oauthError('invalid_grant', SPENT);
        record.used = true;
        userId = record.user_id;
      } else {
        throw oauthError('unsupported_grant_type', `Unsupported grant_type ${grant}`);
      }
      const access = randomToken('SBX');
      const refresh = randomToken('SBXR');
      slice.accessTokens[tokenKey(access)] = {
        user_id: userId,
        expires_at: now + ACCESS_TOKEN_TTL_MS,
        scope: 'offline_access read write',
      };
      slice.refreshTokens[tokenKey(refresh)] = {
        user_id: userId,
        expires_at: now + REFRESH_TOKEN_TTL_MS,
        used: false,
      };
      return ok({
        access_token: access,
        token_type: 'bearer',
        expires_in: ACCESS_TOKEN_TTL_MS / 1000,
        scope: 'offline_access read write',
        user_id: userId,
        refresh_token: refresh,
      });
    },
  },
];
