import assert from 'node:assert/strict';
import { ResponseHostMessage, ResponseModel, ResponseViewMessage } from '../../../../src/model/protocols/response';

const minimal = {
  method: 'GET',
  path: '/items/MLA1',
  baseUrl: 'http://127.0.0.1:1234',
  status: 200,
  statusText: 'OK',
  when: '2026-01-01T00:00:00.000Z',
};

describe('response view protocol', () => {
  it('fills the defaults of a minimal response model', () => {
    const model = ResponseModel.parse(minimal);
    assert.deepEqual(model.headers, {});
    assert.equal(model.body, undefined);
    assert.equal(model.error, undefined);
  });

  it('accepts any JSON body and an error with causes and errors', () => {
    const model = ResponseModel.parse({
      ...minimal,
      status: 400,
      statusText: 'Bad Request',
      durationMs: 12.5,
      sizeBytes: 120,
      headers: { 'content-type': 'application/json' },
      body: [1, 'two', { three: null }],
      error: {
        error: 'validation_error',
        message: 'Validation error',
        causes: [{ code: 'item.price.invalid', message: 'Price is required', type: 'error' }],
        errors: [{ code: 'DUPLICATED', message: 'Duplicated size' }],
      },
    });
    assert.deepEqual(model.error?.causes[0]?.references, []);
    assert.equal(model.error?.errors[0]?.code, 'DUPLICATED');
  });

  it('rejects a response model with a wrong shape', () => {
    assert.equal(ResponseModel.safeParse({ ...minimal, status: -1 }).success, false);
    assert.equal(ResponseModel.safeParse({ ...minimal, status: '200' }).success, false);
    assert.equal(ResponseModel.safeParse({ ...minimal, headers: { a: 1 } }).success, false);
    assert.equal(ResponseModel.safeParse({ ...minimal, error: { error: 'x' } }).success, false);
    const { when: _, ...noWhen } = minimal;
    assert.equal(ResponseModel.safeParse(noWhen).success, false);
  });

  it('host messages: only `show` with a valid response', () => {
    assert.ok(ResponseHostMessage.safeParse({ type: 'show', response: minimal }).success);
    assert.equal(ResponseHostMessage.safeParse({ type: 'show' }).success, false);
    assert.equal(ResponseHostMessage.safeParse({ type: 'ready' }).success, false);
  });

  it('webview messages: ready, copyBody, openAsDocument, copyAsCurl; nothing else', () => {
    for (const type of ['ready', 'copyBody', 'openAsDocument', 'copyAsCurl'])
      assert.ok(ResponseViewMessage.safeParse({ type }).success, type);
    for (const message of [{ type: 'show' }, { type: 'eval', code: '1' }, 'ready', null, {}])
      assert.equal(ResponseViewMessage.safeParse(message).success, false, JSON.stringify(message));
  });
});
