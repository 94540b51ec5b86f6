import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzePayload } from '../../../src/features/authoring/analysis';
import { beyondSchema } from '../../../src/features/authoring/schemaStated';
import { type CorpusBody, invalidBodies, realPayloadBodies } from './corpus';
import { createJsonService, pathAt, ROOT, textDocument } from './jsonService';

// Inside VS Code a payload file gets two reporters: the JSON language service with the contributed schema, and our
// diagnostics. Over the whole corpus (real bodies, crafted invalid ones, the authoring fixtures), no field is reported
// as an error by both: the editor's diagnostics drop what the schema reports, and keep the rest.

/** The authoring fixtures (test/fixtures/payloads/{valid,invalid}), named as the extension reads them. */
function authoringBodies(): CorpusBody[] {
  const folder = join(ROOT, 'test/fixtures/payloads');
  return ['valid', 'invalid'].flatMap((kind) =>
    readdirSync(join(folder, kind)).map((name) => ({
      source: `payloads/${kind}/${name}`,
      fileName: name,
      text: readFileSync(join(folder, kind, name), 'utf8'),
      real: false,
    })),
  );
}

describe('one report per problem: the schema and our diagnostics never both report a field', () => {
  const service = createJsonService();
  const corpus = [...realPayloadBodies(), ...invalidBodies(), ...authoringBodies()];
  let schemaReports = 0;
  let dropped = 0;

  for (const body of corpus) {
    it(body.source, async () => {
      const document = textDocument(body.fileName, body.text);
      const schema = await service.doValidation(document, service.parseJSONDocument(document));
      const schemaPaths = new Set(schema.map((problem) => pathAt(body.text, document.offsetAt(problem.range.start))));
      const analysis = analyzePayload(body.fileName, body.text);
      const shown = beyondSchema(analysis);
      schemaReports += schema.length;
      dropped += analysis.diagnostics.length - shown.length;
      const twice = shown
        .filter((diagnostic) => diagnostic.severity === 'error')
        .map((diagnostic) => ({ path: pathAt(body.text, diagnostic.range.offset), code: diagnostic.code }))
        .filter(({ path }) => schemaPaths.has(path));
      assert.deepEqual(twice, [], `reported by the schema too: ${JSON.stringify(schema.map((p) => p.message))}`);
      // What is dropped is what the schema reports: every dropped error's field has a schema problem.
      for (const diagnostic of analysis.diagnostics.filter((entry) => !shown.includes(entry))) {
        const path = pathAt(body.text, diagnostic.range.offset);
        assert.ok(
          schemaPaths.has(path),
          `${diagnostic.code} at ${path} was dropped, but the schema says nothing there`,
        );
      }
    });
  }

  it('keeps a finding of a code the schema states when the schema accepts the body (the rule says more)', () => {
    const codes = (text: string) => {
      const analysis = analyzePayload('new.item.json', text);
      return { all: analysis.diagnostics.map((entry) => entry.code), shown: beyondSchema(analysis).map((e) => e.code) };
    };
    // A price of 0 and a stock of -1 are numbers (the schema accepts them); the rules refuse them.
    const limits = codes(
      '{"title":"Celular","category_id":"MLA1055","price":0,"currency_id":"ARS","available_quantity":-1}',
    );
    assert.ok(limits.all.includes('item.price.invalid') && limits.all.includes('item.available_quantity.invalid'));
    assert.deepEqual(limits.shown, limits.all);
    // An empty title and category are present (the schema accepts them); price "abc" is the schema's to report.
    const empty = codes('{"title":"","category_id":"","price":"abc","currency_id":"ARS"}');
    assert.deepEqual(
      empty.all.filter((code) => !empty.shown.includes(code)),
      ['item.price.invalid'],
    );
    assert.ok(empty.shown.includes('item.title.required') && empty.shown.includes('item.category_id.required'));
  });

  it('the corpus exercises both reporters (the schema reports, and the editor drops the rules’ repeats)', () => {
    assert.ok(schemaReports >= invalidBodies().length, `${schemaReports} schema problems`);
    assert.ok(dropped > 0, 'nothing dropped');
  });
});
