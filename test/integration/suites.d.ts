// The virtual module esbuild.mjs generates for the integration bundle: every `*.test.ts` below test/integration/.
declare module 'integration-suites:all' {
  /** The suite files by path relative to test/integration/, sorted; `load` registers the file's tests with mocha. */
  export const suites: readonly { file: string; load(): Promise<unknown> }[];
}
