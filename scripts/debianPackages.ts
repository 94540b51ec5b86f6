// Installs the few Debian packages the real-VS-Code harness needs (chromium, libkrb5-dev), only when they are
// missing and only when running as root; otherwise says exactly what to install.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export interface DebianNeed {
  /** Debian package name. */
  pkg: string;
  /** A file whose presence proves the package is installed (checked before dpkg). */
  proof: string;
  /** Why the harness needs it, for the error message. */
  why: string;
}

let aptUpdated = false;

function installedByDpkg(pkg: string): boolean {
  try {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: dpkg-query's own format syntax, not a template.
    const status = execFileSync('dpkg-query', ['-W', '-f=${Status}', pkg], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return status.trim() === 'install ok installed';
  } catch {
    return false;
  }
}

function isPresent(need: DebianNeed): boolean {
  return existsSync(need.proof) || installedByDpkg(need.pkg);
}

/** Ensures every package is present; installs the missing ones with apt-get when root, throws otherwise. */
export function ensureDebianPackages(needs: DebianNeed[]): void {
  const missing = needs.filter((need) => !isPresent(need));
  if (missing.length === 0) return;
  const names = missing.map((need) => need.pkg);
  const reasons = missing.map((need) => `  ${need.pkg}: ${need.why}`).join('\n');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    throw new Error(
      `Missing system packages:\n${reasons}\nInstall them first, e.g. sudo apt-get update && sudo apt-get install -y ${names.join(' ')}`,
    );
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  process.stdout.write(`[harness] installing Debian packages: ${names.join(' ')}\n`);
  if (!aptUpdated) {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    aptUpdated = true;
  }
  execFileSync('apt-get', ['install', '-y', '-qq', ...names], { stdio: 'inherit', env });
  const still = missing.filter((need) => !isPresent(need));
  if (still.length > 0) {
    throw new Error(`apt-get finished but these packages are still missing: ${still.map((n) => n.pkg).join(' ')}`);
  }
}
