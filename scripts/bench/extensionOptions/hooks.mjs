// Resolve hooks for a recording run of esbuild.mjs (register.mjs): within the project's esbuild.mjs only, `esbuild`
// resolves to the recorder and `node:fs` to a module that reads as usual but copies and creates nothing.
const RECORDER = new URL('./recordingEsbuild.mjs', import.meta.url).href;
const QUIET_FS = new URL('./readOnlyFs.mjs', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if (context.parentURL?.endsWith('/esbuild.mjs') && !context.parentURL.includes('/node_modules/')) {
    if (specifier === 'esbuild') return { url: RECORDER, shortCircuit: true };
    if (specifier === 'node:fs') return { url: QUIET_FS, shortCircuit: true };
  }
  return nextResolve(specifier, context);
}
