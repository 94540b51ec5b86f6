// The sandbox's npm package as an integrator gets it: `npm run package:sandbox` builds
// dist/marketplace-sandbox-<version>.tgz, whose size (packed and unpacked) the report gives, and which is installed
// into an empty folder as the package's README says (`npm install ./marketplace-sandbox-<version>.tgz`), for the
// start figures to run `npx marketplace-sandbox` there.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gunzipSync } from 'node:zlib';
import type { Report } from './report';

const KB = 1024;
export const PACKAGE_NAME = 'marketplace-sandbox';

export interface InstalledPackage {
  /** The empty folder it was installed into. */
  folder: string;
  /** The bin's file, for node to run without npx. */
  bin: string;
}

/** Builds the tgz; its path, or why there is none. */
export function buildSandboxPackage(root: string): { tgz: string } | { reason: string } {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    version: string;
    scripts?: Record<string, string>;
  };
  if (!manifest.scripts?.['package:sandbox']) return { reason: 'this build has no npm run package:sandbox' };
  try {
    execFileSync('npm', ['run', '--silent', 'package:sandbox'], { cwd: root, stdio: 'pipe', encoding: 'utf8' });
  } catch (error) {
    const failure = error as { stderr?: string; stdout?: string; message: string };
    const said = `${failure.stderr ?? ''}${failure.stdout ?? ''}`.trim().split('\n').slice(-3).join(' ');
    return { reason: `npm run package:sandbox failed: ${said || failure.message}` };
  }
  const tgz = join(root, 'dist', `${PACKAGE_NAME}-${manifest.version}.tgz`);
  return existsSync(tgz) ? { tgz } : { reason: `npm run package:sandbox wrote no dist/${PACKAGE_NAME}-*.tgz` };
}

/** The files of a gzipped tar archive (npm pack's format): their count and total size in bytes. */
export function tarContents(tgz: Buffer): { files: number; bytes: number } {
  const tar = gunzipSync(tgz);
  let files = 0;
  let bytes = 0;
  let at = 0;
  while (at + 512 <= tar.length) {
    const header = tar.subarray(at, at + 512);
    if (header.every((byte) => byte === 0)) break;
    const size = Number.parseInt(header.toString('latin1', 124, 136).replace(/\0.*$/, '').trim() || '0', 8);
    const type = String.fromCharCode(header[156] ?? 0);
    // Regular files ('0', or NUL in old archives); pax and GNU headers ('x', 'g', 'L') describe the next entry.
    if (type === '0' || type === '\0') {
      files += 1;
      bytes += size;
    }
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return { files, bytes };
}

/** The package's size rows: the tgz, and what it unpacks to. */
export function packageSizes(report: Report, tgz: string | { reason: string }): void {
  const name = `${PACKAGE_NAME} package (npm run package:sandbox)`;
  if (typeof tgz !== 'string') {
    report.unavailable(`${name}, packed`, 'KB', tgz.reason);
    report.unavailable(`${name}, unpacked`, 'KB', tgz.reason);
    return;
  }
  const packed = statSync(tgz).size;
  const { files, bytes } = tarContents(readFileSync(tgz));
  report.add(`${name}, packed`, packed / KB, 'KB', { detail: 'the .tgz', extra: { bytes: packed } });
  report.add(`${name}, unpacked`, bytes / KB, 'KB', {
    detail: `${files} files, no dependency to install`,
    extra: { bytes, files },
  });
}

/** `npm install TGZ` in a new empty folder (a package.json of its own, so npm does not look above it). */
export function installPackage(tgz: string): InstalledPackage & { installMs: number } {
  const folder = mkdtempSync(join(tmpdir(), 'mi-bench-package-'));
  writeFileSync(join(folder, 'package.json'), `${JSON.stringify({ name: 'bench-integrator', private: true })}\n`);
  const started = performance.now();
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', tgz], {
    cwd: folder,
    stdio: 'pipe',
  });
  const installMs = performance.now() - started;
  const installed = join(folder, 'node_modules', PACKAGE_NAME);
  const { bin } = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as {
    bin?: string | Record<string, string>;
  };
  const command = typeof bin === 'string' ? bin : bin?.[PACKAGE_NAME];
  if (!command) throw new Error(`the installed ${PACKAGE_NAME} has no bin named ${PACKAGE_NAME}`);
  return { folder, bin: join(installed, command), installMs };
}

/** The install row: `npm install` of the tgz into an empty folder, one run (npm's own start is most of it). */
export function installRow(report: Report, installMs: number | { reason: string }): void {
  if (typeof installMs === 'number') report.add(INSTALL_ROW, installMs, 'ms', { detail: 'one run' });
  else report.unavailable(INSTALL_ROW, 'ms', installMs.reason);
}

const INSTALL_ROW = `npm install of the ${PACKAGE_NAME} .tgz into an empty folder`;
