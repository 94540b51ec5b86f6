// The questions a send of a payload file asks before it goes, each saying exactly what will happen: send in spite
// of problems, create a second resource, replace a chart's item list, send feedback, delete, close or replace. After
// a creation, the offer to pull the new listing into a payload file named after it.
import * as vscode from 'vscode';
import { loadChartItemsChange } from '../../api/sizeCharts';
import { COMMANDS } from '../../constants';
import { chartIdOfPath, describeChartItemsChange } from '../../model/chartItemsChange';
import { formatNumber, plural } from '../../model/numberFormat';
import { withWindowProgress } from '../../platform/windowProgress';
import type { Session } from '../auth/session';
import { type CreationRecord, describeCreation } from './creations';
import { baseName } from './payloadTarget';
import type { RequestPlan } from './plan';

/** Options tests (and other callers) pass: `confirm: true` answers every question with yes ("Send Anyway" included). */
export interface SendOptions {
  confirm?: boolean;
}

/** The file has problems (rules, schema): asks whether to send it anyway, listing the first of them. */
export async function sendAnyway(
  fileName: string,
  plan: RequestPlan,
  problems: string[],
  options: SendOptions,
): Promise<boolean> {
  if (options.confirm) return true;
  const shown = problems.slice(0, 6).map((message) => `• ${message}`);
  if (problems.length > 6) shown.push(`• and ${problems.length - 6} more (see Problems)`);
  const answer = await vscode.window.showWarningMessage(
    `${fileName} has ${problems.length} problem${problems.length === 1 ? '' : 's'}. Send ${plan.method} ${plan.path} anyway?`,
    { modal: true, detail: `${shown.join('\n')}\n\nThe API will most likely refuse it for the same reasons.` },
    'Send Anyway',
  );
  return answer === 'Send Anyway';
}

/**
 * The file already created a resource here: sending it again creates a second one. Asks, every time; for a listing,
 * the other way out is to pull the created listing into a payload file named after it (which updates it).
 */
export async function createAgain(
  uri: vscode.Uri,
  plan: RequestPlan,
  creates: string,
  earlier: CreationRecord,
  options: SendOptions,
): Promise<boolean> {
  if (options.confirm) return true;
  const fileName = baseName(uri);
  const again = `Create Another ${creates.charAt(0).toUpperCase()}${creates.slice(1)}`;
  const pull =
    plan.kind === 'item' && earlier.resourceId ? `Pull ${earlier.resourceId} into a Payload File` : undefined;
  const answer = await vscode.window.showWarningMessage(
    `${fileName} already created a ${creates} (${describeCreation(earlier)}). Send ${plan.method} ${plan.path} again?`,
    {
      modal: true,
      detail: `Sending it again creates another ${creates}; the first one stays.${pull ? ` To change ${earlier.resourceId} instead, pull it into ${earlier.resourceId}.item.json and send that file.` : ''}`,
    },
    // The way out comes first (Enter takes it): a second listing is the rarer wish.
    ...(pull ? [pull] : []),
    again,
  );
  if (answer === pull && earlier.resourceId) await pullNextTo(uri, earlier.resourceId);
  return answer === again;
}

/** After a listing is created: offers to pull it into a payload file named after it, next to the creation file. */
export async function offerPull(uri: vscode.Uri, fileName: string, itemId: string): Promise<void> {
  const pull = `Pull into ${itemId}.item.json`;
  const answer = await vscode.window.showInformationMessage(
    `${fileName} created ${itemId}. To change it from now on, edit ${itemId}.item.json (sending ${fileName} again creates another listing).`,
    pull,
  );
  if (answer === pull) await pullNextTo(uri, itemId);
}

/** Pull Item into Payload File, into the folder of the file that created the item (when it is on disk). */
async function pullNextTo(uri: vscode.Uri, itemId: string): Promise<void> {
  const folder = uri.scheme === 'untitled' ? undefined : vscode.Uri.joinPath(uri, '..');
  await vscode.commands.executeCommand(COMMANDS.pullItemPayload, { itemId, ...(folder ? { folder } : {}) });
}

/** Requests that cannot be undone ask first, saying what happens. */
export async function confirmDestructive(session: Session, plan: RequestPlan, options: SendOptions): Promise<boolean> {
  if (options.confirm) return true;
  const ask = async (message: string, detail: string, action: string) =>
    (await vscode.window.showWarningMessage(message, { modal: true, detail }, action)) === action;
  const body = plan.body as Record<string, unknown> | undefined;
  if (plan.kind === 'chartItems') {
    const chartId = chartIdOfPath(plan.path) as number;
    const next = (body?.items as string[] | undefined) ?? [];
    const change = await withWindowProgress(`Reading every page of chart ${chartId}'s items`, () =>
      loadChartItemsChange(session.client, chartId, next),
    );
    return ask(
      `Replace the item list of size chart ${chartId}?`,
      `The API replaces the whole list (${plural(change.current.length, 'item')} now, ${formatNumber(next.length)} after): ${describeChartItemsChange(change)}`,
      change.removed.length ? `Replace and Remove ${formatNumber(change.removed.length)}` : 'Replace',
    );
  }
  if (plan.kind === 'feedback') {
    return ask(
      `Send feedback for order ${plan.path?.split('/')[2]}?`,
      `fulfilled=${String(body?.fulfilled)}, rating=${String(body?.rating)}. Feedback cannot be taken back; a reservation then ${body?.fulfilled === false ? 'is cancelled and its payment refunded' : 'counts as delivered'}.`,
      'Send Feedback',
    );
  }
  if (plan.kind === 'item' && plan.method === 'PUT' && (body?.deleted === true || body?.deleted === 'true')) {
    return ask(`Delete item ${plan.path?.split('/')[2]}?`, 'Deleting a listing cannot be undone.', 'Delete');
  }
  if (plan.kind === 'item' && plan.method === 'PUT' && body?.status === 'closed') {
    return ask(`Close item ${plan.path?.split('/')[2]}?`, 'A closed listing cannot be reactivated.', 'Close');
  }
  if (plan.kind === 'sizeChart' && plan.method === 'PUT') {
    return ask(
      `Replace size chart ${plan.path?.split('/')[2]}?`,
      'Its name and sizes become exactly what the file says.',
      'Replace',
    );
  }
  return true;
}
