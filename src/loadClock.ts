/** When the bundle started evaluating: imported first by extension.ts so activation figures include module load. */
export const LOAD_STARTED = performance.now();
