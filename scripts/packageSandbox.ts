/**
 * `npm run package:sandbox`: the sandbox as an npm package for integrators' CI, `dist/marketplace-sandbox-<version>.tgz`.
 * Stages `dist/sandbox-package/`: package.json (no dependencies), `bin/marketplace-sandbox.js`, the production bundle
 * `sandbox.js` (everything it runs inside: only Node's own modules are required at run time, which this checks),
 * `openapi.json`, `sandbox-fixtures.schema.json`, README.md (src/sandbox/package/README.md) and LICENSE (with the
 * notices of the packages bundled); then `npm pack`s it and prints the tarball's path and size.
 * The unit test test/unit/sandbox/package.test.ts installs the tarball in an empty folder and runs it.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { PackagingError, shipDocuments } from './sandboxPackageDocuments';

const ROOT = join(__dirname, '..');
const DIST = join(ROOT, 'dist');
const STAGE = join(DIST, 'sandbox-package');
const PACKAGE_NAME = 'marketplace-sandbox';

const BIN = `#!/usr/bin/env node
'use strict';
// marketplace-sandbox: the marketplace API's local sandbox (README.md; marketplace-sandbox --help).
require('../sandbox.js').runCli('${PACKAGE_NAME}');
`;

async function main(): Promise<void> {
  const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string; license: string };
  rmSync(STAGE, { recursive: true, force: true });
  mkdirSync(join(STAGE, 'bin'), { recursive: true });

  const bundled = await bundle(join(STAGE, 'sandbox.js'));
  writeFileSync(join(STAGE, 'bin', `${PACKAGE_NAME}.js`), BIN);
  chmodSync(join(STAGE, 'bin', `${PACKAGE_NAME}.js`), 0o755);
  const shipped = ['bin/', 'sandbox.js', ...shipDocuments(ROOT, STAGE)];
  copyFileSync(join(ROOT, 'src', 'sandbox', 'package', 'README.md'), join(STAGE, 'README.md'));
  writeFileSync(join(STAGE, 'LICENSE'), licenseText(bundled));
  writeFileSync(
    join(STAGE, 'package.json'),
    `${JSON.stringify(
      {
        name: PACKAGE_NAME,
        version: root.version,
        description:
          'A local, stateful sandbox of the marketplace API for integrators’ tests and CI: every rule of the spec, notifications with retries, fixtures, an OpenAPI document.',
        license: root.license,
        bin: { [PACKAGE_NAME]: `bin/${PACKAGE_NAME}.js` },
        engines: { node: '>=20.19' },
        files: shipped,
        keywords: ['marketplace', 'sandbox', 'mock-server', 'api', 'testing', 'openapi'],
      },
      null,
      2,
    )}\n`,
  );

  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', DIST], {
      cwd: STAGE,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  ) as { filename: string; size: number; unpackedSize: number; entryCount: number }[];
  if (!packed) throw new PackagingError('npm pack wrote no tarball.');
  const tarball = join(DIST, packed.filename);
  console.log(
    `${relative(process.cwd(), tarball)}: ${packed.size} bytes packed, ${packed.unpackedSize} unpacked, ${packed.entryCount} files`,
  );
}

/** The production bundle of the command line at `outfile`; returns the packages it holds (for the notices). */
async function bundle(outfile: string): Promise<string[]> {
  const result = await build({
    entryPoints: [join(ROOT, 'src', 'sandbox', 'cli.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    minify: true,
    mainFields: ['module', 'main'],
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
  });
  const outside = requiredOutside(result.metafile);
  if (outside.length)
    throw new PackagingError(`The bundle would require ${outside.join(', ')} at run time: the package has none.`);
  const packages = new Set<string>();
  for (const input of Object.keys(result.metafile.inputs)) {
    const name = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input)?.[1];
    if (name) packages.add(name);
  }
  return [...packages].sort();
}

/** What the bundle still requires at run time other than Node's own modules. */
function requiredOutside(metafile: Metafile): string[] {
  const builtins = new Set(builtinModules);
  const found = new Set<string>();
  for (const output of Object.values(metafile.outputs)) {
    for (const { path, external } of output.imports) {
      if (external && !path.startsWith('node:') && !builtins.has(path)) found.add(path);
    }
  }
  return [...found].sort();
}

/** The project's license, then each bundled package's (MIT and the like ask their notice to travel with the code). */
function licenseText(packages: string[]): string {
  const parts = [readFileSync(join(ROOT, 'LICENSE'), 'utf8').trimEnd()];
  for (const name of packages) {
    const folder = join(ROOT, 'node_modules', name);
    const meta = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as {
      version: string;
      license?: string;
      author?: string | { name?: string };
    };
    const file = ['LICENSE', 'LICENSE.md', 'LICENSE.txt', 'license'].find((candidate) =>
      existsSync(join(folder, candidate)),
    );
    const notice = file ? readFileSync(join(folder, file), 'utf8').trimEnd() : mitNotice(name, meta);
    parts.push(`---\n\nsandbox.js bundles ${name} ${meta.version} (${meta.license ?? 'see below'}):\n\n${notice}`);
  }
  return `${parts.join('\n\n')}\n`;
}

/**
 * The MIT license's text for a package that declares MIT in its package.json but publishes no license file
 * (@vscode/l10n), with its author as the holder; any other package without a file stops the packaging.
 */
function mitNotice(name: string, meta: { license?: string; author?: string | { name?: string } }): string {
  const holder = typeof meta.author === 'string' ? meta.author : meta.author?.name;
  if (meta.license !== 'MIT' || !holder) {
    throw new PackagingError(`${name} has no LICENSE file to ship with its bundled code.`);
  }
  return `MIT License

Copyright (c) ${holder}

Permission is hereby granted, free of charge, to any person obtaining a copy of this software and associated
documentation files (the "Software"), to deal in the Software without restriction, including without limitation the
rights to use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies of the Software, and to permit
persons to whom the Software is furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all copies or substantial portions of the
Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE
WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR
COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR
OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.`;
}

main().catch((failure: unknown) => {
  console.error(
    failure instanceof PackagingError ? `package:sandbox: ${failure.message}` : ((failure as Error)?.stack ?? failure),
  );
  process.exit(1);
});
