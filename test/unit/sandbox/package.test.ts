// The marketplace-sandbox npm package (`npm run package:sandbox`), as an integrator uses it: installed from its tarball
// in an empty folder (it has no dependencies, so npm needs no network), started with `npx marketplace-sandbox --port 0`,
// asked whether it is ready and for an item with the token it printed, then stopped with SIGTERM.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOCUMENTS, shipDocuments } from '../../../scripts/sandboxPackageDocuments';
import { ITEM } from '../../../src/sandbox/items/ids';
import { startCommand } from '../support/sandboxCommand';

const ROOT = join(__dirname, '..', '..', '..');
const ROOT_PACKAGE = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
const TARBALL = join(ROOT, 'dist', `marketplace-sandbox-${ROOT_PACKAGE.version}.tgz`);
const STAGE = join(ROOT, 'dist', 'sandbox-package');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** A .vscodeignore pattern (`*` within a folder, `**` across them) as a regular expression of the whole path. */
function globRegExp(pattern: string): RegExp {
  const parts = pattern.split('**').map((part) =>
    part
      .split('*')
      .map((text) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]*'),
  );
  return new RegExp(`^${parts.join('.*')}$`);
}

describe('the marketplace-sandbox package', function () {
  this.timeout(180_000);
  let folder: string;
  let printed: string;
  before(() => {
    // Built once for the suite.
    printed = execFileSync(NPM, ['run', '--silent', 'package:sandbox'], { cwd: ROOT, encoding: 'utf8' });
    folder = mkdtempSync(join(tmpdir(), 'mi-package-'));
  });
  after(() => rmSync(folder, { recursive: true, force: true }));

  it('npm run package:sandbox writes the tarball and prints its path and size', () => {
    const bytes = statSync(TARBALL).size;
    assert.match(
      printed,
      new RegExp(
        `^dist/marketplace-sandbox-${ROOT_PACKAGE.version}\\.tgz: ${bytes} bytes packed, \\d+ unpacked, \\d+ files\\n$`,
      ),
    );
  });

  it('its package.json names the command, the version of the repository and no dependency', () => {
    const staged = JSON.parse(readFileSync(join(STAGE, 'package.json'), 'utf8')) as Record<string, unknown>;
    assert.equal(staged.name, 'marketplace-sandbox');
    assert.equal(staged.version, ROOT_PACKAGE.version);
    assert.deepEqual(staged.bin, { 'marketplace-sandbox': 'bin/marketplace-sandbox.js' });
    assert.deepEqual(staged.engines, { node: '>=20.19' });
    assert.equal(staged.license, 'MIT');
    for (const key of ['dependencies', 'peerDependencies', 'optionalDependencies', 'scripts'])
      assert.ok(!(key in staged), `no ${key}`);
    assert.match(readFileSync(join(STAGE, 'bin', 'marketplace-sandbox.js'), 'utf8'), /^#!\/usr\/bin\/env node\n/);
    const license = readFileSync(join(STAGE, 'LICENSE'), 'utf8');
    assert.match(license, /^MIT License[\s\S]*bundles zod /);
    // The rules' words go through @vscode/l10n, bundled too: its MIT notice travels with it.
    assert.match(
      license,
      /bundles @vscode\/l10n [\d.]+ \(MIT\):\s+MIT License\s+Copyright \(c\) Microsoft Corporation/,
    );
  });

  it('the repository holds every document it expects, and the package holds them', () => {
    const staged = readdirSync(STAGE);
    for (const document of DOCUMENTS) {
      if (!existsSync(join(ROOT, document.expectedWhen))) continue;
      assert.ok(existsSync(join(ROOT, document.from)), `${document.from} (made by ${document.madeBy})`);
      assert.ok(staged.includes(document.to), `the package ships ${document.to}`);
    }
  });

  it('the extension’s .vsix takes neither the staged package nor its tarball', () => {
    const patterns = readFileSync(join(ROOT, '.vscodeignore'), 'utf8').split('\n').filter(Boolean);
    assert.equal(patterns[0], '**', 'the .vsix takes only what .vscodeignore lets in');
    const kept = patterns.filter((line) => line.startsWith('!')).map((line) => line.slice(1));
    assert.ok(
      kept.some((pattern) => globRegExp(pattern).test('dist/sandbox.js')),
      'the embedded sandbox goes in (the patterns are read right)',
    );
    const packaged = [
      `dist/marketplace-sandbox-${ROOT_PACKAGE.version}.tgz`,
      ...readdirSync(STAGE, { recursive: true }).map((file) => `dist/sandbox-package/${file}`),
    ];
    for (const file of packaged)
      assert.ok(!kept.some((pattern) => globRegExp(pattern).test(file)), `${file} stays out of the .vsix`);
  });

  it('installs in an empty folder without the network, and runs there from npx until SIGTERM', async () => {
    const install = spawnSync(NPM, ['install', '--offline', '--no-audit', '--no-fund', TARBALL], {
      cwd: folder,
      encoding: 'utf8',
    });
    assert.equal(install.status, 0, install.stderr);
    assert.deepEqual(
      readdirSync(join(folder, 'node_modules')).filter((name) => !name.startsWith('.')),
      ['marketplace-sandbox'],
    );
    const installed = join(folder, 'node_modules', 'marketplace-sandbox');
    assert.ok(existsSync(join(installed, 'README.md')));

    const help = spawnSync(process.execPath, [join(folder, 'node_modules', '.bin', 'marketplace-sandbox'), '--help'], {
      encoding: 'utf8',
    });
    assert.equal(help.status, 0, help.stderr);
    assert.match(help.stdout, /^Usage: marketplace-sandbox \[options\]/);

    // No NODE_PATH, a folder outside the repository: the bundle finds nothing of the repository's node_modules.
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_PATH: '', npm_config_update_notifier: 'false' };
    delete env.MARKETPLACE_SANDBOX_TOKEN_SECRET;
    const running = await startCommand('npx', ['marketplace-sandbox', '--port', '0', '--log', 'json'], {
      cwd: folder,
      env,
      timeoutMs: 60_000,
    });
    try {
      const ready = await fetch(`${running.url}/_sandbox/ready`);
      assert.equal(ready.status, 200);
      assert.deepEqual(await ready.json(), { ready: true });
      const item = await fetch(`${running.url}/items/${ITEM.PHONE_NO_SALES}`, {
        headers: { authorization: `Bearer ${running.token}` },
      });
      assert.equal(item.status, 200);
      assert.equal(((await item.json()) as { id: string }).id, ITEM.PHONE_NO_SALES);
      // The OpenAPI document it serves is the one it ships, beside its bundle.
      const document = await fetch(`${running.url}/openapi.json`);
      assert.equal(document.status, 200);
      const shipped = JSON.parse(readFileSync(join(installed, 'openapi.json'), 'utf8')) as { paths: object };
      assert.deepEqual(Object.keys(((await document.json()) as { paths: object }).paths), Object.keys(shipped.paths));
    } finally {
      // npx runs the command through a shell that passes no signal on: the sandbox's own pid is in its ready line.
      const readyLine = running
        .stderr()
        .split('\n')
        .find((line) => line.includes('"event":"ready"'));
      const pid = (JSON.parse(readyLine ?? '{}') as { pid?: number }).pid;
      assert.ok(pid, `the ready line gives the pid: ${running.stderr()}`);
      process.kill(pid, 'SIGTERM');
    }
    const end = await running.ended;
    assert.equal(end.code, 0, end.stderr);
    assert.match(end.stderr, /"event":"stopped"/);
  });
});

describe('the documents the marketplace-sandbox package ships', () => {
  let root: string;
  let stage: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'mi-documents-'));
    stage = join(root, 'stage');
    mkdirSync(stage);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));
  const place = (path: string, text = '{}') => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };

  it('an expected document that is absent stops the packaging with the command that makes it', () => {
    for (const document of DOCUMENTS) {
      rmSync(join(root, 'schemas'), { recursive: true, force: true });
      for (const other of DOCUMENTS) place(other.expectedWhen);
      for (const other of DOCUMENTS.filter((candidate) => candidate !== document)) place(other.from);
      assert.throws(() => shipDocuments(root, stage), {
        message: `${document.from} is missing: run \`${document.madeBy}\` first.`,
      });
    }
  });

  it('each document present is copied under its package name', () => {
    for (const document of DOCUMENTS) place(document.from, JSON.stringify({ from: document.from }));
    assert.deepEqual(
      shipDocuments(root, stage),
      DOCUMENTS.map((document) => document.to),
    );
    for (const document of DOCUMENTS)
      assert.deepEqual(JSON.parse(readFileSync(join(stage, document.to), 'utf8')), { from: document.from });
  });
});
