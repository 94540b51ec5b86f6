// What the extension ships: every production bundle (the extension, its sandbox, each webview, and any chunk the
// build splits off) with its gzip size, and the packaged .vsix.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { formatNumber, type Report } from './report';

const KB = 1024;
const VSIX = 'dist/marketplace-integrator.vsix';

/** `npm run package` (its `vscode:prepublish` builds the production bundles first); false with the reason on failure. */
export function packageVsix(root: string): true | string {
  try {
    execFileSync('npm', ['run', '--silent', 'package'], { cwd: root, stdio: 'pipe', encoding: 'utf8' });
    return true;
  } catch (error) {
    const failure = error as { stderr?: string; stdout?: string; message: string };
    const said = `${failure.stderr ?? ''}${failure.stdout ?? ''}`.trim().split('\n').slice(-3).join(' ');
    return said || failure.message;
  }
}

/** Folders of dist/ that the extension does not load: the test suites, and the sandbox package's staging. */
const NOT_EXTENSION = new Set(['dist/test', 'dist/sandbox-package']);

/** The JavaScript bundles under dist/ (not the test suites, maps or the .vsix): first the extension's own order. */
function bundles(root: string): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!NOT_EXTENSION.has(relative(root, path))) walk(path);
      } else if (entry.name.endsWith('.js')) found.push(relative(root, path));
    }
  };
  walk(join(root, 'dist'));
  const order = (name: string) =>
    name === 'dist/extension.js' ? 0 : name === 'dist/sandbox.js' ? 1 : name.startsWith('dist/webview/') ? 3 : 2;
  return found.sort((a, b) => order(a) - order(b) || a.localeCompare(b));
}

export function bundleSizes(report: Report, root: string, packaged: true | string): void {
  for (const bundle of bundles(root)) {
    const bytes = statSync(join(root, bundle)).size;
    const gzip = gzipSync(readFileSync(join(root, bundle))).length;
    report.add(bundle, bytes / KB, 'KB', {
      detail: `${formatNumber(gzip / KB)} KB gzip`,
      extra: { bytes, gzip_bytes: gzip },
      // The target for the bundle activation loads.
      target: bundle === 'dist/extension.js' ? { max: 300, strict: true, text: '< 300 KB' } : undefined,
    });
  }
  if (packaged === true && existsSync(join(root, VSIX))) {
    // Every bundle the extension loads must ship: one left out by .vscodeignore fails only once installed.
    const shipped = new Set(zipEntries(readFileSync(join(root, VSIX))));
    const missing = bundles(root).filter((bundle) => !shipped.has(`extension/${bundle}`));
    report.add(VSIX, statSync(join(root, VSIX)).size / KB, 'KB', {
      detail: missing.length
        ? `LACKS ${missing.join(', ')} (see .vscodeignore)`
        : `${shipped.size} files, every bundle`,
      extra: { files: shipped.size, missing_bundles: missing.join(' ') || null },
    });
  } else {
    report.unavailable(VSIX, 'KB', `npm run package failed: ${packaged === true ? 'no file' : packaged}`);
  }
}

/** The file names in a zip archive, from its central directory. */
function zipEntries(zip: Buffer): string[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('the .vsix is not a zip archive');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    names.push(zip.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}
