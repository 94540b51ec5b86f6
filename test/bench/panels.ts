// Sending and the panels in the real extension host: a payload file sent (plan with the live item, PUT, response view,
// explorer refresh), the request history listed, and each panel's time from its command to its first render (the
// response view, shipping quotes, campaign metrics), each panel opened afresh several times in turns with an empty
// webview panel's first paint (emptyPanel.ts), so each turn gives a ratio: the first turn is the panel's first open in
// the window, the others its opens again.
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import { interleave, type PairedRuns } from '../../scripts/bench/paired';
import { COMMANDS } from '../../src/constants';
import type { TestApi } from '../../src/extension';
import type { ExplorerNode } from '../../src/features/explorer/nodes';
import { emptyPanelFirstPaint } from './emptyPanel';
import { EMPTY_PANEL, PANELS } from './figureNames';
import { group, record, recordPaired, repeat, unavailable, waitFor, within } from './timing';

/** Opens of each panel: the first in the window (its webview's code loads cold), then again. */
const PANEL_REPEATS = 6;
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
    unavailable(`${PANELS.response}, first open`, 'no workspace folder or too few items');
    unavailable(`${PANELS.response}, opened again`, 'no workspace folder or too few items');
    return;
  }
  const commandRuns: number[] = [];
  let run = 0;
  const drawn = await besideEmptyPanel(async () => {
    const live = listings[run]!;
    run += 1;
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
    const ms = performance.now() - started;
    await vscode.workspace.fs.delete(uri);
    return ms;
  });
  record('send a payload file: plan + PUT + response view + refresh', commandRuns);
  recordPanel(PANELS.response, drawn, 'to the answer posted to the ready webview');
  await api.history.flushed();
  await repeat(
    'request history view: list the history',
    PANEL_REPEATS,
    async () => undefined,
    () => Promise.resolve(api.historyView.getChildren()),
  );
}

/** A panel's first open in the window, and the opens after it, each turn beside an empty panel's first paint. */
function recordPanel(name: string, runs: PairedRuns, note?: string): void {
  const turns = (from: number, to?: number): PairedRuns => ({
    subject: runs.subject.slice(from, to),
    baseline: runs.baseline.slice(from, to),
    ratios: runs.ratios.slice(from, to),
  });
  recordPaired(`${name}, first open`, turns(0, 1), EMPTY_PANEL, note);
  recordPaired(`${name}, opened again`, turns(1), EMPTY_PANEL, note);
}

/**
 * `PANEL_REPEATS` turns of a panel's open (timed by `open` itself, after closing every editor) and an empty panel's
 * first paint: the first turn is the panel's first open in the window.
 */
async function besideEmptyPanel(open: () => Promise<number>): Promise<PairedRuns> {
  const runs = await interleave(PANEL_REPEATS, open, async () => {
    await closeEditors();
    return emptyPanelFirstPaint();
  });
  await closeEditors();
  return runs;
}

/** Times a panel's open from its command, after closing every editor. */
function timed(open: () => Promise<unknown>): () => Promise<number> {
  return async () => {
    await closeEditors();
    const started = performance.now();
    await open();
    return performance.now() - started;
  };
}

async function measureShipping(api: TestApi): Promise<void> {
  const runs = await besideEmptyPanel(
    timed(async () => {
      await vscode.commands.executeCommand(COMMANDS.quoteShipping);
      const panel = api.shippingPanel()!;
      const drawn = panel.nextRender();
      await panel.quote('siteZip', { site: 'MLB', zipFrom: '01310100', zipTo: '20040002', dimensions: '10x10x20,500' });
      return within(drawn, 30_000, 'the shipping panel drew no result');
    }),
  );
  recordPanel(PANELS.shipping, runs);
}

async function measureMetrics(api: TestApi): Promise<void> {
  const runs = await besideEmptyPanel(
    timed(async () => {
      const opened = vscode.commands.executeCommand(COMMANDS.showCampaignMetrics, {
        advertiserId: 731001,
        campaignId: 9001001,
      });
      const panel = await waitFor(() => api.metricsPanel(9001001), 'the metrics panel');
      const drawn = panel.drawn > 0 ? Promise.resolve() : panel.nextDraw();
      await opened;
      return within(drawn, 30_000, 'the metrics panel drew no chart');
    }),
  );
  recordPanel(PANELS.metrics, runs);
}

export async function measurePanels(api: TestApi): Promise<void> {
  group('Send and panels');
  await measureSend(api);
  await measureShipping(api);
  await measureMetrics(api);
}
