// The contract check (support/openApiContract.ts) catches what it is there for: an answer whose status the document
// does not list, and a body field of the wrong type. Proven against deliberately wrong documents, with the same
// requests that the right document passes.
import assert from 'node:assert/strict';
import { type Json, openApiDocument } from '../../../src/model/openapi/document';
import { ITEM } from '../../../src/sandbox/items/ids';
import { startSandbox } from '../../../src/sandbox/runtime';
import { ContractChecker } from '../support/openApiContract';
import { CLOCK_START } from '../support/sandbox';

/** Runs a few requests against a sandbox whose answers `checker` checks. */
async function drive(checker: ContractChecker): Promise<void> {
  const sandbox = await startSandbox({ port: 0, clockStart: CLOCK_START, onAnswer: checker.observe });
  try {
    const auth = { authorization: `Bearer ${sandbox.token}` };
    for (const path of [`/items/${ITEM.PHONE_NO_SALES}`, '/items/MLA1', '/users/me']) {
      await (await fetch(sandbox.url + path, { headers: auth })).arrayBuffer();
    }
    // An injected fault answers any status a test asks for: not the operation's answer, not checked.
    await fetch(`${sandbox.url}/_sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/users/me', status: 418, times: 1 }),
    });
    await (await fetch(`${sandbox.url}/users/me`, { headers: auth })).arrayBuffer();
  } finally {
    await sandbox.close();
  }
}

const schemas = (document: Json) => (document.components as Json).schemas as Record<string, Json>;
const getItem = (document: Json) => (document.paths as Record<string, Json>)['/items/{item_id}']!.get as Json;

describe('the OpenAPI contract check', () => {
  it('passes every answer the right document describes (faults not checked)', async () => {
    const checker = new ContractChecker(openApiDocument());
    await drive(checker);
    assert.equal(checker.report(), undefined);
    assert.equal(checker.checked, 4);
  });

  it('fails an answer whose status the operation does not document', async () => {
    const wrong = openApiDocument();
    delete (getItem(wrong).responses as Json)['404'];
    const checker = new ContractChecker(wrong);
    await drive(checker);
    assert.deepEqual(checker.problems, ['GET /items/{item_id} → 404: the status is not documented for the operation']);
  });

  it('fails a body whose field has another type than documented', async () => {
    const wrong = openApiDocument();
    (schemas(wrong).Me!.properties as Record<string, Json>).nickname = { type: 'integer' };
    const checker = new ContractChecker(wrong);
    await drive(checker);
    assert.deepEqual(checker.problems, [
      'GET /users/me → 200: the body does not match the documented schema: /nickname must be integer',
    ]);
  });

  it('fails a body where the document says there is none, and a field the document requires but the body lacks', async () => {
    const wrong = openApiDocument();
    const me = (wrong.paths as Record<string, Json>)['/users/me']!.get as Json;
    delete ((me.responses as Record<string, Json>)['200'] as Json).content;
    schemas(wrong).ErrorBody!.required = ['errors'];
    const checker = new ContractChecker(wrong);
    await drive(checker);
    assert.deepEqual(checker.problems.sort(), [
      "GET /items/{item_id} → 404: the body does not match the documented schema: / must have required property 'errors'",
      'GET /users/me → 200: a body where the document says there is none',
    ]);
  });
});
