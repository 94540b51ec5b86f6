// `npm run bench`: the figures the project reports (never asserted in tests), each the median of several runs. A
// targeted figure stands beside its limit, the least any code could do for the same work, measured in turns with it
// (paired.ts), and its target judges the ratio, never the absolute value. Prints a table under the date, the machine,
// the commit and the machine's load before and after, and writes test-results/bench.json (and bench.md, the same
// table in markdown). `npm run bench -- --only package,versus` runs some sections only (names in SECTIONS below);
// `npm run bench -- --compare BEFORE.json [AFTER.json]` measures nothing and sets two saved runs side by side
// (compare.ts). The families live in scripts/bench/:
//   bundles.ts        production bundles and the .vsix
//   activationEvaluation.ts  the activation bundle's evaluation in a fresh node, beside an empty bundle (emptyBundle.ts)
//   sandboxMemory.ts  the sandbox's start time and memory, default seed and --scale 100000 (own process)
//   throughput.ts     autocannon against a sandbox in its own process and a bare server answering the same bytes
//                     (bareServer.ts): GET and PUT /items/{id} at 1, 10, 50 connections, in turns
//   sandboxPackage.ts the marketplace-sandbox package: its .tgz, packed and unpacked, installed into an empty folder
//   packageStart.ts   `npx marketplace-sandbox --port 0` start → ready, and with a 10,000-listing fixtures file
//   versusMock.ts     the sandbox beside Prism's mock of the same OpenAPI document, GET and POST, in turns (prism.ts)
//   client.ts         the client beside plain fetch and beside ky alone (sandbox in its own process)
//   bulk.ts           a 200-file bulk send and the request history it writes
//   diagnostics.ts    payload diagnostics of a 10 KB and a 1 MB file
//   receiver.ts       the notification receiver's acknowledgement under a 1,000 burst, beside a bare server (bareAck.ts)
//   vscode.ts         activation, Use Local Sandbox, the explorer (default seed and scale side by side), a send, the
//                     panels beside an empty panel: code-server
// In-process figures parse with zod jitless, as the extension host does (src/zodHost.ts).
import '../src/zodHost';
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { activationEvaluation } from './bench/activationEvaluation';
import { bulkAndHistory } from './bench/bulk';
import { bundleSizes, packageVsix } from './bench/bundles';
import { clientOverhead } from './bench/client';
import { compareFiles } from './bench/compare';
import { payloadDiagnostics } from './bench/diagnostics';
import { packagedStarts } from './bench/packageStart';
import { receiverAcknowledgement } from './bench/receiver';
import { describeRun, machine, Report, type RunContext, sampleLoad } from './bench/report';
import { sandboxStartAndMemory } from './bench/sandboxMemory';
import {
  buildSandboxPackage,
  type InstalledPackage,
  installPackage,
  installRow,
  packageSizes,
} from './bench/sandboxPackage';
import { sandboxThroughput } from './bench/throughput';
import { sandboxVersusPrism } from './bench/versusMock';
import { vscodeFigures } from './bench/vscode';

const ROOT = join(__dirname, '..');

/** The sections `--only` chooses among, in the order they run. */
const SECTIONS = ['bundles', 'sandbox', 'package', 'versus', 'client', 'authoring', 'notifications', 'vscode'] as const;
type Section = (typeof SECTIONS)[number];

/** The command line: `--only a,b` (or `--only a --only b`), or `--compare BEFORE.json [AFTER.json]`. */
function options() {
  return parseArgs({
    options: { only: { type: 'string', multiple: true }, compare: { type: 'string' } },
    allowPositionals: true,
  });
}

/** The sections asked for: `--only a,b` (or `--only a --only b`), every one when absent. */
function chosenSections(values: { only?: string[] }): Set<Section> {
  if (!values.only) return new Set(SECTIONS);
  const names = values.only.flatMap((entry) => entry.split(',')).map((entry) => entry.trim());
  const unknown = names.filter((name) => !(SECTIONS as readonly string[]).includes(name));
  if (unknown.length)
    throw new Error(`no bench section ${unknown.join(', ')}: the sections are ${SECTIONS.join(', ')}`);
  return new Set(names as Section[]);
}

/** The commit measured ("abc1234", "+ changes" when the tree differs from it). */
function commit(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    const changed = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    return changed.trim() ? `${head} + changes` : head;
  } catch {
    return 'unknown';
  }
}

/** The package built and installed into an empty folder, once for the sections that start it. */
function packagedSandbox(report: Report): InstalledPackage | { reason: string } {
  const built = buildSandboxPackage(ROOT);
  packageSizes(report, 'reason' in built ? built : built.tgz);
  if ('reason' in built) return built;
  try {
    const installed = installPackage(built.tgz);
    installRow(report, installed.installMs);
    return installed;
  } catch (error) {
    const why = `npm install of the .tgz failed: ${(error as Error).message.split('\n')[0]}`;
    installRow(report, { reason: why });
    return { reason: why };
  }
}

async function main(): Promise<void> {
  const { values, positionals } = options();
  if (values.compare !== undefined) {
    if (positionals.length > 1) throw new Error('--compare takes one saved run, and at most one more to set beside it');
    compareFiles(ROOT, values.compare, positionals[0]);
    return;
  }
  if (positionals.length) throw new Error(`unexpected ${positionals.join(' ')}: only --compare takes file names`);
  const sections = chosenSections(values);
  const started = performance.now();
  const report = new Report();
  // Other work on the machine moves every absolute figure (the ratios are taken in turns and hold): its load before
  // the first figure and after the last is said with them.
  const only = sections.size < SECTIONS.length ? { only: [...sections].join(',') } : {};
  const context: RunContext = {
    date: report.started,
    machine: machine(),
    load: { before: await sampleLoad() },
    extra: { commit: commit(), bundle: 'production', ...only },
  };
  process.stdout.write(`${describeRun(context)}\n\n`);
  // The .vsix first (its vscode:prepublish builds the production bundles), then the same build with the test suites.
  const packaged = sections.has('bundles') ? packageVsix(ROOT) : undefined;
  execFileSync(process.execPath, [join(ROOT, 'esbuild.mjs'), '--production', '--with-tests', '--quiet'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (packaged !== undefined) {
    report.heading('Bundles (production)');
    bundleSizes(report, ROOT, packaged);
    await activationEvaluation(report, ROOT, 15);
  }

  if (sections.has('sandbox')) {
    report.heading('Sandbox (its own process)');
    await sandboxStartAndMemory(report, ROOT, 3);
    await sandboxThroughput(report, ROOT, { rounds: 3, seconds: 4 });
  }

  if (sections.has('package') || sections.has('versus')) {
    report.heading('Sandbox package (npm run package:sandbox, installed into an empty folder)');
    const installed = packagedSandbox(report);
    try {
      if (sections.has('package')) await packagedStarts(report, installed, 5);
      if (sections.has('versus')) await sandboxVersusPrism(report, ROOT, installed, { rounds: 3, seconds: 4 });
    } finally {
      if (!('reason' in installed)) rmSync(installed.folder, { recursive: true, force: true });
    }
  }

  if (sections.has('client')) {
    report.heading('Client');
    await clientOverhead(report, ROOT);
    await bulkAndHistory(report, 3);
  }

  if (sections.has('authoring')) {
    report.heading('Authoring');
    await payloadDiagnostics(report);
  }

  if (sections.has('notifications')) {
    report.heading('Notifications');
    await receiverAcknowledgement(report, 6);
  }

  if (sections.has('vscode')) {
    process.stdout.write(
      '\nIn a real VS Code (code-server), the explorer at the default seed and at --scale 100000 in turns:\n',
    );
    const { vscode } = vscodeFigures(report);
    if (vscode) context.extra = { ...context.extra, 'code-server VS Code': vscode };
  }
  context.extra = { ...context.extra, 'bench minutes': ((performance.now() - started) / 60_000).toFixed(1) };
  context.load = { ...context.load, after: await sampleLoad() };
  report.write(ROOT, context);
  process.stdout.write(`\n${report.text(context)}\nwritten to test-results/bench.json and test-results/bench.md\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`the bench failed: ${error instanceof Error ? (error.stack ?? error.message) : error}\n`);
  process.exit(1);
});
