// The version the command line reports (`--version`, the ready line): the one of the package it runs from, read from
// the nearest package.json above the running file. That is the repository's for `npm run sandbox` (dist/sandbox.js,
// or src/ under tsx) and the marketplace-sandbox package's once installed (its package.json sits beside the bundle,
// with the repository's version: scripts/packageSandbox.ts writes it).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The `version` of the nearest package.json at or above `folder`; undefined when none has one. */
export function packageVersion(folder: string = __dirname): string | undefined {
  for (let at = folder; ; at = dirname(at)) {
    const found = readVersion(join(at, 'package.json'));
    if (found !== 'absent') return found;
    if (dirname(at) === at) return undefined;
  }
}

/** The file's `version`, undefined when it has none, 'absent' when there is no such file. */
function readVersion(path: string): string | undefined | 'absent' {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return 'absent';
  }
  try {
    const version = (JSON.parse(text) as { version?: unknown }).version;
    return typeof version === 'string' ? version : undefined;
  } catch {
    return undefined;
  }
}
