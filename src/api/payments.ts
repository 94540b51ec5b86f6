import { Payment, PaymentsSearchResult } from '../model/order';
import { type ListingType, ListingTypes, PaymentMethod, Site } from '../model/site';
import type { MarketplaceClient } from './client';

/** `GET /payments`: the payments of the buyer owning the token, newest first. */
export function getPayments(
  client: MarketplaceClient,
  query: { status?: string; offset?: number; limit?: number } = {},
): Promise<PaymentsSearchResult> {
  return client.get('/payments', { schema: PaymentsSearchResult, query });
}

/** `GET /collections/{collection_id}`: a payment as its seller (collector) sees it. */
export function getCollection(client: MarketplaceClient, collectionId: number): Promise<Payment> {
  return client.get(`/collections/${collectionId}`, { schema: Payment });
}

/** `GET /sites/{site_id}`: site data including payment_method_ids. */
export function getSite(client: MarketplaceClient, siteId: string): Promise<Site> {
  return client.get(`/sites/${encodeURIComponent(siteId)}`, { schema: Site });
}

/** `GET /sites/{site_id}/listing_types`: the listing types of a site (ids and names in the site's language). */
export function getListingTypes(client: MarketplaceClient, siteId: string): Promise<ListingType[]> {
  return client.get(`/sites/${encodeURIComponent(siteId)}/listing_types`, { schema: ListingTypes });
}

/** `GET /payment_methods/{payment_method_id}`. */
export function getPaymentMethod(client: MarketplaceClient, paymentMethodId: string): Promise<PaymentMethod> {
  return client.get(`/payment_methods/${encodeURIComponent(paymentMethodId)}`, { schema: PaymentMethod });
}
