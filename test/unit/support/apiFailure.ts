import assert from 'node:assert/strict';
import { ApiError } from '../../../src/api/errors';

/** Awaits a call that must fail, and returns its ApiError (fails the test if it succeeds or fails otherwise). */
export async function apiFailure(promise: Promise<unknown>): Promise<ApiError> {
  const outcome = await promise.then(
    () => assert.fail('expected the call to fail'),
    (caught: unknown) => caught,
  );
  assert.ok(outcome instanceof ApiError, `expected an ApiError, got ${String(outcome)}`);
  return outcome;
}
