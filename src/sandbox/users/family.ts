import { redirectUriRegistered } from '../../rules/oauth';
import { apiError, badRequest, type HttpError, notFound, ok, optionalObjectBody, type SandboxRequest } from '../http';
import { ownRecord } from '../records';
import { apiTimestamp, type Family, type SeedContext } from '../sandbox';
import {
  APP_ID,
  BUYER_BASE_ID,
  BUYER_COUNT,
  CLIENT_ID,
  CLIENT_SECRET,
  MCO_SELLER_ID,
  MLB_SELLER_ID,
  MLC_SELLER_ID,
  MLM_SELLER_ID,
  MLU_SELLER_ID,
  MPE_SELLER_ID,
  REDIRECT_URIS,
  SECOND_USER_ID,
  SELLER_ID,
} from './ids';
import type { SandboxUser, UsersSlice } from './state';
import { pkceChallenge, randomToken, tokenKey } from './tokens';

const ACCESS_TOKEN_TTL_MS = 6 * 3600_000;
const REFRESH_TOKEN_TTL_MS = 180 * 24 * 3600_000;
const CODE_TTL_MS = 10 * 60_000;

const FIRST_NAMES = [
  'Lucía',
  'Mateo',
  'Valentina',
  'Santiago',
  'Camila',
  'Benjamín',
  'Martina',
  'Joaquín',
  'Sofía',
  'Tomás',
  'Emma',
  'Lautaro',
];
const LAST_NAMES = [
  'González',
  'Rodríguez',
  'Fernández',
  'López',
  'Martínez',
  'Pérez',
  'Gómez',
  'Díaz',
  'Sánchez',
  'Romero',
];

function user(
  context: SeedContext,
  id: number,
  nickname: string,
  site_id: string,
  role: SandboxUser['role'],
  extra: Partial<SandboxUser> = {},
): SandboxUser {
  const { rng } = context;
  const first = rng.pick(FIRST_NAMES);
  const last = rng.pick(LAST_NAMES);
  const country = { MLA: 'AR', MLB: 'BR', MLM: 'MX', MCO: 'CO', MLU: 'UY', MLC: 'CL', MPE: 'PE' }[site_id] ?? 'AR';
  return {
    id,
    nickname,
    first_name: first,
    last_name: last,
    email: `${nickname.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@testuser.example`,
    site_id,
    country_id: country,
    user_type: role === 'seller' ? 'car_dealer' : 'normal',
    role,
    registration_date: apiTimestamp(new Date(context.now.getTime() - rng.int(400, 3000) * 86_400_000)),
    phone: { area_code: '11', number: `4${rng.int(1000000, 9999999)}`, extension: '' },
    billing_info: { doc_type: 'DNI', doc_number: String(rng.int(20_000_000, 45_000_000)) },
    immediate_payment: false,
    auto: false,
    status: { site_status: 'active' },
    seller_reputation:
      role === 'seller'
        ? { level_id: '5_green', power_seller_status: 'gold' }
        : { level_id: null, power_seller_status: null },
    ...extra,
  };
}

function seedUsers(context: SeedContext): UsersSlice {
  const seed = context.rng.fork('tokens');
  void seed;
  const users: SandboxUser[] = [
    user(context, SELLER_ID, 'TEST_SELLER_AUTOS', 'MLA', 'seller'),
    user(context, SECOND_USER_ID, 'TEST_USER_BLOCKME', 'MLA', 'other'),
    user(context, MLU_SELLER_ID, 'TEST_SELLER_MLU', 'MLU', 'seller'),
    user(context, MLB_SELLER_ID, 'TEST_SELLER_MLB', 'MLB', 'seller'),
    user(context, MCO_SELLER_ID, 'TEST_SELLER_MCO', 'MCO', 'seller'),
  ];
  // Sellers added later draw from their own generator, so every user above and every buyer below keeps its data.
  const later: SeedContext = { ...context, rng: context.rng.fork('site-sellers') };
  users.push(
    user(later, MLM_SELLER_ID, 'TEST_SELLER_MLM', 'MLM', 'seller'),
    user(later, MLC_SELLER_ID, 'TEST_SELLER_MLC', 'MLC', 'seller'),
    user(later, MPE_SELLER_ID, 'TEST_SELLER_MPE', 'MPE', 'seller'),
  );
  for (let index = 1; index <= BUYER_COUNT; index++) {
    // Every fourth buyer is flagged for immediate payment, so their reservations enter the mandatory flow.
    users.push(
      user(context, BUYER_BASE_ID + index, `TEST_BUYER_${String(index).padStart(2, '0')}`, 'MLA', 'buyer', {
        immediate_payment: index % 4 === 0,
      }),
    );
  }
  return {
    users,
    app: { application_id: APP_ID, client_id: CLIENT_ID, client_secret: CLIENT_SECRET },
    accessTokens: {},
    refreshTokens: {},
    codes: {},
  };
}

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

/** The private profile `/users/me` returns. */
function privateProfile(account: SandboxUser) {
  const { role: _role, immediate_payment, auto, ...rest } = account;
  return {
    ...rest,
    permalink: `https://perfil.marketplace.example/${account.nickname}`,
    tags: [
      account.role === 'seller' ? 'normal' : 'test_user',
      ...(immediate_payment ? ['immediate_payment'] : []),
      ...(auto ? ['auto'] : []),
    ],
    points: 100,
    immediate_payment,
  };
}

function publicProfile(account: SandboxUser) {
  return {
    id: account.id,
    nickname: account.nickname,
    registration_date: account.registration_date,
    country_id: account.country_id,
    site_id: account.site_id,
    user_type: account.user_type,
    permalink: `https://perfil.marketplace.example/${account.nickname}`,
    seller_reputation: account.seller_reputation,
    status: account.status,
  };
}

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

export const usersFamily: Family<'users'> = {
  key: 'users',
  seed: seedUsers,
  routes: [
    {
      method: 'GET',
      path: '/users/me',
      auth: 'required',
      handler: (request) => ok(privateProfile(request.user!)),
    },
    {
      method: 'GET',
      path: '/users/:user_id',
      auth: 'optional',
      handler: (request, sandbox) => {
        const account = sandbox.userById(Number(request.params.user_id));
        if (!account) throw notFound(`User ${request.params.user_id} not found`);
        return ok(request.user?.id === account.id ? privateProfile(account) : publicProfile(account));
      },
    },
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
  ],
  adminRoutes: [
    {
      method: 'GET',
      path: '/_sandbox/users',
      auth: 'none',
      handler: (_request, sandbox) =>
        ok(
          sandbox.state.users.users.map((account) => ({
            id: account.id,
            nickname: account.nickname,
            site_id: account.site_id,
            role: account.role,
            token: sandbox.startToken(account.id),
          })),
        ),
    },
    {
      method: 'POST',
      path: '/_sandbox/users/:user_id/flags',
      auth: 'none',
      handler: (request, sandbox) => {
        const account = sandbox.userById(Number(request.params.user_id));
        if (!account) throw notFound(`User ${request.params.user_id} not found`);
        const body = optionalObjectBody(request);
        for (const flag of ['immediate_payment', 'auto'] as const) {
          if (Object.hasOwn(body, flag)) {
            if (typeof body[flag] !== 'boolean') throw badRequest(`${flag} must be a boolean`);
            account[flag] = body[flag] as boolean;
          }
        }
        return ok(privateProfile(account));
      },
    },
  ],
};
