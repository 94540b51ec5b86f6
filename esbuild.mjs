// Bundles the extension host code and the sandbox command line; webview bundles join here as they arrive.
import { copyFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import * as esbuild from 'esbuild';
import { webviewBuilds } from './scripts/webviewBundles.mjs';

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
  // In watch mode the builds are silent and `watchLog` below reports them, one line per rebuild.
  logLevel: watch ? 'silent' : args.has('--quiet') ? 'warning' : 'info',
  external: ['vscode'],
  legalComments: 'none',
  // Prefer ES module entries: jsonc-parser's UMD "main" loads its parts with requires esbuild cannot follow.
  mainFields: ['module', 'main'],
};

/**
 * zod's `locales` namespace (every language's messages, ~200 KB) reduced to English, the only one the extension sets:
 * the activation bundle exports zod whole to the features bundle, so nothing would shake the others out.
 */
const englishZodLocales = {
  name: 'english-zod-locales',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /node_modules[\\/]zod[\\/]/.test(args.importer) ? { path: 'en', namespace: 'zod-locales' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-locales' }, () => ({
      resolveDir: `${process.cwd()}/node_modules/zod/v4/locales`,
      contents: `export { default as en } from './en.js';`,
    }));
  },
};

/**
 * One namespace object for `vscode` per bundle: each `import * as vscode from 'vscode'` would otherwise copy every
 * property of the API object (hundreds) into a namespace of its own, once per importing module, at load time.
 */
const oneVscodeNamespace = {
  name: 'one-vscode-namespace',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) =>
      args.namespace === 'vscode-namespace'
        ? { path: 'vscode', external: true }
        : { path: 'vscode', namespace: 'vscode-namespace' },
    );
    build.onLoad({ filter: /.*/, namespace: 'vscode-namespace' }, () => ({ contents: `export * from 'vscode';` }));
  },
};

/**
 * The virtual module `integration-suites:all` (declared in test/integration/suites.d.ts): every `*.test.ts` below
 * test/integration/, found when the bundle is built, as `{ file, load }` sorted by path, so a new suite joins the run
 * without being listed anywhere. In watch mode a suite added or removed rebuilds the bundle.
 */
const integrationSuites = {
  name: 'integration-suites',
  setup(build) {
    const root = 'test/integration';
    build.onResolve({ filter: /^integration-suites:all$/ }, () => ({ path: 'all', namespace: 'integration-suites' }));
    build.onLoad({ filter: /.*/, namespace: 'integration-suites' }, () => {
      const entries = readdirSync(root, { recursive: true, withFileTypes: true });
      const path = (entry) =>
        relative(root, join(entry.parentPath ?? entry.path, entry.name))
          .split(sep)
          .join('/');
      const files = entries
        .filter((entry) => entry.isFile() && entry.name.endsWith('.test.ts'))
        .map(path)
        .sort();
      const folders = entries.filter((entry) => entry.isDirectory()).map((entry) => join(root, path(entry)));
      const suite = (file) => `{ file: ${JSON.stringify(file)}, load: () => import(${JSON.stringify(`./${file}`)}) }`;
      return {
        resolveDir: join(process.cwd(), root),
        loader: 'js',
        contents: `export const suites = [\n${files.map(suite).join(',\n')}\n];`,
        watchDirs: [join(process.cwd(), root), ...folders.map((folder) => join(process.cwd(), folder))],
      };
    });
  },
};

/**
 * ky, the HTTP library, in a file of its own (dist/ky.js) that the client requires on its first request: the activation
 * bundle then neither carries nor parses its ~26 KB. `import('ky')` there loads a stand-in module whose body is
 * `require("./ky.js")`, evaluated only when the first request asks for ky.
 */
const kyApart = {
  name: 'ky-apart',
  setup(build) {
    build.onResolve({ filter: /^ky$/ }, () => ({ path: 'ky', namespace: 'ky-apart' }));
    build.onResolve({ filter: /^\.\/ky\.js$/, namespace: 'ky-apart' }, () => ({ path: './ky.js', external: true }));
    build.onLoad({ filter: /.*/, namespace: 'ky-apart' }, () => ({
      contents: `module.exports = require('./ky.js');`,
      loader: 'js',
    }));
  },
};

const builds = [
  { ...common, entryPoints: ['src/sandbox/cli.ts'], outfile: 'dist/sandbox.js' },
  {
    ...common,
    stdin: { contents: `export * from 'ky'; export { default } from 'ky';`, resolveDir: process.cwd(), loader: 'js' },
    outfile: 'dist/ky.js',
  },
];
// --- The extension: two bundles. dist/extension.js is what activation loads (the explorer, sign-in, the request
// history: the first views); dist/features.js (authoring, sending, panels, notifications, sandbox controls) is loaded
// on first use and links to the activation bundle's modules instead of carrying copies of them: one zod, one client,
// one set of classes and singletons. See docs/architecture.md, "Two bundles".
const EXTENSION = {
  ...common,
  entryPoints: ['src/extension.ts'],
  outfile: 'dist/extension.js',
  external: ['vscode', './features.js'],
};
const FEATURES = {
  ...common,
  entryPoints: ['src/featureBundle.ts'],
  outfile: 'dist/features.js',
  // Imports the plugin below sends to the activation bundle are `require("core:<path>")`; this resolves them there.
  banner: {
    js: `var require = ((base) => (id) => { if (!id.startsWith("core:")) return base(id); const found = base("./extension.js").__modules[id.slice(5)]; if (!found) throw new Error("The activation bundle has no module " + id.slice(5)); return found; })(require);`,
  },
};
// --- Webviews: browser bundles, one script and one stylesheet per panel and the stylesheet they share
// (scripts/webviewBundles.mjs), in dist/webview/ (the panels' localResourceRoots).
builds.push(...webviewBuilds(common));
if ((!production || args.has('--with-tests')) && (await exists('test/integration/index.ts'))) {
  // The integration suite runs inside the extension host; mocha is loaded from node_modules at run time.
  builds.push({
    ...common,
    entryPoints: ['test/integration/index.ts'],
    outfile: 'dist/test/integration/index.js',
    external: ['vscode', 'mocha'],
    plugins: [integrationSuites],
  });
  builds.push({
    ...common,
    entryPoints: ['test/bench/index.ts'],
    outfile: 'dist/test/bench/index.js',
    external: ['vscode', 'mocha'],
  });
}

/**
 * The API's OpenAPI document beside the sandbox bundle: dist/sandbox.js answers `GET /openapi.json` with the file next
 * to it (read at run time, not inlined: it is some 360 KB of JSON the sandbox needs only when asked), and the .vsix
 * ships it (.vscodeignore). `npm run openapi` writes schemas/openapi.json; the drift test keeps it in step.
 */
function copyOpenApi() {
  mkdirSync('dist', { recursive: true });
  copyFileSync('schemas/openapi.json', 'dist/openapi.json');
}

async function exists(path) {
  const { access } = await import('node:fs/promises');
  return access(path).then(
    () => true,
    () => false,
  );
}

/**
 * The activation bundle exports the modules the features bundle uses (`__modules`, by path), so that bundle links to
 * them instead of carrying copies: a first pass lists the activation bundle's modules, the features bundle links to
 * those it imports, then the activation bundle is built with a registry of exactly those.
 */
async function buildExtension() {
  const first = await esbuild.build({
    ...EXTENSION,
    write: false,
    metafile: true,
    plugins: [oneVscodeNamespace, englishZodLocales, kyApart, coreRegistry([])],
  });
  // Only modules with code in the bundle: one reached but shaken out entirely is better bundled where it is used.
  const [output] = Object.values(first.metafile.outputs).filter((entry) => entry.entryPoint);
  // Only what must be one: a module with classes (instanceof, statics) or module-level state. Modules of functions,
  // schemas and constant strings are copied where used, as are the pure layers (rules, model) and jsonc-parser:
  // linking them would pull all of them into the activation bundle.
  const held = Object.entries(output.inputs).filter(([path, input]) => input.bytesInOutput > 0 && mustBeShared(path));
  const linked = new Set();
  const features = await esbuild.build({
    ...FEATURES,
    metafile: true,
    plugins: [oneVscodeNamespace, englishZodLocales, kyApart, linkToCore(new Set(held.map(([path]) => path)), linked)],
  });
  const facades = await packageFacades(Object.keys(features.metafile.inputs), linked);
  await esbuild.build({
    ...EXTENSION,
    plugins: [oneVscodeNamespace, englishZodLocales, kyApart, coreRegistry([...linked].sort(), facades)],
  });
}

/**
 * The virtual module `core-modules:registry`: `modules`, each module of the activation bundle the features bundle uses,
 * by path. A package is exported as the names the features bundle uses (`facades`), so the rest of it still shakes out.
 */
function coreRegistry(paths, facades = new Map()) {
  const entry = (path, index) => {
    const names = facades.get(path);
    if (!names) return `import * as m${index} from ${JSON.stringify(`./${path}`)};`;
    // Aliased, since a name may be a reserved word (`enum`).
    const imported = names.map((name, at) => `${name} as m${index}_${at}`).join(', ');
    const fields = names.map((name, at) => `${JSON.stringify(name)}: m${index}_${at}`).join(', ');
    return `import { ${imported} } from ${JSON.stringify(`./${path}`)}; const m${index} = { ${fields} };`;
  };
  return {
    name: 'core-registry',
    setup(build) {
      build.onResolve({ filter: /^core-modules:registry$/ }, () => ({ path: 'registry', namespace: 'core-modules' }));
      build.onLoad({ filter: /.*/, namespace: 'core-modules' }, () => ({
        resolveDir: process.cwd(),
        loader: 'js',
        contents: [
          ...paths.map(entry),
          `export const modules = {${paths.map((path, index) => `${JSON.stringify(path)}: m${index}`).join(', ')}};`,
        ].join('\n'),
      }));
    },
  };
}

/**
 * The names the features bundle's sources take from each linked package: `import { a, b as c } from 'pkg'` and, for
 * `import * as z from 'pkg'`, every `z.name` of that file; only names the package exports at run time (not types).
 */
async function packageFacades(inputs, linked) {
  const bySpecifier = new Map();
  for (const path of linked) {
    if (!path.startsWith('node_modules/')) continue;
    bySpecifier.set(packageOf(path).slice('node_modules/'.length), { path, names: new Set() });
  }
  for (const input of inputs) {
    if (!/^src\/.*\.ts$/.test(input)) continue;
    const text = readFileSync(input, 'utf8');
    for (const [, alias, specifier] of text.matchAll(/^import \* as (\w+) from '([^']+)';/gm)) {
      const names = bySpecifier.get(specifier)?.names;
      for (const [, name] of text.matchAll(new RegExp(`\\b${alias}\\.(\\w+)`, 'g'))) names?.add(name);
    }
    for (const [, list, specifier] of text.matchAll(/^import \{([^}]*)\} from '([^']+)';/gm)) {
      const names = bySpecifier.get(specifier)?.names;
      for (const part of list.split(',')) {
        const name = part.trim().split(/\s+as\s+/)[0];
        if (name && !name.startsWith('type ')) names?.add(name);
      }
    }
  }
  const facades = new Map();
  for (const [specifier, { path, names }] of bySpecifier) {
    const exported = await import(specifier);
    facades.set(path, [...names].filter((name) => name in exported).sort());
  }
  return facades;
}

/**
 * In the features bundle, an import of a module the activation bundle holds becomes `require("core:<path>")`; the
 * paths linked are added to `linked`.
 */
function linkToCore(modules, linked) {
  const heldPackages = new Set([...modules].map(packageOf).filter(Boolean));
  return {
    name: 'link-to-core',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === 'linking' || args.kind === 'entry-point' || args.path === 'vscode') return undefined;
        if (args.path.startsWith('node:')) return undefined;
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          importer: args.importer,
          pluginData: 'linking',
        });
        if (resolved.errors.length || resolved.external) return undefined;
        const path = relative(process.cwd(), resolved.path).split(sep).join('/');
        // A package the activation bundle holds any part of is linked whole (its entry re-exports the parts).
        const held = modules.has(path) || (packageOf(path) !== undefined && heldPackages.has(packageOf(path)));
        if (!held) return { path: resolved.path };
        linked.add(path);
        return { path: `core:${path}`, external: true };
      });
    },
  };
}

/**
 * Whether the features bundle must use the activation bundle's instance of a module rather than a copy: packages other
 * than jsonc-parser (zod's classes), and our modules that declare a class, a `let`/`var`, or a constant object, array
 * or instance (which might be changed). The rules and model layers are pure by the architecture's rule.
 */
function mustBeShared(path) {
  if (path.startsWith('node_modules/')) return !path.startsWith('node_modules/jsonc-parser/');
  if (/^src\/(rules|model)\//.test(path) || !path.endsWith('.ts')) return false;
  const text = readFileSync(path, 'utf8');
  return /^(export )?((abstract )?class |let |var |const \w+(: [^=]+)? = (new |\{|\[))/m.test(text);
}

/** `node_modules/<name>` or `node_modules/@scope/<name>` of a path inside a package, else undefined. */
function packageOf(path) {
  return /^node_modules\/(?:@[^/]+\/)?[^/]+/.exec(path)?.[0];
}

/**
 * The watch mode's report: `[watch] build started` when a change starts a rebuild, each problem as esbuild writes it
 * (`✘ [ERROR] text`, then `    file:line:column:`), and `[watch] build finished …` once every bundle the change touched
 * is written — the lines the esbuild problem matcher of .vscode/tasks.json waits for. `contexts` bundles build at
 * start, so the first report ends when all of them have.
 */
function watchLog(contexts) {
  let busy = contexts;
  let started = performance.now();
  let errors = 0;
  const report = (messages, kind) => {
    for (const { text, location } of messages) {
      console.error(`✘ [${kind}] ${text}`);
      if (location) console.error(`    ${location.file}:${location.line}:${location.column}:`);
    }
  };
  console.log('[watch] build started');
  return {
    /** Problems of a build the plugin does not see (the extension's two bundles, built from an on-end callback). */
    failed(failure) {
      errors += failure.errors?.length || 1;
      if (failure.errors?.length) report(failure.errors, 'ERROR');
      else console.error(`✘ [ERROR] ${failure.message}`);
    },
    plugin: {
      name: 'watch-log',
      setup(build) {
        let first = true;
        build.onStart(() => {
          if (first) return;
          if (busy++ > 0) return;
          started = performance.now();
          errors = 0;
          console.log('[watch] build started');
        });
        build.onEnd((result) => {
          first = false;
          report(result.warnings, 'WARNING');
          report(result.errors, 'ERROR');
          errors += result.errors.length;
          if (--busy > 0) return;
          const took = Math.round(performance.now() - started);
          console.log(
            `[watch] build finished in ${took} ms${errors ? `, ${errors} error(s)` : ''}, watching for changes`,
          );
        });
      },
    },
  };
}

copyOpenApi();
if (watch) {
  const withExtension = await exists('src/extension.ts');
  const log = watchLog(builds.length + (withExtension ? 1 : 0));
  for (const options of builds) {
    const context = await esbuild.context({ ...options, plugins: [...(options.plugins ?? []), log.plugin] });
    await context.watch();
  }
  if (withExtension) {
    // A change to any module of either bundle rebuilds both (the registry depends on what each holds): this context
    // only watches their sources and writes nothing itself.
    const rebuildExtension = {
      name: 'rebuild-extension',
      setup: (build) =>
        build.onEnd((result) => (result.errors.length ? undefined : buildExtension().catch(log.failed))),
    };
    const context = await esbuild.context({
      ...common,
      entryPoints: ['src/extension.ts', 'src/featureBundle.ts'],
      outdir: 'dist/.watch',
      write: false,
      // On-end callbacks run in this order: the report comes once both bundles are written.
      plugins: [oneVscodeNamespace, englishZodLocales, coreRegistry([]), rebuildExtension, log.plugin],
    });
    await context.watch();
  }
} else {
  await Promise.all([
    ...builds.map((options) => esbuild.build(options)),
    (await exists('src/extension.ts')) ? buildExtension() : undefined,
  ]);
}
