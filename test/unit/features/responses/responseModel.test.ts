import assert from 'node:assert/strict';
import type { ExchangeRecord } from '../../../../src/api/client';
import { ApiError } from '../../../../src/api/errors';
import { bodyText, statusText, toResponseModel } from '../../../../src/features/responses/responseModel';
import { nextStep } from '../../../../src/platform/nextStep';
import { apiFailure } from '../../support/apiFailure';
import { useSandbox } from '../../support/sandbox';

const when = new Date('2026-01-01T12:00:00.000Z');

function record(overrides: Partial<ExchangeRecord> = {}): ExchangeRecord {
  return {
    method: 'GET',
    path: '/items/MLA1',
    baseUrl: 'http://127.0.0.1:1234',
    requestBody: undefined,
    status: 200,
    durationMs: 42.4,
    responseHeaders: { 'content-type': 'application/json' },
    responseBody: { id: 'MLA1', price: 10 },
    sizeBytes: 25,
    ...overrides,
  };
}

describe('toResponseModel', () => {
  it('maps a successful exchange record', () => {
    const model = toResponseModel(record(), { when });
    assert.deepEqual(JSON.parse(JSON.stringify(model)), {
      method: 'GET',
      path: '/items/MLA1',
      baseUrl: 'http://127.0.0.1:1234',
      status: 200,
      statusText: 'OK',
      durationMs: 42.4,
      sizeBytes: 25,
      headers: { 'content-type': 'application/json' },
      body: { id: 'MLA1', price: 10 },
      when: '2026-01-01T12:00:00.000Z',
    });
  });

  it('reads the API error of a record with an error status', () => {
    const model = toResponseModel(
      record({
        status: 400,
        responseBody: {
          message: 'Validation error',
          error: 'validation_error',
          status: 400,
          cause: [{ code: 'item.title.length', message: 'Title too long', type: 'error', references: ['item.title'] }],
        },
      }),
      { when },
    );
    assert.equal(model.statusText, 'Bad Request');
    assert.deepEqual(model.error, {
      error: 'validation_error',
      message: 'Validation error',
      causes: [{ code: 'item.title.length', message: 'Title too long', type: 'error', references: ['item.title'] }],
      errors: [],
      next: nextStep({ status: 400 }),
    });
    assert.match(model.error?.next ?? '', /^Correct what the message and its causes name/);
  });

  it('maps an ApiError with its causes and errors, and the record when given', () => {
    const error = new ApiError({
      kind: 'http',
      method: 'POST',
      path: '/catalog/charts',
      status: 400,
      error: 'bad_request',
      message: 'Invalid size chart',
      causes: [{ code: 1, message: 'Duplicated measurement' }],
      errors: [{ code: 'DUPLICATED_ROW', message: 'Row 2 repeats row 1' }],
      body: { message: 'Invalid size chart' },
    });
    const model = toResponseModel(error, { when, baseUrl: 'https://api.example.com' });
    assert.equal(model.baseUrl, 'https://api.example.com');
    assert.equal(model.status, 400);
    assert.equal(model.durationMs, undefined);
    assert.equal(model.sizeBytes, JSON.stringify({ message: 'Invalid size chart' }).length);
    assert.deepEqual(model.error, {
      error: 'bad_request',
      message: 'Invalid size chart',
      causes: [{ code: 1, message: 'Duplicated measurement', references: [] }],
      errors: [{ code: 'DUPLICATED_ROW', message: 'Row 2 repeats row 1' }],
      next: nextStep({ status: 400 }),
    });
    const withRecord = toResponseModel(error, { when, record: record({ status: 400, durationMs: 7 }) });
    assert.equal(withRecord.durationMs, 7);
    assert.deepEqual(withRecord.headers, { 'content-type': 'application/json' });
  });

  it('the next step fits where the request came from: only a payload file’s send speaks of its Problems', () => {
    const refused = record({ status: 400, responseBody: { message: 'Bad', error: 'bad_request', status: 400 } });
    assert.match(toResponseModel(refused, { when, surface: 'payloadFile' }).error?.next ?? '', /Problems/);
    const replayed = toResponseModel(refused, { when }).error?.next ?? '';
    assert.doesNotMatch(replayed, /payload file|Problems/);
    const error = new ApiError({ kind: 'http', method: 'POST', path: '/items', status: 400, message: 'Bad' });
    assert.match(toResponseModel(error, { when, surface: 'payloadFile' }).error?.next ?? '', /Problems/);
    assert.doesNotMatch(toResponseModel(error, { when }).error?.next ?? '', /Problems/);
  });

  it('says what happened when no answer arrived', () => {
    const error = new ApiError({ kind: 'timeout', method: 'GET', path: '/users/me', message: 'Too slow' });
    const model = toResponseModel(error, { when });
    assert.equal(model.status, 0);
    assert.equal(model.statusText, 'No answer (timed out)');
    assert.equal(model.body, undefined);
    assert.equal(model.sizeBytes, undefined);
    assert.equal(model.error?.next, 'Try again, or raise marketplace.requests.timeoutSeconds.');
    assert.equal(statusText(0, 'network'), 'No answer (network error)');
    assert.equal(statusText(599), 'HTTP 599');
  });

  it('bodyText pretty-prints the body for copying and the JSON document', () => {
    assert.equal(bodyText({ body: { a: [1] } }), '{\n  "a": [\n    1\n  ]\n}');
    assert.equal(bodyText({ body: 'plain' }), 'plain');
    assert.equal(bodyText({ body: null }), 'null');
    assert.equal(bodyText({}), '');
  });

  describe('against the sandbox', () => {
    const h = useSandbox();

    it('maps a successful exchange as the client records it', async () => {
      const records: ExchangeRecord[] = [];
      const client = h.clientWith({ onExchange: (exchange) => records.push(exchange) });
      await client.get('/users/me');
      const model = toResponseModel(records[0]!, { when });
      assert.equal(model.status, 200);
      assert.equal(model.statusText, 'OK');
      assert.equal(model.baseUrl, h.url);
      assert.match(model.headers['content-type'] ?? '', /application\/json/);
      assert.ok((model.sizeBytes ?? 0) > 0);
      assert.equal(model.error, undefined);
      assert.equal(JSON.stringify(model).includes(h.token), false, 'the token never reaches the view');
    });

    it('maps a validation failure with each cause and its references', async () => {
      const failure = await apiFailure(h.client.post('/items/validate', { json: { title: 'Celular!!' } }));
      const model = toResponseModel(failure, { when, baseUrl: h.url });
      assert.equal(model.status, 400);
      assert.equal(model.statusText, 'Bad Request');
      assert.equal(model.error?.error, 'validation_error');
      assert.ok(model.error && model.error.causes.length > 0);
      for (const cause of model.error.causes) {
        assert.ok(cause.code, 'every cause has its code');
        assert.ok(cause.message, 'every cause has its message');
        assert.ok(Array.isArray(cause.references));
      }
    });

    it('maps a missing resource', async () => {
      const failure = await apiFailure(h.client.get('/items/MLA9999999999'));
      const model = toResponseModel(failure, { when, baseUrl: h.url });
      assert.equal(model.status, 404);
      assert.equal(model.statusText, 'Not Found');
      assert.ok(model.error?.message);
    });
  });
});
