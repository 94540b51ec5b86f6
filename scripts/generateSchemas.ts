/**
 * Writes `schemas/*.schema.json` from the zod model (`src/model/jsonSchemas.ts`) and keeps package.json's
 * `contributes.jsonValidation` in step with them. `npm run schemas`; the unit test `test/unit/schemas/drift.test.ts`
 * fails when the checked-in files differ from what this would write.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { jsonValidationContributions, payloadSchemas, schemaFileText } from '../src/model/jsonSchemas';

const ROOT = join(__dirname, '..');
const SCHEMAS = join(ROOT, 'schemas');

const schemas = payloadSchemas();
const written = new Set<string>();
for (const { file, schema } of schemas) {
  const path = join(SCHEMAS, file);
  const text = schemaFileText(schema);
  let previous: string | undefined;
  try {
    previous = readFileSync(path, 'utf8');
  } catch {
    previous = undefined;
  }
  if (previous !== text) {
    writeFileSync(path, text);
    console.log(`wrote schemas/${file}`);
  }
  written.add(file);
}
for (const name of readdirSync(SCHEMAS)) {
  if (name.endsWith('.schema.json') && !written.has(name)) {
    rmSync(join(SCHEMAS, name));
    console.log(`removed schemas/${name} (no payload kind generates it)`);
  }
}

// package.json: read, set the one key, write back at once (other keys belong to others).
const packagePath = join(ROOT, 'package.json');
const pkg = JSON.parse(readFileSync(packagePath, 'utf8')) as { contributes?: Record<string, unknown> };
const contributions = jsonValidationContributions(schemas);
if (JSON.stringify(pkg.contributes?.jsonValidation) !== JSON.stringify(contributions)) {
  pkg.contributes = { ...pkg.contributes, jsonValidation: contributions };
  writeFileSync(packagePath, `${JSON.stringify(pkg, null, 2)}\n`);
  console.log('updated contributes.jsonValidation in package.json');
}
console.log(`${schemas.length} schemas up to date`);
