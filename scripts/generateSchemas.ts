/**
 * Writes `schemas/*.schema.json` from the zod model (`src/model/jsonSchemas.ts`) and keeps package.json's
 * `contributes.jsonValidation` and its `workspaceContains:` activation events (the payload file globs of
 * `src/model/payloadFiles.ts`, in any case) in step with them; each schema's url is a `%key%` of package.nls*.json
 * (`scripts/manifestNls.ts`: English the file here, a translation its copy in schemas/<language>/). `npm run schemas`; the unit test
 * The words of the payload schemas are the configured language's (`scripts/schemaFiles.ts`). The unit test
 * `test/unit/schemas/drift.test.ts` fails when the checked-in files differ from what this would write.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fixturesJsonValidation } from '../src/model/fixturesSchema';
import { jsonValidationContributions, payloadSchemas } from '../src/model/jsonSchemas';
import { PAYLOAD_ACTIVATION_EVENTS } from '../src/model/payloadFiles';
import {
  isSchemaUrlKey,
  manifestJsonValidation,
  manifestLanguages,
  nlsFile,
  readNls,
  schemaUrlTexts,
} from './manifestNls';
import { SCHEMA_FOLDERS, schemaFiles } from './schemaFiles';

const ROOT = join(__dirname, '..');
const SCHEMAS = join(ROOT, 'schemas');

const written = new Set<string>();
// The payload files' schemas and the sandbox fixtures' (`*.fixtures.json`, src/model/fixturesSchema.ts), in English
// here and in each language's folder (scripts/schemaFiles.ts).
for (const { path: file, text } of schemaFiles()) {
  const path = join(SCHEMAS, file);
  let previous: string | undefined;
  try {
    previous = readFileSync(path, 'utf8');
  } catch {
    previous = undefined;
  }
  if (previous !== text) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    console.log(`wrote schemas/${file}`);
  }
  written.add(file);
}
for (const folder of SCHEMA_FOLDERS) {
  let names: string[] = [];
  try {
    names = readdirSync(join(SCHEMAS, folder));
  } catch {
    names = [];
  }
  for (const name of names) {
    const file = folder ? `${folder}/${name}` : name;
    if (name.endsWith('.schema.json') && !written.has(file)) {
      rmSync(join(SCHEMAS, file));
      console.log(`removed schemas/${file} (no payload kind generates it)`);
    }
  }
}
const schemas = payloadSchemas();

// package.json: read, set our keys, write back at once (other keys belong to others).
const packagePath = join(ROOT, 'package.json');
const pkg = JSON.parse(readFileSync(packagePath, 'utf8')) as {
  activationEvents?: string[];
  contributes?: Record<string, unknown>;
};
let changed = false;
const contributions = [...jsonValidationContributions(schemas), fixturesJsonValidation()];
const jsonValidation = manifestJsonValidation(contributions);
if (JSON.stringify(pkg.contributes?.jsonValidation) !== JSON.stringify(jsonValidation)) {
  pkg.contributes = { ...pkg.contributes, jsonValidation };
  changed = true;
  console.log('updated contributes.jsonValidation in package.json');
}
// The urls' texts in package.nls*.json: ours replace the schema url keys, in place; the other keys are others'.
for (const language of manifestLanguages(ROOT)) {
  const texts = readNls(language, ROOT);
  const urls = schemaUrlTexts(contributions, language);
  const kept = Object.entries(texts).filter(([key]) => !isSchemaUrlKey(key) || Object.hasOwn(urls, key));
  const updated = Object.fromEntries([...kept.map(([key, text]) => [key, urls[key] ?? text]), ...Object.entries(urls)]);
  if (JSON.stringify(updated) !== JSON.stringify(texts)) {
    writeFileSync(join(ROOT, nlsFile(language)), `${JSON.stringify(updated, null, 2)}\n`);
    console.log(`updated the schema urls in ${nlsFile(language)}`);
  }
}
// The `workspaceContains:` events are ours; they take the place of the first one, other events keep theirs.
const events = pkg.activationEvents ?? [];
const first = events.findIndex((event) => event.startsWith('workspaceContains:'));
const others = events.filter((event) => !event.startsWith('workspaceContains:'));
const at = first < 0 ? others.length : first;
const activation = [...others.slice(0, at), ...PAYLOAD_ACTIVATION_EVENTS, ...others.slice(at)];
if (JSON.stringify(events) !== JSON.stringify(activation)) {
  pkg.activationEvents = activation;
  changed = true;
  console.log('updated the workspaceContains activation events in package.json');
}
if (changed) writeFileSync(packagePath, `${JSON.stringify(pkg, null, 2)}\n`);
console.log(`${written.size} schemas up to date`);
