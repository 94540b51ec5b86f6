// The display language of a test run: VS Code switches to a language (code-server's `--locale`) only when an installed
// extension contributes it under `contributes.localizations`, so a run in `es` or `pt-br` first installs the test
// fixture test/fixtures/language-packs/ (packaged into a .vsix here) into the run's extensions folder. The fixture's
// translations of VS Code's own words are empty: the workbench stays English, the extension under test speaks the
// language through its own package.nls.<lang>.json and l10n/bundle.l10n.<lang>.json.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createVSIX } from '@vscode/vsce';
import { installExtension, ROOT } from './codeServer';

export const LANGUAGE_PACKS_DIR = join(ROOT, 'test', 'fixtures', 'language-packs');

interface Localization {
  languageId: string;
}

/** The languages the fixture contributes (`es`, `pt-br`), read from its package.json. */
export function fixtureLanguages(): string[] {
  const manifest = JSON.parse(readFileSync(join(LANGUAGE_PACKS_DIR, 'package.json'), 'utf8')) as {
    contributes?: { localizations?: Localization[] };
  };
  return (manifest.contributes?.localizations ?? []).map((entry) => entry.languageId);
}

/** A `--locale` value: `en` (VS Code's own) or a language the fixture contributes; anything else is refused. */
export function checkLocale(value: string): string {
  const locale = value.toLowerCase();
  const known = ['en', ...fixtureLanguages()];
  if (!known.includes(locale)) throw new Error(`--locale ${value}: expected one of ${known.join(', ')}`);
  return locale;
}

/**
 * Packages the fixture into `scratch` and installs it into `extensionsDir` (before code-server starts: the server
 * lists the language packs it finds at start-up in USER-DATA/languagepacks.json, which the workbench page reads).
 */
export async function installLanguagePacks(extensionsDir: string, scratch: string): Promise<void> {
  const vsix = join(scratch, 'test-language-packs.vsix');
  await createVSIX({
    cwd: LANGUAGE_PACKS_DIR,
    packagePath: vsix,
    dependencies: false,
    allowMissingRepository: true,
    skipLicense: true,
  });
  await installExtension(vsix, { extensionsDir });
}

/** code-server's arguments for a run in `locale` (none for English). */
export const localeArgs = (locale: string | undefined): string[] =>
  locale && locale !== 'en' ? ['--locale', locale] : [];
