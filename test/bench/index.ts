// Figures only a real VS Code can give (activation, sandbox sign-in, the explorer's paging, filters and scan, a send,
// each panel's first render), measured in the extension host by `npm run bench` through the integration harness.
// Never asserted. With MARKETPLACE_BENCH_SCALE=N the embedded sandbox is started with `marketplace.sandbox.scale` N
// (set in the user settings before *Use Local Sandbox*). Written to MARKETPLACE_BENCH_OUT (default
// test-results/bench-vscode.json).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Mocha from 'mocha';
import * as vscode from 'vscode';
import { COMMANDS, EXTENSION_ID } from '../../src/constants';
import type { TestApi } from '../../src/extension';
import { measureExplorer } from './explorer';
import { measurePanels } from './panels';
import { facts, figures, group, record, time } from './timing';

const SCALE_SETTING = 'sandbox.scale';

/** Whether this build of the extension declares `marketplace.sandbox.scale`. */
function declaresScale(extension: vscode.Extension<TestApi>): boolean {
  const properties = (
    extension.packageJSON as { contributes?: { configuration?: { properties?: Record<string, unknown> } } }
  ).contributes?.configuration?.properties;
  return Boolean(properties && `marketplace.${SCALE_SETTING}` in properties);
}

async function measure(): Promise<void> {
  const extension = vscode.extensions.getExtension<TestApi>(EXTENSION_ID)!;
  const scale = Number(process.env.MARKETPLACE_BENCH_SCALE ?? 0);
  const out = process.env.MARKETPLACE_BENCH_OUT ?? join(extension.extensionPath, 'test-results', 'bench-vscode.json');
  const write = (extra: Record<string, unknown>) => {
    mkdirSync(dirname(out), { recursive: true });
    const about = { vscode: vscode.version, node: process.version, scale, ...extra };
    writeFileSync(out, `${JSON.stringify({ ...about, facts, figures }, null, 2)}\n`);
  };
  if (scale && !declaresScale(extension)) {
    write({ unavailable: `this build has no marketplace.${SCALE_SETTING} setting` });
    return;
  }
  group('Activation and sign-in');
  const api = (await time(
    'activation as seen by a caller',
    async () => extension.activate(),
    'near 0 when an activation event already activated it',
  )) as TestApi;
  record('bundle first line → activate() called', [api.activation.loadMs]);
  record('activate() body', [api.activation.activateMs]);
  if (scale) {
    await vscode.workspace
      .getConfiguration('marketplace')
      .update(SCALE_SETTING, scale, vscode.ConfigurationTarget.Global);
  }
  await time('Use Local Sandbox: start + sign in', () =>
    Promise.resolve(vscode.commands.executeCommand(COMMANDS.useSandbox)),
  );
  await time('tree roots', async () => (await api.explorer.getChildren()) ?? []);
  await measureExplorer(api);
  await measurePanels(api);
  write({ hostUptimeMs: Math.round(performance.now()) });
}

export async function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 300_000 });
  mocha.suite.addTest(new Mocha.Test('measures activation, the explorer, a send and the panels', measure));
  await new Promise<void>((resolve, reject) => {
    mocha.run((failures) => (failures ? reject(new Error('the bench failed')) : resolve()));
  });
}
