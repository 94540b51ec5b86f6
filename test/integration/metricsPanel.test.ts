import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { getAdvertisers, getCampaignMetrics, getCampaigns } from '../../src/api/advertising';
import { COMMANDS } from '../../src/constants';
import type { TestApi } from '../../src/extension';
import type { ExplorerNode } from '../../src/features/explorer/nodes';
import { summaryCards } from '../../src/features/metrics/cards';
import { sitesToday } from '../../src/features/metrics/metricsPanel';
import type { MetricsViewMessage } from '../../src/model/protocols/metrics';
import { addDays } from '../../src/rules/advertising';
import { shownColumns, sortedRows } from '../../webview/metrics/tableOrder';
import { parseCsv } from '../unit/support/csv';
import { childrenOfKind, rootNode } from './support/explorerTree';
import { onFreshSandbox } from './support/extensionApi';
import { admin } from './support/sandboxRequests';
import { until } from './support/until';

describe('campaign metrics panel against the sandbox', () => {
  let api: TestApi;

  before(async () => {
    api = await onFreshSandbox();
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  const client = () => api.sessions.current!.client;
  /** The campaign the first test opened. */
  let opened: { advertiserId: number; campaignId: number } | undefined;

  /** The sandbox's own answer for a range, and the cards the panel must show for it. */
  async function expected(advertiserId: number, campaignId: number, from: string, to: string) {
    const answer = await getCampaignMetrics(client(), advertiserId, campaignId, { dateFrom: from, dateTo: to });
    const currency = answer.summary.currency ?? answer.metrics[0]?.currency ?? '';
    return { rowCount: answer.metrics.length, cards: summaryCards(answer.summary, answer.metrics, currency) };
  }

  it('from a campaign node: one panel per campaign, whose summary and rows are the sandbox’s for the range', async () => {
    const [advertiser] = await childrenOfKind(api, await rootNode(api, 'advertisingRoot'), 'advertiser');
    assert.ok(advertiser, 'a seeded advertiser');
    const [campaign] = await childrenOfKind<ExplorerNode & { advertiserId: number; data: { id: number } }>(
      api,
      advertiser,
      'campaign',
    );
    assert.ok(campaign, 'a seeded campaign');
    await vscode.commands.executeCommand(COMMANDS.showCampaignMetrics, campaign);
    const panel = await until('the metrics panel', () => api.metricsPanel(campaign.data.id));
    const to = sitesToday();
    const from = addDays(to, -29);
    await panel.load({ from, to });
    const view = panel.lastView;
    assert.ok(view, panel.lastFailure?.message);
    const want = await expected(campaign.advertiserId, campaign.data.id, from, to);
    assert.equal(view.rowCount, want.rowCount);
    assert.deepEqual(view.cards, want.cards);
    assert.equal(view.days.length, 30);
    await vscode.commands.executeCommand(COMMANDS.showCampaignMetrics, campaign);
    assert.equal(api.metricsPanel(campaign.data.id), panel, 'revealed again, not a second panel');
    opened = { advertiserId: campaign.advertiserId, campaignId: campaign.data.id };
  });

  it('from the palette’s choice (advertiser, then campaign): the panel of another campaign', async () => {
    assert.ok(opened, 'the first test found a campaign');
    const { advertisers } = await getAdvertisers(client(), { productId: 'DISPLAY' });
    const advertiserId = advertisers.find((entry) => entry.advertiser_id === opened?.advertiserId)!.advertiser_id;
    const campaigns = (await getCampaigns(client(), advertiserId)).results;
    const other = campaigns.find((entry) => entry.id !== opened?.campaignId)!;
    await vscode.commands.executeCommand(COMMANDS.showCampaignMetrics, { advertiserId, campaignId: other.id });
    const panel = await until('the second metrics panel', () => api.metricsPanel(other.id));
    await until('its first range', () => panel.lastView ?? panel.lastFailure);
    const view = panel.lastView;
    assert.ok(view, panel.lastFailure?.message);
    const want = await expected(advertiserId, other.id, view.range.from, view.range.to);
    assert.equal(view.rowCount, want.rowCount);
    assert.deepEqual(view.cards, want.cards);
  });

  it('a range outside the window (91 days back) is refused with the rule’s reason and sends no request', async () => {
    assert.ok(opened);
    const target = api.metricsPanel(opened.campaignId);
    assert.ok(target, 'the first test’s panel is open');
    await api.history.flushed();
    const newestBefore = (await api.history.entries())[0]?.id;
    const today = sitesToday();
    await target.load({ from: addDays(today, -91), to: today });
    assert.match(target.lastFailure?.message ?? '', /more than 90 days back/);
    assert.match(target.lastFailure?.next ?? '', /nothing was sent/);
    await api.history.flushed();
    assert.equal((await api.history.entries())[0]?.id, newestBefore, 'no request was made');
  });

  it('a refused metrics read names the panel’s next step (the date range), not a payload file’s Problems', async () => {
    assert.ok(opened);
    const target = api.metricsPanel(opened.campaignId);
    assert.ok(target, 'the first test’s panel is open');
    const path = '/advertising/advertisers/*/display/campaigns/*/metrics';
    await admin(api, 'POST', '/_sandbox/faults', { method: 'GET', path, status: 400, times: 1 });
    try {
      const today = sitesToday();
      await target.load({ from: addDays(today, -6), to: today });
      assert.equal(target.lastFailure?.status, 400, target.lastFailure?.message);
      assert.match(target.lastFailure?.next ?? '', /date range.*load the metrics again/);
      assert.doesNotMatch(target.lastFailure?.next ?? '', /payload file/);
    } finally {
      await admin(api, 'DELETE', '/_sandbox/faults');
    }
  });

  it('Export CSV writes the table as the webview shows it: its columns, its rows sorted by Prints, highest first', async () => {
    assert.ok(opened);
    const panel = api.metricsPanel(opened.campaignId);
    assert.ok(panel, 'the first test’s panel is open');
    const today = sitesToday();
    await panel.load({ from: addDays(today, -29), to: today });
    const view = panel.lastView;
    assert.ok(view, panel.lastFailure?.message);
    // What the webview's Export CSV button posts for its table sorted by Prints, descending (webview/metrics/table.ts).
    const table = {
      days: sortedRows(view.table.rows, { key: 'prints', direction: 'descending' }).map((row) => row.date),
      columns: shownColumns(view, 'event_time')
        .slice(1)
        .map((column) => column.key),
    };
    assert.notDeepEqual(table.days, view.days, 'the sort changes the order of the days');
    const target = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, 'sorted-metrics.csv');
    const save = vscode.window.showSaveDialog;
    vscode.window.showSaveDialog = async () => target;
    try {
      const message: MetricsViewMessage = { type: 'exportCsv', attribution: 'event_time', table };
      await (panel as unknown as { receive(message: MetricsViewMessage): Promise<void> }).receive(message);
    } finally {
      vscode.window.showSaveDialog = save;
    }
    const [header = [], ...records] = parseCsv(new TextDecoder().decode(await vscode.workspace.fs.readFile(target)));
    assert.equal(header.length, 1 + table.columns.length, `the table’s columns: ${header.join(' | ')}`);
    assert.ok(!header.some((name) => name.includes('touch point')), 'event time only, as the table shows');
    assert.deepEqual(
      records.map((record) => record[0]),
      table.days,
      'the rows in the table’s order',
    );
    const column = header.findIndex((name) => name.endsWith(' · Prints'));
    const prints = records.map((record) => Number(record[column]));
    assert.deepEqual(
      prints,
      [...prints].sort((a, b) => b - a),
      `prints from highest to lowest: ${prints}`,
    );
  });
});
