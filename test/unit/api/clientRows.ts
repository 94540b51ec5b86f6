// The table of the fault suite: every client function of src/api/ with how to call it against the sandbox and how to
// tell that a creation behind a fault took effect. clientFaults.test.ts runs each row under each fault.
import assert from 'node:assert/strict';
import * as advertising from '../../../src/api/advertising';
import * as blacklist from '../../../src/api/blacklist';
import type { MarketplaceClient } from '../../../src/api/client';
import * as items from '../../../src/api/items';
import * as notifications from '../../../src/api/notifications';
import * as oauth from '../../../src/api/oauth';
import * as orders from '../../../src/api/orders';
import * as payments from '../../../src/api/payments';
import * as shipping from '../../../src/api/shipping';
import * as sizeCharts from '../../../src/api/sizeCharts';
import * as users from '../../../src/api/users';
import type { ItemCreate } from '../../../src/model/item';
import type { SizeChartCreate } from '../../../src/model/sizeChart';
import { SEEDED_ADVERTISER_IDS, SEEDED_CAMPAIGN_IDS } from '../../../src/sandbox/advertising/seed';
import { ITEM } from '../../../src/sandbox/items/ids';
import { SEEDED_BLACKLISTED_BUYER } from '../../../src/sandbox/orders/seed';
import { SITES } from '../../../src/sandbox/shipping/geo';
import { SEEDED_SHIPMENT_IDS } from '../../../src/sandbox/shipping/seed';
import { SEEDED_CHART_IDS } from '../../../src/sandbox/sizeCharts/seed';
import {
  APP_ID,
  CLIENT_ID,
  CLIENT_SECRET,
  MCO_SELLER_ID,
  MLB_SELLER_ID,
  SECOND_USER_ID,
  SELLER_ID,
} from '../../../src/sandbox/users/ids';
import { newPhone } from '../../fixtures/newPhone';
import type { SandboxHarness } from '../support/sandbox';

/** The resource modules, by file name: every function they export that makes a request is a row below. */
export const MODULES: Record<string, Record<string, unknown>> = {
  advertising,
  blacklist,
  items,
  notifications,
  oauth,
  orders,
  payments,
  shipping,
  sizeCharts,
  users,
};
/** The client core, not a resource module. */
export const CORE_MODULES = ['client', 'errors', 'exchangeRecord'];
/** Exported functions that make no request. */
export const NO_REQUEST = ['oauth.createPkce', 'oauth.authorizationUrl'];

/** Retries of the clients under test (client.ts retries GET, PUT and DELETE). */
export const RETRIES = 2;
/**
 * The timeout fault: the sandbox answers after LATENCY_MS, the client gives each attempt TIMEOUT_MS (the slowest
 * call here takes about 25 ms) and, as each timed-out attempt costs its full wait, retries once.
 */
export const LATENCY_MS = 200;
export const TIMEOUT_MS = 80;
export const TIMEOUT_RETRIES = 1;

export const PACKAGE = '10x10x20,500';
export const REDIRECT = 'http://127.0.0.1:1/callback';

export const NEW_PHONE: ItemCreate = newPhone('Celular Motorola Moto G85 256 GB Azul', {
  pictures: [{ source: 'https://images.example/g85-1.jpg' }, { source: 'https://images.example/g85-2.jpg' }],
  sale_terms: [
    { id: 'WARRANTY_TYPE', value_id: '2230279', value_name: 'Garantía de fábrica' },
    { id: 'WARRANTY_TIME', value_name: '12 meses' },
  ],
});

export const SHIRTS: SizeChartCreate = {
  name: 'Camisas slim',
  sizes: [
    { name: 'S', measurements: [{ id: 'CHEST_CIRCUMFERENCE', value: '90 - 94' }] },
    { name: 'M', measurements: [{ id: 'CHEST_CIRCUMFERENCE', value: '96 - 101' }] },
  ],
};

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Row<C> {
  /** `module.function`. */
  fn: string;
  method: Method;
  /** The path the fault is set on (`*` for any run of characters); the function's requests go there. */
  path: string;
  /** Whatever the call needs that other requests make (a note to update, an OAuth code), before any fault. */
  prepare?: (h: SandboxHarness) => Promise<C>;
  call: (client: MarketplaceClient, context: C) => Promise<unknown>;
  /** How many of what the call creates the sandbox holds (items, notes, charts…). */
  count?: (h: SandboxHarness, context: C) => Promise<number>;
  /** What one call that reached the route adds to `count`: 1 unless it only checks (validate). */
  adds?: number;
  /** Whether the single-use credential the call spends (an OAuth code, a refresh token) is spent. */
  spent?: (h: SandboxHarness, context: C) => Promise<boolean>;
  /** The API answers 204 with no body: a cut answer has nothing to cut. */
  empty?: boolean;
}

// Rows differ in their context type; the table holds them side by side.
export const row = <C>(spec: Row<C>): Row<unknown> => spec as unknown as Row<unknown>;
export const all = async <T>(generator: AsyncGenerator<T>): Promise<T[]> => {
  const out: T[] = [];
  for await (const value of generator) out.push(value);
  return out;
};

export interface AdminOrder {
  id: number;
  seller_id: number;
  visible_to_seller: boolean;
  feedback: { sale: boolean; purchase: boolean };
}
export async function openPaidOrder(h: SandboxHarness): Promise<number> {
  const { orders: list } = await h.admin<{ orders: AdminOrder[] }>('GET', '/_sandbox/orders?status=paid');
  const order = list.find((entry) => entry.seller_id === SELLER_ID && entry.visible_to_seller && !entry.feedback.sale);
  assert.ok(order, 'the seed has a paid order of the seller without feedback');
  return order.id;
}
export async function authorizationCode(h: SandboxHarness): Promise<string> {
  const query = new URLSearchParams({ response_type: 'code', client_id: CLIENT_ID, redirect_uri: REDIRECT });
  const answer = await fetch(`${h.url}/authorization?${query}`, { redirect: 'manual' });
  const code = new URL(answer.headers.get('location') ?? '').searchParams.get('code');
  assert.ok(code, 'the sandbox issued an authorization code');
  return code;
}
/** Whether a single-use grant is spent: the sandbox refuses it with invalid_grant. */
export async function grantSpent(h: SandboxHarness, form: Record<string, string>): Promise<boolean> {
  const answer = await h.raw('POST', '/oauth/token', {
    token: null,
    body: new URLSearchParams({ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, ...form }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  assert.ok([200, 400].includes(answer.status), `the grant check answered ${answer.status}`);
  return answer.status === 400;
}
export const itemCount = async (h: SandboxHarness) => (await items.searchSellerItems(h.client, SELLER_ID)).paging.total;

export const cityOfMco = (name: string): string => {
  const city = SITES.MCO?.cities.find((candidate) => candidate.name === name);
  assert.ok(city, `${name} is a city of MCO`);
  return city.id;
};
export const mco = { bogota: cityOfMco('Bogotá'), medellin: cityOfMco('Medellín') };

export const ROWS: Row<unknown>[] = [
  // items
  row({ fn: 'items.getItem', method: 'GET', path: '/items/*', call: (c) => items.getItem(c, ITEM.CAR_NEW_PREMIUM) }),
  row({
    fn: 'items.getItems',
    method: 'GET',
    path: '/items',
    call: (c) => items.getItems(c, [ITEM.CAR_NEW_PREMIUM, ITEM.TSHIRT_M, ITEM.GROCERY_YERBA]),
  }),
  row({
    fn: 'items.createItem',
    method: 'POST',
    path: '/items',
    call: (c) => items.createItem(c, NEW_PHONE),
    count: itemCount,
  }),
  row({
    fn: 'items.validateItem',
    method: 'POST',
    path: '/items/validate',
    call: (c) => items.validateItem(c, NEW_PHONE),
    count: itemCount,
    adds: 0,
    empty: true,
  }),
  row({
    fn: 'items.updateItem',
    method: 'PUT',
    path: '/items/*',
    call: (c) => items.updateItem(c, ITEM.PHONE_NO_SALES, { price: 123_456 }),
  }),
  row({ fn: 'items.pauseItem', method: 'PUT', path: '/items/*', call: (c) => items.pauseItem(c, ITEM.PHONE_NO_SALES) }),
  row({
    fn: 'items.activateItem',
    method: 'PUT',
    path: '/items/*',
    call: (c) => items.activateItem(c, ITEM.PAUSED_SELLER),
  }),
  row({ fn: 'items.closeItem', method: 'PUT', path: '/items/*', call: (c) => items.closeItem(c, ITEM.PHONE_NO_SALES) }),
  row({
    fn: 'items.markItemDeleted',
    method: 'PUT',
    path: '/items/*',
    call: (c) => items.markItemDeleted(c, ITEM.CLOSED_EXPIRED),
  }),
  row({
    fn: 'items.setItemStock',
    method: 'PUT',
    path: '/items/*',
    call: (c) => items.setItemStock(c, ITEM.PHONE_NO_SALES, 7),
  }),
  row({
    fn: 'items.setItemPrice',
    method: 'PUT',
    path: '/items/*',
    call: (c) => items.setItemPrice(c, ITEM.PHONE_NO_SALES, 234_567),
  }),
  row({
    fn: 'items.setItemTitleAndPrice',
    method: 'PUT',
    path: '/items/*',
    call: (c) => items.setItemTitleAndPrice(c, ITEM.PHONE_NO_SALES, 'Celular Moto G85 256 GB Negro', 345_678),
  }),
  row({
    fn: 'items.setManufacturingTime',
    method: 'PUT',
    path: '/items/*',
    call: (c) => items.setManufacturingTime(c, ITEM.PHONE_NO_SALES, 10),
  }),
  row({
    fn: 'items.removeManufacturingTime',
    method: 'PUT',
    path: '/items/*',
    call: (c) => items.removeManufacturingTime(c, ITEM.PHONE_MANUFACTURING_TIME),
  }),
  row({
    fn: 'items.setPurchaseMaxQuantity',
    method: 'PUT',
    path: '/items/*',
    call: (c) => items.setPurchaseMaxQuantity(c, ITEM.GROCERY_OIL_MAX_QTY, 5),
  }),
  row({
    fn: 'items.setSellerCustomField',
    method: 'PUT',
    path: '/items/*',
    call: (c) => items.setSellerCustomField(c, ITEM.PHONE_NO_SALES, 'SKU-G85'),
  }),
  row({
    fn: 'items.setSaleTerms',
    method: 'PUT',
    path: '/items/*',
    call: (c) => items.setSaleTerms(c, ITEM.PHONE_NO_SALES, [{ id: 'WARRANTY_TIME', value_name: '6 meses' }]),
  }),
  row({
    fn: 'items.getCategorySaleTerms',
    method: 'GET',
    path: '/categories/*/sale_terms',
    call: (c) => items.getCategorySaleTerms(c, 'MLA1055'),
  }),
  row({
    fn: 'items.searchSellerItems',
    method: 'GET',
    path: '/users/*/items/search',
    call: (c) => items.searchSellerItems(c, SELLER_ID),
  }),
  row({
    fn: 'items.scanSellerItems',
    method: 'GET',
    path: '/users/*/items/search',
    call: (c) => all(items.scanSellerItems(c, SELLER_ID, { limit: 100 })),
  }),
  // orders
  row({
    fn: 'orders.getOrder',
    method: 'GET',
    path: '/orders/*',
    prepare: openPaidOrder,
    call: (c, order: number) => orders.getOrder(c, order),
  }),
  row({
    fn: 'orders.searchOrders',
    method: 'GET',
    path: '/orders/search',
    call: (c) => orders.searchOrders(c, { seller: SELLER_ID }),
  }),
  row({
    fn: 'orders.searchRecentOrders',
    method: 'GET',
    path: '/orders/search/recent',
    call: (c) => orders.searchRecentOrders(c, { seller: SELLER_ID }),
  }),
  row({
    fn: 'orders.searchArchivedOrders',
    method: 'GET',
    path: '/orders/search/archived',
    call: (c) => orders.searchArchivedOrders(c, { seller: SELLER_ID }),
  }),
  row({
    fn: 'orders.searchPendingOrders',
    method: 'GET',
    path: '/orders/search/pending',
    call: (c) => orders.searchPendingOrders(c, { seller: SELLER_ID }),
  }),
  row({
    fn: 'orders.allOrders',
    method: 'GET',
    path: '/orders/search',
    call: (c) => all(orders.allOrders(c, { seller: SELLER_ID })),
  }),
  row({
    fn: 'orders.listNotes',
    method: 'GET',
    path: '/orders/*/notes',
    prepare: openPaidOrder,
    call: (c, order: number) => orders.listNotes(c, order),
  }),
  row({
    fn: 'orders.addNote',
    method: 'POST',
    path: '/orders/*/notes',
    prepare: openPaidOrder,
    call: (c, order: number) => orders.addNote(c, order, 'Retira el sábado'),
    count: async (h, order: number) => (await orders.listNotes(h.client, order)).length,
  }),
  row({
    fn: 'orders.updateNote',
    method: 'PUT',
    path: '/orders/*/notes/*',
    prepare: async (h) => {
      const order = await openPaidOrder(h);
      return { order, note: (await orders.addNote(h.client, order, 'Primera versión')).id };
    },
    call: (c, { order, note }: { order: number; note: string | number }) =>
      orders.updateNote(c, order, note, 'Segunda'),
  }),
  row({
    fn: 'orders.deleteNote',
    method: 'DELETE',
    path: '/orders/*/notes/*',
    prepare: async (h) => {
      const order = await openPaidOrder(h);
      return { order, note: (await orders.addNote(h.client, order, 'Para borrar')).id };
    },
    call: (c, { order, note }: { order: number; note: string | number }) => orders.deleteNote(c, order, note),
    empty: true,
  }),
  row({
    fn: 'orders.getFeedback',
    method: 'GET',
    path: '/orders/*/feedback',
    prepare: openPaidOrder,
    call: (c, order: number) => orders.getFeedback(c, order),
  }),
  ...[
    {
      fn: 'orders.sendFeedback',
      call: (c: MarketplaceClient, order: number) =>
        orders.sendFeedback(c, order, { fulfilled: true, rating: 'positive' }),
    },
    {
      fn: 'orders.confirmDelivery',
      call: (c: MarketplaceClient, order: number) => orders.confirmDelivery(c, order, { message: 'Entregado' }),
    },
    {
      fn: 'orders.returnReservation',
      call: (c: MarketplaceClient, order: number) => orders.returnReservation(c, order, { reason: 'buyer_regrets' }),
    },
  ].map(({ fn, call }) =>
    row({
      fn,
      method: 'POST',
      path: '/orders/*/feedback',
      prepare: openPaidOrder,
      call,
      count: async (h, order: number) => ((await orders.getFeedback(h.client, order)).sale ? 1 : 0),
    }),
  ),
  // size charts
  row({
    fn: 'sizeCharts.getMeasurements',
    method: 'GET',
    path: '/size_charts/measurements',
    call: (c) => sizeCharts.getMeasurements(c, 'MLA'),
  }),
  row({
    fn: 'sizeCharts.createSizeChart',
    method: 'POST',
    path: '/size_charts',
    call: (c) => sizeCharts.createSizeChart(c, SHIRTS),
    count: async (h) => (await sizeCharts.listSizeCharts(h.client)).length,
  }),
  row({
    fn: 'sizeCharts.updateSizeChart',
    method: 'PUT',
    path: '/size_charts/*',
    call: (c) => sizeCharts.updateSizeChart(c, SEEDED_CHART_IDS.shirts, { ...SHIRTS, name: 'Camisas 2026' }),
  }),
  row({
    fn: 'sizeCharts.setSizeChartItems',
    method: 'PUT',
    path: '/size_charts/*/items',
    call: (c) => sizeCharts.setSizeChartItems(c, SEEDED_CHART_IDS.shirts, [ITEM.TSHIRT_M, ITEM.TSHIRT_L]),
  }),
  row({
    fn: 'sizeCharts.getSizeChart',
    method: 'GET',
    path: '/size_charts/*',
    call: (c) => sizeCharts.getSizeChart(c, SEEDED_CHART_IDS.shirts),
  }),
  row({ fn: 'sizeCharts.listSizeCharts', method: 'GET', path: '/size_charts', call: sizeCharts.listSizeCharts }),
  row({
    fn: 'sizeCharts.getSizeChartItems',
    method: 'GET',
    path: '/size_charts/*/items',
    call: (c) => sizeCharts.getSizeChartItems(c, SEEDED_CHART_IDS.shirts),
  }),
  row({
    fn: 'sizeCharts.getAllChartItems',
    method: 'GET',
    path: '/size_charts/*/items',
    call: (c) => sizeCharts.getAllChartItems(c, SEEDED_CHART_IDS.shirts),
  }),
  row({
    fn: 'sizeCharts.loadChartItemsChange',
    method: 'GET',
    path: '/size_charts/*/items',
    call: (c) => sizeCharts.loadChartItemsChange(c, SEEDED_CHART_IDS.shirts, []),
  }),
  row({
    fn: 'sizeCharts.deleteSizeChart',
    method: 'DELETE',
    path: '/size_charts/*',
    call: (c) => sizeCharts.deleteSizeChart(c, SEEDED_CHART_IDS.trousers),
    empty: true,
  }),
  // shipping
  row({
    fn: 'shipping.getSiteShippingOptions',
    method: 'GET',
    path: '/sites/*/shipping_options',
    call: (c) =>
      shipping.getSiteShippingOptions(c, 'MLB', {
        zipCodeFrom: '01310100',
        zipCodeTo: '20040002',
        dimensions: PACKAGE,
      }),
  }),
  row({
    fn: 'shipping.getSiteShippingOptionsByCity',
    method: 'GET',
    path: '/sites/*/shipping_options',
    call: (c) =>
      shipping.getSiteShippingOptionsByCity(c, 'MCO', {
        cityFrom: mco.bogota,
        cityTo: [mco.medellin],
        dimensions: PACKAGE,
      }),
  }),
  row({
    fn: 'shipping.getUserShippingOptions',
    method: 'GET',
    path: '/users/*/shipping_options',
    call: (c) => shipping.getUserShippingOptions(c, MLB_SELLER_ID, { zipCode: '20040002', dimensions: PACKAGE }),
  }),
  row({
    fn: 'shipping.getUserShippingOptionsByCity',
    method: 'GET',
    path: '/users/*/shipping_options',
    call: (c) =>
      shipping.getUserShippingOptionsByCity(c, MCO_SELLER_ID, { cityTo: [mco.medellin], dimensions: PACKAGE }),
  }),
  row({
    fn: 'shipping.getItemShippingOptions',
    method: 'GET',
    path: '/items/*/shipping_options',
    call: (c) => shipping.getItemShippingOptions(c, ITEM.PHONE_FULFILLMENT, { zipCode: '5000' }),
  }),
  row({
    fn: 'shipping.getLeadTime',
    method: 'GET',
    path: '/shipments/*/lead_time',
    call: (c) => shipping.getLeadTime(c, SEEDED_SHIPMENT_IDS.knownFrame),
  }),
  // advertising
  row({
    fn: 'advertising.getAdvertisers',
    method: 'GET',
    path: '/advertising/advertisers',
    call: (c) => advertising.getAdvertisers(c, { productId: 'DISPLAY' }),
  }),
  row({
    fn: 'advertising.getCampaigns',
    method: 'GET',
    path: '/advertising/advertisers/*/display/campaigns',
    call: (c) => advertising.getCampaigns(c, SEEDED_ADVERTISER_IDS.mla),
  }),
  row({
    fn: 'advertising.getCampaignMetrics',
    method: 'GET',
    path: '/advertising/advertisers/*/display/campaigns/*/metrics',
    call: (c) =>
      advertising.getCampaignMetrics(c, SEEDED_ADVERTISER_IDS.mla, SEEDED_CAMPAIGN_IDS.guaranteedLaunch, {
        dateFrom: '2026-02-20',
        dateTo: '2026-03-01',
      }),
  }),
  // users
  row({ fn: 'users.getMe', method: 'GET', path: '/users/me', call: (c) => users.getMe(c) }),
  row({ fn: 'users.getUser', method: 'GET', path: '/users/*', call: (c) => users.getUser(c, SECOND_USER_ID) }),
  // notifications
  row({
    fn: 'notifications.getMissedFeeds',
    method: 'GET',
    path: '/missed_feeds',
    call: (c) => notifications.getMissedFeeds(c, { appId: APP_ID }),
  }),
  row({
    fn: 'notifications.getNotifiedResource',
    method: 'GET',
    path: '/items/*',
    call: (c) => notifications.getNotifiedResource(c, `/items/${ITEM.APARTMENT_SALE}?attributes=id,price`),
  }),
  // payments
  row({ fn: 'payments.getPayments', method: 'GET', path: '/payments', call: (c) => payments.getPayments(c) }),
  row({
    fn: 'payments.getCollection',
    method: 'GET',
    path: '/collections/*',
    prepare: async (h) => {
      const order = await orders.getOrder(h.client, await openPaidOrder(h));
      const paid = order.payments?.find((payment) => payment.status === 'approved');
      assert.ok(paid, 'the paid order has an approved payment');
      return paid.id;
    },
    call: (c, id: number) => payments.getCollection(c, id),
  }),
  row({ fn: 'payments.getSite', method: 'GET', path: '/sites/*', call: (c) => payments.getSite(c, 'MLA') }),
  row({
    fn: 'payments.getListingTypes',
    method: 'GET',
    path: '/sites/*/listing_types',
    call: (c) => payments.getListingTypes(c, 'MLA'),
  }),
  row({
    fn: 'payments.getPaymentMethod',
    method: 'GET',
    path: '/payment_methods/*',
    call: (c) => payments.getPaymentMethod(c, 'visa'),
  }),
  // blacklist
  row({
    fn: 'blacklist.getBlacklist',
    method: 'GET',
    path: '/users/*/order_blacklist',
    call: (c) => blacklist.getBlacklist(c, SELLER_ID),
  }),
  row({
    fn: 'blacklist.addToBlacklist',
    method: 'POST',
    path: '/users/*/order_blacklist',
    call: (c) => blacklist.addToBlacklist(c, SELLER_ID, SECOND_USER_ID),
    count: async (h) => (await blacklist.getBlacklist(h.client, SELLER_ID)).length,
  }),
  row({
    fn: 'blacklist.removeFromBlacklist',
    method: 'DELETE',
    path: '/users/*/order_blacklist/*',
    call: (c) => blacklist.removeFromBlacklist(c, SELLER_ID, SEEDED_BLACKLISTED_BUYER),
    empty: true,
  }),
  // oauth
  row({
    fn: 'oauth.exchangeCode',
    method: 'POST',
    path: '/oauth/token',
    prepare: authorizationCode,
    call: (c, code: string) =>
      oauth.exchangeCode(c, { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, code, redirectUri: REDIRECT }),
    spent: (h, code: string) => grantSpent(h, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT }),
  }),
  row({
    fn: 'oauth.refreshAccessToken',
    method: 'POST',
    path: '/oauth/token',
    prepare: async (h) => {
      const code = await authorizationCode(h);
      const token = await oauth.exchangeCode(h.client, {
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        code,
        redirectUri: REDIRECT,
      });
      assert.ok(token.refresh_token, 'the code exchange gave a refresh token');
      return token.refresh_token;
    },
    call: (c, refreshToken: string) =>
      oauth.refreshAccessToken(c, { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, refreshToken }),
    spent: (h, refreshToken: string) => grantSpent(h, { grant_type: 'refresh_token', refresh_token: refreshToken }),
  }),
];
