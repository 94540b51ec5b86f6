import * as assert from 'node:assert/strict';
import { nextStep } from '../../../src/features/nextStep';

describe('the next step after a failed request', () => {
  it('names what to do for each kind of failure', () => {
    assert.match(nextStep({ status: 400 }), /^Correct what the message and its causes name/);
    assert.match(nextStep({ status: 401 }), /sign in again/);
    assert.match(nextStep({ status: 403 }), /may not access/);
    assert.match(nextStep({ status: 404 }), /refresh the explorer/);
    assert.equal(nextStep({ status: 429, retryAfterSeconds: 7 }), 'The API asks to slow down (retry after 7 s).');
    assert.equal(nextStep({ status: 429 }), 'The API asks to slow down.');
    assert.match(nextStep({ status: 503 }), /try again in a moment/);
    assert.match(nextStep({ status: 0, kind: 'network' }), /environment URL/);
    assert.match(nextStep({ status: 0, kind: 'timeout' }), /timeoutSeconds/);
    assert.match(nextStep({ status: 200, kind: 'invalid_response' }), /not what the API documents/);
  });

  it('says nothing general where nothing general applies', () => {
    assert.equal(nextStep({ status: 409 }), '');
    assert.equal(nextStep({ status: 0, kind: 'cancelled' }), '');
  });
});
