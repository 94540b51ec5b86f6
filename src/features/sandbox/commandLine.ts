// Pure (no `vscode`): the `npx marketplace-sandbox …` line a CI job runs to start the sandbox as the editor has it,
// with a fixtures file or with the running sandbox's own options. A line for a POSIX shell (bash, sh, zsh: what CI
// runners and `run:` steps use), whatever the editor's platform.

import { DEFAULT_SEED } from '../../sandbox';

/**
 * The package's command (src/sandbox/package/, `npm run package:sandbox`). `--no`: npx runs the package installed in
 * the project and never fetches one of that name from the registry (in CI, without a terminal, it would not ask).
 */
export const SANDBOX_COMMAND = 'npx --no marketplace-sandbox';

/** What the line starts a sandbox with: a fixtures file, or the options that make the running one's data. */
export interface CommandLineOptions {
  /** The fixtures file as the line names it (relative to the workspace folder, `/`-separated). */
  fixtures?: string;
  seed?: string;
  scale?: number;
  /** An ISO instant for `--clock-start`. */
  clockStart?: string;
}

/**
 * Characters a POSIX shell takes literally in a word: anything else is quoted. Not a leading `=`, which zsh expands
 * to a command's path.
 */
const PLAIN_WORD = /^(?!=)[A-Za-z0-9_@%+=:,./-]+$/;

/**
 * One word for a POSIX shell: as it is when every character is literal there, else in single quotes (inside which
 * nothing is special, `!` included), a `'` written as `'\''`. An empty word is `''`.
 */
export function shellQuote(word: string): string {
  if (PLAIN_WORD.test(word)) return word;
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/**
 * How the line names a fixtures file: relative to the workspace folder with `/` separators (a CI job runs from the
 * repository's root), `./` before a name that starts with `-` (else it reads as an option); a file outside the
 * folder keeps its absolute path. `separator` is the platform's (`\` on Windows).
 */
export function fixturesPathArgument(folder: string | undefined, file: string, separator = '/'): string {
  const absolute = file.split(separator).join('/');
  if (folder === undefined) return absolute;
  const base = folder.split(separator).join('/').replace(/\/+$/, '');
  // Paths compare as written by the editor (the same folder URI both came from); Windows drive letters by case.
  const sameFolder =
    separator === '\\' ? absolute.toLowerCase().startsWith(`${base.toLowerCase()}/`) : absolute.startsWith(`${base}/`);
  if (!sameFolder) return absolute;
  const relative = absolute.slice(base.length + 1);
  return relative.startsWith('-') ? `./${relative}` : relative;
}

/** Whether `fixturesPathArgument` had to keep the absolute path (the file is not in the workspace folder). */
export const isOutsideFolder = (argument: string): boolean => argument.startsWith('/') || /^[A-Za-z]:\//.test(argument);

/**
 * The line: `npx marketplace-sandbox --port 0` (a free port; the URL is printed), then `--fixtures FILE`, or else
 * the options in which the running sandbox differs from a default start.
 */
export function sandboxCommandLine(options: CommandLineOptions = {}): string {
  const words = [SANDBOX_COMMAND, '--port', '0'];
  if (options.fixtures !== undefined) {
    words.push('--fixtures', shellQuote(options.fixtures));
    return words.join(' ');
  }
  if (options.seed !== undefined && options.seed !== DEFAULT_SEED) words.push('--seed', shellQuote(options.seed));
  if (options.scale !== undefined && options.scale > 0) words.push('--scale', String(options.scale));
  if (options.clockStart !== undefined) words.push('--clock-start', shellQuote(options.clockStart));
  return words.join(' ');
}

/** What `GET /_sandbox` says of the running sandbox (the fields the line reads). */
export interface SandboxFacts {
  seed?: unknown;
  scale?: unknown;
  now?: unknown;
  clock_offset_ms?: unknown;
}

/**
 * The options of a line without fixtures, from the running sandbox: its seed and scale when not the defaults, and
 * `--clock-start` with the sandbox's time (to the second) when its clock is not the real one (started at another
 * instant or advanced), so that the new sandbox's clock reads what this one reads now.
 */
export function optionsOfRunningSandbox(facts: SandboxFacts): CommandLineOptions {
  const options: CommandLineOptions = {};
  if (typeof facts.seed === 'string' && facts.seed !== DEFAULT_SEED) options.seed = facts.seed;
  if (typeof facts.scale === 'number' && Number.isInteger(facts.scale) && facts.scale > 0) options.scale = facts.scale;
  const offset = facts.clock_offset_ms;
  if (typeof offset === 'number' && Math.abs(offset) >= 1000 && typeof facts.now === 'string') {
    const now = new Date(facts.now);
    if (!Number.isNaN(now.getTime())) options.clockStart = now.toISOString().replace(/\.\d{3}Z$/, 'Z');
  }
  return options;
}
