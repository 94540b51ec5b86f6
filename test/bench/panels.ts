// Sending and the panels in the real extension host: a payload file sent (plan with the live item, PUT, response view,
// explorer refresh), the request history listed, and each panel's time from its command to its first render (the
// response view, shipping quotes, campaign metrics), each panel opened afresh several times (the median is recorded).
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import { COMMANDS } from '../../src/constants';
import type { TestApi } from '../../src/extension';
import type { ExplorerNode } from '../../src/features/explorer/nodes';
import { group, record, repeat, unavailable, waitFor, within } from './timing';

/** Opens of each panel: the first in the window (its webview's code loads cold), then again. */
const PANEL_REPEATS = 4;
const RESPONSE_VIEW = 'marketplace.response';

const closeEditors = () => Promise.resolve(vscode.commands.executeCommand('workbench.action.closeAllEditors'));

/** The response view has drawn once the host posted its `show` to the ready webview (it renders on receipt). */
function shownResponses(api: TestApi): number {
  return api
    .webviews()
    .filter((panel) => panel.viewType === RESPONSE_VIEW)
    .filter((panel) => panel.messages.some((message) => (message as { type?: string }).type === 'show')).length;
}

async function measureSend(api: TestApi): Promise<void> {
  const workspace = vscode.workspace.workspaceFolders?.[0];
  const items = ((await api.explorer.getChildren()) ?? []).find((node) => node.kind === 'itemsRoot');
  const page: ExplorerNode[] = items ? ((await api.explorer.getChildren(items)) ?? []) : [];
  // One listing a run, each its own payload file: an open document of a file written again keeps its old text a while.
  const listings = page
    .filter((node) => node.kind === 'item')
    .slice(0, PANEL_REPEATS)
    .map((node) => node.data as { id: string; price: number });
  if (!workspace || listings.length < PANEL_REPEATS) {
    unavailable('send a payload file: plan + PUT + response view + refresh', 'no workspace folder or too few items');
    unavailable('response view: Send → response drawn', 'no workspace folder or too few items');
    return;
  }
  const commandRuns: number[] = [];
  const drawnRuns: number[] = [];
  for (const [run, live] of listings.entries()) {
    await closeEditors();
    const uri = vscode.Uri.joinPath(workspace.uri, `${live.id}.item.json`);
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(JSON.stringify({ price: live.price + 1 })));
    const before = shownResponses(api);
    const started = performance.now();
    await vscode.commands.executeCommand(COMMANDS.sendPayload, uri, { confirm: true });
    commandRuns.push(performance.now() - started);
    await waitFor(() => shownResponses(api) > before, 'the response view to draw').catch((error: unknown) => {
      const panels = api.webviews().map((panel) => `${panel.viewType} (${panel.messages.length} messages)`);
      const said = api.outputLines().slice(-3).join(' / ');
      throw new Error(`${error}; panels: ${panels.join(', ') || 'none'}; run ${run}; output: ${said}`);
    });
    drawnRuns.push(performance.now() - started);
    await vscode.workspace.fs.delete(uri);
  }
  await closeEditors();
  record('send a payload file: plan + PUT + response view + refresh', commandRuns);
  recordPanel('response view: Send → response drawn', drawnRuns, 'to the answer posted to the ready webview');
  await api.history.flushed();
  await repeat(
    'request history view: list the history',
    PANEL_REPEATS,
    async () => undefined,
    () => Promise.resolve(api.historyView.getChildren()),
  );
}

/** A panel's first open in the window, and the median of the opens after it. */
function recordPanel(name: string, runs: readonly number[], note?: string): void {
  record(`${name}, first open`, runs.slice(0, 1), note);
  record(`${name}, opened again`, runs.slice(1), note);
}

/** Times `PANEL_REPEATS` opens of a panel, each after closing every editor. */
async function timePanel(open: () => Promise<unknown>): Promise<number[]> {
  const runs: number[] = [];
  for (let run = 0; run < PANEL_REPEATS; run += 1) {
    await closeEditors();
    const started = performance.now();
    await open();
    runs.push(performance.now() - started);
  }
  await closeEditors();
  return runs;
}

async function measureShipping(api: TestApi): Promise<void> {
  const runs = await timePanel(async () => {
    await vscode.commands.executeCommand(COMMANDS.quoteShipping);
    const panel = api.shippingPanel()!;
    const drawn = panel.nextRender();
    await panel.quote('siteZip', { site: 'MLB', zipFrom: '01310100', zipTo: '20040002', dimensions: '10x10x20,500' });
    return within(drawn, 30_000, 'the shipping panel drew no result');
  });
  recordPanel('shipping panel: command → first rendered result', runs);
}

async function measureMetrics(api: TestApi): Promise<void> {
  const runs = await timePanel(async () => {
    const opened = vscode.commands.executeCommand(COMMANDS.showCampaignMetrics, {
      advertiserId: 731001,
      campaignId: 9001001,
    });
    const panel = await waitFor(() => api.metricsPanel(9001001), 'the metrics panel');
    const drawn = panel.drawn > 0 ? Promise.resolve() : panel.nextDraw();
    await opened;
    return within(drawn, 30_000, 'the metrics panel drew no chart');
  });
  recordPanel('metrics panel: command → first drawn chart', runs);
}

export async function measurePanels(api: TestApi): Promise<void> {
  group('Send and panels');
  await measureSend(api);
  await measureShipping(api);
  await measureMetrics(api);
}
