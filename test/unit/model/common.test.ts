import assert from 'node:assert/strict';
import { errorFromAnswer } from '../../../src/api/errors';
import { ErrorBody } from '../../../src/model/error';
import { MissedFeeds, Notification } from '../../../src/model/notification';
import { Me, OAuthToken } from '../../../src/model/user';
import { API_FACTS_ERRORS } from '../../fixtures/apiFactsErrors';

const ERRORS = {
  ...API_FACTS_ERRORS,
  sizeChart: {
    error: 'DUPLICATE_MEASUREMENT_VALIDATION',
    message: 'Duplicate measurement attributes',
    status: 400,
    errors: [{ code: 'DUPLICATE_MEASUREMENT', message: 'Measurement CHEST_CIRCUMFERENCE is duplicated' }],
  },
};

describe('model: error, user and notification bodies', () => {
  for (const [name, body] of Object.entries(ERRORS)) {
    it(`the ${name} error body parses`, () => {
      assert.ok(ErrorBody.safeParse(body).success);
    });
  }

  it('every error body becomes an ApiError with the API message and the next step visible', () => {
    const validation = errorFromAnswer('POST', '/items', 400, ERRORS.validation, null, undefined);
    assert.equal(validation.error, 'validation_error');
    assert.equal(validation.causes[0]?.code, 'item.attributes.missing_required');
    const grant = errorFromAnswer('POST', '/oauth/token', 400, ERRORS.invalidGrant, null, undefined);
    assert.match(grant.apiMessage, /already used/);
    const noToken = errorFromAnswer('GET', '/items/MLA1', 401, ERRORS.noToken, null, undefined);
    assert.equal(noToken.apiMessage, 'Invalid caller.id');
    const forbidden = errorFromAnswer('GET', '/x', 403, ERRORS.forbidden, null, undefined);
    assert.equal(forbidden.error, 'access_denied');
    const chart = errorFromAnswer('POST', '/size_charts', 400, ERRORS.sizeChart, null, undefined);
    assert.equal(chart.errors[0]?.code, 'DUPLICATE_MEASUREMENT');
    const tooMany = errorFromAnswer('GET', '/x', 429, ERRORS.tooMany, '7', undefined);
    assert.equal(tooMany.retryAfterSeconds, 7);
    const html = errorFromAnswer('GET', '/x', 502, '<html>Bad gateway</html>', null, undefined);
    assert.match(html.apiMessage, /Bad gateway/);
    assert.equal(html.error, 'http_502');
  });

  it('the notification example parses', () => {
    const example = {
      _id: 'f9f08571-1f65-4c46-9e0a-c0f43faac1c6',
      resource: '/orders/2195160686',
      user_id: 468424240,
      topic: 'orders_v2',
      application_id: 5503910054141466,
      attempts: 1,
      sent: '2019-10-30T16:19:20.129Z',
      received: '2019-10-30T16:19:20.106Z',
    };
    assert.equal(Notification.parse(example).resource, '/orders/2195160686');
    const feeds = MissedFeeds.parse({
      messages: [
        {
          ...example,
          request: { url: 'https://x', headers: {}, data: {} },
          response: { req_time: 30, http_code: 500, body: '', headers: {} },
        },
      ],
    });
    assert.equal(feeds.messages[0]?.response?.http_code, 500);
  });

  it('the OAuth answer and /users/me example parse; user ids past 32 bits stay exact', () => {
    const token = OAuthToken.parse({
      access_token: 'APP_USR-example',
      token_type: 'bearer',
      expires_in: 21600,
      scope: 'offline_access read write',
      user_id: 5503910054,
      refresh_token: 'TG-example',
    });
    assert.equal(token.user_id, 5503910054);
    const me = Me.parse({
      id: 5503910054,
      nickname: 'X',
      site_id: 'MLA',
      country_id: 'AR',
      email: 'x@y',
      seller_reputation: {},
      status: {},
      extra: 1,
    });
    assert.equal((me as Record<string, unknown>).extra, 1);
  });
});
