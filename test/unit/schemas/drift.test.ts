import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  isSchemaUrlKey,
  manifestJsonValidation,
  manifestLanguages,
  readManifest,
  readNls,
  schemaUrlTexts,
} from '../../../scripts/manifestNls';
import { SCHEMA_FOLDERS, schemaFiles } from '../../../scripts/schemaFiles';
import { FIXTURES_SCHEMA_FILE, fixturesJsonValidation, fixturesSchema } from '../../../src/model/fixturesSchema';
import { jsonValidationContributions, payloadSchemas, schemaFileText } from '../../../src/model/jsonSchemas';
import { PAYLOAD_ACTIVATION_EVENTS } from '../../../src/model/payloadFiles';

const ROOT = join(__dirname, '../../..');
const SCHEMAS = join(ROOT, 'schemas');
const FIX = 'run npm run schemas to regenerate them from the zod model';

describe('schemas/ are what the zod model generates', () => {
  const schemas = payloadSchemas();

  // Every file `npm run schemas` writes: the English schemas and their copies in each language's folder.
  for (const { path: file, text } of schemaFiles()) {
    it(`schemas/${file} is up to date`, () => {
      const path = join(SCHEMAS, file);
      assert.ok(existsSync(path), `schemas/${file} is missing: ${FIX}`);
      // Not assert.equal on the texts: a diff of two 30 KB strings says less than the message.
      assert.ok(readFileSync(path, 'utf8') === text, `schemas/${file} differs from the model: ${FIX}`);
    });
  }

  it(`schemas/${FIXTURES_SCHEMA_FILE} (the sandbox's fixtures) is generated unconfigured, the same in every folder`, () => {
    const fixtures = schemaFiles().filter(({ path }) => path.endsWith(FIXTURES_SCHEMA_FILE));
    assert.equal(fixtures.length, SCHEMA_FOLDERS.length);
    for (const { text } of fixtures) assert.ok(text === schemaFileText(fixturesSchema()));
  });

  it('schemas/ holds no schema that no payload kind generates, in any folder', () => {
    const generated = new Set(schemaFiles().map(({ path }) => path));
    const stale = SCHEMA_FOLDERS.flatMap((folder) =>
      existsSync(join(SCHEMAS, folder))
        ? readdirSync(join(SCHEMAS, folder)).map((name) => (folder ? `${folder}/${name}` : name))
        : [],
    ).filter((name) => name.endsWith('.schema.json') && !generated.has(name));
    assert.deepEqual(stale, [], `stale schema files: ${FIX} (it removes them)`);
  });

  it('a language folder holds the words of its language, the English folder English', () => {
    const texts = new Map(schemaFiles().map(({ path, text }) => [path, text]));
    const title = (path: string) => (JSON.parse(texts.get(path) ?? '{}') as { title?: string }).title;
    assert.equal(title('note.schema.json'), 'Order note (POST /orders/{order_id}/notes)');
    assert.equal(title('es/note.schema.json'), 'Nota de la orden (POST /orders/{order_id}/notes)');
    assert.equal(title('pt-br/note.schema.json'), 'Nota do pedido (POST /orders/{order_id}/notes)');
    // The language is not left configured: what runs next reads English.
    assert.equal(
      payloadSchemas().find(({ file }) => file === 'note.schema.json')?.schema.title,
      title('note.schema.json'),
    );
  });

  it('package.json contributes every schema with its fileMatch patterns', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      scripts?: Record<string, string>;
      contributes?: { jsonValidation?: unknown };
    };
    const contributions = [...jsonValidationContributions(schemas), fixturesJsonValidation()];
    assert.deepEqual(
      pkg.contributes?.jsonValidation,
      manifestJsonValidation(contributions),
      `contributes.jsonValidation differs: ${FIX}`,
    );
    // As VS Code reads it in English: the checked-in schemas.
    const english = readManifest<{ contributes: { jsonValidation: unknown } }>();
    assert.deepEqual(english.contributes.jsonValidation, contributions);
    assert.equal(pkg.scripts?.schemas, 'node --import tsx scripts/generateSchemas.ts');
  });

  it('package.nls*.json give each schema url, in each language, and no other schema url', () => {
    const contributions = [...jsonValidationContributions(schemas), fixturesJsonValidation()];
    for (const language of manifestLanguages()) {
      const urls = Object.fromEntries(Object.entries(readNls(language)).filter(([key]) => isSchemaUrlKey(key)));
      assert.deepEqual(urls, schemaUrlTexts(contributions, language), `${language}: ${FIX}`);
    }
  });

  it('package.json activates in workspaces holding payload files of any case', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { activationEvents?: string[] };
    const events = (pkg.activationEvents ?? []).filter((event) => event.startsWith('workspaceContains:'));
    assert.deepEqual(events, PAYLOAD_ACTIVATION_EVENTS, `the workspaceContains activation events differ: ${FIX}`);
  });

  it('generates the same text twice (stable key order)', () => {
    const again = payloadSchemas();
    assert.deepEqual(
      again.map(({ schema }) => schemaFileText(schema)),
      schemas.map(({ schema }) => schemaFileText(schema)),
    );
  });
});
