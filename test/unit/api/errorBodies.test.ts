import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ExchangeRecord, MarketplaceClient } from '../../../src/api/client';
import { toResponseModel } from '../../../src/features/responses/responseModel';
import { describeError } from '../../../src/platform/errorText';
import { API_FACTS_ERRORS } from '../../fixtures/apiFactsErrors';
import { apiFailure } from '../support/apiFailure';

const TOKEN = 'APP_USR-test-secret-token';

/** What the local API answers on a path: a status, a body (JSON value, or raw text) and headers. */
interface Canned {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

// Bodies of api-facts.md ("Error bodies", "Users and OAuth") and the real 403 seen in the field.
const FACTS = {
  ...API_FACTS_ERRORS,
  invalidScopes: { status: 403, error: 'Invalid scopes', code: 'FORBIDDEN' },
  // The validation example with a cause of type warning, as the API adds advice to a refusal.
  validation: {
    ...API_FACTS_ERRORS.validation,
    cause: [
      ...API_FACTS_ERRORS.validation.cause,
      {
        department: 'items',
        cause_id: 376,
        type: 'warning',
        code: 'item.price.not_modifiable',
        references: ['item.price'],
        message: 'The price cannot be modified while the item has a promotion.',
      },
    ],
  },
};

describe('error bodies are read field by field, through the real client', () => {
  const canned = new Map<string, Canned>();
  let url = '';
  const server = createServer((request, response) => {
    const answer = canned.get(request.url ?? '') ?? { status: 500, body: 'no canned answer' };
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    const type = typeof answer.body === 'string' ? 'text/plain' : 'application/json';
    response.writeHead(answer.status, { 'content-type': type, ...answer.headers }).end(text);
  });
  before(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => server.close());
  beforeEach(() => canned.clear());

  const records: ExchangeRecord[] = [];
  const client = () =>
    new MarketplaceClient({
      baseUrl: url,
      token: () => TOKEN,
      retryLimit: 0,
      onExchange: (exchange) => records.push(exchange),
    });

  /** The ApiError the client throws for a canned answer on a fresh path. */
  async function failWith(status: number, body: unknown, headers?: Record<string, string>) {
    const path = `/answer/${canned.size + 1}`;
    canned.set(path, { status, body, headers });
    records.length = 0;
    const error = await apiFailure(client().get(path));
    return { error, record: records.at(-1) };
  }

  describe('the bodies api-facts documents', () => {
    it('401 invalid_token: message and error, sign in again', async () => {
      const { error } = await failWith(401, FACTS.invalidToken);
      assert.equal(error.apiMessage, 'invalid_token');
      assert.equal(error.error, 'not_found');
      assert.equal(error.apiCode, undefined);
      assert.equal(
        describeError(error),
        'invalid_token (401 not_found) — Your session is no longer valid: sign in again.',
      );
    });

    it('401 without a token: the numeric code is kept but not repeated next to the status', async () => {
      const { error } = await failWith(401, FACTS.noToken);
      assert.equal(error.apiMessage, 'Invalid caller.id');
      assert.equal(error.error, 'unauthorized_request_error');
      assert.equal(error.apiCode, '401');
      assert.deepEqual(error.causes, []);
      assert.match(describeError(error), /^Invalid caller\.id \(401 unauthorized_request_error\) — /);
    });

    it('403 keeps code FORBIDDEN and shows it', async () => {
      const { error, record } = await failWith(403, FACTS.forbidden);
      assert.equal(error.apiCode, 'FORBIDDEN');
      assert.equal(error.error, 'access_denied');
      assert.equal(error.apiMessage, 'access to the requested resource is forbidden');
      assert.match(error.message, /\(403 access_denied, code FORBIDDEN\)/);
      assert.equal(
        describeError(error),
        'access to the requested resource is forbidden (403 access_denied, code FORBIDDEN) — This account may not access that resource.',
      );
      const model = toResponseModel(error, { record });
      assert.equal(model.error?.code, 'FORBIDDEN');
      assert.equal(model.error?.error, 'access_denied');
      assert.equal(toResponseModel(record!).error?.code, 'FORBIDDEN', 'the record alone shows the code too');
    });

    it('403 without a message: the user sees the API’s own words and the code', async () => {
      const { error, record } = await failWith(403, FACTS.invalidScopes);
      assert.equal(error.apiMessage, 'Invalid scopes');
      assert.equal(error.apiCode, 'FORBIDDEN');
      assert.equal(
        describeError(error),
        'Invalid scopes (403, code FORBIDDEN) — This account may not access that resource.',
      );
      for (const model of [toResponseModel(error, { record }), toResponseModel(record!)]) {
        assert.equal(model.error?.message, 'Invalid scopes');
        assert.equal(model.error?.code, 'FORBIDDEN');
      }
    });

    it('404 and 429 (with Retry-After)', async () => {
      const missing = (await failWith(404, FACTS.notFound)).error;
      assert.equal(missing.apiMessage, 'Resource not found');
      assert.equal(missing.error, 'business_logic_error');
      const slow = (await failWith(429, FACTS.tooMany, { 'retry-after': '7' })).error;
      assert.equal(slow.apiMessage, 'Too Many Requests');
      assert.equal(slow.retryAfterSeconds, 7);
      assert.match(describeError(slow), /retry after 7 s/);
    });

    it('validation_error keeps every cause, warnings included', async () => {
      const { error, record } = await failWith(400, FACTS.validation);
      assert.equal(error.apiMessage, 'Validation error');
      assert.deepEqual(
        error.causes.map((cause) => [cause.code, cause.type, cause.cause_id, cause.references, cause.department]),
        [
          ['item.attributes.missing_required', 'error', 147, ['item.attributes'], 'items'],
          ['item.price.not_modifiable', 'warning', 376, ['item.price'], 'items'],
        ],
      );
      assert.match(describeError(error), /MLA3530\. warning: The price cannot be modified/);
      const model = toResponseModel(error, { record });
      assert.deepEqual(
        model.error?.causes.map((cause) => cause.type),
        ['error', 'warning'],
      );
    });

    it('OAuth invalid_grant: the error_description is the message, and the next step is to sign in again', async () => {
      const { error, record } = await failWith(400, FACTS.invalidGrant);
      assert.match(error.apiMessage, /expired or it was already used$/);
      assert.equal(error.error, 'invalid_grant');
      assert.match(describeError(error), /sign in again\.$/);
      assert.match(toResponseModel(record!).error?.next ?? '', /sign in again/);
    });
  });

  describe('bodies that stray from the documented shape', () => {
    it('a cause_id, references and status sent as text lose nothing', async () => {
      const { error } = await failWith(400, {
        message: 'Validation error',
        error: 'validation_error',
        status: '400',
        cause: [{ cause_id: '147', code: 'item.title.length', references: 'item.title', message: 'Title too long' }],
      });
      assert.equal(error.apiMessage, 'Validation error');
      assert.equal(error.error, 'validation_error');
      assert.deepEqual(error.causes, [
        { cause_id: 147, code: 'item.title.length', references: ['item.title'], message: 'Title too long' },
      ]);
    });

    it('a cause_id that is no number is kept as text', async () => {
      const { error } = await failWith(400, { message: 'Bad', cause: [{ cause_id: 'A-7', message: 'x' }] });
      assert.equal(error.causes[0]?.cause_id, 'A-7');
    });

    it('a single cause object is a one-element list; causes that are text are messages', async () => {
      const single = (await failWith(400, { message: 'Bad', cause: { code: 'item.price.invalid', message: 'No' } }))
        .error;
      assert.deepEqual(single.causes, [{ code: 'item.price.invalid', message: 'No' }]);
      const texts = (await failWith(400, { message: 'Bad', cause: ['First problem', 'Second problem', null] })).error;
      assert.deepEqual(texts.causes, [{ message: 'First problem' }, { message: 'Second problem' }]);
      const text = (await failWith(400, { message: 'Bad', cause: 'Only problem' })).error;
      assert.deepEqual(text.causes, [{ message: 'Only problem' }]);
      assert.equal(describeError(texts).split(' — ')[1], 'First problem. Second problem.');
    });

    it('an errors[] entry without code keeps its message; one without message keeps its code', async () => {
      const { error, record } = await failWith(400, {
        error: 'DUPLICATE_MEASUREMENT_VALIDATION',
        message: 'Duplicate measurement attributes',
        status: 400,
        errors: [{ message: 'Measurement WAIST is duplicated' }, { code: 'DUPLICATE_MEASUREMENT' }, 42],
      });
      assert.equal(error.apiMessage, 'Duplicate measurement attributes');
      assert.deepEqual(error.errors, [
        { message: 'Measurement WAIST is duplicated' },
        { code: 'DUPLICATE_MEASUREMENT', message: '' },
        { message: '42' },
      ]);
      assert.match(describeError(error), /Measurement WAIST is duplicated\. DUPLICATE_MEASUREMENT\. 42\./);
      assert.deepEqual(toResponseModel(record!).error?.errors, [
        { message: 'Measurement WAIST is duplicated' },
        { code: 'DUPLICATE_MEASUREMENT', message: '' },
        { message: '42' },
      ]);
    });

    it('fields of the wrong type are skipped one by one; unknown fields stay in the body', async () => {
      const { error } = await failWith(422, {
        message: { text: 'not a string' },
        error: 'unprocessable',
        code: 7,
        status: 'unprocessable',
        request_id: 'r-1',
        cause: [{ code: 'x.y', message: 'Kept', references: [1, 'a', { b: 2 }] }],
      });
      assert.equal(error.status, 422, 'the HTTP status stays');
      assert.equal(error.apiMessage, 'unprocessable');
      assert.equal(error.apiCode, '7');
      assert.deepEqual(error.causes, [{ code: 'x.y', message: 'Kept', references: ['1', 'a'] }]);
      assert.equal((error.body as { request_id: string }).request_id, 'r-1');
    });

    it('a body that is not JSON is shown as text; an empty one says so', async () => {
      const html = (await failWith(502, '<html>Bad gateway</html>')).error;
      assert.equal(html.apiMessage, '<html>Bad gateway</html>');
      assert.equal(html.error, 'http_502');
      const empty = (await failWith(400, '')).error;
      assert.equal(empty.apiMessage, 'HTTP 400 with no error body');
    });

    it('the token never survives in any field read, nor in the body kept', async () => {
      const { error } = await failWith(400, {
        message: `token ${TOKEN} is bad`,
        error: 'bad',
        code: `C-${TOKEN}`,
        cause: [{ code: 'c', message: `Bearer ${TOKEN}`, references: [TOKEN] }, `loose ${TOKEN}`],
        errors: [{ message: TOKEN }],
        echo: { token: TOKEN },
      });
      assert.equal(error.apiMessage, 'token «token» is bad');
      const everything = JSON.stringify({ ...error, message: error.message, body: error.body });
      assert.ok(!everything.includes(TOKEN), everything);
      assert.equal(error.causes.length, 2);
      assert.ok(!describeError(error).includes(TOKEN));
      assert.ok(!JSON.stringify(toResponseModel(error)).includes(TOKEN));
    });
  });
});
