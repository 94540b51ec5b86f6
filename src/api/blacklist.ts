import { Blacklist, BlacklistEntry } from '../model/order';
import type { MarketplaceClient } from './client';

/** `GET /users/{cust_id}/order_blacklist`: the users the caller barred from bidding. */
export function getBlacklist(client: MarketplaceClient, custId: number): Promise<Blacklist> {
  return client.get(`/users/${custId}/order_blacklist`, { schema: Blacklist });
}

/** `POST /users/{cust_id}/order_blacklist`: bars a user from bidding on the caller's listings. */
export function addToBlacklist(client: MarketplaceClient, custId: number, userId: number): Promise<BlacklistEntry> {
  return client.post(`/users/${custId}/order_blacklist`, { schema: BlacklistEntry, json: { user_id: userId } });
}

/** `DELETE /users/{your_cust_id}/order_blacklist/{cust_id}`: lifts the bar. */
export async function removeFromBlacklist(
  client: MarketplaceClient,
  yourCustId: number,
  custId: number,
): Promise<void> {
  await client.delete(`/users/${yourCustId}/order_blacklist/${custId}`);
}
