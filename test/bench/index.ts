// Figures only a real VS Code can give (activation, sandbox sign-in, the explorer's paging, filters and scan, a send,
// each panel's first render), measured in the extension host by `npm run bench` through the integration harness.
// Never asserted. The explorer is measured in rounds, in turns at the default seed and with the embedded sandbox at
// scale MARKETPLACE_BENCH_SCALE (`marketplace.sandbox.scale`, then *Reset Local Sandbox Data*), so the two are taken
// side by side in one window. *Use Local Sandbox* is taken in turns with a bare server's start (sandboxStart.ts), each
// panel's first result with an empty webview panel's first paint (panels.ts). Written to MARKETPLACE_BENCH_OUT (default test-results/bench-vscode.json).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Mocha from 'mocha';
import * as vscode from 'vscode';
import { COMMANDS, EXTENSION_ID } from '../../src/constants';
import type { TestApi } from '../../src/extension';
import { measureExplorerRound, measureFirstItems } from './explorer';
import { EVALUATION, SANDBOX_START } from './figureNames';
import { measurePanels } from './panels';
import { measureSandboxStart } from './sandboxStart';
import { atScale, group, measured, record, time } from './timing';

const SCALE_SETTING = 'sandbox.scale';
/** Rounds of the explorer's figures at each scale, in turns. */
const ROUNDS = 3;

/** Whether this build of the extension declares `marketplace.sandbox.scale`. */
function declaresScale(extension: vscode.Extension<TestApi>): boolean {
  const properties = (
    extension.packageJSON as { contributes?: { configuration?: { properties?: Record<string, unknown> } } }
  ).contributes?.configuration?.properties;
  return Boolean(properties && `marketplace.${SCALE_SETTING}` in properties);
}

/** Sets the scale and starts the sandbox over at it, as *Reset Local Sandbox Data* does (then the tree refreshes). */
async function resetAt(api: TestApi, scale: number, scaled: boolean): Promise<void> {
  if (scaled) {
    await vscode.workspace
      .getConfiguration('marketplace')
      .update(SCALE_SETTING, scale || undefined, vscode.ConfigurationTarget.Global);
  }
  await time('Reset Local Sandbox Data (seed anew) + refresh', async () => {
    await api.sandbox.reset();
    await api.explorer.refresh();
  });
}

async function measure(): Promise<void> {
  const extension = vscode.extensions.getExtension<TestApi>(EXTENSION_ID)!;
  const scale = Number(process.env.MARKETPLACE_BENCH_SCALE ?? 0);
  const out = process.env.MARKETPLACE_BENCH_OUT ?? join(extension.extensionPath, 'test-results', 'bench-vscode.json');
  const scaled = scale > 0 && declaresScale(extension);
  const unavailable = scale > 0 && !scaled ? `this build has no marketplace.${SCALE_SETTING} setting` : undefined;

  group('Activation and sign-in');
  const api = (await time(
    'activation as seen by a caller',
    async () => extension.activate(),
    'near 0 when an activation event already activated it',
  )) as TestApi;
  record(EVALUATION, [api.activation.evaluateMs]);
  record('bundle first line → activate() called', [api.activation.loadMs], 'the evaluation and the host’s own work');
  record('activate() body', [api.activation.activateMs]);
  // As a person does: the window is open a moment before the click, and the extension uses that idle time to
  // evaluate the sandbox's bundle (SandboxHost.preload). The output channel's line says where the time went.
  const idleMs = 2_000;
  await new Promise((resolve) => setTimeout(resolve, idleMs));
  await time(SANDBOX_START.first, () => Promise.resolve(vscode.commands.executeCommand(COMMANDS.useSandbox)));
  await time('tree roots', async () => (await api.explorer.getChildren()) ?? []);
  await measureFirstItems(api, idleMs);
  await measureSandboxStart(api);

  for (let round = 0; round < ROUNDS; round += 1) {
    // The default seed first in even rounds, the scale first in odd ones: what the order does falls on both alike.
    const order = scaled ? (round % 2 === 0 ? [0, scale] : [scale, 0]) : [0];
    for (const at of order) {
      atScale(at > 0);
      group('Explorer');
      await resetAt(api, at, scaled);
      await measureExplorerRound(api);
    }
  }
  atScale(false);
  if (scaled) await resetAt(api, 0, scaled);
  await measurePanels(api);

  mkdirSync(dirname(out), { recursive: true });
  const about = { vscode: vscode.version, node: process.version, scale, unavailable, hostUptimeMs: performance.now() };
  writeFileSync(out, `${JSON.stringify({ ...about, ...measured }, null, 2)}\n`);
}

export async function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 600_000 });
  mocha.suite.addTest(new Mocha.Test('measures activation, the explorer, a send and the panels', measure));
  await new Promise<void>((resolve, reject) => {
    mocha.run((failures) => (failures ? reject(new Error('the bench failed')) : resolve()));
  });
}
