// The bundles say what the code says, in every language: the English bundle is what @vscode/l10n-dev extracts from the
// code today (no key the code does not use, none missing), each translation has every English key with the same
// placeholders and nothing else, and package.nls*.json likewise for the manifest's %keys%.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractEnglish, L10N_DIR, LANGUAGES, placeholdersOf, ROOT, readBundle } from '../../../scripts/l10nBundles';
import { SAYING_SOURCES, scanPaths } from './literalScan';

const sameKeys = (actual: Record<string, string>, expected: Record<string, string>, what: string) => {
  const missing = Object.keys(expected).filter((key) => actual[key] === undefined);
  const extra = Object.keys(actual).filter((key) => expected[key] === undefined);
  assert.deepEqual({ missing, extra }, { missing: [], extra: [] }, `${what}: keys differ (npm run l10n lists them)`);
};

const samePlaceholders = (actual: Record<string, string>, expected: Record<string, string>, what: string) => {
  const differing = Object.keys(expected).filter(
    (key) =>
      actual[key] !== undefined && placeholdersOf(actual[key]).join() !== placeholdersOf(expected[key] ?? '').join(),
  );
  assert.deepEqual(differing, [], `${what}: placeholders differ from English`);
};

describe('localization bundles', function () {
  this.timeout(120_000);
  let english: Record<string, string>;
  before(async () => {
    english = await extractEnglish();
  });

  it('l10n/bundle.l10n.json is what the code says today (npm run l10n writes it)', () => {
    const committed = readBundle(join(L10N_DIR, 'bundle.l10n.json'));
    sameKeys(committed, english, 'bundle.l10n.json');
    assert.ok(Object.keys(english).length > 0, 'the code says something through the bundles');
  });

  for (const language of LANGUAGES) {
    it(`bundle.l10n.${language}.json translates every key, with the same placeholders`, () => {
      const translated = readBundle(join(L10N_DIR, `bundle.l10n.${language}.json`));
      sameKeys(translated, english, `bundle.l10n.${language}.json`);
      samePlaceholders(translated, english, `bundle.l10n.${language}.json`);
      const untranslated = Object.keys(english).filter(
        (key) => translated[key] === english[key] && /[a-z]{3,}\s+[a-z]{3,}/i.test(english[key] ?? ''),
      );
      assert.deepEqual(untranslated, [], `bundle.l10n.${language}.json: sentences left in English`);
    });
  }

  const manifest = readFileSync(join(ROOT, 'package.json'), 'utf8');
  const manifestKeys = [...new Set([...manifest.matchAll(/"%([^%"]+)%"/g)].map((match) => match[1]))].sort();

  it('package.nls.json holds exactly the %keys% package.json uses', () => {
    const nls = readBundle(join(ROOT, 'package.nls.json'));
    assert.deepEqual(Object.keys(nls).sort(), manifestKeys);
  });

  for (const language of LANGUAGES) {
    it(`package.nls.${language}.json translates every key, with the same placeholders`, () => {
      const nls = readBundle(join(ROOT, 'package.nls.json'));
      const translated = readBundle(join(ROOT, `package.nls.${language}.json`));
      sameKeys(translated, nls, `package.nls.${language}.json`);
      samePlaceholders(translated, nls, `package.nls.${language}.json`);
    });
  }

  it('no word a person reads is a literal outside the bundles', () => {
    const findings = scanPaths(ROOT, SAYING_SOURCES).map(
      (entry) => `${entry.file}:${entry.line} ${entry.where} ${JSON.stringify(entry.text)}`,
    );
    assert.deepEqual(findings, []);
  });
});
