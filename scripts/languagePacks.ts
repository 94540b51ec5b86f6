// The display language of a test run: VS Code switches to a language (code-server's `--locale`) only when an installed
// extension contributes it under `contributes.localizations`, so a run in `es` or `pt-br` first installs the test
// fixture test/fixtures/language-packs/ (packaged into a .vsix here) into the run's extensions folder. The fixture's
// translations of VS Code's own words are empty: the workbench stays English, the extension under test speaks the
// language through its own package.nls.<lang>.json and l10n/bundle.l10n.<lang>.json.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createVSIX } from '@vscode/vsce';
import { installExtension, ROOT } from './codeServer';

export const LANGUAGE_PACKS_DIR = join(ROOT, 'test', 'fixtures', 'language-packs');

interface Localization {
  languageId: string;
  languageName: string;
  localizedLanguageName?: string;
  translations: { id: string; path: string }[];
}

interface Manifest {
  name: string;
  publisher: string;
  version: string;
  contributes: { localizations: Localization[] };
}

const fixtureManifest = (): Manifest =>
  JSON.parse(readFileSync(join(LANGUAGE_PACKS_DIR, 'package.json'), 'utf8')) as Manifest;

/** The languages the fixture contributes (`es`, `pt-br`), read from its package.json. */
export function fixtureLanguages(): string[] {
  return fixtureManifest().contributes.localizations.map((entry) => entry.languageId);
}

/** A `--locale` value: `en` (VS Code's own) or a language the fixture contributes; anything else is refused. */
export function checkLocale(value: string): string {
  const locale = value.toLowerCase();
  const known = ['en', ...fixtureLanguages()];
  if (!known.includes(locale)) throw new Error(`--locale ${value}: expected one of ${known.join(', ')}`);
  return locale;
}

/**
 * Packages the fixture into `scratch`, installs it into `extensionsDir` and records it in the server's
 * USER-DATA/languagepacks.json, before code-server starts.
 */
export async function installLanguagePacks(extensionsDir: string, userDataDir: string, scratch: string): Promise<void> {
  const vsix = join(scratch, 'test-language-packs.vsix');
  await createVSIX({
    cwd: LANGUAGE_PACKS_DIR,
    packagePath: vsix,
    dependencies: false,
    allowMissingRepository: true,
    skipLicense: true,
  });
  await installExtension(vsix, { extensionsDir });
  writeLanguagePacksFile(extensionsDir, userDataDir);
}

/**
 * What VS Code's server reads to resolve `--locale` (the workbench page's words, the extension host's language):
 * USER-DATA/languagepacks.json, which its language pack service writes when the server itself installs a language
 * pack. `code-server --install-extension` runs without that service and writes none, and without the file the locale
 * silently falls back to English; so it is written here in the service's own format (src/vs/platform/languagePacks/
 * node/languagePacks.ts, LanguagePacksCache.createLanguagePacksFromExtension and updateHash).
 */
export function writeLanguagePacksFile(extensionsDir: string, userDataDir: string): void {
  const manifest = fixtureManifest();
  const id = `${manifest.publisher}.${manifest.name}`;
  const installed = join(extensionsDir, `${id}-${manifest.version}`);
  if (!existsSync(join(installed, 'package.json')))
    throw new Error(`the language packs are not installed at ${installed}`);
  const hash = createHash('md5').update(id).update(manifest.version).digest('hex');
  const packs = Object.fromEntries(
    manifest.contributes.localizations.map((localization) => [
      localization.languageId,
      {
        hash,
        extensions: [{ extensionIdentifier: { id }, version: manifest.version }],
        translations: Object.fromEntries(
          localization.translations.map((translation) => [translation.id, join(installed, translation.path)]),
        ),
        label: localization.localizedLanguageName ?? localization.languageName,
      },
    ]),
  );
  mkdirSync(userDataDir, { recursive: true });
  writeFileSync(join(userDataDir, 'languagepacks.json'), JSON.stringify(packs));
}

/** code-server's arguments for a run in `locale` (none for English). */
export const localeArgs = (locale: string | undefined): string[] =>
  locale && locale !== 'en' ? ['--locale', locale] : [];

/**
 * Asks code-server for the workbench page once, before the browser opens it: the first page in a language makes VS
 * Code's server write its translated messages file (USER-DATA/clp/), which took up to 40 s here under load, past
 * Playwright's 30-s navigation timeout; afterwards the page comes from that cache.
 */
export async function prepareLocalePage(serverUrl: string, locale: string | undefined): Promise<void> {
  if (!locale || locale === 'en') return;
  const started = Date.now();
  const answer = await fetch(`${serverUrl}/`, { signal: AbortSignal.timeout(180_000) });
  await answer.text();
  if (!answer.ok) throw new Error(`code-server answered ${answer.status} for the workbench page in ${locale}`);
  process.stdout.write(
    `[locale] the workbench page in ${locale} ready in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
}
