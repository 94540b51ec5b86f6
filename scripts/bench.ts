// `npm run bench`: the figures the project reports (never asserted in tests), each the median of several runs, with
// the targets where it gives one. Prints a table under the date and the machine and writes
// test-results/bench.json (and bench.md, the same table in markdown). The families live in scripts/bench/:
//   bundles.ts        production bundles and the .vsix
//   sandboxMemory.ts  the sandbox's start time and memory, default seed and --scale 100000 (own process)
//   throughput.ts     autocannon against a sandbox in its own process: GET and PUT /items/{id} at 1, 10, 50 connections
//   client.ts         the client's overhead against plain fetch (sandbox in its own process)
//   bulk.ts           a 200-file bulk send and the request history it writes
//   diagnostics.ts    payload diagnostics of a 10 KB and a 1 MB file
//   receiver.ts       the notification receiver's acknowledgement under a 1,000 burst
//   vscode.ts         activation, the explorer (default seed and scale side by side), a send, the panels: code-server
// In-process figures parse with zod jitless, as the extension host does (src/zodHost.ts).
import '../src/zodHost';
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { bulkAndHistory } from './bench/bulk';
import { bundleSizes, packageVsix } from './bench/bundles';
import { clientOverhead } from './bench/client';
import { payloadDiagnostics } from './bench/diagnostics';
import { receiverAcknowledgement } from './bench/receiver';
import { describeRun, machine, Report, type RunContext } from './bench/report';
import { sandboxStartAndMemory } from './bench/sandboxMemory';
import { sandboxThroughput } from './bench/throughput';
import { vscodeFigures } from './bench/vscode';

const ROOT = join(__dirname, '..');

async function main(): Promise<void> {
  const started = performance.now();
  const report = new Report();
  // Other work on the machine moves every figure: the load when the bench starts is said with them.
  const load = `load ${loadavg()[0]!.toFixed(2)}`;
  const context: RunContext = { date: report.started, machine: machine(), extra: { bundle: 'production', at: load } };
  process.stdout.write(`${describeRun(context)}\n\n`);
  // The .vsix first (its vscode:prepublish builds the production bundles), then the same build with the test suites.
  const packaged = packageVsix(ROOT);
  execFileSync(process.execPath, [join(ROOT, 'esbuild.mjs'), '--production', '--with-tests', '--quiet'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  report.heading('Bundles (production)');
  bundleSizes(report, ROOT, packaged);

  report.heading('Sandbox (its own process)');
  await sandboxStartAndMemory(report, ROOT, 3);
  await sandboxThroughput(report, ROOT, { rounds: 3, seconds: 4 });

  report.heading('Client');
  await clientOverhead(report, ROOT);
  await bulkAndHistory(report, 3);

  report.heading('Authoring');
  await payloadDiagnostics(report);

  report.heading('Notifications');
  await receiverAcknowledgement(report, 6);

  process.stdout.write(
    '\nIn a real VS Code (code-server), the explorer at the default seed and at --scale 100000 in turns:\n',
  );
  const { vscode } = vscodeFigures(report);
  if (vscode) context.extra = { ...context.extra, 'code-server VS Code': vscode };
  context.extra = { ...context.extra, 'bench minutes': ((performance.now() - started) / 60_000).toFixed(1) };
  report.write(ROOT, context);
  process.stdout.write(`\n${report.text(context)}\nwritten to test-results/bench.json and test-results/bench.md\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`the bench failed: ${error instanceof Error ? (error.stack ?? error.message) : error}\n`);
  process.exit(1);
});
