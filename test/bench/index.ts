// Figures only a real VS Code can give (activation, sandbox sign-in, tree paging, a send), measured in the extension host
// by `npm run bench` through the integration harness. Never asserted: written to test-results/bench-vscode.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Mocha from 'mocha';
import * as vscode from 'vscode';
import { COMMANDS, EXTENSION_ID } from '../../src/constants';
import type { TestApi } from '../../src/extension';
import type { ExplorerNode } from '../../src/features/explorer/nodes';

const results: Record<string, number> = {};

async function time<T>(name: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const value = await work();
  results[name] = Math.round((performance.now() - started) * 10) / 10;
  return value;
}

/** Polls until a value exists (the panel is created inside the command). */
async function waitFor<T>(check: () => T | undefined): Promise<T> {
  for (let tries = 0; tries < 3000; tries += 1) {
    const value = check();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('timed out');
}

async function measure(): Promise<void> {
  const extension = vscode.extensions.getExtension<TestApi>(EXTENSION_ID)!;
  const api = (await time('activation as seen by a caller (ms)', async () => extension.activate())) as TestApi;
  results['bundle first line → activate() called (ms)'] = Math.round(api.activation.loadMs * 10) / 10;
  results['activate() body (ms)'] = Math.round(api.activation.activateMs * 10) / 10;
  await time('use local sandbox: start + sign in (ms)', () =>
    Promise.resolve(vscode.commands.executeCommand(COMMANDS.useSandbox)),
  );
  const roots = await time('tree roots (ms)', async () => (await api.explorer.getChildren()) ?? []);
  const items = roots.find((node) => node.kind === 'itemsRoot')!;
  const orders = roots.find((node) => node.kind === 'ordersRoot')!;
  const page = await time(
    'items: first page of 50 (search + multi-get) (ms)',
    async () => (await api.explorer.getChildren(items)) ?? [],
  );
  const more = page.find((node: ExplorerNode) => node.kind === 'loadMore');
  if (more) await time('items: load more 50 (ms)', () => api.explorer.loadMore(more));
  await time('orders: first page (ms)', async () => (await api.explorer.getChildren(orders)) ?? []);
  await time('refresh whole tree + first items page (ms)', async () => {
    await api.explorer.refresh();
    const fresh = (await api.explorer.getChildren()) ?? [];
    return api.explorer.getChildren(fresh.find((node) => node.kind === 'itemsRoot')!);
  });
  // Sending: one payload file through the whole path (plan with the live item, PUT, response view, explorer refresh).
  const workspace = vscode.workspace.workspaceFolders?.[0];
  if (workspace) {
    const live = (page.find((node: ExplorerNode) => node.kind === 'item')?.data ?? undefined) as
      | { id: string; price: number }
      | undefined;
    if (live) {
      const uri = vscode.Uri.joinPath(workspace.uri, `${live.id}.item.json`);
      await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(JSON.stringify({ price: live.price + 1 })));
      await time('send a payload file: plan + PUT + response view + refresh (ms)', () =>
        Promise.resolve(vscode.commands.executeCommand(COMMANDS.sendPayload, uri, { confirm: true })),
      );
      await vscode.workspace.fs.delete(uri);
    }
    await api.history.flushed();
    await time('request history view: list the history (ms)', () => api.historyView.getChildren());
  }
  // The shipping quote panel: from the command to the first result drawn in the webview (mode 1 on the sandbox).
  await time('shipping panel: command → first rendered result (ms)', async () => {
    await vscode.commands.executeCommand(COMMANDS.quoteShipping);
    const panel = api.shippingPanel()!;
    const drawn = panel.nextRender();
    await panel.quote('siteZip', { site: 'MLB', zipFrom: '01310100', zipTo: '20040002', dimensions: '10x10x20,500' });
    const late = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('the shipping panel drew no result within 30 s')), 30_000),
    );
    return Promise.race([drawn, late]);
  });
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  // The campaign metrics panel: from the command to the first charts drawn in the webview (a seeded campaign).
  await time('metrics panel: command → first drawn chart (ms)', async () => {
    const opened = vscode.commands.executeCommand(COMMANDS.showCampaignMetrics, {
      advertiserId: 731001,
      campaignId: 9001001,
    });
    const panel = await waitFor(() => api.metricsPanel(9001001));
    const drawn = panel.drawn > 0 ? Promise.resolve() : panel.nextDraw();
    await opened;
    const late = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('the metrics panel drew no chart within 30 s')), 30_000),
    );
    return Promise.race([drawn, late]);
  });
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  const folder = join(extension.extensionPath, 'test-results');
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    join(folder, 'bench-vscode.json'),
    `${JSON.stringify({ vscode: vscode.version, node: process.version, results }, null, 2)}\n`,
  );
}

export async function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 120_000 });
  mocha.suite.addTest(new Mocha.Test('measures activation, sign-in and tree paging', measure));
  await new Promise<void>((resolve, reject) => {
    mocha.run((failures) => (failures ? reject(new Error('the bench failed')) : resolve()));
  });
}
