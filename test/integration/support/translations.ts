// What the extension should show in VS Code's display language, read at run time from the extension's own files:
// l10n/bundle.l10n.<lang>.json (what the code says, keyed by the English message) and package.nls.<lang>.json (what
// package.json says, keyed by the `%key%` package.json names). A test names the English and asserts that what VS Code
// shows is its translation, so no Spanish or Portuguese is written in a test.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { EXTENSION_ID } from '../../../src/constants';

/** A bundle's entries: a string, or `{ message, comment }` as @vscode/l10n-dev writes the English one. */
type BundleFile = Record<string, string | { message: string }>;

function readJson<T>(path: string): T {
  assert.ok(existsSync(path), `${path} exists`);
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

/** The folder of the extension under test. */
export function extensionRoot(): string {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(extension, `${EXTENSION_ID} is installed`);
  return extension.extensionPath;
}

const messageOf = (entry: string | { message: string } | undefined) =>
  typeof entry === 'string' ? entry : entry?.message;

/** A message with placeholders (`{0}`, `{name}`) as a pattern over the whole text shown, the placeholders any text. */
export function templatePattern(template: string): RegExp {
  const parts = template.split(/\{[\w-]+\}/g).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('[\\s\\S]+?')}$`);
}

export class Translations {
  /** The English bundle (l10n/bundle.l10n.json) and this language's. */
  private readonly english: BundleFile;
  private readonly bundle: BundleFile;
  /** package.nls.json and package.nls.<lang>.json. */
  private readonly englishNls: Record<string, string>;
  private readonly nls: Record<string, string>;
  private readonly packageJson: { contributes: { commands: { command: string; title: string }[] } };

  constructor(readonly language: string) {
    const root = extensionRoot();
    this.english = readJson(join(root, 'l10n', 'bundle.l10n.json'));
    this.bundle = readJson(join(root, 'l10n', `bundle.l10n.${language}.json`));
    this.englishNls = readJson(join(root, 'package.nls.json'));
    this.nls = readJson(join(root, `package.nls.${language}.json`));
    this.packageJson = readJson(join(root, 'package.json'));
  }

  /**
   * The translation of the English message `key` (as the code passes it to l10n.t); the test fails when the English
   * bundle does not have the key, the language's bundle lacks it, or its translation is still the English.
   */
  t(key: string): string {
    assert.ok(Object.hasOwn(this.english, key), `l10n/bundle.l10n.json has the key "${key}" (did its English change?)`);
    const translated = Object.hasOwn(this.bundle, key) ? messageOf(this.bundle[key]) : undefined;
    assert.ok(translated, `l10n/bundle.l10n.${this.language}.json translates "${key}"`);
    assert.notEqual(translated, key, `l10n/bundle.l10n.${this.language}.json's "${key}" differs from the English`);
    return translated;
  }

  /**
   * The English key whose translation `text` is (placeholders filled in), preferring the longest literal wording;
   * undefined when `text` is no translation from the language's bundle.
   */
  keyOf(text: string): { key: string; translated: string } | undefined {
    let best: { key: string; translated: string; literal: number } | undefined;
    for (const key of Object.keys(this.bundle)) {
      const translated = messageOf(this.bundle[key]);
      if (!translated || !Object.hasOwn(this.english, key)) continue;
      const literal = translated.replace(/\{[\w-]+\}/g, '').replace(/[\s\p{P}]/gu, '').length;
      // A translation of placeholders and punctuation alone would match any text: it says nothing.
      if (literal === 0 || !templatePattern(translated).test(text)) continue;
      if (!best || literal > best.literal) best = { key, translated, literal };
    }
    return best && { key: best.key, translated: best.translated };
  }

  /**
   * The title of a command as package.json declares it in this language: package.json names a `%key%`, and
   * package.nls.<lang>.json translates it (the test fails when the title is not a `%key%` or has no translation).
   */
  commandTitle(command: string): { english: string; translated: string } {
    const declared = this.packageJson.contributes.commands.find((entry) => entry.command === command);
    assert.ok(declared, `package.json declares ${command}`);
    const key = /^%(.+)%$/.exec(declared.title)?.[1];
    assert.ok(key, `package.json's title of ${command} is a %key% of package.nls.json, not "${declared.title}"`);
    const english = this.englishNls[key];
    const translated = this.nls[key];
    assert.ok(english, `package.nls.json has "${key}"`);
    assert.ok(translated, `package.nls.${this.language}.json translates "${key}"`);
    assert.notEqual(translated, english, `package.nls.${this.language}.json's "${key}" differs from the English`);
    return { english, translated };
  }
}

/** Asserts that `text` is a translation from the language's bundle (not the English), and returns its English key. */
export function assertTranslated(words: Translations, text: string, what: string): string {
  const found = words.keyOf(text);
  assert.ok(found, `${what} "${text}" is a message of l10n/bundle.l10n.${words.language}.json`);
  assert.notEqual(found.translated, found.key, `${what}: "${found.key}" has a translation, not the English`);
  assert.ok(!templatePattern(found.key).test(text), `${what} "${text}" is not the English "${found.key}"`);
  return found.key;
}
