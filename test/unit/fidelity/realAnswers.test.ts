import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as z from 'zod';
import { getAdvertisers, getCampaignMetrics, getCampaigns } from '../../../src/api/advertising';
import { MarketplaceClient } from '../../../src/api/client';
import { ApiError } from '../../../src/api/errors';
import { createItem, getCategorySaleTerms, getItem, getItems, searchSellerItems } from '../../../src/api/items';
import { getMissedFeeds } from '../../../src/api/notifications';
import { refreshAccessToken } from '../../../src/api/oauth';
import { getOrder, searchOrders } from '../../../src/api/orders';
import { getListingTypes } from '../../../src/api/payments';
import { getItemShippingOptions, getLeadTime, getUserShippingOptions } from '../../../src/api/shipping';
import { getMeasurements } from '../../../src/api/sizeCharts';
import { getMe } from '../../../src/api/users';
import { parseJsonKeepingBigIds } from '../../../src/model/bigIds';
import { TrimmedItem, Variation } from '../../../src/model/item';
import { Notification } from '../../../src/model/notification';
import { realCorpus } from './corpus';

type Call = (client: MarketplaceClient) => Promise<unknown>;

/**
 * How each real answer reaches the extension: the client function that reads it. The answer is served as it was
 * published, by a server on loopback, so the client parses exactly those bytes.
 */
const CALLS: Record<string, Call> = {
  'answers/item-get-mla1136716168-gold-pro-variations.json': (client) => getItem(client, 'MLA1136716168'),
  'answers/item-get-mla612001263-vehicle-classified.json': (client) => getItem(client, 'MLA612001263'),
  'answers/item-get-mla123789456-catalog-eligible-free-used.json': (client) => getItem(client, 'MLA123789456'),
  'answers/item-create-answer-mla880314064-gold-special.json': (client) => createItem(client, {} as never),
  'answers/item-create-answer-mlb1548991737-immediate-payment.json': (client) => createItem(client, {} as never),
  'answers/item-create-answer-mla657381404-variations.json': (client) => createItem(client, {} as never),
  'answers/item-create-answer-mla811894603-catalog-listing.json': (client) => createItem(client, {} as never),
  'answers/item-get-mlm1881484643-catalog-boost.json': (client) => getItem(client, 'MLM1881484643'),
  'answers/items-multiget-attributes.json': (client) =>
    getItems(client, ['MLA1', 'MLA2'], { attributes: ['id', 'price', 'category_id', 'title'] }),
  'answers/user-items-search.json': (client) => searchSellerItems(client, 1, {}),
  'answers/orders-search-seller-mla.json': (client) => searchOrders(client, { seller: 1 }),
  'answers/order-get-mlu-legacy.json': (client) => getOrder(client, 1),
  'answers/categories-mla1577-sale-terms.json': (client) => getCategorySaleTerms(client, 'MLA1577'),
  'answers/sites-mla-listing-types.json': (client) => getListingTypes(client, 'MLA'),
  'answers/marketplace-sites-mlb-listing-types.json': (client) => getListingTypes(client, 'MLB'),
  'answers/users-me-mla-real-estate-agency.json': (client) => getMe(client),
  'answers/size-charts-measurements-mla.json': (client) => getMeasurements(client, 'MLA'),
  'answers/item-shipping-options-mla-zip.json': (client) => getItemShippingOptions(client, 'MLA1', { zipCode: '1675' }),
  'answers/user-shipping-options-mlb-zip-legacy.json': (client) =>
    getUserShippingOptions(client, 1, { zipCode: '13565905', dimensions: '10x10x20,500' }),
  'answers/shipment-lead-time-schema.json': (client) => getLeadTime(client, 1),
  'answers/advertising-advertisers-display.json': (client) => getAdvertisers(client, { productId: 'DISPLAY' }),
  'answers/advertising-display-campaigns.json': (client) => getCampaigns(client, 1),
  'answers/advertising-display-campaign-metrics.json': (client) =>
    getCampaignMetrics(client, 1, 1, { dateFrom: '2024-01-01', dateTo: '2024-01-31' }),
  'answers/missed-feeds.json': (client) => getMissedFeeds(client, { appId: 1 }),
  'answers/oauth-token-refresh.json': (client) =>
    refreshAccessToken(client, { clientId: 'x', clientSecret: 'y', refreshToken: 'TG-x' }),
  // Errors: any call meets them; what matters is what the ApiError keeps.
  'answers/error-400-validation-missing-required.json': (client) => createItem(client, {} as never),
  'answers/error-400-body-invalid-fields-swapped.json': (client) => createItem(client, {} as never),
  'answers/error-400-invalid-field-types-validate.json': (client) => createItem(client, {} as never),
  'answers/error-401-unauthorized.json': (client) => getMe(client),
  'answers/error-403-forbidden.json': (client) => getMe(client),
  'answers/error-404-resource-not-found.json': (client) => getItem(client, 'MLA1'),
  'answers/error-429-too-many-requests.json': (client) => getMe(client),
  'answers/error-oauth-invalid-grant.json': (client) =>
    refreshAccessToken(client, { clientId: 'x', clientSecret: 'y', refreshToken: 'TG-x' }),
};

/**
 * Answers the client has no call for, read with the model a reader would use: the variations of an item
 * (`GET /items/{id}/variations`, and `GET /items/{id}?attributes=variations` trimmed to them).
 */
const MODEL_READS: Record<string, z.ZodType> = {
  'answers/item-variations-mla658778048.json': z.array(Variation),
  'answers/item-variations-attribute-selection-real-estate-mlc.json': TrimmedItem,
};

/**
 * Error answers of resources the client does not call (leads, brand ads, claims…): an error body is read the same
 * way whatever the call, so any call meets them; what matters is what the ApiError keeps.
 */
const anyCall: Call = (client) => getItem(client, 'MLA1');

/** The API's own words in an error body, wherever it put them (an empty `error` wraps the JSON of the real body). */
function wordsOf(body: Record<string, unknown>): string[] {
  const inner =
    body.error === '' && typeof body.message === 'string' && body.message.startsWith('{')
      ? wordsOf(JSON.parse(body.message) as Record<string, unknown>)
      : [];
  const fields = ['message', 'error_description', 'description', 'display_message', 'error'];
  const words = fields
    .map((field) => body[field])
    .filter((text): text is string => typeof text === 'string' && text !== '');
  return inner.length ? inner : words;
}

/** A text as every ApiError shows it: with anything that looks like a secret scrubbed (`access_token: token`). */
const asErrorsShowIt = (text: string) =>
  new ApiError({ kind: 'http', method: 'GET', path: '/', message: text }).apiMessage;

/** Answers of resources outside the spec (pack notes), kept in the corpus as found. */
const OUTSIDE_THE_SPEC = ['answers/pack-note-create.json', 'answers/pack-notes-search.json'];

/** Push notifications reach a receiver, not the client: the model every receiver reads them with must take them. */
const isNotification = (file: string) => file.startsWith('answers/notification-');

describe('real answers of the marketplace API: the client reads every one', () => {
  const answers = realCorpus().filter((entry) => entry.kind === 'answer');
  let server: Server;
  let serving: { status: number; body: string } = { status: 200, body: '{}' };
  let client: MarketplaceClient;

  before(async () => {
    server = createServer((request, response) => {
      request.resume();
      request.on('end', () =>
        response.writeHead(serving.status, { 'content-type': 'application/json' }).end(serving.body),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    client = new MarketplaceClient({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      token: () => 'APP_USR-test',
      retryLimit: 0,
      timeoutMs: 5000,
    });
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('holds at least 20 real answers, each with a recorded source, and a reader for each', () => {
    assert.ok(answers.length >= 20, `${answers.length} answers`);
    for (const entry of answers) {
      assert.ok(entry.source.length > 10, `${entry.file} has no source`);
      const read =
        CALLS[entry.file] ??
        MODEL_READS[entry.file] ??
        ((entry.status ?? 200) >= 400 || isNotification(entry.file) || OUTSIDE_THE_SPEC.includes(entry.file));
      assert.ok(read, `${entry.file}: no client call reads it`);
    }
  });

  for (const entry of answers) {
    if (OUTSIDE_THE_SPEC.includes(entry.file)) continue;
    if (isNotification(entry.file)) {
      it(`${entry.file}: the notification model takes it as it came, read as the receiver reads it`, () => {
        const parsed = Notification.safeParse(parseJsonKeepingBigIds(entry.text));
        assert.ok(parsed.success, parsed.error?.message);
        // An id past 2^53 keeps every digit it was sent with.
        const sent = /"application_id":\s*(\d+)/.exec(entry.text)?.[1];
        if (sent) assert.equal(String(parsed.data.application_id), sent);
      });
      continue;
    }
    const model = MODEL_READS[entry.file];
    if (model) {
      it(`${entry.file}: the model a reader uses takes it`, () => {
        const parsed = model.safeParse(entry.body);
        assert.ok(parsed.success, parsed.error?.message);
      });
      continue;
    }
    it(`${entry.file}: ${entry.status && entry.status >= 400 ? 'the error keeps the API’s words' : 'parsed'}`, async () => {
      serving = { status: entry.status ?? 200, body: entry.text };
      const call = CALLS[entry.file] ?? ((entry.status ?? 200) >= 400 ? anyCall : undefined);
      assert.ok(call, `${entry.file}: no client call reads it`);
      if ((entry.status ?? 200) < 400) {
        const value = await call(client);
        assert.ok(value !== undefined);
        return;
      }
      const error = await call(client).then(
        () => assert.fail('an error answer must fail the call'),
        (failure: unknown) => failure,
      );
      assert.ok(error instanceof ApiError, String(error));
      assert.equal(error.kind, 'http');
      assert.equal(error.status, entry.status);
      const body = entry.body as Record<string, unknown>;
      const words = wordsOf(body);
      assert.ok(words.length, `${entry.file} holds no words`);
      assert.ok(
        words.map(asErrorsShowIt).every((text) => error.apiMessage.includes(text) || error.error === text),
        `${error.apiMessage} / ${error.error} does not keep all of ${words.join(' | ')}`,
      );
      assert.ok(!error.message.includes('no error body'), error.message);
      const code = body.error_code ?? body.code;
      if (typeof code === 'string')
        assert.ok([error.error, error.apiCode].includes(code), `code ${code}: ${error.message}`);
      if (Array.isArray(body.cause)) {
        assert.equal(error.causes.length, body.cause.length, 'every cause is kept');
        for (const cause of error.causes) assert.ok(cause.message, `a cause without words: ${JSON.stringify(cause)}`);
      }
    });
  }
});
