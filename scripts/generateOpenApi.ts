/**
 * Writes `schemas/openapi.json`, the OpenAPI 3.1 document of the API, from the endpoint table and the zod models
 * (`src/model/openapi/`). `npm run openapi`; the unit test `test/unit/schemas/openApiDocument.test.ts` fails when the
 * checked-in file differs from what this would write.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openApiText } from '../src/model/openapi/document';

const path = join(__dirname, '..', 'schemas', 'openapi.json');
const text = openApiText();
let previous: string | undefined;
try {
  previous = readFileSync(path, 'utf8');
} catch {
  previous = undefined;
}
if (previous === text) console.log('schemas/openapi.json is up to date');
else {
  writeFileSync(path, text);
  console.log(`wrote schemas/openapi.json (${Buffer.byteLength(text)} bytes)`);
}
