// The sandbox's front door: all that the extension and the scripts may use of it. Nothing outside src/sandbox/
// imports another of its files (test/unit/architecture/sandboxDoor.test.ts).
//
// The activation bundle imports this module, so what it re-exports as values comes from small leaf modules without
// top-level effects (constants only); the rest is types, erased. The sandbox itself (startSandbox, its families and
// seeds) is loaded on first use from its own bundle, dist/sandbox.js: `SandboxBundle` is that bundle's exports.

export type { SandboxFixtures } from '../model/fixtures';
export { DEFAULT_SEED } from './defaultSeed';
export type { Fault } from './faults';
export type { FixturesError } from './fixtures/problems';
export type { RunningSandbox, SandboxOptions } from './runtime';
export { MAX_SCALE } from './scale';
export { CLIENT_ID, CLIENT_SECRET } from './users/ids';

/** What dist/sandbox.js (src/sandbox/cli.ts) exports to the extension, which requires it on first use. */
export type SandboxBundle = typeof import('./cli');
