import * as vscode from 'vscode';
import type { MarketplaceClient } from '../../api/client';
import { listSizeCharts, loadChartItemsChange, setSizeChartItems } from '../../api/sizeCharts';
import { COMMANDS } from '../../constants';
import { describeChartItemsChange } from '../../model/chartItemsChange';
import { formatNumber } from '../../model/numberFormat';
import type { CommandEntry } from '../../platform/commandTable';
import { displayLocale } from '../../platform/displayLanguage';
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

/** The association picker's title: the chart, its count now, and how many newest listings were left out (no SIZE). */
function pickerTitle(chartId: number, count: number, withoutSize: number, locale: string): string {
  const now = formatNumber(count, locale);
  if (!withoutSize) return vscode.l10n.t('Items of size chart {0} ({1} now)', chartId, now);
  const left = formatNumber(withoutSize, locale);
  return withoutSize === 1
    ? vscode.l10n.t(
        'Items of size chart {0} ({1} now) · {2} newest listing without a SIZE attribute not offered',
        chartId,
        now,
        left,
      )
    : vscode.l10n.t(
        'Items of size chart {0} ({1} now) · {2} newest listings without a SIZE attribute not offered',
        chartId,
        now,
        left,
      );
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
      if (charts.length === 0)
        throw new Error(vscode.l10n.t('You have no size charts: create one from a *.size-chart.json file.'));
      const picked = await vscode.window.showQuickPick(
        charts.map((chart) => ({ label: chart.name ?? String(chart.id), description: String(chart.id), id: chart.id })),
        { title: vscode.l10n.t('Associate items with which size chart?') },
      );
      if (!picked) return false;
      chartId = picked.id;
    }
    const id = chartId;
    const current = await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: vscode.l10n.t("Reading every page of size chart {0}'s items", id),
      },
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
            : vscode.l10n.t('(not readable)'),
          picked: inChart.has(itemId),
        };
      });
      const chosen = await vscode.window.showQuickPick(picks, {
        title: pickerTitle(id, current.current.length, withoutSize, displayLocale()),
        placeHolder: vscode.l10n.t('Ticked items are the chart’s list now; untick to remove, tick to add'),
        canPickMany: true,
        matchOnDescription: true,
      });
      if (!chosen) return false;
      next = chosen.map((pick) => pick.label);
    }
    const change = await loadChartItemsChange(client, id, next);
    if (!change.added.length && !change.removed.length) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Size chart {0} already has exactly these items.', id));
      return false;
    }
    // What is added must have a complete SIZE: said here, in the rule's words, before anything is sent.
    const unknown = change.added.filter((itemId) => !known.has(itemId));
    for (const candidate of await readCandidates(client, unknown)) known.set(candidate.id, candidate);
    refuseOn(
      change.added.flatMap((itemId) => known.get(itemId)?.refusal ?? []),
      vscode.l10n.t('Cannot associate these items with size chart {0}', id),
    );
    const locale = displayLocale();
    const now = formatNumber(change.current.length, locale);
    const after = formatNumber(change.next.length, locale);
    const described = describeChartItemsChange(change);
    const ok = await confirmModal(
      vscode.l10n.t('Replace the item list of size chart {0}?', id),
      change.current.length === 1
        ? vscode.l10n.t('The API replaces the whole list ({0} item now, {1} after): {2}', now, after, described)
        : vscode.l10n.t('The API replaces the whole list ({0} items now, {1} after): {2}', now, after, described),
      change.removed.length
        ? vscode.l10n.t('Replace and Remove {0}', formatNumber(change.removed.length, locale))
        : vscode.l10n.t('Replace'),
      options,
    );
    if (!ok) return false;
    if (!(await confirmOutsideSandbox(session, `PUT /size_charts/${id}/items`, options))) return false;
    await setSizeChartItems(client, id, next);
    done(deps, vscode.l10n.t('Size chart {0}: {1}', id, described));
    await refreshAfter(deps, chartNode, true);
    return true;
  }

  return [
    {
      id: COMMANDS.associateChartItems,
      run: associate,
      failure: vscode.l10n.t('Could not change the size chart’s items'),
    },
  ];
}
