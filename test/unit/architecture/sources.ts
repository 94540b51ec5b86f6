// What the architecture tests read: the project's source files and the relative imports each makes, as text.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export const ROOT = join(__dirname, '../../..');

/** Every .ts file below `folder`, whole paths. */
export function sources(folder: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) out.push(...sources(path));
    else if (name.endsWith('.ts')) out.push(path);
  }
  return out;
}

/** The module names `file` imports or re-exports, statically or with `import()`, as written. */
export function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map(
    (match) => (match[1] ?? match[2]) as string,
  );
}

/** The file a relative import names (`x.ts` or `x/index.ts`), whole path; undefined for a package. */
export function resolveImport(file: string, target: string): string | undefined {
  if (!target.startsWith('.')) return undefined;
  const base = join(file, '..', target);
  for (const candidate of [`${base}.ts`, join(base, 'index.ts'), base]) if (existsSync(candidate)) return candidate;
  return base;
}

/** A path relative to the repository, with forward slashes, for messages. */
export const fromRoot = (path: string): string => relative(ROOT, path).split(/[\\/]/).join('/');
