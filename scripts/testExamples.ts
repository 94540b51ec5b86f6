// npm run test:examples: the examples' own test suites, run as an integrator runs them — against the packaged
// sandbox. Builds the package (npm run package:sandbox), installs its tgz into each example without touching the
// example's package.json (--no-save, and no lock file), then runs the example's `npm test`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..');
const EXAMPLES = join(ROOT, 'examples');

function say(message: string): void {
  process.stdout.write(`[examples] ${message}\n`);
}

function fail(message: string): never {
  process.stderr.write(`[examples] ${message}\n`);
  process.exit(1);
}

/**
 * The `npm run` this script runs under tells its children which project they are in (npm_config_local_prefix, the
 * repository; npm_package_*): left in, the example's npm would install into the repository's node_modules. The
 * example's npm must find its own folder, so they are left out.
 */
function exampleEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!/^npm_(config_local_prefix$|package_|lifecycle_)/i.test(name)) env[name] = value;
  }
  return env;
}

/** Runs a command with its output shown; its exit code (or 1 when it could not start). */
function run(command: string, args: string[], cwd: string, env = process.env): number {
  const result = spawnSync(command, args, { cwd, env, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.error) process.stderr.write(`[examples] ${command} could not start: ${result.error.message}\n`);
  return result.status ?? 1;
}

function seconds(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}

function main(): void {
  const started = Date.now();
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const examples = existsSync(EXAMPLES)
    ? readdirSync(EXAMPLES)
        .map((name) => join(EXAMPLES, name))
        .filter((folder) => existsSync(join(folder, 'package.json')))
    : [];
  if (examples.length === 0) fail(`no example with a package.json in ${relative(ROOT, EXAMPLES)}/`);

  say('building the sandbox package (npm run package:sandbox)');
  const packaged = run(npm, ['run', 'package:sandbox', '--silent'], ROOT);
  if (packaged !== 0) fail(`npm run package:sandbox failed (exit ${packaged}): the examples run against its package.`);
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  const tgz = join(ROOT, 'dist', `marketplace-sandbox-${version}.tgz`);
  if (!existsSync(tgz)) fail(`npm run package:sandbox succeeded but ${relative(ROOT, tgz)} is not there.`);

  for (const folder of examples) {
    const name = relative(ROOT, folder).split(/[\\/]/).join('/');
    const manifest = join(folder, 'package.json');
    const before = readFileSync(manifest, 'utf8');
    say(`${name}: installing ${relative(ROOT, tgz)}`);
    const installed = run(
      npm,
      ['install', '--no-save', '--no-package-lock', '--offline', '--no-audit', '--no-fund', tgz],
      folder,
      exampleEnv(),
    );
    if (installed !== 0) fail(`${name}: npm install of ${relative(ROOT, tgz)} failed (exit ${installed}).`);
    if (readFileSync(manifest, 'utf8') !== before) fail(`${name}: npm install changed its package.json.`);
    const testStarted = Date.now();
    say(`${name}: npm test`);
    const tested = run(npm, ['test'], folder, exampleEnv());
    if (tested !== 0) fail(`${name}: its tests failed (exit ${tested}); their report is above.`);
    say(`${name}: passed in ${seconds(testStarted)}`);
  }
  say(`all examples passed in ${seconds(started)}`);
}

main();
