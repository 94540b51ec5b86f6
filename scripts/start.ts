// `npm start`: builds and packages the extension, then opens it in a real VS Code on the embedded sandbox —
// desktop VS Code through its `code` command when present, otherwise code-server on 127.0.0.1 (URL printed).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CACHE_DIR, ensureCodeServer, installExtension, ROOT, startCodeServer } from './codeServer';

const VSIX = join(ROOT, 'dist', 'marketplace-integrator.vsix');
const WORKSPACE = join(ROOT, '.vscode-test', 'start-workspace');

function hasDesktopCode(): boolean {
  if (process.env.MARKETPLACE_START_CODE_SERVER === '1') return false;
  return spawnSync('code', ['--version'], { stdio: 'ignore' }).status === 0;
}

function prepareWorkspace(): void {
  mkdirSync(join(WORKSPACE, '.vscode'), { recursive: true });
  writeFileSync(
    join(WORKSPACE, 'README.md'),
    '# Marketplace Integrator playground\n\nOpen the **Marketplace** view in the activity bar: the local sandbox is signed in.\n',
  );
}

async function main(): Promise<void> {
  process.stdout.write('Packaging the extension…\n');
  execFileSync('npm', ['run', '--silent', 'package'], { cwd: ROOT, stdio: 'inherit' });
  prepareWorkspace();
  // The extension signs in to the embedded sandbox by itself when this is set (and nothing else is signed in).
  const env = { ...process.env, MARKETPLACE_SANDBOX_AUTOSTART: '1' };

  if (hasDesktopCode()) {
    execFileSync('code', ['--install-extension', VSIX, '--force'], { stdio: 'inherit' });
    execFileSync('code', ['--new-window', WORKSPACE], { stdio: 'inherit', env });
    process.stdout.write(
      'Opened VS Code with Marketplace Integrator; open the Marketplace view in the activity bar.\n',
    );
    return;
  }

  process.stdout.write(
    'No desktop `code` command: starting code-server (the first run installs it, about 2 minutes)…\n',
  );
  await ensureCodeServer();
  const userDataDir = join(CACHE_DIR, 'start', 'user-data');
  const extensionsDir = join(CACHE_DIR, 'start', 'extensions');
  await installExtension(VSIX, { extensionsDir, userDataDir });
  Object.assign(process.env, env);
  const server = await startCodeServer({
    folder: WORKSPACE,
    userDataDir,
    extensionsDir,
    port: process.env.PORT ? Number(process.env.PORT) : undefined,
    // The playground folder lives inside this repository; do not offer to open the repository itself.
    settings: { 'git.openRepositoryInParentFolders': 'never' },
  });
  process.stdout.write(
    `\nMarketplace Integrator is running in VS Code (code-server) at:\n\n  ${server.url}/?folder=${encodeURIComponent(WORKSPACE)}\n\n` +
      'Open it in a browser, then the Marketplace view in the activity bar. Ctrl+C stops it.\n',
  );
  const stop = () => {
    void server.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const code = await server.exited;
  process.stdout.write(`code-server exited (${code}).\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`npm start failed: ${error instanceof Error ? error.message : error}\n`);
  process.exit(1);
});
