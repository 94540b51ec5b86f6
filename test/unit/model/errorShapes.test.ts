import assert from 'node:assert/strict';
import { errorFromAnswer } from '../../../src/api/errors';
import { asSentences } from '../../../src/model/sentences';
import { describeError } from '../../../src/platform/errorText';

/** Error bodies of the marketplace's other services, each a real shape (test/fixtures/real/answers/error-*). */
describe('model: error bodies of every shape keep the API’s words and code', () => {
  const read = (status: number, body: unknown) => errorFromAnswer('GET', '/x', status, body, null, undefined);

  it('an advertising 401 with error_code and display_message reads its words, not "no error body"', () => {
    const error = read(401, { status: 401, error_code: 'unauthorized', display_message: 'invalid access token' });
    assert.equal(error.apiMessage, 'invalid access token');
    assert.equal(error.error, 'unauthorized');
    assert.doesNotMatch(error.message, /no error body/);
  });

  it('text in description is the message; causes whose words sit in a field of their own keep them', () => {
    const error = read(401, {
      description: 'Unauthorized access',
      cause: [{ cause: 'User unauthorized' }],
      error: 'unauthorized',
    });
    assert.equal(error.apiMessage, 'Unauthorized access');
    assert.equal(error.causes[0]?.message, 'User unauthorized');
    const other = read(400, {
      description: 'Validation Error',
      cause: [{ 'error 1': 'Parameter date_to is required' }],
    });
    assert.equal(other.causes[0]?.message, 'Parameter date_to is required');
  });

  it('causes as bare strings, null or absent; code without error', () => {
    assert.deepEqual(
      read(400, { message: 'invalid date range', cause: ['start date is greater than end date'] }).causes,
      [{ message: 'start date is greater than end date' }],
    );
    assert.deepEqual(
      read(404, { code: 404, error: 'not_found_error', message: 'claim not found', cause: null }).causes,
      [],
    );
    const code = read(404, { code: 'not_found', message: 'lead not found' });
    assert.equal(code.error, 'not_found');
    assert.equal(code.apiMessage, 'lead not found');
  });

  it('message and error swapped are put back', () => {
    const error = read(400, {
      message: 'body.invalid_fields',
      error: 'The fields [X] are invalid for requested call.',
    });
    assert.equal(error.error, 'body.invalid_fields');
    assert.equal(error.apiMessage, 'The fields [X] are invalid for requested call.');
  });

  it('an empty error whose message is a whole body as JSON text reads the inner body', () => {
    const inner = { message: 'Malformed request: bad id', error: 'bad_request', status: 400, cause: [] };
    const error = read(400, { message: JSON.stringify(inner), error: '', status: 400, cause: [] });
    assert.equal(error.apiMessage, 'Malformed request: bad id');
    assert.equal(error.error, 'bad_request');
  });
});

describe('an error in one line reads as sentences', () => {
  it('joins causes with their own stops, never ".;"', () => {
    const error = errorFromAnswer(
      'POST',
      '/items',
      400,
      {
        message: 'Validation error',
        error: 'validation_error',
        status: 400,
        cause: [
          { type: 'error', code: 'item.title.required', message: 'title is required for every item creation.' },
          { type: 'error', code: 'item.price.invalid', message: 'price must be a number' },
        ],
      },
      null,
      undefined,
    );
    const line = describeError(error);
    assert.doesNotMatch(line, /\.;/);
    assert.match(line, /title is required for every item creation\. price must be a number\./);
  });

  it('asSentences adds a stop only where one is missing', () => {
    assert.equal(asSentences(['One.', ' two ', '', 'three?']), 'One. two. three?');
  });
});
