// Child of the activation evaluation bench (activationEvaluation.ts), one fresh `node` per run:
// `node evaluateBundle.cjs <bundle> <project root>` resolves `vscode` to the stand-in (vscodeStub.cjs), then times
// `require(<bundle>)` — evaluation only, activate() is never called — and prints one JSON line:
// { requireMs, cpuMs, markersMs, nowCalls }: the wall clock and the process's CPU time (user + system, every thread)
// around the require, and the bundle's own clock when it keeps one. src/loadClock.ts reads performance.now() on the
// bundle's first line and extension.ts once every module is evaluated; the bundle exports neither reading (only
// activate() reports them), so they are taken as the calls it makes to performance.now() while it evaluates, and only
// when it makes exactly two (else `markersMs` is null, with the count).
const { performance } = require('node:perf_hooks');

const { resolve } = require('node:path');
const { install } = require('./vscodeStub.cjs');

const [bundle, root] = process.argv.slice(2);
if (!bundle || !root) {
  process.stderr.write('usage: node evaluateBundle.cjs <bundle> <project root>\n');
  process.exit(2);
}
install(root);
const file = resolve(bundle);
const calls = [];
const now = performance.now;
performance.now = function recordedNow() {
  const value = now.call(performance);
  calls.push(value);
  return value;
};
const cpu = process.cpuUsage();
const started = now.call(performance);
require(file);
const ended = now.call(performance);
const requireMs = ended - started;
const { user, system } = process.cpuUsage(cpu);
const cpuMs = (user + system) / 1000;
performance.now = now;
const markersMs = calls.length === 2 ? calls[1] - calls[0] : null;
process.stdout.write(`${JSON.stringify({ requireMs, cpuMs, markersMs, nowCalls: calls.length })}\n`);
