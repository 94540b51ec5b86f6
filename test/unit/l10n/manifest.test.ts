// The manifest speaks through package.nls*.json: every word of package.json a person reads is a `%key%`, in every
// language the keys resolve, the files a language names (its walkthrough pictures, its payload schemas) exist and
// ship in the .vsix, and a translation keeps the English text's links, setting references and code spans, names the
// commands it links to by their titles in that language, and leaves no sentence in English.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { listFiles, PackageManager } from '@vscode/vsce';
import { LANGUAGES } from '../../../scripts/l10nBundles';
import {
  localize,
  manifestLanguages,
  NLS_REFERENCE,
  nlsKeyOf,
  ROOT,
  readManifest,
  readNls,
  readRawManifest,
} from '../../../scripts/manifestNls';

/** Fields whose strings a person reads: the palette, the views, the settings editor, the walkthrough. */
const SAYING = new Set([
  ...['displayName', 'description', 'markdownDescription', 'title', 'shortTitle', 'category', 'name', 'label'],
  ...['contextualTitle', 'contents', 'altText', 'enumDescriptions', 'markdownEnumDescriptions', 'patternErrorMessage'],
  ...['deprecationMessage', 'markdownDeprecationMessage', 'errorMessage'],
]);
/** Fields that name a file each language has its own of: the walkthrough's images, the payload schemas. */
const PER_LANGUAGE = new Set(['light', 'dark', 'hc', 'hcLight', 'url']);
/** Fields that say nothing to a person: ids, clauses, icons, globs, values, key chords. */
const TECHNICAL = new Set([
  ...['id', 'command', 'submenu', 'view', 'when', 'enablement', 'group', 'icon', 'visibility', 'completionEvents'],
  ...[
    'type',
    'enum',
    'default',
    'scope',
    'pattern',
    'fileMatch',
    'key',
    'mac',
    'linux',
    'win',
    'args',
    'order',
    'supported',
  ],
]);
/** The product's names, the same in every language. */
const PRODUCT_NAMES = new Set(['Marketplace', 'Marketplace Integrator']);

interface Leaf {
  path: string;
  field: string;
  value: string;
}

/** Every string of the manifest's saying parts (the package's own name, scripts and dependencies say nothing). */
function leaves(manifest: unknown): Leaf[] {
  const found: Leaf[] = [];
  const visit = (node: unknown, path: string, field: string) => {
    if (typeof node === 'string') found.push({ path, field, value: node });
    else if (Array.isArray(node)) {
      for (const [index, child] of node.entries()) visit(child, `${path}[${index}]`, field);
    } else if (node && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) visit(child, `${path}.${key}`, key);
    }
  };
  const top = manifest as Record<string, unknown>;
  for (const key of ['displayName', 'description', 'capabilities', 'contributes']) visit(top[key], key, key);
  return found;
}

const commandLinks = (text: string) => [...text.matchAll(/\[([^\]]*)\]\((command:[^)]*)\)/g)];
const sorted = (values: Iterable<string>) => [...values].sort();
const settingReferences = (text: string) => sorted(text.match(/#[\w.]+#/g) ?? []);
const codeSpans = (text: string) => sorted(text.match(/`[^`]*`/g) ?? []);
const isPath = (value: string) => /^(\.\/)?[\w-]+(\/[\w.-]+)+\.(png|svg|json)$/.test(value);
/** A translation's copy of an English file: the same name, in the language's folder beside it. */
const pathIn = (path: string, language: string) => path.replace(/([^/]+)$/, `${language}/$1`);

interface Command {
  command: string;
  title: string;
  category?: string;
}

/** What a link to each command says in a language: its title, or `Category: Title` as the palette shows it. */
function commandNames(language: string): Map<string, string[]> {
  const commands = readManifest<{ contributes: { commands: Command[] } }>(language).contributes.commands;
  return new Map(
    commands.map(({ command, title, category }) => [command, category ? [title, `${category}: ${title}`] : [title]]),
  );
}

describe('package.json speaks through package.nls*.json', function () {
  this.timeout(60_000);
  const raw = readRawManifest();
  const english = readNls('en');
  let shipped: Set<string>;
  before(async () => {
    shipped = new Set(await listFiles({ cwd: ROOT, packageManager: PackageManager.None }));
  });

  it('every word a person reads, and every per-language file, is a %key%', () => {
    const literals = leaves(raw)
      .filter(({ field, value }) => (SAYING.has(field) || PER_LANGUAGE.has(field)) && !NLS_REFERENCE.test(value))
      .map(({ path, value }) => `${path}: ${JSON.stringify(value)}`);
    assert.deepEqual(literals, []);
    assert.ok(leaves(raw).filter(({ field }) => SAYING.has(field)).length > 200, 'the walk sees the manifest');
  });

  it('every other string is of a field that says nothing (a new saying field must join the lists above)', () => {
    const unknown = leaves(raw)
      .filter(({ field }) => !SAYING.has(field) && !PER_LANGUAGE.has(field) && !TECHNICAL.has(field))
      .map(({ path, value }) => `${path}: ${JSON.stringify(value)}`);
    assert.deepEqual(unknown, []);
  });

  it('every %key% is one that both VS Code and vsce resolve (letters, digits and dots)', () => {
    const malformed = JSON.stringify(raw).match(/"%[^"]*%"/g) ?? [];
    assert.deepEqual(
      malformed.filter((value) => !NLS_REFERENCE.test(JSON.parse(value) as string)),
      [],
    );
  });

  it('the manifest is translated into the languages the bundles are', () => {
    assert.deepEqual(manifestLanguages(), ['en', ...LANGUAGES]);
  });

  it('localize replaces whole-string keys only and refuses a key no file holds', () => {
    assert.deepEqual(localize({ a: ['%x.y%', 'say %x.y%'] }, { 'x.y': 'Hola' }), { a: ['Hola', 'say %x.y%'] });
    assert.deepEqual(localize('%x.y%', {}, { 'x.y': 'Hello' }), 'Hello');
    assert.throws(() => localize({ a: '%x.z%' }, { 'x.y': 'Hola' }), /x\.z/);
    assert.throws(() => localize('%toString%', {}), /toString/);
  });

  for (const language of manifestLanguages()) {
    describe(`in ${language}`, () => {
      const texts = readNls(language);
      const manifest = readManifest(language);

      it('every %key% resolves', () => {
        const left = leaves(manifest).filter(({ value }) => nlsKeyOf(value) !== undefined);
        assert.deepEqual(left, []);
      });

      it('every file it names exists and ships in the .vsix', () => {
        const named = new Set([
          ...Object.values(texts).filter(isPath),
          ...leaves(manifest)
            .filter(({ field }) => PER_LANGUAGE.has(field))
            .map(({ value }) => value),
        ]);
        assert.ok(named.size >= 25, `${language}: ${named.size} files`);
        const missing = [...named].filter((path) => !existsSync(join(ROOT, path)));
        assert.deepEqual(missing, [], `${language}: files named but not there`);
        const unshipped = [...named].filter((path) => !shipped.has(path.replace(/^\.\//, '')));
        assert.deepEqual(unshipped, [], `${language}: files left out of the .vsix by .vscodeignore`);
        assert.ok(shipped.has(language === 'en' ? 'package.nls.json' : `package.nls.${language}.json`));
      });

      if (language === 'en') return;

      it('its pictures and schemas are the English ones, in the language’s folder', () => {
        const paths = Object.entries(english).filter(([, value]) => isPath(value));
        assert.ok(paths.length >= 25);
        const wrong = paths.filter(([key, value]) => texts[key] !== pathIn(value, language)).map(([key]) => key);
        assert.deepEqual(wrong, []);
      });

      it('keeps the English links, setting references and code spans', () => {
        const differing = Object.entries(english)
          .filter(([key]) => Object.hasOwn(texts, key))
          .filter(([key, text]) => {
            const translated = texts[key] ?? '';
            return (
              commandLinks(translated)
                .map((link) => link[2])
                .join() !==
                commandLinks(text)
                  .map((link) => link[2])
                  .join() ||
              settingReferences(translated).join() !== settingReferences(text).join() ||
              codeSpans(translated).join() !== codeSpans(text).join()
            );
          })
          .map(([key]) => key);
        assert.deepEqual(differing, []);
      });

      it('names a linked command by its title in this language, where English names it by its title', () => {
        const englishNames = commandNames('en');
        const names = commandNames(language);
        const wrong: string[] = [];
        for (const [key, text] of Object.entries(english)) {
          const translatedLinks = commandLinks(texts[key] ?? '');
          commandLinks(text).forEach(([, label, target], index) => {
            const id = /^command:(?:toSide:)?([\w.-]+)/.exec(target ?? '')?.[1] ?? '';
            const form = englishNames.get(id)?.indexOf(label ?? '') ?? -1;
            const said = translatedLinks[index]?.[1];
            if (form >= 0 && said !== names.get(id)?.[form]) wrong.push(`${key}: ${said} (${id})`);
          });
        }
        assert.deepEqual(wrong, []);
      });

      it('leaves no sentence in English', () => {
        const untranslated = Object.entries(english)
          .filter(([key, text]) => texts[key] === text && !PRODUCT_NAMES.has(text) && !isPath(text))
          .filter(([, text]) => /[a-z]{3,}\s+[a-z]{3,}/i.test(text))
          .map(([key]) => key);
        assert.deepEqual(untranslated, []);
      });

      it('keeps each walkthrough step’s button on a line of its own', () => {
        const steps =
          (manifest as { contributes: { walkthroughs: { steps: { id: string; description: string }[] }[] } })
            .contributes.walkthroughs[0]?.steps ?? [];
        assert.equal(steps.length, 8);
        for (const step of steps) {
          const buttons = step.description.split('\n').filter((line) => /^\[[^\]]+\]\(command:[^)]+\)$/.test(line));
          assert.ok(buttons.length >= 1, `${step.id} has a button`);
        }
      });
    });
  }
});
