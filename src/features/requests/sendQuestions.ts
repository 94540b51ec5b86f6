// The questions a send of a payload file asks before it goes, each saying exactly what will happen: send in spite
// of problems, create a second resource, replace a chart's item list, send feedback, delete, close or replace. After
// a creation, the offer to pull the new listing into a payload file named after it.
import * as vscode from 'vscode';
import { loadChartItemsChange } from '../../api/sizeCharts';
import { COMMANDS } from '../../constants';
import { chartIdOfPath, describeChartItemsChange } from '../../model/chartItemsChange';
import { formatNumber } from '../../model/numberFormat';
import { displayLocale } from '../../platform/displayLanguage';
import { withWindowProgress } from '../../platform/windowProgress';
import type { Session } from '../auth/session';
import { type CreatedKind, type CreationRecord, describeCreation } from './creations';
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
  if (problems.length > 6)
    shown.push(`• ${vscode.l10n.t('and {0} more (see Problems)', formatNumber(problems.length - 6, displayLocale()))}`);
  const sendAnywayLabel = vscode.l10n.t('Send Anyway');
  const answer = await vscode.window.showWarningMessage(
    problems.length === 1
      ? vscode.l10n.t('{0} has 1 problem. Send {1} {2} anyway?', fileName, plan.method, plan.path ?? '')
      : vscode.l10n.t(
          '{0} has {1} problems. Send {2} {3} anyway?',
          fileName,
          formatNumber(problems.length, displayLocale()),
          plan.method,
          plan.path ?? '',
        ),
    {
      modal: true,
      detail: `${shown.join('\n')}\n\n${vscode.l10n.t('The API will most likely refuse it for the same reasons.')}`,
    },
    sendAnywayLabel,
  );
  return answer === sendAnywayLabel;
}

/** What a second send of a creation file would do, in words: the question, its detail and its button. */
function createAgainWords(
  creates: CreatedKind,
  fileName: string,
  earlier: string,
  request: string,
): { question: string; detail: string; again: string } {
  switch (creates) {
    case 'listing':
      return {
        question: vscode.l10n.t('{0} already created a listing ({1}). Send {2} again?', fileName, earlier, request),
        detail: vscode.l10n.t('Sending it again creates another listing; the first one stays.'),
        again: vscode.l10n.t('Create Another Listing'),
      };
    case 'sizeChart':
      return {
        question: vscode.l10n.t('{0} already created a size chart ({1}). Send {2} again?', fileName, earlier, request),
        detail: vscode.l10n.t('Sending it again creates another size chart; the first one stays.'),
        again: vscode.l10n.t('Create Another Size Chart'),
      };
    case 'note':
      return {
        question: vscode.l10n.t('{0} already created a note ({1}). Send {2} again?', fileName, earlier, request),
        detail: vscode.l10n.t('Sending it again creates another note; the first one stays.'),
        again: vscode.l10n.t('Create Another Note'),
      };
  }
}

/**
 * The file already created a resource here: sending it again creates a second one. Asks, every time; for a listing,
 * the other way out is to pull the created listing into a payload file named after it (which updates it).
 */
export async function createAgain(
  uri: vscode.Uri,
  plan: RequestPlan,
  creates: CreatedKind,
  earlier: CreationRecord,
  options: SendOptions,
): Promise<boolean> {
  if (options.confirm) return true;
  const fileName = baseName(uri);
  const words = createAgainWords(
    creates,
    fileName,
    describeCreation(earlier, new Date(), displayLocale()),
    `${plan.method} ${plan.path}`,
  );
  const again = words.again;
  const pull =
    plan.kind === 'item' && earlier.resourceId
      ? vscode.l10n.t('Pull {0} into a Payload File', earlier.resourceId)
      : undefined;
  const answer = await vscode.window.showWarningMessage(
    words.question,
    {
      modal: true,
      detail:
        pull && earlier.resourceId
          ? `${words.detail} ${vscode.l10n.t('To change {0} instead, pull it into {0}.item.json and send that file.', earlier.resourceId)}`
          : words.detail,
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
  const pull = vscode.l10n.t('Pull into {0}.item.json', itemId);
  const answer = await vscode.window.showInformationMessage(
    vscode.l10n.t(
      '{0} created {1}. To change it from now on, edit {1}.item.json (sending {0} again creates another listing).',
      fileName,
      itemId,
    ),
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
    const change = await withWindowProgress(vscode.l10n.t("Reading every page of chart {0}'s items", chartId), () =>
      loadChartItemsChange(session.client, chartId, next),
    );
    const locale = displayLocale();
    const after = formatNumber(next.length, locale);
    return ask(
      vscode.l10n.t('Replace the item list of size chart {0}?', chartId),
      change.current.length === 1
        ? vscode.l10n.t(
            'The API replaces the whole list (1 item now, {0} after): {1}',
            after,
            describeChartItemsChange(change),
          )
        : vscode.l10n.t(
            'The API replaces the whole list ({0} items now, {1} after): {2}',
            formatNumber(change.current.length, locale),
            after,
            describeChartItemsChange(change),
          ),
      change.removed.length
        ? vscode.l10n.t('Replace and Remove {0}', formatNumber(change.removed.length, locale))
        : vscode.l10n.t('Replace'),
    );
  }
  if (plan.kind === 'feedback') {
    const fields = `fulfilled=${String(body?.fulfilled)}, rating=${String(body?.rating)}`;
    return ask(
      vscode.l10n.t('Send feedback for order {0}?', plan.path?.split('/')[2] ?? ''),
      body?.fulfilled === false
        ? vscode.l10n.t(
            '{0}. Feedback cannot be taken back; a reservation then is cancelled and its payment refunded.',
            fields,
          )
        : vscode.l10n.t('{0}. Feedback cannot be taken back; a reservation then counts as delivered.', fields),
      vscode.l10n.t('Send Feedback'),
    );
  }
  if (plan.kind === 'item' && plan.method === 'PUT' && (body?.deleted === true || body?.deleted === 'true')) {
    return ask(
      vscode.l10n.t('Delete item {0}?', plan.path?.split('/')[2] ?? ''),
      vscode.l10n.t('Deleting a listing cannot be undone.'),
      vscode.l10n.t('Delete'),
    );
  }
  if (plan.kind === 'item' && plan.method === 'PUT' && body?.status === 'closed') {
    return ask(
      vscode.l10n.t('Close item {0}?', plan.path?.split('/')[2] ?? ''),
      vscode.l10n.t('A closed listing cannot be reactivated.'),
      vscode.l10n.t('Close'),
    );
  }
  if (plan.kind === 'sizeChart' && plan.method === 'PUT') {
    return ask(
      vscode.l10n.t('Replace size chart {0}?', plan.path?.split('/')[2] ?? ''),
      vscode.l10n.t('Its name and sizes become exactly what the file says.'),
      vscode.l10n.t('Replace'),
    );
  }
  return true;
}
