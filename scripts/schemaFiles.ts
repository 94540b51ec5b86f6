// Every schema file `npm run schemas` writes under schemas/, with its text: the payload schemas in English and, in
// schemas/<language>/, in each language of LANGUAGES (their words through @vscode/l10n, configured with that
// language's translations); the sandbox fixtures' schema is a document for tools and stays English in every folder.
import * as l10n from '@vscode/l10n';
import { FIXTURES_SCHEMA_FILE, fixturesSchema } from '../src/model/fixturesSchema';
import { payloadSchemas, schemaFileText } from '../src/model/jsonSchemas';
import { LANGUAGES, translationsOf } from './l10nBundles';

export interface SchemaFile {
  /** Under schemas/: `item-create.schema.json`, `es/item-create.schema.json`. */
  path: string;
  text: string;
}

/** The folders under schemas/ that hold schema files: '' (English) and each language's. */
export const SCHEMA_FOLDERS: readonly string[] = ['', ...LANGUAGES];

/** Every schema file, English last; @vscode/l10n is left unconfigured (English) when it returns, even on an error. */
export function schemaFiles(root?: string): SchemaFile[] {
  l10n.config({ contents: {} });
  // Unconfigured, so English in every folder.
  const fixtures = schemaFileText(fixturesSchema());
  const files: SchemaFile[] = [];
  try {
    for (const language of [...LANGUAGES, undefined]) {
      l10n.config({ contents: language ? translationsOf(language, root) : {} });
      const folder = language ? `${language}/` : '';
      for (const { file, schema } of payloadSchemas())
        files.push({ path: `${folder}${file}`, text: schemaFileText(schema) });
      files.push({ path: `${folder}${FIXTURES_SCHEMA_FILE}`, text: fixtures });
    }
  } finally {
    l10n.config({ contents: {} });
  }
  return files;
}
