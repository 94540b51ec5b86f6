import { Me, PublicUser } from '../model/user';
import type { MarketplaceClient } from './client';

/** `GET /users/me`: who the token belongs to (also how a pasted token is checked). */
export function getMe(client: MarketplaceClient, signal?: AbortSignal): Promise<Me> {
  return client.get('/users/me', { schema: Me, signal });
}

/** `GET /users/{user_id}`: a user's public profile. */
export function getUser(client: MarketplaceClient, userId: number): Promise<PublicUser> {
  return client.get(`/users/${userId}`, { schema: PublicUser });
}
