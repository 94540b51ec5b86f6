// Preloaded (`node --import`) into a run of esbuild.mjs that builds nothing: its `esbuild` is the recorder beside this
// file and its `node:fs` writes nothing, so the run prints the options of every build esbuild.mjs would start (see
// scripts/bench/extensionOptions.ts).
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url);
