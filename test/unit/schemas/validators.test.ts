import assert from 'node:assert/strict';
import Ajv from 'ajv';
import { payloadSchemas, schemaFileFor } from '../../../src/model/jsonSchemas';
import { type CorpusBody, invalidBodies, payloadFileOf, realPayloadBodies } from './corpus';
import { createJsonService, type Problem, textDocument, validate } from './jsonService';

// The shipped schemas judged by two validators: a standard draft-07 one (ajv, as a team's CI would run it) and VS
// Code's JSON language service. Real bodies pass both; every crafted invalid body fails both, and VS Code says why in
// the spec's words at the field the defect is in.

/** VS Code's extensions to JSON Schema: ajv knows them as annotations (they never judge). */
const VSCODE_KEYWORDS = [
  'markdownDescription',
  'enumDescriptions',
  'markdownEnumDescriptions',
  'defaultSnippets',
  'doNotSuggest',
  'errorMessage',
  'patternErrorMessage',
];

function ajvValidators() {
  const ajv = new Ajv({
    allErrors: true,
    strict: true,
    strictRequired: false,
    strictTypes: false,
    strictTuples: false,
  });
  for (const keyword of VSCODE_KEYWORDS) ajv.addKeyword(keyword);
  return new Map(payloadSchemas().map(({ file, schema }) => [file, ajv.compile(schema)]));
}

/** VS Code's default messages: a schema error in one of them is not in the spec's words. */
const GENERIC = /^(Incorrect type|Value is not accepted|Missing property|Matches a schema|String does not match)/;

describe('the payload schemas validate under ajv and VS Code alike', () => {
  const validators = ajvValidators();
  const service = createJsonService();
  const ajvErrors = (body: CorpusBody) => {
    const validator = validators.get(schemaFileFor(payloadFileOf(body)));
    assert.ok(validator, `${body.source}: no schema`);
    validator(JSON.parse(body.text));
    return (validator.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}`);
  };
  const vscodeProblems = (body: CorpusBody): Promise<Problem[]> =>
    validate(service, textDocument(body.fileName, body.text));

  const real = realPayloadBodies();
  it('the real corpus holds bodies of every payload kind it has', () => {
    const schemas = new Set(real.map((body) => schemaFileFor(payloadFileOf(body))));
    assert.deepEqual([...schemas].sort(), [
      'feedback.schema.json',
      'item-create.schema.json',
      'item-update.schema.json',
      'note.schema.json',
    ]);
  });

  for (const body of real) {
    it(`${body.source} (real) gets no schema error`, async () => {
      assert.deepEqual(ajvErrors(body), [], 'ajv');
      assert.deepEqual(await vscodeProblems(body), [], 'VS Code');
    });
  }

  for (const body of invalidBodies()) {
    it(`${body.source} (crafted) is refused by both, in the spec's words at ${body.path}`, async () => {
      assert.notDeepEqual(ajvErrors(body), [], 'ajv accepts it');
      const problems = await vscodeProblems(body);
      const there = problems.filter((problem) => problem.path === body.path);
      assert.ok(there.length > 0, `VS Code reports nothing at ${body.path}: ${JSON.stringify(problems)}`);
      for (const problem of problems) assert.doesNotMatch(problem.message, GENERIC, `${problem.path}`);
    });
  }
});
