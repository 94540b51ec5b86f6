import * as vscode from 'vscode';
import type { MarketplaceClient } from '../../api/client';
import { listSizeCharts, loadChartItemsChange, setSizeChartItems } from '../../api/sizeCharts';
import { COMMANDS } from '../../constants';
import { describeChartItemsChange } from '../../model/chartItemsChange';
import { formatNumber, plural } from '../../model/numberFormat';
import type { CommandEntry } from '../../platform/commandTable';
import type { Finding } from '../../rules/finding';
import { sizeAttributeRule } from '../../rules/sizeCharts';
import { confirmOutsideSandbox, requireSession } from '../auth/sessionGuards';
import type { ExplorerNode } from '../explorer/nodes';
import { newestSellerItemIds, readItems } from '../pickers/sellerItems';
import { type ActionDeps, type ActionOptions, confirmModal, done, nodeOf, refreshAfter, refuseOn } from './common';

export interface ChartItemsOptions extends ActionOptions {
  /** The new full list (skips the picker). */
  items?: string[];
}

/** Items offered next to the chart's own (the seller's newest). */
const CANDIDATES = 100;

/** A listing as the association picker and check see it. */
interface ChartCandidate {
  id: string;
  title: string;
  status: string;
  /** Its SIZE value, when complete. */
  size?: string;
  /** Why the API would refuse to associate it (no complete SIZE), from `src/rules/sizeCharts.ts`. */
  refusal?: Finding[];
}

/** Reads title, status and attributes of the listings (multi-get in chunks); unreadable ones are left out. */
async function readCandidates(client: MarketplaceClient, ids: readonly string[]): Promise<ChartCandidate[]> {
  const read = await readItems(client, ids, ['title', 'status', 'attributes']);
  return [...read.values()].map((item) => {
    const findings = sizeAttributeRule({ id: item.id, attributes: item.attributes });
    const size = item.attributes?.find((attribute) => attribute.id === 'SIZE')?.value_name ?? undefined;
    return {
      id: item.id,
      title: item.title ?? '',
      status: item.status ?? '',
      ...(size ? { size } : {}),
      ...(findings.length ? { refusal: findings } : {}),
    };
  });
}

/**
 * Associate items with a size chart. The API replaces the whole list, so the command starts from the chart's current
 * list (every page), shows it already ticked next to the seller's newest listings, and asks before anything is
 * removed, naming what goes.
 */
export function chartItemsActions(deps: ActionDeps): CommandEntry[] {
  async function associate(target?: unknown, options: ChartItemsOptions = {}) {
    const session = requireSession(deps);
    const client = session.client;
    const node = nodeOf(target, 'sizeChart', 'chartItems') as (ExplorerNode & { data: { id: number } }) | undefined;
    const chartNode = node?.kind === 'chartItems' ? node.parent : node;
    let chartId =
      (chartNode?.data as { id?: number } | undefined)?.id ?? (typeof target === 'number' ? target : undefined);
    if (chartId === undefined) {
      const charts = await listSizeCharts(client);
      if (charts.length === 0) throw new Error('You have no size charts: create one from a *.size-chart.json file.');
      const picked = await vscode.window.showQuickPick(
        charts.map((chart) => ({ label: chart.name ?? String(chart.id), description: String(chart.id), id: chart.id })),
        { title: 'Associate items with which size chart?' },
      );
      if (!picked) return false;
      chartId = picked.id;
    }
    const id = chartId;
    const current = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Reading every page of size chart ${id}'s items` },
      () => loadChartItemsChange(client, id, []),
    );
    let next = options.items;
    const known = new Map<string, ChartCandidate>();
    if (!next) {
      const newest = await newestSellerItemIds(client, session.account.userId, CANDIDATES);
      const ids = [...new Set([...current.current, ...newest])];
      for (const candidate of await readCandidates(client, ids)) known.set(candidate.id, candidate);
      const inChart = new Set(current.current);
      // Only listings whose SIZE is complete can be added (the API refuses the others): they are not offered.
      const offered = ids.filter((itemId) => inChart.has(itemId) || !known.get(itemId)?.refusal);
      const withoutSize = ids.length - offered.length;
      const picks = offered.map((itemId) => {
        const candidate = known.get(itemId);
        return {
          label: itemId,
          description: candidate
            ? `${candidate.title} · ${candidate.status}${candidate.size ? ` · SIZE ${candidate.size}` : ''}`
            : '(not readable)',
          picked: inChart.has(itemId),
        };
      });
      const chosen = await vscode.window.showQuickPick(picks, {
        title:
          `Items of size chart ${id} (${formatNumber(current.current.length)} now)` +
          (withoutSize ? ` · ${withoutSize} newest listings without a SIZE attribute not offered` : ''),
        placeHolder: 'Ticked items are the chart’s list now; untick to remove, tick to add',
        canPickMany: true,
        matchOnDescription: true,
      });
      if (!chosen) return false;
      next = chosen.map((pick) => pick.label);
    }
    const change = await loadChartItemsChange(client, id, next);
    if (!change.added.length && !change.removed.length) {
      void vscode.window.showInformationMessage(`Size chart ${id} already has exactly these items.`);
      return false;
    }
    // What is added must have a complete SIZE: said here, in the rule's words, before anything is sent.
    const unknown = change.added.filter((itemId) => !known.has(itemId));
    for (const candidate of await readCandidates(client, unknown)) known.set(candidate.id, candidate);
    refuseOn(
      change.added.flatMap((itemId) => known.get(itemId)?.refusal ?? []),
      `Cannot associate these items with size chart ${id}`,
    );
    const ok = await confirmModal(
      `Replace the item list of size chart ${id}?`,
      `The API replaces the whole list (${plural(change.current.length, 'item')} now, ${formatNumber(change.next.length)} after): ${describeChartItemsChange(change)}`,
      change.removed.length ? `Replace and Remove ${formatNumber(change.removed.length)}` : 'Replace',
      options,
    );
    if (!ok) return false;
    if (!(await confirmOutsideSandbox(session, `PUT /size_charts/${id}/items`, options))) return false;
    await setSizeChartItems(client, id, next);
    done(deps, `Size chart ${id}: ${describeChartItemsChange(change)}`);
    await refreshAfter(deps, chartNode, true);
    return true;
  }

  return [{ id: COMMANDS.associateChartItems, run: associate, failure: 'Could not change the size chart’s items' }];
}
