// Bundles the extension host code and the sandbox command line; webview bundles join here as they arrive.
import * as esbuild from 'esbuild';

const args = new Set(process.argv.slice(2));
const watch = args.has('--watch');
const production = args.has('--production');

/** @type {esbuild.BuildOptions} */
const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: !production,
  minify: production,
  logLevel: args.has('--quiet') ? 'warning' : 'info',
  external: ['vscode'],
  legalComments: 'none',
  // Prefer ES module entries: jsonc-parser's UMD "main" loads its parts with requires esbuild cannot follow.
  mainFields: ['module', 'main'],
};

const builds = [{ ...common, entryPoints: ['src/sandbox/cli.ts'], outfile: 'dist/sandbox.js' }];
if (await exists('src/extension.ts')) {
  builds.push({ ...common, entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js' });
}
// --- Webviews: browser bundles, one script and one stylesheet per panel (webview/<panel>/main.ts and style.css), in
// dist/webview/ (the panels' localResourceRoots): the response view and the shipping quotes.
for (const panel of ['response', 'shipping', 'metrics']) {
  if (!(await exists(`webview/${panel}/main.ts`))) continue;
  builds.push({
    ...common,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    external: [],
    entryPoints: [
      { in: `webview/${panel}/main.ts`, out: panel },
      { in: `webview/${panel}/style.css`, out: panel },
    ],
    outdir: 'dist/webview',
  });
}
// --- End of webviews.
if ((!production || args.has('--with-tests')) && (await exists('test/integration/index.ts'))) {
  // The integration suite runs inside the extension host; mocha is loaded from node_modules at run time.
  builds.push({
    ...common,
    entryPoints: ['test/integration/index.ts'],
    outfile: 'dist/test/integration/index.js',
    external: ['vscode', 'mocha'],
  });
  builds.push({
    ...common,
    entryPoints: ['test/bench/index.ts'],
    outfile: 'dist/test/bench/index.js',
    external: ['vscode', 'mocha'],
  });
}

async function exists(path) {
  const { access } = await import('node:fs/promises');
  return access(path).then(
    () => true,
    () => false,
  );
}

if (watch) {
  for (const options of builds) {
    const context = await esbuild.context(options);
    await context.watch();
  }
} else {
  await Promise.all(builds.map((options) => esbuild.build(options)));
}
