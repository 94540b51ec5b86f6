import * as vscode from 'vscode';
import { addToBlacklist, getBlacklist, removeFromBlacklist } from '../../api/blacklist';
import { deleteSizeChart, listSizeCharts } from '../../api/sizeCharts';
import { COMMANDS } from '../../constants';
import type { CommandEntry } from '../../platform/commandTable';
import { kindFindings } from '../../rules/byKind';
import { confirmOutsideSandbox, requireSession } from '../auth/sessionGuards';
import type { ExplorerNode } from '../explorer/nodes';
import { userIdCheck } from './checks';
import { type ActionDeps, type ActionOptions, confirmModal, done, nodeOf, refreshAfter, refuseOn } from './common';

export interface UserActionOptions extends ActionOptions {
  /** The user to add (skips the input). */
  userId?: number;
}

export function blacklistActions(deps: ActionDeps): CommandEntry[] {
  async function add(target?: unknown, options: UserActionOptions = {}) {
    const session = requireSession(deps);
    const owner = session.account.userId;
    let userId = options.userId ?? (typeof target === 'number' ? target : undefined);
    if (userId === undefined) {
      const text = await vscode.window.showInputBox({
        title: vscode.l10n.t('Blacklist a user'),
        prompt: vscode.l10n.t('The id of the user to bar from bidding on your listings'),
        ignoreFocusOut: true,
        validateInput: (value) => userIdCheck(value, owner),
      });
      if (text === undefined) return false;
      userId = Number(text.trim());
    }
    refuseOn(
      kindFindings('blacklist', { user_id: userId }, { userId: owner }),
      vscode.l10n.t('Cannot blacklist user {0}', userId),
    );
    const ok = await confirmModal(
      vscode.l10n.t('Blacklist user {0}?', userId),
      vscode.l10n.t(
        'User {0} can no longer bid on or reserve any of your listings until you remove them from the blacklist.',
        userId,
      ),
      vscode.l10n.t({ message: 'Blacklist', comment: ['the button that adds the user to the blacklist'] }),
      options,
    );
    if (!ok) return false;
    const request = vscode.l10n.t('a blacklist entry for user {0}', userId);
    if (!(await confirmOutsideSandbox(session, request, options))) return false;
    await addToBlacklist(session.client, owner, userId);
    done(deps, vscode.l10n.t('User {0} blacklisted.', userId));
    const root = nodeOf(target, 'blacklistRoot');
    await refreshAfter(deps, root, true);
    return true;
  }

  async function remove(target?: unknown, options: UserActionOptions = {}) {
    const session = requireSession(deps);
    const owner = session.account.userId;
    const node = nodeOf(target, 'blacklistEntry') as (ExplorerNode & { data: { user: { id: number } } }) | undefined;
    let userId = node?.data.user.id ?? options.userId ?? (typeof target === 'number' ? target : undefined);
    if (userId === undefined) {
      const entries = await getBlacklist(session.client, owner);
      if (entries.length === 0) throw new Error(vscode.l10n.t('No users are blacklisted.'));
      const picked = await vscode.window.showQuickPick(
        entries.map((entry) => ({ label: String(entry.user.id), id: entry.user.id })),
        { title: vscode.l10n.t('Remove which user from the blacklist?') },
      );
      if (!picked) return false;
      userId = picked.id;
    }
    const ok = await confirmModal(
      vscode.l10n.t('Remove user {0} from the blacklist?', userId),
      vscode.l10n.t('User {0} can bid on and reserve your listings again.', userId),
      vscode.l10n.t('Remove'),
      options,
    );
    if (!ok) return false;
    const request = vscode.l10n.t('the removal of user {0} from the blacklist', userId);
    if (!(await confirmOutsideSandbox(session, request, options))) return false;
    await removeFromBlacklist(session.client, owner, userId);
    done(deps, vscode.l10n.t('User {0} removed from the blacklist.', userId));
    await refreshAfter(deps, node);
    return true;
  }

  async function deleteChart(target?: unknown, options: ActionOptions = {}) {
    const session = requireSession(deps);
    const node = nodeOf(target, 'sizeChart') as (ExplorerNode & { data: { id: number } }) | undefined;
    let chartId = node?.data.id ?? (typeof target === 'number' ? target : undefined);
    if (chartId === undefined) {
      const charts = await listSizeCharts(session.client);
      if (charts.length === 0) throw new Error(vscode.l10n.t('You have no size charts.'));
      const picked = await vscode.window.showQuickPick(
        charts.map((chart) => ({ label: chart.name ?? String(chart.id), description: String(chart.id), id: chart.id })),
        { title: vscode.l10n.t('Delete which size chart?') },
      );
      if (!picked) return false;
      chartId = picked.id;
    }
    const ok = await confirmModal(
      vscode.l10n.t('Delete size chart {0}?', chartId),
      vscode.l10n.t('The chart is deleted for good and its items lose their size chart; this cannot be undone.'),
      vscode.l10n.t('Delete Size Chart'),
      options,
    );
    if (!ok) return false;
    const request = vscode.l10n.t('the deletion of size chart {0}', chartId);
    if (!(await confirmOutsideSandbox(session, request, options))) return false;
    await deleteSizeChart(session.client, chartId);
    done(deps, vscode.l10n.t('Size chart {0} deleted.', chartId));
    await refreshAfter(deps, node);
    return true;
  }

  return [
    { id: COMMANDS.addToBlacklist, run: add, failure: vscode.l10n.t('Could not blacklist the user') },
    {
      id: COMMANDS.removeFromBlacklist,
      run: remove,
      failure: vscode.l10n.t('Could not remove the user from the blacklist'),
    },
    { id: COMMANDS.deleteSizeChart, run: deleteChart, failure: vscode.l10n.t('Could not delete the size chart') },
  ];
}
