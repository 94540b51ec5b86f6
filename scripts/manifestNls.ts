// The manifest as VS Code shows it: package.json says every word a person reads as a `%key%`, whose text is in
// package.nls.json (English) and package.nls.<language>.json. VS Code replaces a string value that is wholly `%key%`
// with the display language's text, else the English one; the scripts and tests that read titles, walkthrough texts
// or schema urls read them through here.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..');

/** A language VS Code may show the manifest in: English (package.nls.json) or a translation (`es`, `pt-br`). */
export type ManifestLanguage = string;

/** A `%key%` string value, as VS Code and vsce read it (vsce's key pattern is the narrower one: letters, digits, dots). */
export const NLS_REFERENCE = /^%([\w.]+)%$/;

/** The key a `%key%` value names, or undefined for a literal. */
export const nlsKeyOf = (value: string): string | undefined => NLS_REFERENCE.exec(value)?.[1];

/** The file that holds a language's manifest texts. */
export const nlsFile = (language: ManifestLanguage): string =>
  language === 'en' ? 'package.nls.json' : `package.nls.${language}.json`;

/** A package.nls file's entries (its values are all strings). */
export function readNls(language: ManifestLanguage, root = ROOT): Record<string, string> {
  const path = join(root, nlsFile(language));
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  const entries: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value !== 'string') throw new Error(`${nlsFile(language)}: ${key} is not a string`);
    entries[key] = value;
  }
  return entries;
}

/**
 * Every `%key%` string of a JSON value replaced by its text (a translation falls back to English, as VS Code does);
 * a key that no file holds is an error, never left as `%key%`.
 */
export function localize<T>(value: T, texts: Record<string, string>, fallback: Record<string, string> = {}): T {
  const visit = (node: unknown): unknown => {
    if (typeof node === 'string') {
      const key = nlsKeyOf(node);
      if (key === undefined) return node;
      const text = Object.hasOwn(texts, key) ? texts[key] : Object.hasOwn(fallback, key) ? fallback[key] : undefined;
      if (text === undefined) throw new Error(`package.json names %${key}%, which package.nls.json does not hold`);
      return text;
    }
    if (Array.isArray(node)) return node.map(visit);
    if (node && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, visit(child)]));
    }
    return node;
  };
  return visit(value) as T;
}

/** package.json exactly as written (`%key%` strings and all). */
export const readRawManifest = (root = ROOT): unknown => JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

/** package.json as VS Code shows it in a language (English by default). */
export function readManifest<T = unknown>(language: ManifestLanguage = 'en', root = ROOT): T {
  const english = readNls('en', root);
  const texts = language === 'en' ? english : readNls(language, root);
  return localize(readRawManifest(root), texts, english) as T;
}

// The payload schemas' urls (`contributes.jsonValidation`): one key per schema file, whose English text is the
// checked-in schema and whose translations are the same file in the language's folder (schemas/es/, schemas/pt-br/).

/** `jsonValidation.itemCreate.url` for `./schemas/item-create.schema.json`. */
export function schemaUrlKey(url: string): string {
  const name = /^\.\/schemas\/([a-z0-9-]+)\.schema\.json$/.exec(url)?.[1];
  if (!name) throw new Error(`not a schema url of schemas/: ${url}`);
  return `jsonValidation.${name.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase())}.url`;
}

/** The url of a schema in a language: English is the checked-in file, a translation its copy in schemas/<language>/. */
export const schemaUrlIn = (url: string, language: ManifestLanguage): string =>
  language === 'en' ? url : url.replace(/^\.\/schemas\//, `./schemas/${language}/`);

/** Every language the manifest is shown in: English, then each package.nls.<language>.json there is (a unit test
 * checks they are l10nBundles.ts's LANGUAGES; that module cannot be imported here, its top-level await needs ESM). */
export function manifestLanguages(root = ROOT): ManifestLanguage[] {
  const translated = readdirSync(root)
    .map((name) => /^package\.nls\.([a-z]{2}(?:-[a-z]{2})?)\.json$/.exec(name)?.[1])
    .filter((language): language is string => language !== undefined)
    .sort();
  return ['en', ...translated];
}

interface JsonValidation {
  fileMatch: string[];
  url: string;
}

/** `contributes.jsonValidation` as package.json writes it: each url a `%key%` (what npm run schemas writes). */
export const manifestJsonValidation = (contributions: readonly JsonValidation[]): JsonValidation[] =>
  contributions.map(({ fileMatch, url }) => ({ fileMatch, url: `%${schemaUrlKey(url)}%` }));

/** The schema url keys' texts in a language's package.nls file, in the contributions' order. */
export const schemaUrlTexts = (
  contributions: readonly JsonValidation[],
  language: ManifestLanguage,
): Record<string, string> =>
  Object.fromEntries(contributions.map(({ url }) => [schemaUrlKey(url), schemaUrlIn(url, language)]));

/** Whether a package.nls key is a schema url's (`jsonValidation.<name>.url`). */
export const isSchemaUrlKey = (key: string): boolean => /^jsonValidation\.\w+\.url$/.test(key);
