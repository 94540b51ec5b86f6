import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  checkLocale,
  fixtureLanguages,
  LANGUAGE_PACKS_DIR,
  localeArgs,
  writeLanguagePacksFile,
} from '../../../scripts/languagePacks';

interface Pack {
  hash: string;
  extensions: { extensionIdentifier: { id: string }; version: string }[];
  translations: Record<string, string>;
  label: string;
}

describe('the test language packs of a locale run (scripts/languagePacks.ts)', () => {
  let scratch = '';
  beforeEach(() => {
    scratch = mkdtempSync(join(tmpdir(), 'mi-language-packs-'));
  });
  afterEach(() => rmSync(scratch, { recursive: true, force: true }));

  it('the fixture contributes es and pt-br; --locale takes those and en, in any case, and refuses the rest', () => {
    assert.deepEqual(fixtureLanguages(), ['es', 'pt-br']);
    assert.equal(checkLocale('es'), 'es');
    assert.equal(checkLocale('PT-BR'), 'pt-br');
    assert.equal(checkLocale('en'), 'en');
    assert.throws(() => checkLocale('fr'), /--locale fr: expected one of en, es, pt-br/);
    assert.deepEqual(localeArgs('es'), ['--locale', 'es']);
    assert.deepEqual(localeArgs('en'), []);
    assert.deepEqual(localeArgs(undefined), []);
  });

  it('writes languagepacks.json as VS Code’s language pack service does, pointing at the installed translations', () => {
    const extensions = join(scratch, 'extensions');
    const installed = join(extensions, 'marketplace-integrator-tests.test-language-packs-0.0.1');
    cpSync(LANGUAGE_PACKS_DIR, installed, { recursive: true });
    writeLanguagePacksFile(extensions, join(scratch, 'user-data'));
    const packs = JSON.parse(readFileSync(join(scratch, 'user-data', 'languagepacks.json'), 'utf8')) as Record<
      string,
      Pack
    >;
    assert.deepEqual(Object.keys(packs), ['es', 'pt-br']);
    const es = packs.es as Pack;
    assert.equal(es.label, 'español');
    assert.deepEqual(es.extensions, [
      { extensionIdentifier: { id: 'marketplace-integrator-tests.test-language-packs' }, version: '0.0.1' },
    ]);
    assert.match(es.hash, /^[0-9a-f]{32}$/);
    assert.equal(es.translations.vscode, join(installed, 'translations', 'main.i18n.es.json'));
    for (const pack of Object.values(packs)) {
      const file = pack.translations.vscode as string;
      assert.ok(existsSync(file), `${file} exists`);
      assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')).contents, {}, 'VS Code’s own words stay English');
    }
  });

  it('refuses to write it when the packs are not installed', () => {
    assert.throws(
      () => writeLanguagePacksFile(join(scratch, 'extensions'), join(scratch, 'user-data')),
      /the language packs are not installed at/,
    );
    assert.equal(existsSync(join(scratch, 'user-data', 'languagepacks.json')), false);
  });
});
