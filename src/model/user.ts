import * as z from 'zod';
import { answer, request, SiteId, UserId } from './common';

/** `GET /users/me`: the caller's own profile. */
export const Me = answer({
  id: UserId,
  nickname: z.string(),
  site_id: SiteId,
  country_id: z.string().optional(),
  email: z.string().optional(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  user_type: z.string().optional(),
  registration_date: z.string().optional(),
  permalink: z.string().optional(),
  tags: z.array(z.string()).optional(),
  status: answer({ site_status: z.string().optional() }).optional(),
  seller_reputation: answer({ level_id: z.string().nullish(), power_seller_status: z.string().nullish() }).optional(),
});
export type Me = z.infer<typeof Me>;

/** `GET /users/{id}`: a public profile. */
export const PublicUser = answer({
  id: UserId,
  nickname: z.string(),
  site_id: SiteId.optional(),
  country_id: z.string().optional(),
  registration_date: z.string().optional(),
  permalink: z.string().optional(),
});
export type PublicUser = z.infer<typeof PublicUser>;

/** `POST /oauth/token` answer. */
export const OAuthToken = answer({
  access_token: z.string(),
  token_type: z.string(),
  expires_in: z.number().int(),
  scope: z.string().optional(),
  user_id: UserId,
  refresh_token: z.string().optional(),
});
export type OAuthToken = z.infer<typeof OAuthToken>;

/** Form fields of the authorization-code grant. */
export const AuthorizationCodeGrant = request({
  grant_type: z.literal('authorization_code'),
  client_id: z.string(),
  client_secret: z.string(),
  code: z.string(),
  redirect_uri: z.string(),
  code_verifier: z.string().optional(),
});

/** Form fields of the refresh-token grant. */
export const RefreshTokenGrant = request({
  grant_type: z.literal('refresh_token'),
  client_id: z.string(),
  client_secret: z.string(),
  refresh_token: z.string(),
});
