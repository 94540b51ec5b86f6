// The same integration suite in desktop VS Code, through @vscode/test-electron, on machines that can download VS Code
// (or that have one: --vscode-executable). Not usable on this project's CI machines (no VS Code download server);
// scripts/runIntegration.ts runs the same suite in code-server there. On a Linux machine without a display, run it
// under xvfb-run.
//
// node --import tsx scripts/runDesktop.ts --extension-path DIR --tests-path FILE.js [--folder DIR]
//      [--version 1.139.1 | stable | insiders] [--vscode-executable PATH]
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runTests, TestRunFailedError } from '@vscode/test-electron';
// The same VS Code release as the code-server runs by default, so both routes test one VS Code.
import { VSCODE_VERSION } from './codeServer';

function option(argv: string[], name: string): string | undefined {
  const index = argv.indexOf(`--${name}`);
  return index >= 0 ? argv[index + 1] : undefined;
}

async function main(argv: string[]): Promise<number> {
  const extensionPath = option(argv, 'extension-path');
  const testsPath = option(argv, 'tests-path');
  if (!extensionPath || !testsPath) {
    throw new Error(
      'usage: runDesktop.ts --extension-path DIR --tests-path FILE.js [--folder DIR] [--version V] [--vscode-executable PATH]',
    );
  }
  const extensionDevelopmentPath = resolve(extensionPath);
  const extensionTestsPath = resolve(testsPath);
  if (!existsSync(extensionTestsPath)) throw new Error(`--tests-path ${extensionTestsPath} does not exist`);
  const scratch = mkdtempSync(join(tmpdir(), 'mi-desktop-'));
  const folder = option(argv, 'folder') ? resolve(option(argv, 'folder') as string) : scratch;
  const executable = option(argv, 'vscode-executable');
  try {
    return await runTests({
      extensionDevelopmentPath,
      extensionTestsPath,
      ...(executable
        ? { vscodeExecutablePath: resolve(executable) }
        : { version: option(argv, 'version') ?? VSCODE_VERSION }),
      // Only the extension under test, a workspace of its own, no trust prompt.
      launchArgs: [
        folder,
        '--disable-extensions',
        '--disable-workspace-trust',
        '--skip-welcome',
        '--skip-release-notes',
      ],
    });
  } catch (error) {
    if (error instanceof TestRunFailedError) {
      process.stderr.write(`[desktop] ${error.message}\n`);
      return error.code || 1;
    }
    throw error;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`[desktop] ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
