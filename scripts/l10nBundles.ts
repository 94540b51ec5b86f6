// npm run l10n: the English bundle extracted from the code by @vscode/l10n-dev (every `vscode.l10n.t` of the features,
// every `l10n.t` of @vscode/l10n in the pure layers and the webviews), written to l10n/bundle.l10n.json; the
// translations (l10n/bundle.l10n.<language>.json) kept to the English keys, with new translations folded in from
// l10n/fragments/*.<language>.json (a way to translate one area at a time), and what is still missing listed.
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { getL10nJson, type l10nJsonFormat } from '@vscode/l10n-dev';

export const ROOT = join(__dirname, '..');
export const L10N_DIR = join(ROOT, 'l10n');
/** The display languages the extension speaks besides English, as VS Code names them. */
export const LANGUAGES = ['es', 'pt-br'] as const;
/** Where the code that says something lives: the extension and its webviews. */
const SOURCE_DIRS = ['src', 'webview'];

/** Every TypeScript file under the source folders (declaration files aside). */
export function sourceFiles(root = ROOT): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) files.push(path);
    }
  };
  for (const dir of SOURCE_DIRS) walk(join(root, dir));
  return files.sort();
}

/** The English bundle as the code says it today: key → message (a key with a comment is `message/comment`). */
export async function extractEnglish(root = ROOT): Promise<Record<string, string>> {
  const extracted: l10nJsonFormat = await getL10nJson(
    sourceFiles(root).map((path) => ({ extension: '.ts', contents: readFileSync(path, 'utf8') })),
  );
  const bundle: Record<string, string> = {};
  for (const key of Object.keys(extracted).sort()) {
    const value = extracted[key];
    if (value !== undefined) bundle[key] = typeof value === 'string' ? value : value.message;
  }
  return bundle;
}

/** A bundle file's entries (an absent file is an empty bundle). */
export function readBundle(path: string): Record<string, string> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return {};
  }
  const parsed = JSON.parse(text) as Record<string, unknown>;
  const bundle: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value === 'string') bundle[key] = value;
    else if (value && typeof value === 'object' && typeof (value as { message?: unknown }).message === 'string') {
      bundle[key] = (value as { message: string }).message;
    }
  }
  return bundle;
}

/**
 * What a language's bundle will hold once the fragments are folded in: the committed `l10n/bundle.l10n.<language>.json`
 * with every `l10n/fragments/*.<language>.json` over it (what `@vscode/l10n`'s `config({ contents })` takes).
 */
export function translationsOf(language: (typeof LANGUAGES)[number], root = ROOT): Record<string, string> {
  const dir = join(root, 'l10n');
  const translations = readBundle(join(dir, `bundle.l10n.${language}.json`));
  let fragments: string[] = [];
  try {
    fragments = readdirSync(join(dir, 'fragments'))
      .filter((name) => name.endsWith(`.${language}.json`))
      .sort();
  } catch {
    // no fragments to fold in
  }
  for (const name of fragments) Object.assign(translations, readBundle(join(dir, 'fragments', name)));
  return translations;
}

/** The placeholders of a message, sorted: `{0}`, `{count}`. */
export const placeholdersOf = (message: string): string[] => [...new Set(message.match(/\{[^{}\s]+\}/g) ?? [])].sort();

const write = (path: string, bundle: Record<string, string>) =>
  writeFileSync(path, `${JSON.stringify(bundle, null, 2)}\n`);

async function main(): Promise<void> {
  // --dry: report only, write and delete nothing (to see what an area still misses while translating it).
  const dry = process.argv.includes('--dry');
  const english = await extractEnglish();
  if (!dry) write(join(L10N_DIR, 'bundle.l10n.json'), english);
  console.log(`l10n/bundle.l10n.json: ${Object.keys(english).length} strings`);
  const fragmentsDir = join(L10N_DIR, 'fragments');
  let fragments: string[] = [];
  try {
    fragments = readdirSync(fragmentsDir).filter((name) => name.endsWith('.json'));
  } catch {
    // no fragments to fold in
  }
  let incomplete = false;
  for (const language of LANGUAGES) {
    const path = join(L10N_DIR, `bundle.l10n.${language}.json`);
    const known = readBundle(path);
    for (const name of fragments.filter((file) => file.endsWith(`.${language}.json`))) {
      for (const [key, value] of Object.entries(readBundle(join(fragmentsDir, name)))) {
        if (known[key] !== undefined && known[key] !== value) {
          console.log(`  ${language}: "${key}" translated twice; kept the one of ${name}`);
        }
        known[key] = value;
      }
    }
    const kept: Record<string, string> = {};
    const missing: string[] = [];
    for (const key of Object.keys(english)) {
      if (known[key] === undefined) missing.push(key);
      else kept[key] = known[key];
    }
    const dropped = Object.keys(known).filter((key) => english[key] === undefined);
    if (!dry) write(path, kept);
    console.log(
      `${relative(ROOT, path)}: ${Object.keys(kept).length} strings` +
        (dropped.length ? `, ${dropped.length} no longer used dropped` : ''),
    );
    for (const key of missing) console.log(`  missing: ${JSON.stringify(key)}`);
    incomplete ||= missing.length > 0;
  }
  if (!dry) for (const name of fragments) rmSync(join(fragmentsDir, name));
  if (incomplete) process.exitCode = 1;
}

if (process.argv[1]?.endsWith('l10nBundles.ts')) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
