// Prism's mock mode (@stoplight/prism-cli), the mock server an integrator would generate from an OpenAPI document
// instead of running the sandbox. Never a dependency of the project: installed on demand into .bench-tools/ (ignored by
// git) at one exact version and reused by the next runs; when it cannot be installed (no network), the reason is
// given and the bench goes on without it.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type ServerProcess, startServer } from './serverProcess';

/**
 * The version measured. Its package.json asks for node ≥ 24.18, the project runs on node 20: Prism's mock mode
 * serves on node 20 all the same, and the bench runs it with the node that runs the bench.
 */
export const PRISM_VERSION = '5.16.0';
const PACKAGE = '@stoplight/prism-cli';
const TOOLS = '.bench-tools';

export type PrismInstall = { bin: string; version: string } | { reason: string };

/** Prism's command (a JS file node runs), installing it into .bench-tools/ first when that version is not there. */
export async function ensurePrism(root: string): Promise<PrismInstall> {
  const found = installedPrism(root);
  if (found) return found;
  try {
    await promisify(execFile)(
      'npm',
      [
        'install',
        '--prefix',
        join(root, TOOLS),
        '--no-save',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
        `${PACKAGE}@${PRISM_VERSION}`,
      ],
      { cwd: root, timeout: 300_000, encoding: 'utf8' },
    );
  } catch (error) {
    const failure = error as { stderr?: string; message: string };
    const said = (failure.stderr ?? '').trim().split('\n').filter(Boolean).slice(-2).join(' ');
    return { reason: `${PACKAGE}@${PRISM_VERSION} could not be installed (${said || failure.message})` };
  }
  return installedPrism(root) ?? { reason: `${PACKAGE}@${PRISM_VERSION} installed, but its command is not there` };
}

function installedPrism(root: string): { bin: string; version: string } | undefined {
  const folder = join(root, TOOLS, 'node_modules', PACKAGE);
  const manifest = join(folder, 'package.json');
  if (!existsSync(manifest)) return undefined;
  const { version, bin } = JSON.parse(readFileSync(manifest, 'utf8')) as {
    version: string;
    bin?: string | Record<string, string>;
  };
  const command = typeof bin === 'string' ? bin : bin?.prism;
  if (version !== PRISM_VERSION || !command || !existsSync(join(folder, command))) return undefined;
  return { bin: join(folder, command), version };
}

/**
 * `prism mock DOCUMENT --port 0` as its documentation starts it (static examples, requests checked against the
 * document, its default log level), resolved once it prints the line that says where it listens.
 */
export function startPrismMock(bin: string, document: string, cwd: string): Promise<ServerProcess> {
  return startServer({
    command: process.execPath,
    args: [bin, 'mock', document, '--host', '127.0.0.1', '--port', '0'],
    cwd,
    urlLine: /Prism is listening on (http:\/\/\S+)/,
    // Its first run compiles the document's schemas.
    timeoutMs: 180_000,
  });
}
