// The virtual module esbuild.mjs generates for the activation bundle: every module it holds, by path, for the
// features bundle to link to.
declare module 'core-modules:registry' {
  export const modules: Record<string, unknown>;
}
