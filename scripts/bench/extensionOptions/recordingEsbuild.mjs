// esbuild for a recording run of esbuild.mjs: each build's options are printed as one JSON line (plugins by name,
// being functions) and nothing is built. The answer is an empty metafile, so the two-pass extension build finds no
// modules to link and goes on to its last build: the activation bundle's, as it writes dist/extension.js.
export const RECORD_PREFIX = 'esbuild-options ';

export async function build(options) {
  const plugins = (options.plugins ?? []).map((plugin) => plugin.name);
  process.stdout.write(`${RECORD_PREFIX}${JSON.stringify({ ...options, plugins })}\n`);
  const entryPoint = Array.isArray(options.entryPoints) ? options.entryPoints[0] : undefined;
  return {
    errors: [],
    warnings: [],
    metafile: { inputs: {}, outputs: { [options.outfile ?? 'out.js']: { entryPoint, inputs: {} } } },
  };
}

export async function context() {
  throw new Error('a recording run of esbuild.mjs does not watch');
}
