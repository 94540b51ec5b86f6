// The limit the activation bundle's evaluation is set beside: a bundle of the same format built from an empty entry.
// "The same format" is read from esbuild.mjs itself, never copied: it runs with esbuild replaced by a recorder
// (extensionOptions/), which prints each build's options and builds nothing, and the options of the build that writes
// dist/extension.js are the empty bundle's, but for its entry, its output (a folder of the caller's, never dist/) and
// the plugins (functions, which an empty entry never reaches).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BuildOptions, build } from 'esbuild';

const RECORD_PREFIX = 'esbuild-options ';
export const ACTIVATION_BUNDLE = 'dist/extension.js';

/** A build's options as esbuild.mjs passes them, plugins by name. */
export type RecordedOptions = Omit<BuildOptions, 'plugins'> & { plugins: string[] };

/** Every build esbuild.mjs starts with these arguments, in order, from a run that writes nothing. */
export function recordedBuilds(root: string, args: readonly string[] = ['--production']): RecordedOptions[] {
  const output = execFileSync(
    process.execPath,
    ['--import', join(__dirname, 'extensionOptions', 'register.mjs'), join(root, 'esbuild.mjs'), ...args, '--quiet'],
    { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return output
    .split('\n')
    .filter((line) => line.startsWith(RECORD_PREFIX))
    .map((line) => JSON.parse(line.slice(RECORD_PREFIX.length)) as RecordedOptions);
}

/** The options of the build that writes the activation bundle (its last pass, the one written to disk). */
export function activationBundleOptions(root: string, args?: readonly string[]): RecordedOptions {
  const written = recordedBuilds(root, args).filter(
    (options) => options.outfile === ACTIVATION_BUNDLE && options.write !== false,
  );
  const options = written.at(-1);
  if (!options) throw new Error(`esbuild.mjs starts no build that writes ${ACTIVATION_BUNDLE}`);
  return options;
}

/** The activation bundle's options for an empty entry written into `folder`. */
export function emptyBundleOptions(activation: RecordedOptions, folder: string): BuildOptions {
  const { plugins: _plugins, entryPoints: _entry, outfile: _outfile, metafile: _metafile, ...format } = activation;
  return {
    ...format,
    absWorkingDir: folder,
    entryPoints: [join(folder, 'empty.js')],
    outfile: join(folder, 'empty-bundle.js'),
    logLevel: 'silent',
    write: true,
  };
}

/** Builds the empty bundle into `folder` with the activation bundle's options; returns its path. */
export async function buildEmptyBundle(root: string, folder: string, args?: readonly string[]): Promise<string> {
  const options = emptyBundleOptions(activationBundleOptions(root, args), folder);
  writeFileSync(join(folder, 'empty.js'), '');
  await build(options);
  return options.outfile!;
}
